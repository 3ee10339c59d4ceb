package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/audit"
	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/demo"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/sandbox"
	"github.com/switchboard-mcp/switchboard/internal/server"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// configFlags locate the configuration; every subcommand has them.
type configFlags struct {
	config  string
	project string
	noDemo  bool
}

func (c *configFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.config, "config", "", "config file (default $XDG_CONFIG_HOME/switchboard/config.json)")
	fs.StringVar(&c.project, "project", "", "project config file (default: "+config.ProjectFile+" found by walking up from the working directory)")
}

// paths are the files and directories a command uses.
type paths struct {
	user, project string // config files; either may not exist
	cache, state  string // $XDG_CACHE_HOME/switchboard, $XDG_STATE_HOME/switchboard
}

func (e *Env) paths(cf *configFlags) paths {
	home := e.Getenv("HOME")
	xdg := func(name, fallback string) string {
		if d := e.Getenv(name); d != "" && filepath.IsAbs(d) {
			return filepath.Join(d, "switchboard")
		}
		return filepath.Join(home, fallback, "switchboard")
	}
	p := paths{user: config.UserPath(e.Getenv), cache: xdg("XDG_CACHE_HOME", ".cache"), state: xdg("XDG_STATE_HOME", filepath.Join(".local", "state"))}
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

// trusted is the store of trusted project files.
func (p paths) trusted() string { return allow.StorePath(p.state) }

func (e *Env) abs(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(e.Dir, p)
}

// loadConfig loads the user and project config. With no file at all and
// allowDemo, it configures the built-in demo backend. Notices (an
// untrusted project file, a disabled server) go to stderr.
func (e *Env) loadConfig(cf *configFlags, allowDemo bool) (*config.Config, paths, error) {
	l, err := e.load(cf, allowDemo)
	if err != nil {
		return nil, l.paths, err
	}
	return l.cfg, l.paths, nil
}

// loaded is a configuration and what the user should hear about it.
type loaded struct {
	cfg     *config.Config
	paths   paths
	notices []string // one line each, for stderr and the list_tools index
	demo    string   // set when serving the built-in demo backend: why
}

func (e *Env) load(cf *configFlags, allowDemo bool) (loaded, error) {
	p := e.paths(cf)
	l := loaded{paths: p}
	if cf.config != "" {
		if _, err := os.Stat(p.user); errors.Is(err, os.ErrNotExist) {
			return l, fmt.Errorf("config file %s does not exist", p.user)
		} else if err != nil {
			return l, fmt.Errorf("config file: %w", err)
		}
	}
	if cf.project != "" {
		if st, err := os.Stat(p.project); err == nil && st.IsDir() {
			p.project = filepath.Join(p.project, config.ProjectFile) // a project directory
			l.paths = p
		}
		if _, err := os.Stat(p.project); errors.Is(err, os.ErrNotExist) {
			return l, fmt.Errorf("project config %s (--project) does not exist", p.project)
		} else if err != nil {
			return l, fmt.Errorf("project config %s: %w", p.project, err)
		}
	}
	dir := e.Dir
	if p.project != "" {
		dir = filepath.Dir(p.project)
	}
	cfg, notices, err := readConfig(p, p.project, dir)
	if err != nil {
		return l, err
	}
	l.cfg, l.notices = cfg, notices
	for _, n := range notices {
		fmt.Fprintf(e.Stderr, "switchboard: %s\n", n)
	}
	for _, w := range cfg.Warnings {
		fmt.Fprintf(e.Stderr, "switchboard: warning: %s\n", w)
	}
	if len(cfg.Files) == 0 && allowDemo {
		l.demo = fmt.Sprintf("no config file: serving the built-in demo backend; put your servers in %s (or run `switchboard init`)", p.user)
		cfg.Servers[demo.Name] = &config.Server{Name: demo.Name, Type: config.Stdio, Command: e.Executable, Args: []string{demoBackendCmd}, Source: "built-in demo (no config file at " + p.user + ")"}
	}
	cfg.Settings = cfg.Settings.Defaults()
	return l, nil
}

// readConfig reads the user config of p and the project file project
// (may be ""), which is used only when the user trusts its content.
// Entries of the user's "projects" apply in dir. The notices say which
// project file was ignored and which servers the config disabled.
func readConfig(p paths, project, dir string) (*config.Config, []string, error) {
	var notices []string
	var data []byte
	if project != "" {
		b, err := os.ReadFile(project)
		if err != nil {
			return nil, nil, fmt.Errorf("project config: %w", err)
		}
		status, err := allow.Check(p.trusted(), project, b)
		if err != nil {
			return nil, nil, err
		}
		if status == allow.Trusted {
			data = b
		} else {
			notices = append(notices, untrustedNotice(project, status))
		}
	}
	cfg, err := config.Read(config.Sources{User: p.user, Project: project, ProjectData: data, Dir: dir})
	if err != nil {
		return nil, nil, err
	}
	for _, n := range cfg.Names() {
		if s := cfg.Servers[n]; s.Problem != "" {
			notices = append(notices, redact.Text(fmt.Sprintf("server %q is disabled: %s", n, strings.ReplaceAll(s.Problem, "\n", "; "))))
		}
	}
	return cfg, notices, nil
}

// untrustedNotice is the one line said about a project file the user has
// not trusted (or changed since).
func untrustedNotice(project string, status allow.Status) string {
	return fmt.Sprintf("project config %s %s, ignored: review it, then run `switchboard trust %s`", project, status, shellQuote(project))
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// stack is a running Switchboard: pool, catalog, sandbox and server.
type stack struct {
	e       *Env
	mu      sync.Mutex // guards cfg, pool, cat, notices and paths.project after start
	cfg     *config.Config
	notices []string // about the config, shown in the list_tools index
	paths   paths
	pool    *pool.Pool
	cat     *catalog.Catalog
	sb      *sandbox.Sandbox
	srv     *server.Server
	pins    *trust.Store
	audit   *audit.Log
	log     *slog.Logger
	demo    string // why the demo backend is served; "" when it is not
}

type stackOptions struct {
	inProcessScripts bool // run scripts in this process (one-shot CLI commands)
	audit            bool // record backend calls in the audit log
}

func (e *Env) openStack(cf *configFlags, allowDemo bool, so stackOptions) (*stack, error) {
	l, err := e.load(cf, allowDemo)
	if err != nil {
		return nil, err
	}
	cfg, p := l.cfg, l.paths
	if l.demo != "" {
		l.notices = append(l.notices, l.demo)
	}
	st := &stack{e: e, cfg: cfg, paths: p, notices: l.notices, demo: l.demo, log: slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	pins, err := trust.OpenStoreWith(p.pins(), &trust.StoreOptions{Logger: st.log})
	if err != nil {
		return nil, err
	}
	st.pins = pins
	st.pool, st.cat = st.backends(cfg)
	sbOpts := &sandbox.Options{Workers: cfg.Settings.MaxScripts, MemoryLimit: int64(cfg.Settings.ScriptMemoryMB) << 20, Lazy: true}
	if !so.inProcessScripts {
		sbOpts.Command = []string{e.Executable, sandboxWorkerCmd}
	}
	st.sb = sandbox.New(sbOpts)
	var rec server.Recorder
	if so.audit {
		if l, err := audit.Open(filepath.Join(p.state, "audit.jsonl"), nil); err != nil {
			st.log.Warn("audit log disabled", "err", err)
		} else {
			st.audit = l
			rec = auditRecorder{l}
		}
	}
	st.srv = server.New(server.Options{Catalog: st.cat, Caller: st.pool, Runner: st.sb, Settings: cfg.Settings, Recorder: rec, Version: Version(), Logger: st.log, Notices: st.currentNotices})
	return st, nil
}

// latestProtocol is the newest MCP revision the SDK speaks; a backend
// that spoke an older one last time is asked for that one directly.
const latestProtocol = "2026-07-28"

// backends builds the pool and the catalog for cfg. Nothing starts.
func (st *stack) backends(cfg *config.Config) (*pool.Pool, *catalog.Catalog) {
	e, p := st.e, st.paths
	var cat *catalog.Catalog
	pl := pool.New(cfg.Servers, &pool.Options{
		Settings: cfg.Settings,
		Backend: backend.Options{
			Env:      e.Environ(),
			Resolver: config.Resolver{Getenv: e.LookupEnv, ReadFile: os.ReadFile, Home: e.Getenv("HOME"), Roots: fileRoots(e.Getenv("HOME"), cfg.ProjectDir)},
			LogDir:   filepath.Join(p.state, "logs"),
			Logger:   st.log,
			Reaper:   []string{e.Executable, reaperCmd}, // used where it can be
		},
		OnToolsChanged: func(server string) {
			cat.Invalidate(server, cfg.Settings.StartTimeout.D())
		},
		// Ask a backend for the version it spoke last time: an older
		// backend then needs no server/discover probe.
		ProtocolVersion: func(server string) string {
			if l, _, ok := cat.Info(server); ok && l.ProtocolVersion < latestProtocol {
				return l.ProtocolVersion
			}
			return ""
		},
	})
	cat = catalog.New(cfg.Servers, poolSource{pl}, &catalog.Options{
		CacheDir: filepath.Join(p.cache, "catalog"),
		Logger:   st.log,
		Vetter: &catalog.TrustVetter{
			Pins: st.pins, QuarantineNew: cfg.Settings.QuarantineNewServers, ReadOnly: cfg.Settings.ReadOnly,
			Logger: st.log, InspectCache: filepath.Join(p.cache, "inspect.json"),
		},
		OnChange: func(server string) {
			if st.srv != nil {
				st.srv.CatalogChanged(server)
			}
		},
	})
	return pl, cat
}

// useRoot switches to the user config plus what applies in dir, a root
// of the client's (MCP roots): the project file project (may be ""),
// used only when the user trusts it, and the user's "projects" entries
// for dir. A new pool and catalog replace the old, whose backends are
// stopped. Settings that bound scripts stay those of the start. With
// nothing to add, only the notices change.
func (st *stack) useRoot(project, dir string) error {
	cfg, notices, err := readConfig(st.paths, project, dir)
	if err != nil {
		return err
	}
	for _, n := range notices {
		st.log.Warn(n)
	}
	for _, w := range cfg.Warnings {
		st.log.Warn(w)
	}
	if cfg.ProjectDir == "" {
		// An untrusted project file and no "projects" entry: keep serving
		// the user config, and say why in the index.
		st.mu.Lock()
		added := false
		for _, n := range notices {
			if !slices.Contains(st.notices, n) {
				st.notices, added = append(st.notices, n), true
			}
		}
		cat, pl := st.cat, st.pool
		st.mu.Unlock()
		if added {
			st.srv.Swap(cat, pl) // the index shows the new notice
		}
		return nil
	}
	cfg.Settings = cfg.Settings.Defaults()
	pl, cat := st.backends(cfg)
	st.mu.Lock()
	old := st.pool
	st.cfg, st.pool, st.cat, st.notices = cfg, pl, cat, notices
	if cfg.ProjectDir == filepath.Dir(project) {
		st.paths.project = project
	}
	st.mu.Unlock()
	st.srv.Swap(cat, pl)
	go old.Close()
	return nil
}

// currentNotices are the lines about the config shown in the index.
func (st *stack) currentNotices() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return slices.Clone(st.notices)
}

// currentCat is the catalog serving now (useRoot may replace it).
func (st *stack) currentCat() *catalog.Catalog {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.cat
}

// fileRoots are the directories ${file:} may read in.
func fileRoots(home, project string) []string {
	var out []string
	for _, d := range []string{home, project} {
		if d != "" && filepath.IsAbs(d) {
			out = append(out, d)
		}
	}
	return out
}

// currentPool is the pool serving now (useProject may replace it).
func (st *stack) currentPool() *pool.Pool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.pool
}

func (st *stack) Close() {
	st.sb.Close()
	st.currentPool().Close()
	if st.audit != nil {
		st.audit.Close()
	}
}

// auditRecorder writes backend calls to the audit log.
type auditRecorder struct{ l *audit.Log }

func (a auditRecorder) Record(srv, tool string, args json.RawMessage, res *mcp.CallToolResult, err error, elapsedMS float64) {
	e := audit.Entry{Time: time.Now().Add(-time.Duration(elapsedMS * float64(time.Millisecond))), Server: srv, Tool: tool, Args: args, Duration: time.Duration(elapsedMS * float64(time.Millisecond)), Outcome: audit.OK}
	switch {
	case errors.Is(err, server.ErrCancelled):
		e.Outcome, e.Err = audit.Cancelled, err.Error()
	case err != nil:
		e.Outcome, e.Err = audit.Error, err.Error()
	case res != nil && res.IsError:
		e.Outcome = audit.ToolError
	}
	a.l.Record(e)
}

// poolSource adapts the pool to the catalog's Source.
type poolSource struct{ p *pool.Pool }

func (s poolSource) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	l, err := s.p.ListAll(ctx, server)
	if err != nil {
		return nil, err
	}
	info := l.Info
	return &catalog.Listing{Tools: l.Tools, Resources: l.Resources, Prompts: l.Prompts, ProtocolVersion: info.ProtocolVersion, ServerName: info.ServerName, ServerVersion: info.ServerVersion, Instructions: info.Instructions}, nil
}

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
