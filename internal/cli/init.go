package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/agentconf"
	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

const initHelp = `
Imports the MCP servers of every agent config found in the project (with
--user: in your home directory) into Switchboard's config, removes them
from the agent files and registers one server named "switchboard" in each
that runs this binary's serve command. Everything else in the agent files
(other settings, order, comments) is kept. Running init again changes
nothing; init --undo takes the switchboard entries out again and puts back
the servers init moved, keeping whatever the agent or you wrote since.

Servers stay in the agent file when Switchboard cannot run them the same
way: servers using references only the agent fills in (VS Code's
${input:...}). Remote servers that sign in with OAuth move with their
client settings; sign in to each once with switchboard login NAME (the
agent's own tokens are not copied). Claude Code's local-scope
servers (private to you, in ~/.claude.json) go to your user config under
"projects", never into a project file. Claude Code's ${VAR} and
${VAR:-default} become ${env:VAR} (a default is used when VAR is unset).

Project scope: the project is the git root above the working directory
(else the working directory); servers go to <project>/.switchboard.json.
init lists what that file may start and, at a terminal, asks whether to
trust it (--trust: yes, without asking); an untrusted file's servers
are not started until switchboard trust FILE.
In your home directory itself, init works on the user scope.
User scope: servers go to $XDG_CONFIG_HOME/switchboard/config.json.
Backups: $XDG_STATE_HOME/switchboard/backups/ (else ~/.local/state/...).

Agents: %s.
`

// runInit is `switchboard init`.
func runInit(ctx context.Context, e *Env, args []string) error {
	var ids []string
	for _, a := range agentconf.Agents() {
		ids = append(ids, a.ID)
	}
	fs := newFlags(e, "init", "[--user] [--agent NAME]... [--trust] [--dry-run | --list | --undo]", fmt.Sprintf(initHelp, strings.Join(ids, ", ")))
	user := fs.Bool("user", false, "edit the agent files in your home directory instead of the project's")
	trustFlag := fs.Bool("trust", false, "trust the project's .switchboard.json init writes without asking (it lists what the file may start)")
	var agents stringList
	fs.Var(&agents, "agent", "only agent `NAME` (repeatable); its file is created when missing")
	dry := fs.Bool("dry-run", false, "print a unified diff of every file init would change, and change nothing")
	list := fs.Bool("list", false, "list the agents found and their files")
	undo := fs.Bool("undo", false, "take back what init did: remove the switchboard entries, put back the servers it moved")
	cfg := fs.String("config", "", "Switchboard config `PATH` to import into (default: the scope's)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.Stderr, "switchboard init: unexpected argument %s\n", echo.Quote(fs.Arg(0)))
		fs.Usage()
		return errUsage
	}
	if n := btoi(*dry) + btoi(*list) + btoi(*undo); n > 1 {
		return usagef("use only one of --dry-run, --list and --undo")
	}
	if *trustFlag && (*user || *undo) {
		return usagef("--trust is for init in a project (it trusts the .switchboard.json init writes there), not with --user or --undo")
	}
	o := &agentconf.Options{
		Getenv:     e.Getenv,
		Executable: e.Executable,
		Agents:     agents,
		Config:     *cfg,
	}
	if o.Getenv == nil {
		o.Getenv = func(string) string { return "" }
	}
	if o.Getenv("HOME") == "" {
		return errors.New("HOME is not set, and the agents' files init edits are found under it: set it to your home directory (export HOME=/home/you) and run init again")
	}
	if *user {
		o.Scope = agentconf.User
	} else {
		o.Root = agentconf.ProjectRoot(e.Dir)
		// The home directory is no project: its .cursor/mcp.json and the
		// like are the agents' user-level files, and a .switchboard.json
		// there would be found from every directory below it.
		if sameDir(o.Root, o.Getenv("HOME")) {
			fmt.Fprintf(e.Stderr, "note: %s is your home directory, not a project: working on your user-level agent configs, as init --user does\n", echo.Path(o.Root))
			o.Scope, o.Root = agentconf.User, ""
		}
	}
	if *undo {
		if len(agents) > 0 {
			cmd := "switchboard init --undo"
			if *user {
				cmd = "switchboard init --user --undo"
			}
			return usagef("--undo restores every file of the scope and takes no --agent: run %s", cmd)
		}
		g := newGiveback(e)
		g.watchTree(o.StateDir())
		g.watch(o.StateDir()+".manifest.lock", filepath.Join(e.paths(&configFlags{}).state, "config-edit.lock"))
		defer g.give()
		return e.withConfigLock(func() error { return initUndo(e.Stdout, e.Stderr, o) })
	}
	if o.Executable == "" || !filepath.IsAbs(o.Executable) {
		return fmt.Errorf("cannot tell the absolute path of the switchboard binary (got %q)", o.Executable)
	}
	exe, note, err := installedExecutable(e)
	if err != nil {
		return err
	}
	if note != "" {
		fmt.Fprintf(e.Stderr, "note: %s\n", note)
	}
	o.Executable = exe
	plan, err := agentconf.MakePlan(o)
	if err != nil {
		return err
	}
	for _, n := range plan.Notes {
		fmt.Fprintf(e.Stderr, "note: %s\n", n)
	}
	if *list {
		printFound(e.Stdout, o, plan)
		return problems(e.Stderr, plan)
	}
	if len(plan.Found) == 0 {
		problems(e.Stderr, plan)
		where := "in " + echo.Path(o.Root)
		if *user {
			where = "in your home directory"
		}
		return fmt.Errorf("no agent config found %s; name one with --agent to create its file (agents: %s)", where, strings.Join(ids, ", "))
	}
	if *dry {
		printMoves(e.Stdout, plan, "would move")
		for _, c := range plan.Changes {
			// The diff shows files that hold credentials: a run by an
			// agent would put them in its context.
			fmt.Fprint(e.Stdout, plan.MaskSecrets(agentconf.Diff(c.Path, c.Old, c.New)))
		}
		if len(plan.Changes) == 0 {
			fmt.Fprintln(e.Stdout, "nothing to change")
		}
		return problems(e.Stderr, plan)
	}
	// init trusts the project file it writes, but only when it creates
	// it or the user trusted it before: trusting a cloned repository's
	// file because init added servers to it would bypass the review.
	trustAfter := !*user && plan.Config != ""
	if trustAfter {
		if data, err := safefile.Read(plan.Config); err == nil {
			st, err := allow.Check(e.paths(&configFlags{}).trusted(), plan.Config, data)
			trustAfter = err == nil && st == allow.Trusted
		} else if !errors.Is(err, os.ErrNotExist) {
			trustAfter = false
		}
	}
	// What a sudo run creates in the user's home is the user's.
	g := newGiveback(e)
	state := e.paths(&configFlags{}).state
	g.watchTree(o.StateDir())
	g.watch(o.StateDir()+".manifest.lock", filepath.Join(state, "config-edit.lock"), plan.Config, allow.StorePath(state), allow.StorePath(state)+".lock")
	for _, c := range plan.Changes {
		g.watch(c.Path)
	}
	defer g.give()
	// An agent may write its file meanwhile (Claude Code rewrites
	// ~/.claude.json often): plan again from what is there now. Under
	// the config-edit lock: add and remove wait (see withConfigLock).
	err = e.withConfigLock(func() error {
		for try := 1; ; try++ {
			err := agentconf.Apply(o, plan)
			if err == nil {
				return nil
			}
			if !errors.Is(err, agentconf.ErrChanged) || try == 3 {
				return err
			}
			if plan, err = agentconf.MakePlan(o); err != nil {
				return err
			}
		}
	})
	if err != nil {
		return err
	}
	printApplied(e.Stdout, o, plan)
	if !*user && plan.Config != "" {
		if _, err := os.Stat(plan.Config); err == nil {
			if trustAfter {
				// Asked when it changed: after "already set up: nothing
				// to change" there is nothing new to trust.
				if slices.ContainsFunc(plan.Changes, func(c agentconf.Change) bool { return c.Path == plan.Config }) {
					var others []string // sources another account owns
					for _, c := range plan.Changes {
						if c.Path != plan.Config && c.Old != nil {
							if note := allow.OwnerNote(c.Path, e.sudoUIDs()...); note != "" {
								others = append(others, echo.Path(c.Path)+": "+note)
							}
						}
					}
					if err := trustWritten(e, plan.Config, *trustFlag, others); err != nil {
						return err
					}
				}
			} else {
				fmt.Fprintf(e.Stderr, "note: %s was there before init and is not trusted: review it, then run `switchboard trust %s`\n", echo.Path(plan.Config), shellQuote(plan.Config))
			}
		}
	}
	return problems(e.Stderr, plan)
}

// trustWritten asks whether to trust the project file init just wrote
// (file), which it would trust: it created it, or the user trusted it
// before. Its servers came from the project's agent files, a
// repository's to write, which an agent such as Claude Code asks about
// before their first start; trusted unasked, a repository's
// `sh -c 'curl … | sh'` ran behind the one switchboard entry. What the
// file may start is listed as trust lists it; then, with --trust
// (given), it is trusted; at a terminal, the user is asked; otherwise it
// is left untrusted, said on stderr with the command that trusts it, and
// init succeeds (the agents' files are set up; serve starts none of
// the file's servers until then). The content trusted is the content
// shown.
//
// others says which of the agent files the servers came from another
// account owns: it is said with what the file may start.
func trustWritten(e *Env, file string, given bool, others []string) error {
	data, err := safefile.Read(file)
	if err != nil {
		return fmt.Errorf("reading %s to trust it: %w", echo.Path(file), err)
	}
	f, perr := config.Parse(file, data)
	listed := perr == nil && len(f.Order) > 0
	store := e.paths(&configFlags{}).trusted()
	if !listed {
		// Nothing it may start (every server left out, or none): its
		// trust asks nothing of the user.
		given = true
	}
	ask := !given && e.interactive()
	if listed {
		w := e.Stdout
		if !given && !ask {
			w = e.Stderr
		}
		fmt.Fprintf(w, "%s holds the servers init moved from this project's agent files.\n", echo.Path(file))
		mayStart(w, e.paths(&configFlags{}).user, file, data, f)
		for _, o := range others {
			fmt.Fprintf(w, "warning: its servers came from %s\n", o)
		}
	}
	if ask {
		fmt.Fprintf(e.Stdout, "Trust %s? serve starts these for your agents [y/N] ", echo.Path(file))
		answer, _ := bufio.NewReader(e.Stdin).ReadString('\n')
		given = slices.Contains([]string{"y", "yes"}, strings.ToLower(strings.TrimSpace(answer)))
	}
	if !given {
		why := "not trusted: init asks at a terminal, and --trust says yes without asking"
		if ask {
			why = "not trusted (you said no)"
		}
		trust := "switchboard trust " + shellQuote(file)
		if note := allow.OwnerNote(file, e.sudoUIDs()...); note != "" {
			// trust refuses it without the flag (its directory another's).
			trust = fmt.Sprintf("switchboard trust %s %s (%s)", allow.OtherOwnerFlag, shellQuote(file), note)
		}
		fmt.Fprintf(e.Stderr, "note: %s is %s; serve starts none of its servers until you read what it may start (above) and run: %s\n", echo.Path(file), why, trust)
		return nil
	}
	if _, err := allow.TrustContent(store, file, data); err != nil {
		return fmt.Errorf("trusting %s: %w", echo.Path(file), err)
	}
	fmt.Fprintf(e.Stdout, "trusted %s (it changed; serve uses it)\n", echo.Path(file))
	if listed {
		fmt.Fprintf(e.Stdout, "If one of its servers is not what you meant to run: switchboard trust --revoke %s\n", shellQuote(file))
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// problems prints the files skipped and returns an error when there were any.
func problems(w io.Writer, p *agentconf.Plan) error {
	for _, err := range p.Problems {
		fmt.Fprintf(w, "skipped %v\n", err)
	}
	if n := len(p.Problems); n > 0 {
		return fmt.Errorf("%d agent file(s) could not be read and were left untouched; fix them and run init again", n)
	}
	return nil
}

func printFound(w io.Writer, o *agentconf.Options, p *agentconf.Plan) {
	fmt.Fprintf(w, "%s scope; Switchboard config: %s\n", scopeWord(o), echo.Path(p.Config))
	found := map[string]bool{}
	for _, f := range p.Found {
		found[f.Agent.ID] = true
		fmt.Fprintf(w, "%-15s %s\n", f.Agent.ID, f.Agent.Title)
		for _, path := range f.Files {
			fmt.Fprintf(w, "  %s\n", echo.Path(path))
		}
		for _, path := range f.Created {
			fmt.Fprintf(w, "  %s (would be created)\n", echo.Path(path))
		}
	}
	var missing []string
	for _, a := range agentconf.Agents() {
		if !found[a.ID] && len(a.Files(o)) > 0 {
			missing = append(missing, a.ID)
		}
	}
	if len(p.Found) == 0 {
		fmt.Fprintln(w, "no agent config found")
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "not found: %s\n", strings.Join(missing, ", "))
	}
}

func scopeWord(o *agentconf.Options) string {
	if o.Scope == agentconf.User {
		return "user"
	}
	return "project " + echo.Path(o.Root)
}

func printApplied(w io.Writer, o *agentconf.Options, p *agentconf.Plan) {
	printMoves(w, p, "moved")
	if len(p.Changes) == 0 {
		if !p.Failed() {
			fmt.Fprintln(w, "already set up: nothing to change")
		}
		return
	}
	for _, c := range p.Changes {
		verb := "updated"
		if c.Old == nil {
			verb = "created"
		}
		fmt.Fprintf(w, "%s %s\n", verb, echo.Path(c.Path))
	}
	// The command itself: "(same scope flags)" left an agent to guess
	// that a user-scope init is undone with --user, and where.
	if o.Scope == agentconf.User {
		fmt.Fprintln(w, "undo with: switchboard init --user --undo")
	} else {
		fmt.Fprintf(w, "undo with: switchboard init --undo (in %s)\n", echo.Path(o.Root))
	}
}

// printMoves says which server went from which file to which, and
// which stayed where and why.
func printMoves(w io.Writer, p *agentconf.Plan, verb string) {
	for _, i := range p.Imported {
		fmt.Fprintf(w, "%s server %s from %s to %s\n", verb, echo.Quote(i.Name), echo.Path(i.From), echo.Path(i.To))
	}
	for _, l := range p.Left {
		fmt.Fprintf(w, "left server %s in %s: %s\n", echo.Quote(l.Name), echo.Path(l.File), l.Reason)
	}
}

func initUndo(stdout, stderr io.Writer, o *agentconf.Options) error {
	res, err := agentconf.Undo(o)
	if res != nil {
		for _, d := range res.Done {
			fmt.Fprintln(stdout, d)
		}
		for _, p := range res.Restored {
			fmt.Fprintf(stdout, "updated %s\n", echo.Path(p))
		}
		for _, p := range res.Removed {
			fmt.Fprintf(stdout, "removed %s\n", echo.Path(p))
		}
		for _, n := range res.Notes {
			fmt.Fprintf(stderr, "note: %s\n", n)
		}
	}
	if err != nil {
		return err
	}
	return nil
}

// installCmd installs the switchboard binary agents are to run.
const installCmd = "go install github.com/switchboard-mcp/switchboard/cmd/switchboard@latest"

// installedExecutable returns the binary agents are to run: this one,
// unless it is a temporary build (go run, go test), which is deleted
// when it exits; then the switchboard found on PATH, or an error with
// the install command.
func installedExecutable(e *Env) (exe, note string, err error) {
	tmp := e.Getenv("TMPDIR")
	if tmp == "" {
		tmp = os.TempDir()
	}
	if !tempBuild(e.Executable, tmp) {
		return e.Executable, "", nil
	}
	found := lookPath(e.Getenv("PATH"), "switchboard", e.Dir)
	if found != "" && !tempBuild(found, tmp) {
		return found, fmt.Sprintf("%s is a temporary go build: registering %s, found on PATH, instead", e.Executable, found), nil
	}
	return "", "", fmt.Errorf("%s is a temporary go build (go run) that is deleted when it exits, and no switchboard is on PATH; install it and run init again: %s && switchboard init", e.Executable, installCmd)
}

// tempBuild reports whether path is a binary the go command built to
// run once: a directory named go-build* on its path (the build cache or
// a go-build work directory), or an exe directory under tmp.
func tempBuild(path, tmp string) bool {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(path)), "/")
	for _, p := range parts[:max(0, len(parts)-1)] {
		if strings.HasPrefix(p, "go-build") {
			return true
		}
	}
	if tmp == "" {
		return false
	}
	rel, err := filepath.Rel(filepath.Clean(tmp), path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	return slices.Contains(strings.Split(filepath.ToSlash(filepath.Dir(rel)), "/"), "exe")
}

// lookPath finds an executable file named name in the directories of
// path (a PATH value), as an absolute path, or "".
func lookPath(path, name, dir string) string {
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// sameDir reports whether a and b name the same directory (symbolic
// links resolved).
func sameDir(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	return ra == rb
}
