// Package cli is Switchboard's command line: one file per subcommand,
// all OS access through an Env so that tests run commands in-process.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// Env is everything a command may take from the operating system.
type Env struct {
	Args       []string // arguments after the program name
	Stdin      io.Reader
	Stdout     io.Writer
	Stderr     io.Writer
	Getenv     func(string) string
	LookupEnv  func(string) (string, bool)
	Environ    func() []string
	Dir        string // working directory
	Executable string // absolute path of this binary
	// Interactive reports whether a person at a terminal types Stdin, so
	// a command may ask before it acts (approve); nil: whether Stdin is
	// an *os.File that is a terminal.
	Interactive func() bool
}

// interactive reports whether e's Stdin is a person at a terminal.
func (e *Env) interactive() bool {
	if e.Interactive != nil {
		return e.Interactive()
	}
	f, ok := e.Stdin.(*os.File)
	return ok && isTerminal(f.Fd())
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	hidden  bool
	// lasting marks a command that serves or follows until it is stopped
	// (serve, daemon, logs -f): it ends on a signal in its own time (a
	// daemon drains its sessions). The others have stopGrace to end.
	lasting bool
	run     func(ctx context.Context, e *Env, args []string) error
}

// givesBack reports whether what c creates in Switchboard's per-user
// directories under sudo is given to the sudo user when it ends (sudo.go):
// every command that ends by itself (login too), but init, which gives
// back more itself. Those that serve until stopped (serve, the daemon,
// ui) write for their whole life and are left to run as root.
func (c command) givesBack() bool {
	switch {
	case c.hidden, c.name == "init":
		return false
	case c.lasting:
		return c.name == "login"
	}
	return true
}

func commands() []command {
	return []command{
		{name: "serve", lasting: true, summary: "run the MCP server on stdin/stdout (what an agent registers)", run: runServe},
		{name: "servers", summary: "list configured backend servers, their state and source file", run: runServers},
		{name: "sync", summary: "re-resolve which servers apply in this workspace (their \"when\") and tell running sessions", run: runSync},
		{name: "plugins", summary: "list plugin manifests and their servers; trust a project's plugins", run: runPlugins},
		{name: "list", summary: "print TypeScript declarations of backend tools", run: runList},
		{name: "search", summary: "rank tools for a query, with scores", run: runSearch},
		{name: "exec", summary: "run a script (file or - for stdin) and print its JSON result", run: runExec},
		{name: "doctor", summary: "start each backend once and report problems", run: runDoctor},
		{name: "init", summary: "import agents' MCP servers and register switchboard in them", run: runInit},
		{name: "tokens", summary: "compare context cost: direct registration vs switchboard", run: runTokens},
		{name: "pins", summary: "list tool changes waiting for approval", run: runPins},
		{name: "approve", summary: "approve new or changed tools of a server", run: runApprove},
		{name: "login", lasting: true, summary: "sign in to a remote server that uses OAuth (stores its tokens)", run: runLogin},
		{name: "logout", summary: "delete the stored OAuth sign-in of a remote server", run: runLogout},
		{name: "skills", summary: "list, show, run, remove, approve or export saved skills (skills.save in scripts)", run: runSkills},
		{name: "trust", summary: "trust a project config file (.switchboard.json) after reading it", run: runTrust},
		{name: "token", summary: "print the bearer token of serve --http (--rotate: a new one)", run: runToken},
		{name: "daemon", lasting: true, summary: "show, stop or read the log of the per-user daemon", run: runDaemon},
		{name: "ui", lasting: true, summary: "open the daemon's status page in the browser (--no-browser: print its URL)", run: runUI},
		{name: "add", summary: "add a backend server to the config (-- COMMAND ARGS... or --url URL)", run: runAdd},
		{name: "remove", summary: "remove a backend server from the config", run: runRemove},
		{name: "enable", summary: "enable a disabled backend server", run: runEnable},
		{name: "disable", summary: "disable a backend server (kept in the config, never started)", run: runDisable},
		{name: "logs", lasting: true, summary: "show backends' stderr and the daemon's log (-f follows, --json)", run: runLogs},
		{name: "completion", summary: "print a shell completion script (bash, zsh or fish)", run: runCompletion},
		{name: "version", summary: "print the version, commit and Go version", run: runVersion},
		{name: sandboxWorkerCmd, lasting: true, hidden: true, run: runSandboxWorker},
		{name: demoBackendCmd, lasting: true, hidden: true, run: runDemoBackend},
		{name: reaperCmd, lasting: true, hidden: true, run: runReaper},
		{name: completeCmd, hidden: true, run: runComplete},
	}
}

// errUsage marks an error whose message is the usage already printed.
var errUsage = errors.New("usage")

// usageError is a command line the command does not take, said in a
// line (a missing or an extra argument, an unknown subcommand): Main
// prints it as any error and exits 2, as for a bad flag. Before, some of
// them exited 1 (`login` with no server, `skills bogus`, `completion
// tcsh`) and others printed the usage alone, saying nothing of what was
// wrong (`exec a b`, `skills show`, `trust a b`).
type usageError struct{ msg string }

func (u *usageError) Error() string { return u.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// badArgs says what is wrong with the arguments, then the usage, and
// returns errUsage.
func badArgs(e *Env, fs *flag.FlagSet, format string, a ...any) error {
	fmt.Fprintf(e.Stderr, "switchboard %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return errUsage
}

// Main runs the command line in e and returns the process exit code.
func Main(ctx context.Context, e *Env) int {
	if len(e.Args) == 0 || e.Args[0] == "-h" || e.Args[0] == "--help" || e.Args[0] == "help" {
		usage(e.Stdout)
		if len(e.Args) == 0 {
			return 2
		}
		return 0
	}
	name, args := e.Args[0], e.Args[1:]
	if name == "--version" || name == "-version" {
		name = "version"
	}
	i := slices.IndexFunc(commands(), func(c command) bool { return c.name == name })
	if i < 0 {
		fmt.Fprintf(e.Stderr, "switchboard: unknown command %s%s\n\n", echo.Quote(name), unknownCommandHint(name))
		usage(e.Stderr)
		return 2
	}
	c := commands()[i]
	var jo *jsonErrors
	if wantsJSON(args) {
		jo = newJSONErrors(e, name)
		te := *e
		te.Stdout, te.Stderr = jo.stdout, jo.stderr
		e = &te
	}
	var out *termWriter
	if !rawOutput(c, args) {
		errw := newTermWriter(e.Stderr)
		out = newTermWriter(e.Stdout)
		defer errw.Flush()
		te := *e
		te.Stdout, te.Stderr = out, errw
		e = &te
	}
	var g *giveback
	if c.givesBack() {
		g = newGiveback(e) // nil unless a sudo run (sudo.go)
		g.watchUserDirs(e)
	}
	stopped, err := runBounded(ctx, c, e, args)
	if !stopped {
		g.give()
	}
	if stopped {
		// The command goes on in the background until the process exits;
		// its output is not flushed (it may be half a table).
		fmt.Fprintf(e.Stderr, "switchboard %s: stopped by a signal while busy (%s later it had not ended); files it writes are replaced whole, never half-written\n", name, stopGrace)
		return 130
	}
	if out != nil {
		// Output that did not arrive (a full disk, a closed stdout) is a
		// failure: `switchboard list > file` exited 0 with the file empty.
		out.Flush()
		if werr := out.Err(); werr != nil && err == nil {
			err = fmt.Errorf("writing output: %w", werr)
		}
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		jo.fail(2, "")
		return 2
	}
	if ue := (*usageError)(nil); errors.As(err, &ue) {
		msg := fmt.Sprintf("switchboard %s: %v", name, err)
		fmt.Fprintln(e.Stderr, msg)
		jo.fail(2, msg)
		return 2
	}
	msg := fmt.Sprintf("switchboard %s: %v", name, err)
	fmt.Fprintln(e.Stderr, msg)
	var hints []string
	if hint := diskHint(err); hint != "" {
		hints = append(hints, hint)
	}
	if hint := dirHint(e, err); hint != "" {
		hints = append(hints, hint)
	}
	for _, h := range hints {
		fmt.Fprintf(e.Stderr, "  %s\n", h)
	}
	jo.fail(1, strings.Join(append([]string{msg}, hints...), "\n"))
	return 1
}

// stopGrace is how long a command that is not lasting has, after the
// context ends (SIGINT, SIGTERM), to return before Main gives up on it.
// Most of them check the context only between steps; one step (parsing a
// config of 50,000 servers, starting a backend that hangs) ignored the
// signal until it ended.
const stopGrace = 3 * time.Second

// runBounded runs c; stopped reports that c was not lasting and had not
// returned stopGrace after ctx ended.
func runBounded(ctx context.Context, c command, e *Env, args []string) (stopped bool, err error) {
	if c.lasting {
		return false, c.run(ctx, e, args)
	}
	done := make(chan error, 1)
	go func() { done <- c.run(ctx, e, args) }()
	select {
	case err := <-done:
		return false, err
	case <-ctx.Done():
	}
	t := time.NewTimer(stopGrace)
	defer t.Stop()
	select {
	case err := <-done:
		return false, err
	case <-t.C:
		return true, nil
	}
}

func usage(w io.Writer) {
	fmt.Fprint(w, `Switchboard: one MCP server in front of all your MCP servers.

Usage: switchboard <command> [flags]

Commands:
`)
	width := 0
	for _, c := range commands() {
		if !c.hidden {
			width = max(width, len(c.name))
		}
	}
	for _, c := range commands() {
		if !c.hidden {
			fmt.Fprintf(w, "  %-*s %s\n", width, c.name, c.summary)
		}
	}
	fmt.Fprint(w, `
Commands that read the configuration take --config PATH (default
$XDG_CONFIG_HOME/switchboard/config.json) and --project PATH; every command
takes --help; switchboard --version prints the version. With no config
file, serve and exec use a built-in demo backend.
`)
}

// newFlags returns a flag set for a subcommand whose usage goes to e.Stderr.
func newFlags(e *Env, name, synopsis, help string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	// The flag package writes what is wrong with a flag to the output,
	// then calls Usage, which writes it to e.Stderr through flagProblem.
	problem := &strings.Builder{}
	fs.SetOutput(problem)
	fs.Usage = func() {
		if problem.Len() > 0 {
			// Named as every other error is ("switchboard servers: …"):
			// "flag provided but not defined: -bogus" said no command.
			fmt.Fprintf(e.Stderr, "switchboard %s: %s\n", name, flagProblem(fs, strings.TrimSuffix(problem.String(), "\n")))
			problem.Reset()
		}
		fmt.Fprintf(e.Stderr, "Usage: switchboard %s %s\n\n%s\n", name, synopsis, strings.TrimSpace(help))
		var has bool
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintln(e.Stderr, "\nFlags:")
			fs.SetOutput(e.Stderr)
			fs.PrintDefaults()
			fs.SetOutput(problem)
		}
	}
	return fs
}

// flagProblem is msg, the flag package's word on a bad flag, with the
// argument it repeats bounded (echo): a 100 kB value was printed back
// whole. The value of a K=V flag (--env, --header) is left out: it may
// be a secret, and the flag's own error says what is wrong without it
// ("invalid value for flag -header: want NAME=VALUE, got \"Aut…\"").
func flagProblem(fs *flag.FlagSet, msg string) string {
	for _, head := range []string{"invalid value ", "invalid boolean value "} {
		rest, ok := strings.CutPrefix(msg, head)
		if !ok {
			continue
		}
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			break
		}
		value, _ := strconv.Unquote(q)
		tail := rest[len(q):] // " for flag -NAME: ERR", or " for -NAME: ERR"
		name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(tail, " for "), "flag "), "-"), ":")
		if f := fs.Lookup(name); f != nil {
			if _, kv := f.Value.(*pairs); kv {
				return strings.TrimSuffix(head, " ") + tail
			}
		}
		return head + echo.Quote(value) + tail
	}
	// "flag provided but not defined: -NAME", "bad flag syntax: ARG",
	// "flag needs an argument: -NAME".
	if head, arg, ok := strings.Cut(msg, ": "); ok && len(arg) > echo.Max {
		return head + ": " + echo.Quote(arg)
	}
	if arg, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		// A misspelt flag (add --evn) named the flag and not the one
		// meant.
		if f := closestFlag(fs, arg); f != "" {
			return msg + "; did you mean --" + f + "?"
		}
	}
	return msg
}

// closestFlag is the flag of fs within two edits of name (a swap of two
// letters is two: --evn, --jsno), or one for names of up to two
// letters; "" when none is.
func closestFlag(fs *flag.FlagSet, name string) string {
	best, bestD := "", 3
	fs.VisitAll(func(f *flag.Flag) {
		limit := 2
		if len(f.Name) <= 2 {
			limit = 1
		}
		if d := echo.Distance(strings.ToLower(name), f.Name); d <= limit && d < bestD {
			best, bestD = f.Name, d
		}
	})
	return best
}

// noArgs refuses the positional arguments of a command that takes none,
// as parse leaves them: `switchboard pins github` listed every server's
// pins and `switchboard servers github` every server.
func noArgs(e *Env, fs *flag.FlagSet) error {
	if fs.NArg() == 0 {
		return nil
	}
	fmt.Fprintf(e.Stderr, "switchboard %s: unexpected argument %s\n", fs.Name(), echo.Quote(fs.Arg(0)))
	fs.Usage()
	return errUsage
}

// parse parses args, turning -h into flag.ErrHelp and bad flags into
// errUsage (the flag package has printed the problem and the usage).
// Flags may come before, between or after positional arguments, as in
// most command lines (`approve trap --config c.json`); "--" ends the
// flags, and what follows it is positional even if it starts with "-".
// Afterwards fs.Args() holds the positional arguments in order.
func parse(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return errUsage
		}
		rest := fs.Args()
		used := len(args) - len(rest)
		if used > 0 && args[used-1] == "--" && !(used > 1 && takesValue(fs, args[used-2])) {
			pos = append(pos, rest...) // "--" ended the flags
			break
		}
		if len(rest) == 0 {
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	// Leave the positional arguments in fs.Args().
	return fs.Parse(append([]string{"--"}, pos...))
}

// takesValue reports whether arg is a flag of fs written without "=" that
// takes the next argument as its value (so a "--" after it is that value).
func takesValue(fs *flag.FlagSet, arg string) bool {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok || name == "" || strings.Contains(name, "=") {
		return false
	}
	name = strings.TrimPrefix(name, "-")
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return !isBool || !b.IsBoolFlag()
}
