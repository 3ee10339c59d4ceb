package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/agentconf"
	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/filelock"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// userConfigHint is where the user config is, for help texts.
const userConfigHint = "$XDG_CONFIG_HOME/switchboard/config.json"

// serversKey is where a config file holds its servers.
var serversKey = []string{"mcpServers"}

// editFlags choose the config file an editing command changes.
type editFlags struct {
	config  string
	project projectFlag
}

func (f *editFlags) register(fs *flag.FlagSet) {
	fs.Var((*pathValue)(&f.config), "config", "config `file` to edit (default: the user config, "+userConfigHint+")")
	fs.Var(&f.project, "project", "edit the project's "+config.ProjectFile+" instead (found by walking up from the working directory, else created here; --project=PATH names it)")
}

// projectFlag is --project (the project file found from the working
// directory) or --project=PATH.
type projectFlag struct {
	set  bool
	path string
}

func (p *projectFlag) String() string {
	if p == nil || !p.set {
		return ""
	}
	return p.path
}

func (p *projectFlag) Set(s string) error {
	switch s {
	case "true":
		p.set, p.path = true, ""
	case "false":
		p.set, p.path = false, ""
	default:
		p.set, p.path = true, s
	}
	return nil
}

func (p *projectFlag) IsBoolFlag() bool { return true }

// target is the file an edit changes.
type target struct {
	path    string
	project bool // a project file: trusted after the edit when it was before
}

func (e *Env) editTarget(f *editFlags) (target, error) {
	switch {
	case f.project.set && f.config != "":
		return target{}, errors.New("--project and --config name two files; give one")
	case f.project.set && f.project.path != "":
		return target{path: e.abs(f.project.path), project: true}, nil
	case f.project.set:
		if p := config.FindProject(e.Dir, e.Getenv("HOME")); p != "" {
			return target{path: p, project: true}, nil
		}
		return target{path: filepath.Join(e.Dir, config.ProjectFile), project: true}, nil
	case f.config != "":
		return target{path: e.abs(f.config)}, nil
	}
	if u := e.paths(&configFlags{}).user; u != "" {
		return target{path: u}, nil
	}
	return target{}, errors.New("no directory for the user config: set HOME (or XDG_CONFIG_HOME), or name a file with --config")
}

// testHookEditRead, when set, runs in edit once the file is read (a
// test's other writer acting at that moment).
var testHookEditRead func(path string)

// withConfigLock runs fn under the config-edit lock, which add, remove,
// enable, disable, init and init --undo hold while they change
// Switchboard's config: an add that read the file before an undo wrote
// it, and renamed its own over it after, brought back the servers the
// undo had taken out. No state directory: no lock.
func (e *Env) withConfigLock(fn func() error) error {
	p := e.paths(&configFlags{})
	if p.state == "" {
		return fn()
	}
	return filelock.With(filepath.Join(p.state, "config-edit"), fn)
}

// edit changes t's file with change under the config-edit lock: it reads
// the file (a missing one is "{}"), applies change, parses the result
// with the real config parser (check may look at it), copies the old
// content to the state directory's backups and writes the new one
// atomically. A result that does not parse or check changes nothing. It
// returns the backup's path ("" for a new file) and whether anything
// changed.
func (e *Env) edit(t target, change func(data []byte) ([]byte, error), check func(*config.File) error) (backup string, changed bool, err error) {
	p := e.paths(&configFlags{})
	if p.state == "" {
		return "", false, errors.New("no state directory for the backup and the lock: set HOME or XDG_STATE_HOME")
	}
	// A file named by --config or --project, outside Switchboard's own
	// directories (Main gives back what is made in those).
	g := newGiveback(e)
	g.watch(t.path)
	defer g.give()
	err = filelock.With(filepath.Join(p.state, "config-edit"), func() error {
		old, err := safefile.Read(t.path)
		existed := err == nil
		if testHookEditRead != nil {
			testHookEditRead(t.path)
		}
		switch {
		case errors.Is(err, fs.ErrNotExist):
			old = nil
		case errors.Is(err, syscall.ELOOP):
			return fmt.Errorf("%s: %w", t.path, config.LoopError(t.path, err))
		case err != nil:
			return err
		}
		mode := fs.FileMode(0o600)
		if t.project {
			mode = 0o644 // committed with the project
		}
		if fi, err := os.Lstat(t.path); err == nil && fi.Mode()&fs.ModeSymlink != 0 && !existed {
			// Writing would replace the link with a file.
			target, _ := os.Readlink(t.path)
			return fmt.Errorf("%s is a symbolic link to %s, which does not exist: create that file (or remove the link) to change it", t.path, target)
		}
		if t.project && existed {
			if err := insideProject(t.path); err != nil {
				return err
			}
		}
		if fi, err := os.Stat(t.path); err == nil {
			mode = fi.Mode().Perm()
			if existed && mode&0o200 == 0 {
				// Renaming over a read-only file would succeed.
				return fmt.Errorf("%s is read-only (mode %04o): make it writable (chmod u+w %s) to change it", t.path, mode, shellQuote(t.path))
			}
			if existed {
				if err := atomicfile.CheckReplaceable(t.path); err != nil {
					return fmt.Errorf("%w; it is unchanged", err)
				}
			}
		}
		if err := config.UTF16(old); err != nil {
			// The JSONC editor said "invalid character '\xff'".
			return fmt.Errorf("%s: %w; it is unchanged", t.path, err)
		}
		if err := config.Marks(t.path, old); err != nil {
			return fmt.Errorf("%s: %w; it is unchanged", t.path, err)
		}
		src := old
		if len(bytes.TrimSpace(src)) == 0 {
			src = []byte("{}\n")
		} else if config.CommentsOnly(src) {
			// Every server commented out: the comments stay, above.
			src = append(bytes.Clone(src), "\n{}\n"...)
		}
		wasTrusted := false
		if t.project && existed {
			st, err := allow.Check(p.trusted(), t.path, old)
			wasTrusted = err == nil && st == allow.Trusted
		}
		data, err := change(src)
		if err != nil {
			if !strings.Contains(err.Error(), t.path) {
				err = fmt.Errorf("%s: %w", t.path, err)
			}
			return err
		}
		if existed && bytes.Equal(data, old) {
			return nil
		}
		f, err := config.Parse(t.path, data)
		if err != nil {
			return fmt.Errorf("the edited file would not load, so %s is unchanged:\n%w", t.path, err)
		}
		if check != nil {
			if err := check(f); err != nil {
				return fmt.Errorf("%w; %s is unchanged", err, t.path)
			}
		}
		if existed {
			backup = filepath.Join(p.state, "backups", "config", fmt.Sprintf("%s.%s", safeName(t.path), time.Now().UTC().Format("20060102T150405.000000000Z")))
			if err := os.MkdirAll(filepath.Dir(backup), 0o700); err != nil {
				return fmt.Errorf("backup of %s (it is unchanged): %w", t.path, err)
			}
			if err := atomicfile.Write(backup, old, 0o600); err != nil {
				return fmt.Errorf("backup of %s (it is unchanged): %w", t.path, err)
			}
		}
		if err := os.MkdirAll(filepath.Dir(t.path), 0o700); err != nil {
			return err
		}
		// Another program (an editor, an agent) may have written the file
		// since it was read: writing now would lose that. Checked just
		// before the rename, once the new content is written and synced:
		// checked before the writing, a write in that time was replaced.
		errChanged := fmt.Errorf("%s changed while it was being edited (another program wrote it); nothing was written: run the command again", t.path)
		if err := atomicfile.WriteIf(t.path, data, mode, func() error {
			if now, err := safefile.Read(t.path); (err == nil) != existed || (err == nil && !bytes.Equal(now, old)) {
				return errChanged
			}
			return nil
		}); err != nil {
			if pe := (*fs.PathError)(nil); err == errChanged || errors.As(err, &pe) && pe.Path == t.path {
				return err // "write PATH: …" names the file already
			}
			return fmt.Errorf("writing %s: %w", t.path, err)
		}
		changed = true
		// A project file is trusted again only when we created it or the
		// user had trusted it: trusting a cloned repository's file because
		// we added a server to it would skip the user's review (as init).
		if t.project {
			if !existed || wasTrusted {
				if _, err := allow.Trust(p.trusted(), t.path); err != nil {
					return fmt.Errorf("trusting %s: %w", t.path, err)
				}
			} else {
				fmt.Fprintf(e.Stderr, "note: %s is not trusted (it was there before and you have not trusted it): review it, then run `switchboard trust %s`\n", t.path, shellQuote(t.path))
			}
		}
		return nil
	})
	return backup, changed, err
}

// safeName maps a path to one file name (for backups): at most 113
// bytes, a long path's last 100 with a hash of the whole before them. A
// project 230 bytes deep made a backup name over the 255 bytes a file
// system allows, and every edit of its file failed ("file name too
// long").
func safeName(path string) string {
	s := strings.Trim(regexp.MustCompile(`[^A-Za-z0-9._-]+`).ReplaceAllString(path, "_"), "_")
	if len(s) > 113 {
		sum := sha256.Sum256([]byte(path))
		s = hex.EncodeToString(sum[:6]) + "_" + s[len(s)-100:]
	}
	return s
}

// entry is a server definition as add writes it (fields in this order).
type entry struct {
	Type    string            `json:"type,omitempty"`
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Cwd     string            `json:"cwd,omitempty"`
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
}

// pairs is a repeatable K=V flag. A name given again is noted, not
// stored (the second value silently won): the command refuses it after
// parsing (given), naming it and not its values, which may be secrets.
type pairs struct {
	m     map[string]string
	order []string
	sep   string      // separators accepted between name and value
	fold  bool        // names that differ only in case are one (HTTP header names)
	twice [][2]string // a name given again, and how it was spelled first
}

// given refuses a name given twice as --flagName.
func (p *pairs) given(flagName string) error {
	if len(p.twice) == 0 {
		return nil
	}
	again, first := p.twice[0][0], p.twice[0][1]
	if again != first {
		return fmt.Errorf("--%s %s given twice (as %s first; header names ignore case): give it once, with the value you mean", flagName, echo.Quote(again), echo.Quote(first))
	}
	return fmt.Errorf("--%s %s given twice: give it once, with the value you mean", flagName, echo.Quote(again))
}

func (p *pairs) String() string { return strings.Join(p.order, ",") }

func (p *pairs) Set(s string) error {
	i := strings.IndexAny(s, p.sep)
	if i <= 0 {
		return fmt.Errorf("want NAME=VALUE, got %q", redactPair(s))
	}
	k, v := strings.TrimSpace(s[:i]), s[i+1:]
	if s[i] == ':' {
		v = strings.TrimLeft(v, " ")
	}
	if k == "" || strings.ContainsAny(k, " \t") {
		return fmt.Errorf("name %s is empty or has spaces", echo.Quote(k))
	}
	if p.m == nil {
		p.m = map[string]string{}
	}
	if i := slices.IndexFunc(p.order, func(o string) bool { return o == k || p.fold && strings.EqualFold(o, k) }); i >= 0 {
		p.twice = append(p.twice, [2]string{k, p.order[i]})
		return nil
	}
	p.order = append(p.order, k)
	p.m[k] = v
	return nil
}

// redactPair keeps the name of a malformed pair and hides the rest.
func redactPair(s string) string {
	if len(s) > 3 {
		return s[:3] + "…"
	}
	return s
}

const addHelp = `
Add a backend server to your config (the user config by default; the
project's ` + config.ProjectFile + ` with --project; any file with --config).

  switchboard add NAME [--env K=V]... [--cwd DIR] -- COMMAND [ARGS...]
  switchboard add NAME --url URL [--header K=V]... [--transport http|sse]

Put -- before the command so its own flags are not read as ours:

  switchboard add memory -- npx -y @modelcontextprotocol/server-memory
  switchboard add github --env 'GITHUB_TOKEN=${env:GITHUB_TOKEN}' -- npx -y @modelcontextprotocol/server-github
  switchboard add linear --url https://mcp.linear.app/mcp --header 'Authorization=Bearer ${env:LINEAR_TOKEN}'

Secrets: a value written as ${env:VAR} is read from the environment when
the server starts, so the token stays out of the file (single quotes keep
your shell from expanding it). Values are never printed.

The file keeps its formatting and other content; the old one
is copied to $XDG_STATE_HOME/switchboard/backups/config/ first. The edited
file must load, or nothing is written; so must --cwd name a directory
(a project file's relative --cwd is taken from the project's directory).
A name already configured needs --force. A command that is not on PATH
(or not an executable file) is added with a warning: the server starts
once it is installed. A running daemon picks the change up by itself. A project file that add creates (or that you had
trusted) stays trusted.`

func runAdd(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "add", "NAME [flags] -- COMMAND [ARGS...] | NAME --url URL [flags]", addHelp)
	var ef editFlags
	ef.register(fs)
	env := &pairs{sep: "="}
	headers := &pairs{sep: "=:", fold: true}
	fs.Var(env, "env", "environment variable `K=V` of the server (repeatable; use K='${env:VAR}' for secrets)")
	fs.Var(headers, "header", "HTTP header `K=V` or 'K: V' of a remote server (repeatable; '${env:VAR}' for secrets)")
	cwd := fs.String("cwd", "", "working directory of the server")
	url := fs.String("url", "", "URL of a remote server (Streamable HTTP unless --transport sse)")
	transport := fs.String("transport", "", "transport: stdio, http or sse (default: stdio with a command, http with --url)")
	force := fs.Bool("force", false, "replace a server of the same name")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := errors.Join(env.given("env"), headers.given("header")); err != nil {
		return err
	}
	pos := fs.Args()
	if len(pos) == 0 {
		fmt.Fprintln(e.Stderr, "switchboard add: give the server's NAME, then -- COMMAND ARGS... or --url URL")
		fs.Usage()
		return errUsage
	}
	name, cmd := pos[0], pos[1:]
	if strings.TrimSpace(name) == "" || strings.HasPrefix(name, "-") {
		return fmt.Errorf("server name %s: give a name such as memory or github", echo.Quote(name))
	}
	if config.ControlName(name) {
		// The config leaves such an entry out when it loads (its name
		// would reach terminals and the model raw): added, it was
		// written, said to be added, and never used.
		return fmt.Errorf("server name %s holds control, bidirectional or invisible characters, and the config would leave such an entry out: give a name such as memory or github", echo.Quote(name))
	}
	en := entry{Env: env.m, Headers: headers.m, URL: *url}
	switch {
	case len(cmd) > 0 && *url != "":
		return errors.New("give either a command (after --) or --url, not both")
	case len(cmd) == 0 && *url == "":
		again := shellQuote(name)
		if len(name) > echo.Max {
			again = "NAME"
		}
		return fmt.Errorf("server %s needs a command (switchboard add %s -- COMMAND ARGS...) or a --url", echo.Quote(name), again)
	case len(cmd) > 0:
		if *transport != "" && *transport != config.Stdio {
			return fmt.Errorf("--transport %s needs --url; a command runs over stdio", echo.Quote(*transport))
		}
		if len(headers.order) > 0 {
			return errors.New("--header applies to remote servers (--url); a stdio server takes --env")
		}
		en.Command, en.Args = cmd[0], cmd[1:]
		if *cwd != "" {
			en.Cwd = *cwd
			if !filepath.IsAbs(*cwd) && !ef.project.set {
				en.Cwd = e.abs(*cwd) // the user config applies in any directory
			}
		}
	default:
		switch *transport {
		case "", config.HTTP:
		case config.SSE:
			en.Type = config.SSE
		default:
			return fmt.Errorf("--transport %s with --url: use http or sse", echo.Quote(*transport))
		}
		if *cwd != "" || len(env.order) > 0 {
			return errors.New("--cwd and --env apply to servers run as a command; a remote server takes --header")
		}
	}
	t, err := e.editTarget(&ef)
	if err != nil {
		return err
	}
	if err := checkCwd(t, en.Cwd); err != nil {
		return err
	}
	value, err := json.Marshal(en)
	if err != nil {
		return err
	}
	var replaced bool
	backup, _, err := e.edit(t, func(data []byte) ([]byte, error) {
		has, err := agentconf.HasMember(data, serversKey, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.path, err)
		}
		if has && !*force {
			return nil, fmt.Errorf("server %s is already in %s: add --force to replace it, or run `switchboard remove %s` first", echo.Quote(name), t.path, shellQuote(name))
		}
		replaced = has
		return agentconf.SetMember(data, serversKey, name, json.RawMessage(value))
	}, func(f *config.File) error {
		if s := f.Servers[name]; s != nil && s.Problem != "" {
			return fmt.Errorf("server %s would not load: %s", echo.Quote(name), s.Problem)
		}
		return nil
	})
	if err != nil {
		return err
	}
	verb := "added"
	if replaced {
		verb = "replaced"
	}
	what := "stdio, runs " + echo.Clip(filepath.Base(en.Command))
	if en.URL != "" {
		what = orStr(en.Type, config.HTTP) + ", " + redact.URL(en.URL)
	}
	fmt.Fprintf(e.Stdout, "%s server %s (%s) in %s\n", verb, echo.Quote(name), what, t.path)
	if backup != "" {
		fmt.Fprintf(e.Stdout, "previous content: %s\n", backup)
	}
	commandHint(e, t, name, &en)
	unsetRefHints(e, name, &en)
	noted := secretHints(e, t, "env", env)
	noted = secretHints(e, t, "header", headers) || noted
	noted = urlSecretHints(e, t, en.URL) || noted
	if noted {
		othersMayRead(e, t)
	}
	return nil
}

// othersMayRead warns when t's file, which add just wrote a credential
// into, is readable by other users: add keeps a file's mode, and a
// config made 0644 by hand or by another tool kept the secret readable
// by every local account without a word (round 104).
func othersMayRead(e *Env, t target) {
	if runtime.GOOS == "windows" {
		return // no POSIX modes: ACLs decide
	}
	fi, err := os.Stat(t.path)
	if err != nil || fi.Mode().Perm()&0o077 == 0 {
		return
	}
	fmt.Fprintf(e.Stderr, "warning: %s is readable by other users (mode %04o) and now holds that credential as plain text: chmod 600 %s\n", t.path, fi.Mode().Perm(), shellQuote(t.path))
}

// cwdOf is where the server of t with cwd runs: a relative cwd (a
// project file's) is taken from the project's directory. "" for none, or
// for a cwd with a ${...} reference, known only when the server starts.
func cwdOf(t target, cwd string) string {
	if cwd == "" || strings.Contains(cwd, "${") {
		return ""
	}
	if !filepath.IsAbs(cwd) {
		return filepath.Join(filepath.Dir(t.path), cwd)
	}
	return cwd
}

// checkCwd refuses a --cwd that is not a directory: the server could
// never start in it, and the directory is there to be made now (unlike a
// command, which may be installed later).
func checkCwd(t target, cwd string) error {
	dir := cwdOf(t, cwd)
	if dir == "" {
		return nil
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("--cwd %s: no such directory: create it (mkdir -p %s), or give the directory the server runs in; %s is unchanged", dir, shellQuote(dir), t.path)
	case err != nil:
		return fmt.Errorf("--cwd %s: %w; %s is unchanged", dir, err, t.path)
	case !fi.IsDir():
		return fmt.Errorf("--cwd %s is not a directory: give the directory the server runs in; %s is unchanged", dir, t.path)
	}
	return nil
}

// commandHint warns, without refusing (a server is often added before
// it is installed), about a stdio command that cannot be found: on PATH
// (the server's --env PATH, else ours) for a bare name, or at its path.
func commandHint(e *Env, t target, name string, en *entry) {
	cmd := en.Command
	if cmd == "" || strings.Contains(cmd, "${") {
		return
	}
	if strings.Contains(cmd, "/") || filepath.IsAbs(cmd) {
		p := cmd
		if !filepath.IsAbs(p) {
			if p = cwdOf(t, en.Cwd); p == "" {
				return // relative to a workspace known only when it starts
			}
			p = filepath.Join(p, cmd)
		}
		if fi, err := os.Stat(p); err != nil || fi.IsDir() || runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0 {
			fmt.Fprintf(e.Stderr, "warning: %s is not an executable file: server %s will fail to start until it is installed there (or give where it is; switchboard doctor checks again)\n", p, echo.Quote(name))
		}
		return
	}
	path, ok := en.Env["PATH"]
	if !ok {
		path = e.Getenv("PATH")
	} else if strings.Contains(path, "${") {
		return
	}
	found := lookPath(path, cmd, e.Dir) != ""
	if runtime.GOOS == "windows" { // executables there have no x bit, but an extension
		_, err := exec.LookPath(cmd)
		found = err == nil
	}
	if !found {
		fmt.Fprintf(e.Stderr, "warning: %s is not on PATH: server %s will fail to start until it is installed (or give its absolute path; switchboard doctor checks again)\n", echo.Quote(cmd), echo.Quote(name))
	}
}

// unsetRefHints notes each ${env:NAME} (or ${NAME}) of en whose variable
// is not set where add runs, without refusing (the agent's environment,
// which the backend gets, may set it): add said "added", and the first
// start failed naming the variable (round 121).
func unsetRefHints(e *Env, name string, en *entry) {
	s := &config.Server{Command: en.Command, Args: en.Args, Env: en.Env, Headers: en.Headers, URL: en.URL, Cwd: en.Cwd}
	for _, r := range s.References() {
		v := strings.TrimSuffix(strings.TrimPrefix(r.Ref, "${"), "}")
		if strings.HasPrefix(v, "file:") {
			continue
		}
		v = strings.TrimSpace(strings.TrimPrefix(v, "env:"))
		if _, ok := e.LookupEnv(v); ok {
			continue
		}
		fmt.Fprintf(e.Stderr, "note: %s (%s of server %s) is not set here: the backend is given it from the environment its agent (or switchboard serve) starts in, and fails to start without it; set it there, or read the value from a file with ${file:PATH}\n", echo.Clip(r.Ref), r.Field, echo.Quote(name))
	}
}

// urlSecretHints notes the password of a server URL's user info and the
// query parameters that carry a credential (by name or by shape), as
// secretHints does for env and headers: the URL is stored in the config
// file as given. The URL the note suggests has each of them as an
// ${env:VAR} reference, never the value (round 104: a query parameter's
// note printed the URL with its password).
func urlSecretHints(e *Env, t target, raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	ref := *u
	var secret []string
	if pw, ok := u.User.Password(); ok && pw != "" && !strings.Contains(pw, "${") {
		secret = append(secret, "user-info password")
		ref.User = url.UserPassword(u.User.Username(), "${env:PASSWORD}")
	}
	var params []string
	q := u.Query()
	if u.RawQuery != "" {
		for _, k := range slices.Sorted(maps.Keys(q)) {
			v := q.Get(k)
			if !literalSecret(k, v) {
				continue
			}
			params = append(params, k)
			q.Set(k, envRef(k))
		}
	}
	switch len(params) {
	case 0:
	case 1:
		secret = append(secret, "query parameter "+params[0])
	default:
		secret = append(secret, "query parameters "+strings.Join(params, ", "))
	}
	if len(secret) == 0 {
		return false
	}
	if len(params) > 0 {
		ref.RawQuery = q.Encode()
	}
	unescape := strings.NewReplacer("%24", "$", "%7B", "{", "%7D", "}", "%3A", ":")
	what, them := strings.Join(secret, " and ")+" is", "it"
	if len(secret) > 1 || len(params) > 1 {
		what, them = strings.Join(secret, " and ")+" are", "them"
	}
	fmt.Fprintf(e.Stderr, "note: the URL's %s stored in %s %s; --url '%s' reads %s from the environment instead\n", what, t.path, t.plainText(), unescape.Replace(ref.String()), them)
	return true
}

func orStr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// secretWord matches a name that says its value is a credential.
var secretWord = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(token|secret|password|passwd|api_?key|apikey|auth|credential|private_?key|cookie|bearer)`)
})

// secretHints tells, without the value, about a credential written as a
// literal instead of an ${env:VAR} reference, and reports whether it did.
func secretHints(e *Env, t target, flagName string, p *pairs) bool {
	noted := false
	for _, k := range p.order {
		v := p.m[k]
		if !literalSecret(k, v) {
			continue
		}
		ref := envRef(k)
		val := ref
		if flagName == "header" && strings.EqualFold(k, "authorization") {
			val = "Bearer " + ref
		}
		fmt.Fprintf(e.Stderr, "note: the value of %s %s is stored in %s %s; --%s '%s=%s' reads it from the environment instead\n", flagName, k, t.path, t.plainText(), flagName, k, val)
		noted = true
	}
	return noted
}

// literalSecret reports whether v, the value of k, is a credential
// written out (not a ${...} reference): by k's name or v's shape.
func literalSecret(k, v string) bool {
	return v != "" && !strings.Contains(v, "${") && (secretWord().MatchString(k) || looksLikeToken(v))
}

// envRef is the ${env:NAME} reference the notes suggest for k.
func envRef(k string) string {
	return "${env:" + strings.ToUpper(nonIdent().ReplaceAllString(k, "_")) + "}"
}

var nonIdent = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^A-Za-z0-9_]`) })

// plainText says how a value written into t's file is kept.
func (t target) plainText() string {
	if t.project {
		return "as plain text, in a file meant to be committed"
	}
	return "as plain text"
}

var tokenShape = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(gh[pousr]_|github_pat_|glpat-|sk-|xox[abposr]-|AKIA|AIza|eyJ)[A-Za-z0-9_.-]{10,}$`)
})

func looksLikeToken(v string) bool {
	return tokenShape().MatchString(strings.TrimPrefix(strings.TrimPrefix(v, "Bearer "), "bearer "))
}

const removeHelp = `
Remove a backend server from your config (the user config by default;
--project: the project's ` + config.ProjectFile + `; --config PATH). The file keeps
its comments and formatting; the old content is copied to
$XDG_STATE_HOME/switchboard/backups/config/ first. A running daemon stops
the server's backend when no session uses it any more.`

func runRemove(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "remove", "NAME [--project | --config PATH]", removeHelp)
	var ef editFlags
	ef.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.Stderr, "switchboard remove: give one server NAME")
		fs.Usage()
		return errUsage
	}
	name := fs.Arg(0)
	t, err := e.editTarget(&ef)
	if err != nil {
		return err
	}
	backup, _, err := e.edit(t, func(data []byte) ([]byte, error) {
		var err error
		if name, err = mustHave(t, data, name); err != nil {
			return nil, err
		}
		return agentconf.RemoveMember(data, serversKey, name)
	}, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "removed %s from %s\n", echo.Quote(name), t.path)
	if backup != "" {
		fmt.Fprintf(e.Stdout, "previous content: %s\n", backup)
	}
	return nil
}

// mustHave returns the name under which data holds the server name:
// name, or the one server equal to it in another Unicode composition
// ("café" typed decomposed, configured composed), as list_tools and
// execute find it (catalog.Match). It fails, listing the names there
// are, when data has none.
func mustHave(t target, data []byte, name string) (string, error) {
	has, err := agentconf.HasMember(data, serversKey, name)
	if err != nil {
		return "", fmt.Errorf("%s: %w", t.path, err)
	}
	if has {
		return name, nil
	}
	f, err := config.Parse(t.path, data)
	if err != nil {
		// "configured there: none" of a file whose servers could not
		// be read (a second "mcpServers", a bad setting) was untrue.
		return "", fmt.Errorf("%s does not load, so no server %s was found in it and it is unchanged: fix this, then run the command again:\n%w", t.path, echo.Quote(name), err)
	}
	if m := catalog.MatchFolded(name, f.Order, nil); m != "" {
		if has, err := agentconf.HasMember(data, serversKey, m); err == nil && has {
			return m, nil
		}
	}
	names := []string{}
	for _, n := range f.Order {
		names = append(names, echo.Clip(n))
	}
	for _, sc := range f.Projects {
		if slices.Contains(sc.Order, name) {
			return "", fmt.Errorf("server %s of %s is in its \"projects\" entry for %s: edit that entry by hand", echo.Quote(name), t.path, sc.Dir)
		}
	}
	known := "none"
	if len(names) > 0 {
		known = strings.Join(names, ", ")
	}
	if _, err := os.Lstat(t.path); errors.Is(err, fs.ErrNotExist) {
		// "configured there: none" of a file that is not there.
		known = "none: the file does not exist"
	}
	hint := ""
	if !t.project {
		hint = " (a project's servers: add --project)"
	}
	return "", fmt.Errorf("no server %s in %s%s; configured there: %s", echo.Quote(name), t.path, hint, known)
}

func runEnable(ctx context.Context, e *Env, args []string) error {
	return runToggle(e, args, true)
}

func runDisable(ctx context.Context, e *Env, args []string) error {
	return runToggle(e, args, false)
}

func runToggle(e *Env, args []string, enable bool) error {
	verb := "disable"
	help := "Disable a configured server: it stays in the config (\"disabled\": true) but never starts and its tools are not offered."
	if enable {
		verb = "enable"
		help = "Enable a server that was disabled (removes its \"disabled\": true)."
	}
	fs := newFlags(e, verb, "NAME [--project | --config PATH]", help+" A running daemon picks the change up.")
	var ef editFlags
	ef.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(e.Stderr, "switchboard %s: give one server NAME\n", verb)
		fs.Usage()
		return errUsage
	}
	name := fs.Arg(0)
	t, err := e.editTarget(&ef)
	if err != nil {
		return err
	}
	backup, changed, err := e.edit(t, func(data []byte) ([]byte, error) {
		var err error
		if name, err = mustHave(t, data, name); err != nil {
			return nil, err
		}
		at := append(slices.Clone(serversKey), name)
		hasEnabled, err := agentconf.HasMember(data, at, "enabled")
		if err != nil {
			return nil, err
		}
		if hasEnabled { // the file's own spelling
			return agentconf.SetMember(data, at, "enabled", enable)
		}
		if enable {
			return agentconf.RemoveMember(data, at, "disabled")
		}
		return agentconf.SetMember(data, at, "disabled", true)
	}, func(f *config.File) error {
		if s := f.Servers[name]; s != nil && s.Problem != "" && enable {
			return fmt.Errorf("server %s has a problem and stays off: %s", echo.Quote(name), s.Problem)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !changed {
		fmt.Fprintf(e.Stdout, "%s is already %sd in %s\n", echo.Quote(name), verb, t.path)
		return nil
	}
	fmt.Fprintf(e.Stdout, "%sd %s in %s\n", verb, echo.Quote(name), t.path)
	if backup != "" {
		// As add and remove say theirs: the backup was made, and a user
		// who wants the file as it was must know where it is.
		fmt.Fprintf(e.Stdout, "previous content: %s\n", backup)
	}
	return nil
}

// insideProject refuses a project file that is, through a symbolic link,
// a file outside its project's directory: a repository's .switchboard.json
// linked to the user's config had add --project and remove --project
// edit the user's own file (as init refuses, internal/agentconf).
func insideProject(path string) error {
	dir, err := filepath.EvalSymlinks(filepath.Dir(path))
	if err != nil {
		return err
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(dir, real); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	return fmt.Errorf("%s is, through a symbolic link, %s, outside the project %s: --project edits only the project's own file; replace the link with a copy of the file, or name that file with --config", path, real, filepath.Dir(path))
}
