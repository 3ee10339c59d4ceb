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
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/audit"
	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/demo"
	"github.com/switchboard-mcp/switchboard/internal/pool"
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

func (e *Env) abs(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(e.Dir, p)
}

// loadConfig loads the user and project config. With no file at all and
// allowDemo, it configures the built-in demo backend.
func (e *Env) loadConfig(cf *configFlags, allowDemo bool) (*config.Config, paths, error) {
	p := e.paths(cf)
	if cf.config != "" {
		if _, err := os.Stat(p.user); errors.Is(err, os.ErrNotExist) {
			return nil, p, fmt.Errorf("config file %s does not exist", p.user)
		} else if err != nil {
			return nil, p, fmt.Errorf("config file: %w", err)
		}
	}
	cfg, err := config.Load(p.user, p.project)
	if err != nil {
		return nil, p, err
	}
	for _, w := range cfg.Warnings {
		fmt.Fprintf(e.Stderr, "switchboard: warning: %s\n", w)
	}
	if len(cfg.Files) == 0 && allowDemo {
		cfg.Servers[demo.Name] = &config.Server{Name: demo.Name, Type: config.Stdio, Command: e.Executable, Args: []string{demoBackendCmd}, Source: "built-in demo (no config file at " + p.user + ")"}
	}
	cfg.Settings = cfg.Settings.Defaults()
	return cfg, p, nil
}

// stack is a running Switchboard: pool, catalog, sandbox and server.
type stack struct {
	e     *Env
	mu    sync.Mutex // guards cfg, pool, cat and paths.project after start
	cfg   *config.Config
	paths paths
	pool  *pool.Pool
	cat   *catalog.Catalog
	sb    *sandbox.Sandbox
	srv   *server.Server
	pins  *trust.Store
	audit *audit.Log
	log   *slog.Logger
}

type stackOptions struct {
	inProcessScripts bool // run scripts in this process (one-shot CLI commands)
	audit            bool // record backend calls in the audit log
}

func (e *Env) openStack(cf *configFlags, allowDemo bool, so stackOptions) (*stack, error) {
	cfg, p, err := e.loadConfig(cf, allowDemo)
	if err != nil {
		return nil, err
	}
	st := &stack{e: e, cfg: cfg, paths: p, log: slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	pins, err := trust.OpenStore(p.pins())
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
	st.srv = server.New(server.Options{Catalog: st.cat, Caller: st.pool, Runner: st.sb, Settings: cfg.Settings, Recorder: rec, Version: Version(), Logger: st.log})
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
			Resolver: config.Resolver{Getenv: e.LookupEnv, ReadFile: os.ReadFile, Home: e.Getenv("HOME")},
			LogDir:   filepath.Join(p.state, "logs"),
			Logger:   st.log,
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

// useProject switches to the user config plus the project config at
// path (found from the client's MCP roots): a new pool and catalog
// replace the old, whose backends are stopped. Settings that bound
// scripts stay those of the start.
func (st *stack) useProject(path string) error {
	cfg, err := config.Load(st.paths.user, path)
	if err != nil {
		return err
	}
	cfg.Settings = cfg.Settings.Defaults()
	for _, w := range cfg.Warnings {
		st.log.Warn(w)
	}
	pl, cat := st.backends(cfg)
	st.mu.Lock()
	old := st.pool
	st.cfg, st.pool, st.cat, st.paths.project = cfg, pl, cat, path
	st.mu.Unlock()
	st.srv.Swap(cat, pl)
	go old.Close()
	return nil
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
	m := map[string][]string{}
	for _, n := range st.cat.Servers() {
		var names []string
		if tools, ok := st.cat.RawTools(n); ok {
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
