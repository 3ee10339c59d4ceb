package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/daemon"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/hub"
	"github.com/switchboard-mcp/switchboard/internal/server"
)

// errNoDaemonDir: the daemon socket has no usable directory; serve runs
// standalone instead.
var errNoDaemonDir = errors.New("no usable directory for the daemon socket")

// daemonRunCmd is the hidden subcommand a bridge starts the daemon with.
const daemonRunCmd = "run"

func runDaemon(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "daemon", "status [--json] | stop | logs [-f] | end SESSION-ID", `
Show, stop or read the log of your Switchboard daemon, or end one of its
sessions: the daemon is the one process per user that serves every agent
session ('switchboard serve' relays to it and starts it when none runs).

  status [--json]  pid, version, uptime and sessions ("no daemon running"
                   exits 0)
  stop             stop it (its sessions' bridges start a new one on their
                   client's next message)
  logs [-f]        print its log ($XDG_STATE_HOME/switchboard/daemon.log);
                   -f follows it
  end SESSION-ID   end one session (its id as status lists it: s12); an
                   agent still running connects again at its next message,
                   as a new session: end the agent to end it for good`)
	// The subcommand's flags are its own: stop at the first argument.
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	rest := fs.Args()
	if len(rest) == 0 {
		fs.Usage()
		return errUsage
	}
	switch rest[0] {
	case "status":
		return runDaemonStatus(ctx, e, rest[1:])
	case "stop":
		return runDaemonStop(ctx, e, rest[1:])
	case "logs":
		return runDaemonLogs(ctx, e, rest[1:])
	case "end":
		return runDaemonEnd(ctx, e, rest[1:])
	case daemonRunCmd:
		return runDaemonRun(ctx, e, rest[1:])
	}
	fmt.Fprintf(e.Stderr, "switchboard daemon: unknown subcommand %s; known: status, stop, logs, end\n", echo.Quote(rest[0]))
	return errUsage
}

// daemonVersion identifies this build to the daemon: the version plus a
// digest of the binary's path, size and modification time, so that a
// rebuilt or upgraded binary gets a new daemon (the old one drains).
func daemonVersion(e *Env) string {
	v := Version()
	fi, err := os.Stat(e.Executable)
	if err != nil {
		return v
	}
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d\x00%d", e.Executable, fi.Size(), fi.ModTime().UnixNano())))
	return v + "+" + hex.EncodeToString(sum[:6])
}

// control sends one control request to a running daemon.
func control(ctx context.Context, e *Env, what string) (*daemon.Reply, error) {
	return controlSession(ctx, e, what, "")
}

// controlSession sends one control request about a session (its id; ""
// for none) to a running daemon.
func controlSession(ctx context.Context, e *Env, what, session string) (*daemon.Reply, error) {
	p, err := daemon.Dir(e.Getenv)
	if err != nil {
		return nil, err
	}
	c, r, err := daemon.Connect(ctx, &daemon.ConnectOptions{Paths: p, NoStart: true, Hello: &daemon.Hello{
		Version: daemonVersion(e), PID: os.Getpid(), Kind: daemon.KindControl, Control: what, Session: session,
	}})
	if err != nil {
		return nil, err
	}
	c.Close()
	return r, nil
}

func runDaemonStatus(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "daemon status", "[--json]", "Show the daemon's pid, version, uptime, sessions and latest warnings.")
	asJSON := fs.Bool("json", false, "print the status as JSON")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := noArgs(e, fs); err != nil {
		return err
	}
	r, err := control(ctx, e, daemon.ControlStatus)
	var others []daemon.Other
	if p, perr := daemon.Dir(e.Getenv); perr == nil {
		live := 0
		if err == nil {
			live = r.PID
		}
		others = daemon.Others(p, live)
	}
	if errors.Is(err, daemon.ErrNoDaemon) {
		if *asJSON {
			b, _ := json.MarshalIndent(map[string]any{"running": false, "sessions": []any{}, "otherDaemons": noOthers(others)}, "", "  ")
			fmt.Fprintln(e.Stdout, string(b))
		} else {
			fmt.Fprintln(e.Stdout, "no daemon running")
			printOtherDaemons(e.Stdout, others)
		}
		return nil
	}
	if err != nil {
		return err
	}
	if !r.OK {
		return fmt.Errorf("the daemon (pid %d) answered: %s", r.PID, r.Error)
	}
	if *asJSON {
		var st map[string]any
		if err := json.Unmarshal(r.Status, &st); err != nil {
			return fmt.Errorf("the daemon's status: %w", err)
		}
		st["otherDaemons"] = noOthers(others)
		b, _ := json.MarshalIndent(st, "", "  ")
		fmt.Fprintln(e.Stdout, string(b))
		return nil
	}
	if err := printDaemonStatus(e.Stdout, r.Status); err != nil {
		return err
	}
	printSkew(e, r.Status)
	printOtherDaemons(e.Stdout, others)
	return nil
}

// printSkew says when the daemon is another build's than this binary (an
// upgrade installed while it runs): `daemon status` showed its version
// and left the user to compare it with `switchboard --version`, and to
// guess what happens next.
func printSkew(e *Env, raw json.RawMessage) {
	var st struct {
		Version string `json:"version"`
	}
	mine := daemonVersion(e)
	if json.Unmarshal(raw, &st) != nil || st.Version == "" || st.Version == mine {
		return
	}
	fmt.Fprintf(e.Stdout, "this binary (%s, version %s) is another build than the daemon: the next agent session started with it hands over to a new daemon of its build, and this one exits once its sessions end (when the agents using them exit)\n", echo.Path(e.Executable), echo.Quote(mine))
}

func noOthers(o []daemon.Other) []daemon.Other {
	if o == nil {
		return []daemon.Other{}
	}
	return o
}

// printOtherDaemons says each daemon of this state directory that no
// longer listens (an earlier build's, draining for its last sessions
// after a new build's hello): `daemon status` and `daemon stop` reach
// only the one that listens.
func printOtherDaemons(w io.Writer, others []daemon.Other) {
	for _, o := range others {
		what := fmt.Sprintf("pid %d", o.PID)
		if o.Version != "" {
			what += ", version " + echo.Quote(o.Version)
		}
		if o.Commit != "" {
			what += ", commit " + echo.Quote(o.Commit)
		}
		if o.Exe != "" {
			what += ", " + echo.Path(o.Exe)
		}
		fmt.Fprintf(w, "another build's daemon is still running (%s): it handed over to the daemon of the build that connected last and serves only the sessions it had; it exits when the last of them ends (when the agents using them exit), and `switchboard daemon stop` does not reach it; to end it sooner, `kill %d` (its sessions end with it)\n", what, o.PID)
	}
}

// printDaemonStatus prints the status as a few lines and a session table;
// keys the daemon's handler adds are listed after them.
func printDaemonStatus(w io.Writer, raw json.RawMessage) error {
	var st map[string]any
	if err := json.Unmarshal(raw, &st); err != nil {
		return fmt.Errorf("the daemon's status: %w", err)
	}
	fmt.Fprintf(w, "daemon pid %v, version %v, up %v\n", st["pid"], st["version"], st["uptime"])
	if st["draining"] == true {
		fmt.Fprintln(w, "draining: handing over to a daemon of another version")
	}
	sessions, _ := st["sessions"].([]any)
	if len(sessions) == 0 {
		fmt.Fprintf(w, "no sessions (exits after %v without one)\n", st["idleTimeout"])
	} else {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "SESSION\tCLIENT PID\tSINCE\tIDLE\tWORKSPACE")
		for _, s := range sessions {
			m, _ := s.(map[string]any)
			since := fmt.Sprint(m["started"])
			if t, err := time.Parse(time.RFC3339Nano, since); err == nil {
				since = time.Since(t).Round(time.Second).String() + " ago"
			}
			idle := "-"
			if v, ok := m["idle"].(string); ok {
				idle = v
			}
			cwd, _ := m["cwd"].(string) // a directory's name may hold a newline
			fmt.Fprintf(tw, "%v\t%v\t%s\t%s\t%s\n", m["id"], m["pid"], since, idle, echo.Path(cwd))
		}
		tw.Flush()
	}
	if ws, _ := st["warnings"].([]any); len(ws) > 0 {
		fmt.Fprintln(w, "latest warnings (also in its log, when the disk took them):")
		for _, x := range ws {
			fmt.Fprintf(w, "  %v\n", x)
		}
	}
	var extra []string
	for k := range st {
		switch k {
		case "running", "pid", "version", "uptime", "sessions", "started", "idleTimeout", "draining", "warnings":
		default:
			extra = append(extra, k)
		}
	}
	slices.Sort(extra)
	for _, k := range extra {
		b, _ := json.Marshal(st[k])
		fmt.Fprintf(w, "%s: %s\n", k, b)
	}
	return nil
}

func runDaemonStop(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "daemon stop", "", "Stop the daemon: it ends its sessions and exits (SIGTERM after 5 s).")
	if err := parse(fs, args); err != nil {
		return err
	}
	r, err := control(ctx, e, daemon.ControlStop)
	if errors.Is(err, daemon.ErrNoDaemon) {
		fmt.Fprintln(e.Stdout, "no daemon running")
		return nil
	}
	if err != nil {
		return err
	}
	if !r.OK {
		return fmt.Errorf("the daemon (pid %d) refused to stop: %s", r.PID, r.Error)
	}
	if waitGone(ctx, r.PID, 5*time.Second) {
		fmt.Fprintf(e.Stdout, "stopped the daemon (pid %d)\n", r.PID)
		return nil
	}
	p, err := os.FindProcess(r.PID)
	if err == nil {
		err = p.Signal(syscall.SIGTERM)
	}
	if err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("the daemon (pid %d) did not exit in 5 s, and SIGTERM: %w", r.PID, err)
	}
	if !waitGone(ctx, r.PID, 2*time.Second) {
		return fmt.Errorf("the daemon (pid %d) did not exit in 5 s nor 2 s after SIGTERM; kill it with: kill -9 %d", r.PID, r.PID)
	}
	fmt.Fprintf(e.Stdout, "stopped the daemon (pid %d) with SIGTERM after 5 s\n", r.PID)
	return nil
}

func runDaemonEnd(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "daemon end", "SESSION-ID", `End one session of the daemon, by the id 'switchboard daemon status' lists
(s12): its backends are released as at its client's end. An agent still
running connects again at its next message, as a new session; end the agent
(its pid is in the status) to end it for good.`)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.Stderr, "switchboard daemon end: give one session id (switchboard daemon status lists them)")
		return errUsage
	}
	id := fs.Arg(0)
	r, err := controlSession(ctx, e, daemon.ControlEnd, id)
	if errors.Is(err, daemon.ErrNoDaemon) {
		return fmt.Errorf("no daemon running, so no session %s to end", echo.Quote(id))
	}
	if err != nil {
		return err
	}
	if !r.OK {
		if r.Code == daemon.CodeBad {
			return fmt.Errorf("the daemon (pid %d) cannot end a session (%s): stop it with switchboard daemon stop, or end the session's agent", r.PID, r.Error)
		}
		return errors.New(r.Error)
	}
	var s struct {
		ID  string
		PID int
		Cwd string
	}
	json.Unmarshal(r.Status, &s)
	fmt.Fprintf(e.Stdout, "ended session %s (client pid %d in %s)\n", s.ID, s.PID, echo.Quote(s.Cwd))
	return nil
}

// waitGone polls until pid exits, for at most wait.
func waitGone(ctx context.Context, pid int, wait time.Duration) bool {
	deadline := time.Now().Add(wait)
	for !processGone(pid) {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

func runDaemonLogs(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "daemon logs", "[-f]", "Print the daemon's log ($XDG_STATE_HOME/switchboard/daemon.log).")
	follow := fs.Bool("f", false, "keep printing what the daemon logs (until interrupted)")
	if err := parse(fs, args); err != nil {
		return err
	}
	p, err := daemon.Dir(e.Getenv)
	if err != nil {
		return err
	}
	f, err := openLog(p.Log)
	if errors.Is(err, os.ErrNotExist) && !*follow {
		fmt.Fprintf(e.Stderr, "no daemon log at %s yet\n", p.Log)
		return nil
	}
	for errors.Is(err, os.ErrNotExist) { // -f: wait for the first daemon
		if sleepCtx(ctx, 200*time.Millisecond) != nil {
			return nil
		}
		f, err = openLog(p.Log)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	var off int64
	for {
		n, err := io.Copy(e.Stdout, f)
		off += n
		if err != nil {
			return err
		}
		if !*follow {
			return nil
		}
		if sleepCtx(ctx, 200*time.Millisecond) != nil {
			return nil
		}
		if fi, err := f.Stat(); err == nil && fi.Size() < off { // truncated
			f.Seek(0, io.SeekStart)
			off = 0
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// runDaemonRun is the daemon itself (started detached by a bridge, its
// stdout and stderr appended to daemon.log).
func runDaemonRun(ctx context.Context, e *Env, args []string) error {
	p, err := daemon.Dir(e.Getenv)
	if err != nil {
		return err
	}
	// JSON records (log/slog), which `switchboard logs` reads and merges
	// with the backends' logs.
	warns := newWarnings(slog.NewJSONHandler(&wholeLines{w: newDaemonLog(e.Stderr, p.Log)}, nil))
	log := slog.New(warns)
	idle := config.Settings{}.Defaults().DaemonIdleTimeout.D()
	if c, err := config.Load(config.UserPath(e.Getenv)); err != nil {
		log.Warn("reading the user config for settings.daemonIdleTimeout; using the default", "err", err, "default", idle.String())
	} else {
		idle = c.Settings.Defaults().DaemonIdleTimeout.D()
	}
	tuneGC(e)
	tuneRelayProcs(e)
	h, err := newDaemonHandler(e, log)
	if err != nil {
		return err
	}
	h.warns = warns
	defer h.Close()
	// Publish backend states for 'switchboard servers', as a standalone
	// serve does.
	stop := make(chan struct{})
	published := make(chan struct{})
	defer func() { close(stop); <-published }()
	go func() { defer close(published); publishStatus(h.state, h.h.Backends, stop, log) }()
	// An error goes to stderr, the log, through Main.
	return daemon.Serve(ctx, &daemon.ServeOptions{Paths: p, Version: daemonVersion(e), IdleTimeout: idle, Logger: log}, h)
}

// bridgeOptions are what `switchboard serve` relays with: this build's
// version, the working directory, serve's arguments and the environment
// (sent over the 0600 socket to a daemon of the same uid; the daemon
// never logs it), and `daemon run` to start a daemon.
func bridgeOptions(e *Env, serveArgs []string) (*daemon.BridgeOptions, error) {
	p, err := daemon.Dir(e.Getenv)
	if err != nil {
		return nil, err
	}
	env := map[string]string{}
	for _, kv := range e.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	return &daemon.BridgeOptions{
		Connect: daemon.ConnectOptions{
			Paths:   p,
			Command: []string{e.Executable, "daemon", daemonRunCmd},
			Env:     e.Environ(),
			Stderr:  e.Stderr,
			Hello: &daemon.Hello{
				Version: daemonVersion(e), Cwd: e.Dir, Args: serveArgs, Env: env,
				PID: os.Getpid(), Kind: daemon.KindSession,
			},
		},
		Logger: slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		Stderr: e.Stderr,
		// SWITCHBOARD_HANDOFF=0 keeps the bridge relaying (to compare, or
		// to rule the handoff out).
		NoHandoff: e.Getenv("SWITCHBOARD_HANDOFF") == "0",
	}, nil
}

// runBridge is `switchboard serve` in daemon mode: relay stdin/stdout to
// the user's daemon, starting it when none runs.
func runBridge(ctx context.Context, e *Env, serveArgs []string) error {
	o, err := bridgeOptions(e, serveArgs)
	if err != nil {
		fmt.Fprintf(e.Stderr, "switchboard: no place for the daemon's socket: %v\n", err)
		return errNoDaemonDir
	}
	err = daemon.Bridge(ctx, o, e.Stdin, e.Stdout)
	if errors.Is(err, daemon.ErrUnusableSocket) {
		// Found before any byte of the client was read: this session
		// can still be served here.
		fmt.Fprintf(e.Stderr, "switchboard: %v\n", err)
		return errNoDaemonDir
	}
	if errors.Is(err, daemon.ErrNotAnswering) {
		// A stopped or stuck daemon held the agent's server for 5 s and
		// then failed it: nothing of the client was read yet.
		fmt.Fprintf(e.Stderr, "switchboard: %v\n", err)
		return errNoDaemonDir
	}
	if errors.Is(err, daemon.ErrNotStarted) {
		// A daemon that cannot start (a read-only or full disk under its
		// runtime directory) must not leave the agent without a server:
		// nothing of the client was read yet, so serve it here.
		fmt.Fprintf(e.Stderr, "switchboard: %v\n", err)
		return errNoDaemonDir
	}
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// newDaemonHandler is what the daemon serves sessions with: one hub (the
// pool, the sandbox workers, pins and the audit log, shared by every
// session) and, per connection, a session of it for the bridge's working
// directory, serve arguments and environment.
func newDaemonHandler(e *Env, log *slog.Logger) (*hubHandler, error) {
	p := e.paths(&configFlags{})
	p.project = "" // each session finds its own project from its workspace
	if p.user != "" {
		// The user config's directory must exist to be watched: on a fresh
		// machine the first `switchboard add` creates the file in it, and
		// the sessions running must see it.
		os.MkdirAll(filepath.Dir(p.user), 0o700)
	}
	h, err := hub.New(e.hubOptions(p, stackOptions{audit: true, telemetry: true, logWhere: "the daemon's log (switchboard daemon logs)"}, log))
	if err != nil {
		return nil, err
	}
	return &hubHandler{h: h, log: log, state: p.state, version: daemonVersion(e)}, nil
}

// hubHandler serves daemon sessions from one shared hub.
type hubHandler struct {
	h       *hub.Hub
	log     *slog.Logger
	state   string
	version string
	page    page      // the status page (ui.go), from the first `switchboard ui`
	warns   *warnings // the daemon's latest warnings (nil: none kept)
}

// daemonStatus is the hub's status and the daemon's latest warnings.
type daemonStatus struct {
	hub.Status
	Warnings []string `json:"warnings,omitempty"`
}

func (d *hubHandler) Status() any {
	st := daemonStatus{Status: d.h.Status()}
	if d.warns != nil {
		st.Warnings = d.warns.latest()
	}
	return st
}

// Open opens a session of the hub for the bridge's hello: its config is
// loaded here, so that a config that does not load is the hello's reply
// (the bridge prints it and exits, as a standalone serve does).
func (d *hubHandler) Open(ctx context.Context, hello *daemon.Hello) (daemon.Session, error) {
	var cf configFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cf.register(fs)
	fs.Bool("standalone", false, "")
	if err := fs.Parse(hello.Args); err != nil {
		return nil, fmt.Errorf("serve arguments %q: %w", hello.Args, err)
	}
	log := d.log.With("session", hello.ID)
	notes := &noticeSink{log: log}
	so := &hub.SessionOptions{Workspace: hello.Cwd, Env: hello.Env, ConfigPath: cf.config, ProjectPath: cf.project, AllowDemo: true, ID: hello.ID, Stderr: notes}
	s, err := d.h.Open(ctx, so)
	if err != nil {
		return nil, err
	}
	if demo := s.Loaded().Demo; demo != "" {
		fmt.Fprintf(notes, "switchboard: %s\n", demo) // as a standalone serve says it
	}
	return &daemonSession{s: s, hello: hello, log: log, notes: notes}, nil
}

// noticeSink is a daemon session's stderr: the notices of its start are
// kept for the hello's reply (the bridge prints them on the client's
// stderr); once they are taken, later ones (a reload's) go to the log.
type noticeSink struct {
	log   *slog.Logger
	mu    sync.Mutex
	lines []string
	taken bool
}

func (n *noticeSink) Write(p []byte) (int, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, l := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		l = strings.TrimPrefix(l, "switchboard: ")
		if n.taken {
			n.log.Warn(l)
		} else if len(n.lines) < 100 {
			n.lines = append(n.lines, l)
		}
	}
	return len(p), nil
}

// take returns the start's notices; later writes go to the log.
func (n *noticeSink) take() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.taken = true
	return n.lines
}

// daemonSession is a daemon.Session over one hub.Session.
type daemonSession struct {
	s     *hub.Session
	hello *daemon.Hello
	log   *slog.Logger
	notes *noticeSink
}

func (h *daemonSession) Notices() []string { return h.notes.take() }

func (h *daemonSession) Serve(ctx context.Context, c *daemon.Client) error {
	t := &server.StdioTransport{Reader: c.In, Writer: c.Out, Logger: h.log, LinesRead: c.LinesRead}
	if c.Journal != nil {
		t.Journal = c.Journal // not a nil *daemon.Journal in the interface
	}
	if err := h.s.Serve(ctx, t); err != nil && ctx.Err() == nil {
		return fmt.Errorf("session %s (client pid %d): %w", h.hello.ID, h.hello.PID, err)
	}
	return nil
}

func (h *daemonSession) Close() { h.s.Close() }

// Close stops every backend and worker of the hub.
func (d *hubHandler) Close() { d.page.close(); d.h.Close() }
