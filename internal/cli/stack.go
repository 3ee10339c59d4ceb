package cli

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/hub"
	"github.com/switchboard-mcp/switchboard/internal/server"
	"github.com/switchboard-mcp/switchboard/internal/telemetry"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// configFlags locate the configuration; every subcommand has them.
type configFlags struct {
	config  string
	project string
	noDemo  bool
}

func (c *configFlags) register(fs *flag.FlagSet) {
	fs.Var((*pathValue)(&c.config), "config", "config `file` (default $XDG_CONFIG_HOME/switchboard/config.json)")
	fs.Var((*pathValue)(&c.project), "project", "project config `file` (default: "+config.ProjectFile+" found by walking up from the working directory)")
}

// paths are the files and directories a command uses.
type paths struct {
	user, project string // config files; either may not exist
	cache, state  string // $XDG_CACHE_HOME/switchboard, $XDG_STATE_HOME/switchboard
}

func (e *Env) paths(cf *configFlags) paths {
	home := e.Getenv("HOME")
	d := config.UserDirs(e.Getenv) // OS conventions; XDG_* honoured
	p := paths{user: config.UserPath(e.Getenv), cache: d.Cache, state: d.State}
	if cf.config != "" {
		p.user = e.abs(cf.config)
	}
	switch {
	case cf.project != "":
		p.project = e.abs(cf.project)
	case cf.config == "":
		p.project = config.FindProject(e.Dir, home)
	}
	return p
}

func (p paths) pins() string { return filepath.Join(p.state, "pins.json") }

// needState is hub.ErrNoStateDir when p has no state directory (neither
// HOME nor XDG_STATE_HOME is an absolute path): the files under it (the
// http token, pins, the trust store, logs) were read and written in the
// working directory instead, a bearer token among them.
func (p paths) needState() error {
	if p.state == "" {
		return hub.ErrNoStateDir
	}
	return nil
}

// trusted is the store of trusted project files.
func (p paths) trusted() string { return allow.StorePath(p.state) }

func (e *Env) abs(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(e.Dir, p)
}

// hubPaths are p as the hub names them.
func (p paths) hub() hub.Paths {
	plugins, _ := config.PluginDirs(p.user, "")
	return hub.Paths{User: p.user, Project: p.project, Cache: p.cache, State: p.state, Plugins: plugins}
}

func fromHub(p hub.Paths) paths {
	return paths{user: p.User, project: p.Project, cache: p.Cache, state: p.State}
}

// loadConfig loads the user and project config. With no file at all and
// allowDemo, it configures the built-in demo backend. Notices (an
// untrusted project file, a disabled server) go to stderr.
func (e *Env) loadConfig(cf *configFlags, allowDemo bool) (*config.Config, paths, error) {
	p := e.paths(cf)
	l, err := hub.Load(&hub.LoadOptions{Paths: p.hub(), Explicit: cf.config, Project: cf.project, Dir: e.Dir, Home: e.Getenv("HOME"), AllowDemo: allowDemo, DemoCommand: e.demoCommand()})
	if err != nil {
		return nil, fromHub(l.Paths), err
	}
	for _, n := range l.Notices {
		fmt.Fprintf(e.Stderr, "switchboard: %s\n", n)
	}
	for _, w := range l.Config.Warnings {
		fmt.Fprintf(e.Stderr, "switchboard: warning: %s\n", w)
	}
	return l.Config, fromHub(l.Paths), nil
}

func (e *Env) demoCommand() []string { return []string{e.Executable, demoBackendCmd} }

// untrustedNotice is the one line said about a project file the user has
// not trusted (or changed since).
func untrustedNotice(project string, status allow.Status) string {
	return hub.UntrustedNotice(project, status)
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string { return hub.ShellQuote(s) }

// stack is a running Switchboard in this process: a hub with one session
// for this process's working directory and environment.
type stack struct {
	e     *Env
	h     *hub.Hub
	sess  *hub.Session
	cfg   *config.Config
	paths paths
	cat   *catalog.Catalog // the session's catalog at start (currentCat follows reloads)
	srv   *server.Server
	log   *slog.Logger
	demo  string // why the demo backend is served; "" when it is not
}

type stackOptions struct {
	inProcessScripts bool // run scripts in this process (one-shot CLI commands)
	audit            bool // record backend calls in the audit log
	telemetry        bool // export OpenTelemetry as the OTEL_* environment says (serving processes)
	quiet            bool // log errors only: the command reports problems itself
	// logWhere says where the log goes, for a client told that a
	// request's handler panicked; "" is this process's stderr.
	logWhere string
}

// hubOptions are the hub options of this process: paths and commands
// from e.
func (e *Env) hubOptions(p paths, so stackOptions, log *slog.Logger) *hub.Options {
	o := &hub.Options{
		UserConfig:    p.user,
		CacheDir:      p.cache,
		StateDir:      p.state,
		Home:          e.Getenv("HOME"),
		ReaperCommand: []string{e.Executable, reaperCmd}, // used where it can be
		DemoCommand:   e.demoCommand(),
		Audit:         so.audit,
		Version:       Version(),
		Logger:        log,
		LogWhere:      so.logWhere,
	}
	if o.LogWhere == "" {
		o.LogWhere = fmt.Sprintf("the stderr of switchboard (pid %d)", os.Getpid())
	}
	if why := cacheInTheWay(e, p.cache); why != "" {
		// The cache keeps nothing a user would lose: the command works
		// without it, saying so once, where XDG_CONFIG_HOME or
		// XDG_STATE_HOME set to a file fail it (dirHint).
		fmt.Fprintf(e.Stderr, "switchboard: %s\n", why)
		o.NoCache = true
	}
	if !so.inProcessScripts {
		o.SandboxCommand = []string{e.Executable, sandboxWorkerCmd}
	}
	if so.telemetry {
		t, err := telemetry.New(context.Background(), telemetry.Options{Getenv: e.Getenv, Version: Version(), Logger: log})
		if err != nil {
			log.Warn("serving without telemetry", "err", err)
		}
		o.Telemetry = t
	}
	return o
}

// environ is e's environment as a map.
func (e *Env) environ() map[string]string {
	m := map[string]string{}
	for _, kv := range e.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
			m[k] = v
		}
	}
	return m
}

func (e *Env) openStack(cf *configFlags, allowDemo bool, so stackOptions) (*stack, error) {
	p := e.paths(cf)
	level := slog.LevelWarn
	if so.quiet {
		level = slog.LevelError
	}
	log := slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: level}))
	h, err := hub.New(e.hubOptions(p, so, log))
	if err != nil {
		return nil, err
	}
	sess, err := h.Open(context.Background(), &hub.SessionOptions{Workspace: e.Dir, Env: e.environ(), ConfigPath: cf.config, ProjectPath: cf.project, AllowDemo: allowDemo, Stderr: e.Stderr})
	if err != nil {
		h.Close()
		return nil, err
	}
	l := sess.Loaded()
	return &stack{e: e, h: h, sess: sess, cfg: l.Config, paths: fromHub(l.Paths), cat: sess.Catalog(), srv: sess.Server(), log: log, demo: l.Demo}, nil
}

// useRoot switches the session to what applies in dir, a root of the
// client's (see hub.Session.UseRoot).
func (st *stack) useRoot(project, dir string) error { return st.sess.UseRoot(project, dir) }

// currentCat is the catalog serving now (a reload or roots may replace it).
func (st *stack) currentCat() *catalog.Catalog { return st.sess.Catalog() }

func (st *stack) Close() { st.h.Close() }

// ago formats a duration for people.
func ago(d time.Duration) string {
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Hour:
		return d.Round(time.Second).String()
	}
	return d.Round(time.Minute).String()
}

// shadowing reports servers and tools that imitate another configured
// server, from the names and the tool lists known now.
func (st *stack) shadowing() []string {
	cat := st.currentCat()
	m := map[string][]string{}
	for _, n := range cat.Servers() {
		var names []string
		if tools, ok := cat.RawTools(n); ok {
			for _, t := range tools {
				names = append(names, t.Name)
			}
		}
		m[n] = names
	}
	var out []string
	for _, w := range trust.Shadowing(m) {
		out = append(out, w.Reason)
	}
	return out
}
