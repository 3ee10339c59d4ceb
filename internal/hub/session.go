package hub

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
	"github.com/switchboard-mcp/switchboard/internal/server"
	"github.com/switchboard-mcp/switchboard/internal/workspace"
)

// SessionOptions describe one client session.
type SessionOptions struct {
	// Workspace is the absolute working directory of the client's bridge
	// (serve's cwd): where the project file is looked for, and the cwd of
	// stdio servers that set none.
	Workspace string
	// Env is the client's environment: the values of ${env:} references
	// and the base of stdio backends' environment.
	Env map[string]string
	// ConfigPath and ProjectPath are serve's --config and --project (may
	// be empty; relative ones are relative to Workspace).
	ConfigPath, ProjectPath string
	// AllowDemo serves the built-in demo backend when no config file exists.
	AllowDemo bool
	// ID names the session; "" generates one.
	ID string
	// Stderr receives notices about the config (an untrusted project file,
	// a disabled server, a reload error); nil means the hub's log only.
	Stderr io.Writer
}

// Session is one connected client: its ID, what it negotiated, its
// workspace, environment, merged config and its own view (catalog,
// launches, MCP server). Reloading its config or finding its project in
// the client's roots replaces only its own view.
type Session struct {
	h   *Hub
	id  string
	so  SessionOptions
	srv *server.Server

	mu        sync.Mutex
	v         *view
	loaded    *Loaded
	notices   []string // shown in the list_tools index
	clientN   string
	clientV   string
	protocol  string
	caps      *mcp.ClientCapabilities
	relayed   pool.Caps // the relayable capabilities the launches declare
	closed    bool
	rootsOnce sync.Once
	// byRoots: the session's project comes from its client's roots (no
	// --config, --project or project file from the working directory),
	// followed on notifications/roots/list_changed; rootFile and rootDir
	// are what they gave last (projectFromRoots). rootMu serialises moves.
	byRoots           bool
	rootFile, rootDir string
	rootOthers        []string // the project files of later roots, not served (rootsNotice)
	rootMu            sync.Mutex
	rerooting         atomic.Bool          // a reroot is waiting to ask: later notifications join it
	ws0               *workspace.Workspace // the working directory's workspace, for a move back
	skills            skillsCache          // skills.go
	ws                *workspace.Workspace // the workspace "when" predicates read (nil: none)

	syncMu   sync.Mutex // serialises Sync; guards syncKey and syncSeen
	syncKey  string     // mtime/size of the sync file at the last look
	syncSeen []byte     // its content then
	syncRoot string     // the workspace root syncPath is for
	syncPath string     // SyncPath of syncRoot, made once
}

// view is what a session sees of one config: full is the merged
// config, cfg its servers that apply in the workspace.
type view struct {
	cfg  *config.Config
	full *config.Config
	cat  *catalog.Catalog
	// hasWhen: some server of full has a "when" (else nothing to re-resolve).
	hasWhen bool

	mu       sync.Mutex
	launches map[string]*pool.Launch  // by server name; replaced whole by relaunch
	decided  map[string]Applicability // every server of full
	gen      int                      // the workspace generation resolved at
}

// launch is v's launch of server (nil when unknown).
func (v *view) launch(server string) *pool.Launch {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.launches[server]
}

// all is v's launches now (do not modify).
func (v *view) all() map[string]*pool.Launch {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.launches
}

// Open opens a session: it loads the config of so.Workspace, resolves
// each server's launch and registers them with the pool (nothing
// starts), and builds the session's catalog and MCP server.
func (h *Hub) Open(ctx context.Context, so *SessionOptions) (*Session, error) {
	var o SessionOptions
	if so != nil {
		o = *so
	}
	if o.ID == "" {
		var b [6]byte
		rand.Read(b[:])
		o.ID = hex.EncodeToString(b[:])
	}
	l, err := Load(&LoadOptions{Paths: h.paths(), Explicit: o.ConfigPath, Project: o.ProjectPath, Dir: o.Workspace, Home: h.o.Home, AllowDemo: o.AllowDemo, DemoCommand: h.o.DemoCommand})
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil, errors.New("hub closed")
	}
	if _, dup := h.sessions[o.ID]; dup {
		h.mu.Unlock()
		return nil, fmt.Errorf("session %q is open already", o.ID)
	}
	h.setup(l.Config.Settings)
	h.mu.Unlock()
	s := &Session{h: h, id: o.ID, so: o, loaded: l}
	if root := s.rootOf(l); root != "" {
		s.ws = h.workspaceAt(root)
	}
	s.ws0 = s.ws
	s.syncMu.Lock()
	s.syncRequested() // the first look: a sync asked before we opened is not ours
	s.syncMu.Unlock()
	s.say(l.Notices...)
	for _, w := range l.Config.Warnings {
		s.say("warning: " + w)
	}
	s.notices = slices.Clone(l.Notices)
	if l.Demo != "" {
		s.notices = append(s.notices, l.Demo)
	}
	s.v = s.newView(l.Config)
	rec := recorder{h.audit, s} // audit log (when on) and recent calls
	s.srv = server.New(server.Options{Catalog: s.v.cat, Launch: s.launch, Caller: h.pool, Runner: h.sb, Session: o.ID,
		Settings: l.Config.Settings, Recorder: rec, Version: h.o.Version, Logger: h.log, Notices: s.currentNotices, Workspace: o.Workspace, Telemetry: h.o.Telemetry,
		Skills:     s.skillStore, // skills.go
		Middleware: []mcp.Middleware{s.middleware}, LogWhere: h.o.LogWhere})
	h.mu.Lock()
	h.sessions[o.ID] = s
	h.mu.Unlock()
	h.watchFiles(s, l)
	return s, nil
}

// ID returns the session's ID.
func (s *Session) ID() string { return s.id }

// Server returns the session's MCP server.
func (s *Session) Server() *server.Server { return s.srv }

// Catalog returns the session's catalog now (a reload replaces it).
func (s *Session) Catalog() *catalog.Catalog { return s.current().cat }

// Config returns the session's merged config now.
func (s *Session) Config() *config.Config { return s.current().cfg }

// Loaded returns what the session's config was loaded from.
func (s *Session) Loaded() *Loaded {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loaded
}

// Launch returns the session's launch of server (nil when unknown).
func (s *Session) Launch(server string) *pool.Launch { return s.launch(server) }

func (s *Session) launch(server string) *pool.Launch { return s.current().launch(server) }

func (s *Session) current() *view {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.v
}

// newView resolves which servers of full apply in the session's
// workspace, resolves their launches for this session, registers them
// with the pool and builds a catalog over them. Servers that do not
// apply get no launch: they are neither offered nor started.
func (s *Session) newView(full *config.Config) *view {
	h := s.h
	cfg, decided, gen := s.resolve(full)
	v := &view{cfg: cfg, full: full, launches: map[string]*pool.Launch{}, decided: decided, gen: gen}
	for _, spec := range full.Servers {
		if spec.When != nil {
			v.hasWhen = true
		}
	}
	r := config.Resolver{ReadFile: safefile.Read, Home: h.o.Home, Roots: FileRoots(h.o.Home, cfg.ProjectDir), Workspace: s.Root()}
	env := s.so.Env
	if env == nil {
		env = map[string]string{}
	}
	s.mu.Lock()
	caps := s.relayed
	s.mu.Unlock()
	envList := pool.EnvList(env) // once, not once per server
	dir := s.launchDir(cfg)
	launchDir := dir
	for name, spec := range cfg.Servers {
		l := pool.NewLaunch(spec, &pool.LaunchOptions{Session: s.id, Workspace: dir, Env: env, EnvList: envList, Resolver: r, Caps: caps})
		v.launches[name] = l
		h.pool.Use(s.id, l)
	}
	dir = "catalog"
	if caps != 0 {
		// A backend's tool list may depend on the capabilities it was
		// told: one cache per capability set.
		dir = fmt.Sprintf("catalog-caps%d", caps)
	}
	cacheDir, inspectCache := filepath.Join(h.o.CacheDir, dir), filepath.Join(h.o.CacheDir, "inspect.json")
	if h.o.NoCache {
		cacheDir, inspectCache = "", ""
	}
	v.cat = catalog.New(cfg.Servers, source{s, v}, &catalog.Options{
		CacheDir: cacheDir,
		Logger:   h.log,
		Vetter: &catalog.TrustVetter{
			Pins: h.pins, QuarantineNew: cfg.Settings.QuarantineNewServers, ReadOnly: cfg.Settings.ReadOnly,
			Logger: h.log, InspectCache: inspectCache, Texts: &h.texts, Workspace: launchDir,
		},
		OnChange: func(server string) {
			if s.srv != nil && s.current() == v {
				s.srv.CatalogChanged(server)
			}
		},
		// The index lines' roles and instructions, without reading
		// every cached list.
		Summarize: server.IndexSummary,
		// The sessions using one backend vet its listing and write its
		// cache once.
		Shared: &h.shared,
		// Records about a user server that runs in the session's
		// directory name it, as its launch's do.
		Workspace: launchDir,
	})
	knownTools(v.cat, cfg.Servers)
	return v
}

// setView makes v the session's view and releases the launches of the
// old one that v does not have (their backends stop once no session uses
// them and their in-flight calls ended).
//
// It reports false, releasing v, when the session closed meanwhile: a
// reload or a client root's view finished after Close kept its
// launches used by a session that was gone, so their backends ran until
// the daemon ended.
func (s *Session) setView(v *view) bool {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		s.release(v)
		return false
	}
	old := s.v
	s.v = v
	s.mu.Unlock()
	s.srv.SetView(server.View{Catalog: v.cat, Launch: s.launch, Settings: v.settings()})
	s.release(old)
	return true
}

// settings is the view's config's settings (its confirm and trifecta
// follow a reload or a move to another root), nil when unknown.
func (v *view) settings() *config.Settings {
	if v.full == nil {
		return nil
	}
	st := v.full.Settings.Defaults()
	return &st
}

// launchDir is where cfg's servers without a cwd run: the client's root
// when the session's project came from it (a project from the client's
// roots ran in the bridge's working directory, "/" or home for some
// clients, not in the project), else the session's working directory.
func (s *Session) launchDir(cfg *config.Config) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byRoots && s.rootDir != "" && cfg.ProjectDir != "" {
		return s.rootDir
	}
	return s.so.Workspace
}

// release undoes old's registrations with the pool.
func (s *Session) release(old *view) {
	if old == nil {
		return
	}
	for name, l := range old.all() {
		s.h.pool.Release(s.id, name, l.Key)
	}
}

// relaunch makes the session's launches declare caps to their backends
// (the client's relayable capabilities, known only after initialize or,
// at 2026-07-28, the first request): a backend's tool list may depend on
// them, so sessions share a backend only when they declare the same.
// Nothing starts; backends of the old launches stop when no session uses
// them.
//
// The capabilities declared only grow: a 2026-07-28 request carries its
// client's in _meta, and a client whose requests alternated them (or two
// clients of serve --http's stateless requests, which share one session)
// had every backend the session used stopped and started again at each
// request. So at most four relaunches; a backend told of a capability
// the calling request's client did not declare has its request refused
// naming it (the relay checks each request's own).
func (s *Session) relaunch(caps pool.Caps) {
	s.mu.Lock()
	caps |= s.relayed
	if s.closed || s.relayed == caps {
		s.mu.Unlock()
		return
	}
	s.relayed = caps
	old := s.v
	s.mu.Unlock()
	v := s.newView(old.full)
	s.mu.Lock()
	if s.closed || s.v != old { // closed, or reloaded meanwhile: that view has the new caps
		s.mu.Unlock()
		s.release(v)
		return
	}
	s.v = v
	s.mu.Unlock()
	// No tools/list_changed: the client has not listed anything yet.
	s.srv.ReplaceView(server.View{Catalog: v.cat, Launch: s.launch, Settings: v.settings()})
	s.release(old)
}

// source lists a server's tools through the pool with this session's
// launch.
type source struct {
	s *Session
	v *view
}

func (src source) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	l, err := src.s.h.pool.ListAll(ctx, src.v.launch(server))
	if errors.Is(err, pool.ErrClosed) {
		return nil, fmt.Errorf("%w: %w", catalog.ErrShutDown, err)
	}
	if err != nil {
		return nil, err
	}
	info := l.Info
	return &catalog.Listing{Tools: l.Tools, Resources: l.Resources, ResourceTemplates: l.ResourceTemplates, Prompts: l.Prompts, ProtocolVersion: info.ProtocolVersion, ServerName: info.ServerName, ServerVersion: info.ServerVersion, Instructions: info.Instructions, Malformed: malformed(l.Malformed), Cut: l.Cut}, nil
}

// say writes notices to the session's stderr (and the log).
func (s *Session) say(lines ...string) {
	for _, n := range lines {
		if s.so.Stderr != nil {
			fmt.Fprintf(s.so.Stderr, "switchboard: %s\n", n)
		} else {
			s.h.log.Warn(n, "session", s.id)
		}
	}
}

// currentNotices are the lines about the config shown in the index.
func (s *Session) currentNotices() []string {
	s.mu.Lock()
	out := slices.Clone(s.notices)
	if n := rootsNotice(s.rootFile, s.rootOthers); n != "" {
		out = append(out, n)
	}
	s.mu.Unlock()
	if w := s.h.pinsCorrupt.Load(); w != nil {
		out = append(out, *w)
	}
	return append(out, s.manifestNotices()...) // workspace.go
}

// middleware records what the client negotiated (from the SDK's
// ServerSession at each request) and, for a session with no project
// config, looks in the client's roots before its first tools/list or
// tools/call.
func (s *Session) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		ss, _ := req.GetSession().(*mcp.ServerSession)
		// What this request says about the client: 2026-07-28 clients
		// send it in each request's _meta, older ones at initialize (the
		// SDK falls back to InitializeParams).
		if f := server.FactsOf(req); f != (server.ClientFacts{}) {
			s.mu.Lock()
			if f.Info != nil {
				s.clientN, s.clientV = clientWord(f.Info.Name), clientWord(f.Info.Version)
			}
			if f.Caps != nil {
				s.caps = f.Caps
			}
			if f.Protocol != "" {
				s.protocol = f.Protocol
			}
			s.mu.Unlock()
			if f.Caps != nil {
				s.relaunch(pool.CapsOf(f.Caps))
			}
		}
		if ss != nil && (method == "tools/list" || method == "tools/call") && s.rootsWanted() {
			s.rootsOnce.Do(func() {
				s.rootMu.Lock()
				defer s.rootMu.Unlock()
				s.mu.Lock()
				s.byRoots = true // a change told while we ask is asked again
				s.mu.Unlock()
				path, dir, others := projectFromRoots(ctx, ss, s.h.o.Home)
				s.mu.Lock()
				s.rootFile, s.rootDir, s.rootOthers = path, dir, others
				s.mu.Unlock()
				if dir != "" {
					if err := s.UseRoot(path, dir); err != nil {
						s.h.log.Warn("project config from the client's roots", "file", path, "err", err)
					}
				}
			})
		}
		if ss != nil && method == "notifications/roots/list_changed" {
			s.mu.Lock()
			follow := s.byRoots
			s.mu.Unlock()
			if follow && s.rerooting.CompareAndSwap(false, true) {
				// Not here: the SDK reads the client's answer to roots/list
				// only once this notification is handled. One waits at a
				// time: a client sending thousands makes one more ask, not
				// thousands of goroutines in the daemon.
				go s.reroot(ss)
			}
		}
		if method == "tools/list" || method == "tools/call" {
			s.fresh() // workspace.go: re-resolve "when" if a manifest changed
		}
		return next(ctx, method, req)
	}
}

// Capabilities returns what the client said it supports, as of its
// latest request (nil before the first).
func (s *Session) Capabilities() *mcp.ClientCapabilities {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caps
}

// rootsWanted: no --config, no --project and no project file found from
// the workspace.
func (s *Session) rootsWanted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.so.ConfigPath == "" && s.so.ProjectPath == "" && s.loaded.Paths.Project == ""
}

// client is the client's name and version, once known.
func (s *Session) client() (name, version string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientN, s.clientV
}

func (s *Session) status() SessionStatus {
	v := s.current()
	s.mu.Lock()
	defer s.mu.Unlock()
	root := ""
	if s.ws != nil {
		root = s.ws.Root()
	}
	return SessionStatus{ID: s.id, ClientName: s.clientN, ClientVersion: s.clientV, Protocol: s.protocol, Workspace: s.so.Workspace, Root: root, Servers: slices.Sorted(maps.Keys(v.all())),
		Trifecta: s.srv.Decisions()}
}

// rootsTimeout bounds asking a client for its roots.
const rootsTimeout = 2 * time.Second

// UseRoot switches this session to the user config plus what applies in
// dir, a root of the client's (MCP roots): the project file project (may
// be ""), used only when the user trusts it, and the user's "projects"
// entries for dir. Only this session's view changes. Settings that bound
// scripts stay those of the start. With nothing to add, only the notices
// change.
func (s *Session) UseRoot(project, dir string) error {
	p := s.Loaded().Paths
	cfg, notices, err := ReadConfig(p, project, dir)
	if err != nil {
		return err
	}
	for _, n := range notices {
		s.h.log.Warn(n)
	}
	for _, w := range cfg.Warnings {
		s.h.log.Warn(w)
	}
	if s.so.ProjectPath == "" && dir != "" {
		s.mu.Lock()
		s.ws = s.h.workspaceAt(dir) // "when" predicates read the client's root
		s.mu.Unlock()
	}
	if cfg.ProjectDir == "" {
		if s.current().hasWhen {
			s.Sync()
		}
		// An untrusted project file and no "projects" entry: keep serving
		// the user config, and say why in the index.
		s.mu.Lock()
		added := false
		for _, n := range notices {
			if !slices.Contains(s.notices, n) {
				s.notices, added = append(s.notices, n), true
			}
		}
		s.mu.Unlock()
		if added {
			s.srv.Refresh() // the index shows the new notice
		}
		return nil
	}
	cfg.Settings = cfg.Settings.Defaults()
	v := s.newView(cfg)
	s.mu.Lock()
	s.notices = notices
	l := *s.loaded
	l.Config, l.Notices = cfg, notices
	if cfg.ProjectDir == filepath.Dir(project) {
		l.Paths.Project = project
	}
	s.loaded = &l
	s.mu.Unlock()
	if s.setView(v) {
		s.h.watchFiles(s, &l)
	}
	return nil
}

// reroot asks the client for its roots again (it said they changed) and,
// when they give another project or root, moves this session there: its
// view is replaced whatever the new root adds, and with no file root left
// it is the working directory's again. Other sessions are not touched.
//
// It runs on a goroutine of its own, on what the client answered (its
// roots, the project files they lead to): a panic in it is logged once
// and the session keeps the view it had (the next list_changed asks
// again); it ended the process, and with the daemon every session.
func (s *Session) reroot(ss *mcp.ServerSession) {
	defer panics.Recover(s.h.log, "re-reading the client's roots", nil)
	s.rootMu.Lock()
	defer s.rootMu.Unlock()
	s.rerooting.Store(false) // a notification from now on asks again
	ctx, cancel := context.WithTimeout(context.Background(), rootsTimeout)
	defer cancel()
	path, dir, others := projectFromRoots(ctx, ss, s.h.o.Home)
	if s.h.testReroot != nil {
		s.h.testReroot(path, dir)
	}
	s.mu.Lock()
	same := s.closed || (path == s.rootFile && dir == s.rootDir)
	othersSame := slices.Equal(others, s.rootOthers)
	s.rootFile, s.rootDir, s.rootOthers = path, dir, others
	s.mu.Unlock()
	if same {
		if !othersSame {
			s.srv.Refresh() // the index's notice of the other roots' projects
		}
		return
	}
	if err := s.moveRoot(path, dir); err != nil {
		s.h.log.Warn("project config from the client's roots", "file", path, "err", err)
	}
}

// moveRoot replaces the session's view with the user config plus what
// applies in dir (the working directory when ""), as UseRoot does, also
// when the new root adds nothing: the old root's servers must go.
func (s *Session) moveRoot(project, dir string) error {
	ws := s.ws0
	if dir == "" {
		dir = s.so.Workspace
	} else {
		ws = s.h.workspaceAt(dir)
	}
	p := s.Loaded().Paths
	p.Project = ""
	cfg, notices, err := ReadConfig(p, project, dir)
	if err != nil {
		return err
	}
	for _, n := range notices {
		s.h.log.Warn(n)
	}
	cfg.Settings = cfg.Settings.Defaults()
	s.mu.Lock()
	s.ws = ws
	s.mu.Unlock()
	v := s.newView(cfg)
	s.mu.Lock()
	if s.closed { // Close released the views it knew of
		s.mu.Unlock()
		s.release(v)
		return nil
	}
	s.notices = notices
	l := *s.loaded
	l.Config, l.Notices, l.Paths = cfg, notices, p
	if project != "" && cfg.ProjectDir == filepath.Dir(project) {
		l.Paths.Project = project
	}
	s.loaded = &l
	s.mu.Unlock()
	if s.setView(v) {
		s.h.watchFiles(s, &l)
	}
	return nil
}

// projectFromRoots returns the first project config found from the
// client's file roots and that root; else "" and the first file root
// (where the user config's "projects" entries may apply); else "", "".
// others are the project files later roots lead to, which the session
// does not serve. Clients that do not offer roots (or speak 2026-07-28,
// where roots are deprecated) are not asked.
func projectFromRoots(ctx context.Context, ss *mcp.ServerSession, home string) (file, dir string, others []string) {
	ip := ss.InitializeParams()
	if ip == nil || ip.Capabilities == nil || ip.Capabilities.RootsV2 == nil {
		return "", "", nil
	}
	ctx, cancel := context.WithTimeout(ctx, rootsTimeout)
	defer cancel()
	res, err := ss.ListRoots(ctx, nil)
	if err != nil || res == nil {
		return "", "", nil
	}
	return projectFromRootList(ctx, res.Roots, home)
}

// maxRoots is the most of a client's roots looked at for a project:
// clients name one to a few; each root costs a walk up its directories.
const maxRoots = 100

// projectFromRootList is projectFromRoots once the client answered: of
// its first maxRoots roots, those that are existing directories of this
// machine are looked in (and above) for a project file until ctx ends.
// A client answering roots/list with 3,000 missing directories 2,000
// deep each (12 MB) held its session's first tools/list and a core of
// the daemon for over two minutes (each walk up stats every parent,
// and each stat joins the whole path).
//
// The roots after the one that gave the project are looked at too (in the
// same bounds), for the project files they lead to: a session serves one
// project, and a client with two workspace folders, each a project, got
// the first one's servers while nothing said why the second's were not
// there (rootsNotice).
func projectFromRootList(ctx context.Context, roots []*mcp.Root, home string) (file, dir string, others []string) {
	first := ""
	seen := map[string]bool{} // resolved: a root linked to another is the same project
	real := func(p string) string {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return r
		}
		return p
	}
	for i, r := range roots {
		if i == maxRoots || ctx.Err() != nil {
			break
		}
		if r == nil {
			continue
		}
		u, err := url.Parse(r.URI)
		if err != nil || !localDir(u) {
			continue
		}
		if st, err := os.Stat(u.Path); err != nil || !st.IsDir() {
			continue // a missing directory holds no project of its own
		}
		if p := config.FindProject(u.Path, home); p != "" {
			if rp := real(p); !seen[rp] {
				seen[rp] = true
				if file == "" {
					file, dir = p, u.Path
				} else {
					others = append(others, p)
				}
			}
			continue
		}
		if first == "" {
			first = u.Path
		}
	}
	if file != "" {
		return file, dir, others
	}
	return "", first, nil
}

// maxOthersSaid is the most of the other roots' project files a notice
// names; the rest are counted.
const maxOthersSaid = 5

// rootsNotice says which project files of the client's other roots the
// session does not serve ("" for none).
func rootsNotice(served string, others []string) string {
	if len(others) == 0 {
		return ""
	}
	named := make([]string, 0, maxOthersSaid)
	for _, p := range others[:min(len(others), maxOthersSaid)] {
		named = append(named, echo.Path(p))
	}
	more := ""
	if n := len(others) - len(named); n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	what := "the project file"
	if len(others) > 1 {
		what = "the project files"
	}
	return fmt.Sprintf("the client's roots also hold %s %s%s, not served in this session: a session serves the project of one root, the first that has a project file (%s); for another project's servers, start an agent session in that project's directory",
		what, strings.Join(named, ", "), more, echo.Path(served))
}

// localDir reports whether u names an absolute path of this machine that
// does not climb: a file URI with no host (or "localhost") and no ".."
// element. Another host's path is not ours to read, and a root climbing
// out of itself is a root the client did not name as such.
func localDir(u *url.URL) bool {
	if u.Scheme != "file" || u.Opaque != "" || (u.Host != "" && u.Host != "localhost") {
		return false
	}
	if u.Path == "" || !filepath.IsAbs(u.Path) {
		return false
	}
	return !slices.Contains(strings.Split(filepath.ToSlash(u.Path), "/"), "..")
}

// Serve runs the session's MCP server on t until the client disconnects
// or ctx ends.
func (s *Session) Serve(ctx context.Context, t mcp.Transport) error {
	return s.srv.Run(ctx, t)
}

// Close ends the session: its launches are released (a backend no other
// session uses stops once its in-flight calls ended; a "share": false
// backend ends with it) and it stops watching its config files.
// Idempotent.
func (s *Session) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	v := s.v
	s.mu.Unlock()
	s.h.mu.Lock()
	delete(s.h.sessions, s.id)
	s.h.mu.Unlock()
	s.h.unwatch(s)
	s.release(v)
	s.h.pool.ForgetSubscriptions(s.id)
	return nil
}

// ServeSession opens a session with so, serves it on t until the client
// disconnects or ctx ends, and closes it: what the daemon does per
// accepted connection (t wrapping the connection, e.g. a
// server.StdioTransport over it).
func (h *Hub) ServeSession(ctx context.Context, so *SessionOptions, t mcp.Transport) error {
	s, err := h.Open(ctx, so)
	if err != nil {
		return err
	}
	defer s.Close()
	return s.Serve(ctx, t)
}

// maxClientWord bounds the client's name and version as a session keeps
// them (its status, the status page, each recent call's entry): a client
// says what it likes in them, at initialize or in each 2026-07-28
// request's _meta, and a 16 MiB name was kept and sent whole in every
// /status.json (every 3 s for each open status page).
const maxClientWord = 256

// clientWord is w cut to maxClientWord bytes at a character's start,
// with "…" when cut.
func clientWord(w string) string {
	if len(w) <= maxClientWord {
		return w
	}
	i := maxClientWord
	for i > 0 && !utf8.RuneStart(w[i]) {
		i--
	}
	return w[:i] + "…"
}
