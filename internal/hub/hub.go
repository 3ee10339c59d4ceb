// Package hub is what one Switchboard process shares among its client
// sessions: the pool of backends (keyed by launch identity), the script
// sandbox, the pins store, the audit log and the catalog cache. Each
// connected client is a Session with its own workspace, environment,
// merged config and view (catalog, launches, MCP server); sessions whose
// launches of a server are identical share that backend.
//
// `serve --standalone` and the one-shot CLI commands are one Hub with one
// Session; the daemon is one Hub with a Session per bridge.
package hub

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/audit"
	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/rawio"
	"github.com/switchboard-mcp/switchboard/internal/sandbox"
	"github.com/switchboard-mcp/switchboard/internal/server"
	"github.com/switchboard-mcp/switchboard/internal/telemetry"
	"github.com/switchboard-mcp/switchboard/internal/trust"
	"github.com/switchboard-mcp/switchboard/internal/workspace"
)

// Options configure a Hub. Paths must be absolute; nothing is read from
// the process environment.
type Options struct {
	// UserConfig is the default user config file (a session's
	// ConfigPath overrides it).
	UserConfig string
	// CacheDir and StateDir are $XDG_CACHE_HOME/switchboard and
	// $XDG_STATE_HOME/switchboard; both must be absolute (New refuses
	// others).
	CacheDir, StateDir string
	// NoCache: tool lists and tool inspections are not kept in CacheDir
	// (a file stands where it should be; the caller said so): each
	// backend is started to list its tools, and nothing is logged per
	// server about the cache.
	NoCache bool
	// Home is the user's home directory (~ in ${file:}, where project
	// files are no longer looked for, a ${file:} root).
	Home string
	// Settings are the hub-wide settings: the sandbox (maxScripts,
	// scriptMemoryMB) and the pool (maxConnections and the defaults of
	// the timeouts). Nil takes those of the first session opened.
	Settings *config.Settings
	// SandboxCommand starts a script worker ([exe, "__sandbox-worker"]);
	// nil runs scripts in this process (one-shot CLI commands).
	SandboxCommand []string
	// ReaperCommand starts stdio backends through the reaper where it can
	// ([exe, "__reaper"]); nil starts them directly.
	ReaperCommand []string
	// DemoCommand is the built-in demo backend ([exe, "__demo-backend"]).
	DemoCommand []string
	// Audit records backend calls in StateDir/audit.jsonl.
	Audit bool
	// Telemetry exports traces and metrics of executes, backend calls,
	// backend starts and crashes and the sandbox queue; nil is off. The
	// hub shuts it down on Close.
	Telemetry *telemetry.Telemetry
	// Version is ours, sent to clients.
	Version string
	// Logger receives diagnostics; nil discards them.
	Logger *slog.Logger
	// LogWhere says where Logger's records go, for a client told that a
	// request's handler panicked (server.Options.LogWhere).
	LogWhere string
	// Start starts a backend; nil means backend.Start (tests inject fakes).
	Start func(ctx context.Context, spec *config.Server, o *backend.Options) (pool.Conn, error)
	// ReloadDelay is how long after a config file changed the sessions
	// that loaded it reload (changes within it fold into one); 0 means
	// 100ms.
	ReloadDelay time.Duration
	// RecheckEvery is how often the config files' identities (the file's
	// and its directory's device and inode) are compared with what was
	// loaded, for what no watch reports: a directory above the config's
	// (XDG_CONFIG_HOME, ~/.config) renamed away, or replaced; 0 means 2s.
	RecheckEvery time.Duration
}

// Hub holds what its sessions share. Its methods are safe for concurrent
// use.
type Hub struct {
	o   Options
	log *slog.Logger
	// testReroot, nil but in tests, is called with what a session's
	// re-reading of its client's roots found, before it moves there.
	testReroot func(file, dir string)
	// testReload, nil but in tests, is called before the config
	// watcher's timer reloads a session.
	testReload func()
	// testWatchEvent, nil but in tests, is called with each file event
	// the config watcher's loop reads; testFresh before a sync request
	// re-resolves a session's servers on the watcher's goroutine.
	testWatchEvent func(name string)
	testFresh      func()
	pins           *trust.Store
	// pinsCorrupt is the pins store's warning once it moved a corrupt
	// file aside (every session's notices show it); nil: none.
	pinsCorrupt atomic.Pointer[string]
	// texts keeps the poisoning rules' findings on resources' and
	// prompts' text for every session's vetter.
	texts catalog.TextFindings
	// shared keeps every session's catalog's last verdict on a listing
	// and the cache files they wrote, so that the sessions using one
	// backend vet its listing and write its cache once.
	shared catalog.Shared
	audit  *auditLog // nil: not recording
	// stateStat stats the files of StateDir that every call looks at
	// (a workspace's sync file) without waking the runtime's monitor
	// thread (rawio).
	stateStat rawio.Statter
	start     time.Time
	calls     callRing // the last backend calls, for the status page (calls.go)

	mu       sync.Mutex
	pool     *pool.Pool       // created with the first session (settings)
	sb       *sandbox.Sandbox // likewise
	set      config.Settings
	sessions map[string]*Session
	nextID   int
	closed   bool
	watch    *watcher
	// workspaces are shared by the sessions in one root (workspace.go),
	// held weakly: the sessions hold them.
	workspaces map[string]weak.Pointer[workspace.Workspace]
}

// ErrNoStateDir is New's error without absolute state and cache
// directories.
var ErrNoStateDir = errors.New("no directory for Switchboard's state and cache: neither HOME nor XDG_STATE_HOME and XDG_CACHE_HOME is an absolute path; set HOME (pins, the tool cache and logs live under it, never in the working directory)")

// New returns a hub. It opens the pins store and (with Audit) the audit
// log; no backend or worker starts.
func New(o *Options) (*Hub, error) {
	h := &Hub{sessions: map[string]*Session{}, start: time.Now()}
	if o != nil {
		h.o = *o
	}
	h.log = h.o.Logger
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if !filepath.IsAbs(h.o.StateDir) || !filepath.IsAbs(h.o.CacheDir) {
		// "" (no HOME, no XDG_*: an `env -i` launcher) put pins.json,
		// the catalog cache, the audit log and the logs in the working
		// directory, often a repository, whose own pins.json and
		// catalog/ were then read as ours: approvals a clone could ship.
		return nil, ErrNoStateDir
	}
	pins, err := trust.OpenStoreWith(filepath.Join(h.o.StateDir, "pins.json"), &trust.StoreOptions{Logger: h.log, OnCorrupt: func(w string) {
		// The daemon's log is not the agent's: a pins file cut in half
		// started every server afresh without a word to the client.
		h.pinsCorrupt.Store(&w)
	}})
	if err != nil {
		return nil, err
	}
	h.pins = pins
	h.stateStat = rawio.StatterFor(h.o.StateDir)
	if h.o.Audit {
		h.audit = openAudit(filepath.Join(h.o.StateDir, "audit.jsonl"), &audit.Options{Logger: h.log}, h.log)
	}
	if h.o.Settings != nil {
		h.setup(*h.o.Settings)
	}
	return h, nil
}

// paths are the hub's default paths.
func (h *Hub) paths() Paths {
	user, _ := config.PluginDirs(h.o.UserConfig, "")
	return Paths{User: h.o.UserConfig, Cache: h.o.CacheDir, State: h.o.StateDir, Plugins: user, Home: h.o.Home}
}

// setup creates the pool and the sandbox with set, once.
func (h *Hub) setup(set config.Settings) {
	if h.pool != nil {
		return
	}
	set = set.Defaults()
	h.set = set
	h.pool = pool.New(&pool.Options{
		Settings: set,
		Backend: backend.Options{
			LogDir: filepath.Join(h.o.StateDir, "logs"),
			Logger: h.log,
			Reaper: h.o.ReaperCommand,
		},
		Start:             h.o.Start,
		OnToolsChanged:    h.toolsChanged,
		OnResourceUpdated: h.resourceUpdated, // resources.go
		OnListed:          h.listed,
		OnLog:             h.logged,
		ProtocolVersion:   h.protocolVersion,
		OnStart:           h.o.Telemetry.BackendStarted, // nil-safe
		OnCrash:           h.o.Telemetry.BackendCrashed,
	})
	h.sb = sandbox.New(&sandbox.Options{Command: h.o.SandboxCommand, Workers: set.MaxScripts, MemoryLimit: int64(set.ScriptMemoryMB) << 20, Lazy: true, Logger: h.log})
	h.o.Telemetry.ObserveQueue(h.sb.Waiting)
}

// users calls fn for every session's server name whose launch has key.
func (h *Hub) users(key string, fn func(s *Session, v *view, name string)) {
	h.mu.Lock()
	ss := make([]*Session, 0, len(h.sessions))
	for _, s := range h.sessions {
		ss = append(ss, s)
	}
	h.mu.Unlock()
	for _, s := range ss {
		v := s.current()
		for name, l := range v.all() {
			if l.Key == key {
				fn(s, v, name)
			}
		}
	}
}

// toolsChanged routes a backend's tools/list_changed to every session's
// catalog that uses it.
func (h *Hub) toolsChanged(key string) {
	h.users(key, func(s *Session, v *view, name string) {
		v.cat.Invalidate(name, h.set.StartTimeout.D())
	})
}

// malformed turns the tools a backend listed and the pool left out into
// the catalog's withheld entries.
func malformed(ms []backend.Malformed) []catalog.Withheld {
	var out []catalog.Withheld
	for _, m := range ms {
		out = append(out, catalog.Withheld{Tool: m.Name, Reason: m.Reason})
	}
	return out
}

// listed hands the lists of a (re)started backend to every session's
// catalog that uses it, which vets them (pins) before the first call.
func (h *Hub) listed(key string, l *pool.Lists) {
	info := l.Info
	listing := &catalog.Listing{Tools: l.Tools, Resources: l.Resources, ResourceTemplates: l.ResourceTemplates, Prompts: l.Prompts, ProtocolVersion: info.ProtocolVersion, ServerName: info.ServerName, ServerVersion: info.ServerVersion, Instructions: info.Instructions, Malformed: malformed(l.Malformed), Cut: l.Cut}
	h.users(key, func(s *Session, v *view, name string) {
		v.cat.Apply(name, listing)
	})
}

// logged relays a backend's log message that belongs to no single call
// to every session using the backend (each filters by its level).
func (h *Hub) logged(key string, m *mcp.LoggingMessageParams) {
	h.users(key, func(s *Session, v *view, name string) {
		s.srv.Log(context.Background(), name, m)
	})
}

// protocolVersion is the version l's backend spoke last time (from any
// session's catalog), which it is asked for directly: no probe, and no
// second start for a stdio backend that refused the revision the backend
// package asks a stdio backend for first.
func (h *Hub) protocolVersion(l *pool.Launch) string {
	out := ""
	h.users(l.Key, func(s *Session, v *view, name string) {
		if li, _, ok := v.cat.Info(name); ok && li.ProtocolVersion != "" {
			out = li.ProtocolVersion
		}
	})
	return out
}

// Pool returns the hub's pool (nil before the first session).
func (h *Hub) Pool() *pool.Pool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.pool
}

// Backends returns the pool's status (none before the first session).
func (h *Hub) Backends() []pool.Status {
	if p := h.Pool(); p != nil {
		return p.Status()
	}
	return nil
}

// Status is a snapshot of a hub for `switchboard daemon status`.
type Status struct {
	Pid      int             `json:"pid,omitempty"`
	Uptime   string          `json:"uptime"`
	Sessions []SessionStatus `json:"sessions"`
	Backends []BackendStatus `json:"backends"`
}

// SessionStatus is one session.
type SessionStatus struct {
	ID            string   `json:"id"`
	ClientName    string   `json:"clientName,omitempty"`
	ClientVersion string   `json:"clientVersion,omitempty"`
	Protocol      string   `json:"protocol,omitempty"`
	Workspace     string   `json:"workspace"`
	Root          string   `json:"root,omitempty"` // the workspace root "when" predicates read
	Servers       []string `json:"servers"`
	// Trifecta are the session's last lethal-trifecta decisions (at most
	// 50, oldest first), for the status page.
	Trifecta []server.Decision `json:"trifecta,omitempty"`
}

// BackendStatus is one backend (one launch identity).
type BackendStatus struct {
	Key     string   `json:"key"` // short hash of the launch identity
	Servers []string `json:"servers"`
	// Project is the project that defines its servers
	// (config.Server.Project); Workspace, for a user server, the
	// directory it runs in for its sessions, "*" for every workspace
	// (config.Server.LogWorkspace): a user server used in two
	// workspaces is two backends of one name.
	Project   string   `json:"project,omitempty"`
	Workspace string   `json:"workspace,omitempty"`
	State     string   `json:"state"`
	Pid       int      `json:"pid,omitempty"`
	Uptime    string   `json:"uptime,omitempty"`
	Sessions  []string `json:"sessions"`
	Shared    bool     `json:"shared"`
	LastError string   `json:"lastError,omitempty"`
	// Note is what waits on a backend that restarts again and again
	// (pool.Status.Note).
	Note string `json:"note,omitempty"`
}

// Status returns the sessions and backends now.
func (h *Hub) Status() Status {
	st := Status{Uptime: time.Since(h.start).Round(time.Second).String(), Sessions: []SessionStatus{}, Backends: []BackendStatus{}}
	h.mu.Lock()
	ss := make([]*Session, 0, len(h.sessions))
	for _, s := range h.sessions {
		ss = append(ss, s)
	}
	h.mu.Unlock()
	slices.SortFunc(ss, func(a, b *Session) int { return cmp(a.id, b.id) })
	for _, s := range ss {
		st.Sessions = append(st.Sessions, s.status())
	}
	for _, b := range h.Backends() {
		bs := BackendStatus{Key: b.Key[:min(12, len(b.Key))], Servers: b.Names, Project: b.Project, Workspace: b.Workspace, State: b.State.String(), Pid: b.Pid, Sessions: b.Sessions, Shared: b.Shared, LastError: b.LastError, Note: b.Note}
		if bs.Sessions == nil {
			bs.Sessions = []string{}
		}
		if b.State == pool.Ready {
			bs.Uptime = time.Since(b.Since).Round(time.Second).String()
		}
		st.Backends = append(st.Backends, bs)
	}
	return st
}

func cmp(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Close closes every session, stops every backend and worker, and
// closes the audit log. Idempotent.
func (h *Hub) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	ss := make([]*Session, 0, len(h.sessions))
	for _, s := range h.sessions {
		ss = append(ss, s)
	}
	w := h.watch
	h.mu.Unlock()
	for _, s := range ss {
		s.Close()
	}
	if w != nil {
		w.close()
	}
	if h.sb != nil {
		h.sb.Close()
	}
	if h.pool != nil {
		h.pool.Close()
	}
	h.audit.close()
	if h.o.Telemetry != nil {
		ctx, cancel := context.WithTimeout(context.Background(), telemetryFlush)
		defer cancel()
		if err := h.o.Telemetry.Shutdown(ctx); err != nil {
			h.log.Warn("telemetry: flushing at exit", "err", err)
		}
	}
	return nil
}

// telemetryFlush bounds the flush of telemetry in Close: a collector
// that never answers held it 5 s, all that `daemon stop` waits before
// SIGTERM (the backends' stop before it takes its own time). A collector
// that answers takes milliseconds.
const telemetryFlush = 2 * time.Second

// recorder writes one session's backend calls to the audit log (when
// on) and the hub's recent calls.
type recorder struct {
	l *auditLog
	s *Session
}

func (a recorder) Record(c *pool.Call, res *mcp.CallToolResult, err error, elapsedMS float64) {
	d := time.Duration(elapsedMS * float64(time.Millisecond))
	name, _ := a.s.client()
	e := audit.Entry{Time: time.Now().Add(-d), Session: c.Session, Client: name, Server: c.Server, Tool: c.Tool, Args: c.Args, Duration: d, Outcome: audit.OK}
	switch {
	case errors.Is(err, server.ErrCancelled), errors.Is(err, server.ErrClientCancelled):
		e.Outcome, e.Err = audit.Cancelled, err.Error()
	case err != nil:
		e.Outcome, e.Err = audit.Error, err.Error()
	case res != nil && res.IsError:
		e.Outcome = audit.ToolError
	}
	if a.s.h != nil {
		a.s.h.calls.add(Call{Time: e.Time, Session: e.Session, Client: e.Client, Server: e.Server, Tool: e.Tool, Duration: d, ResultBytes: resultBytes(res), Outcome: e.Outcome, Err: e.Err})
	}
	if l := a.l.get(); l != nil {
		l.Record(e)
	}
}

// RecordDecision writes a lethal-trifecta decision (server.DecisionRecorder).
func (a recorder) RecordDecision(d server.Decision) {
	l := a.l.get()
	if l == nil {
		return
	}
	name, _ := a.s.client()
	l.Record(audit.Entry{Time: d.Time, Session: d.Session, Client: name, Server: d.Server, Tool: d.Tool, Args: d.Args,
		Outcome: audit.Outcome(d.Outcome), Trifecta: &audit.Trifecta{Setting: d.Setting, Source: d.Source, Private: d.Private, Scope: d.Scope, Reason: d.Reason}})
}
