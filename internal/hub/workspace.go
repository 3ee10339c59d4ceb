package hub

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
	"github.com/switchboard-mcp/switchboard/internal/workspace"
)

// workspaceAt is the hub's Workspace for root: one per root, shared by
// the sessions there, so that its cache of manifests is read once. The
// hub holds them weakly: a root no session uses any more is forgotten
// (swept when another root is added), where a daemon kept every root it
// had ever seen, one per working directory and per client root, with
// the manifests read there, for its whole life.
func (h *Hub) workspaceAt(root string) *workspace.Workspace {
	h.mu.Lock()
	defer h.mu.Unlock()
	if w := h.workspaces[root].Value(); w != nil {
		return w
	}
	if h.workspaces == nil {
		h.workspaces = map[string]weak.Pointer[workspace.Workspace]{}
	}
	for r, p := range h.workspaces {
		if p.Value() == nil {
			delete(h.workspaces, r)
		}
	}
	w := workspace.New(root)
	h.workspaces[root] = weak.Make(w)
	return w
}

// rootOf is the workspace root of a session: the directory of --project
// (or of the project file the client's roots gave), else the working
// directory walked up to its repository root.
func (s *Session) rootOf(l *Loaded) string {
	if s.so.ProjectPath != "" && l.Paths.Project != "" {
		return filepath.Dir(l.Paths.Project)
	}
	if s.so.Workspace == "" {
		return ""
	}
	return workspace.FindRoot(s.so.Workspace, s.h.o.Home)
}

// Applicability is whether one configured server applies in the
// session's workspace and why.
type Applicability struct {
	Applies bool
	// By is the predicate that decided and why ("always" for a server
	// without "when").
	By string
	// Files are the manifests and lock files read to decide.
	Files []string
	// Problems are malformed manifests met (file and line each).
	Problems []string
}

// resolve evaluates the "when" of every server of full in the session's
// workspace (after checking its files for changes) and returns the
// config of the servers that apply, every server's decision and the
// workspace generation resolved at.
func (s *Session) resolve(full *config.Config) (*config.Config, map[string]Applicability, int) {
	dec := make(map[string]Applicability, len(full.Servers))
	s.mu.Lock()
	ws := s.ws
	s.mu.Unlock()
	gen := 0
	if ws != nil {
		ws.Refresh()
		gen = ws.Gen()
	}
	env := s.so.Env
	getenv := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	applicable := *full
	applicable.Servers = make(map[string]*config.Server, len(full.Servers))
	for name, spec := range full.Servers {
		a := Applicability{Applies: true, By: "always (no when)"}
		if spec.When != nil {
			if ws == nil {
				a = Applicability{By: "no workspace"}
			} else {
				d := ws.Eval(spec.When, getenv)
				a = Applicability{Applies: d.Applies, By: d.By, Files: d.Files, Problems: d.Problems}
			}
		}
		dec[name] = a
		if a.Applies {
			applicable.Servers[name] = spec
		}
	}
	return &applicable, dec, gen
}

// Applicability returns, for every configured server (those that do not
// apply included), whether it applies in the session's workspace now
// and which predicate decided.
func (s *Session) Applicability() map[string]Applicability {
	v := s.current()
	v.mu.Lock()
	defer v.mu.Unlock()
	return maps.Clone(v.decided)
}

// Root returns the session's workspace root ("" for none).
func (s *Session) Root() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ws == nil {
		return ""
	}
	return s.ws.Root()
}

// FullConfig returns the session's merged config with every server,
// those whose "when" does not hold included (Config has only the
// applicable ones).
func (s *Session) FullConfig() *config.Config { return s.current().full }

// fresh is run before each tools/list and tools/call: with auto-sync on,
// or when `switchboard sync` asked since the last check, it re-resolves
// the servers' predicates if a file they read changed, and replaces the
// view when the set of applicable servers changed (the client gets
// notifications/tools/list_changed). Costs a few stat calls when nothing
// changed, none when no server has a "when".
func (s *Session) fresh() {
	s.syncMu.Lock()
	defer s.syncMu.Unlock()
	v := s.current()
	if !v.hasWhen {
		// Nothing to re-resolve, asked or not: no stat of the sync file
		// on each call of a config without predicates (most of them).
		return
	}
	synced := s.syncRequested()
	if !synced && !v.cfg.Settings.AutoSync() {
		return
	}
	s.mu.Lock()
	ws := s.ws
	s.mu.Unlock()
	if ws == nil {
		return
	}
	if synced {
		ws.RefreshAll() // switchboard sync asked: path globs too, now
	} else {
		ws.Refresh()
	}
	v.mu.Lock()
	gen := v.gen
	v.mu.Unlock()
	if !synced && ws.Gen() == gen {
		return
	}
	s.sync()
}

// freshNow is fresh on a goroutine of the config watcher's, after
// `switchboard sync` wrote the session's sync file. A panic re-resolving
// (the workspace's manifests and lock files, a project's) is logged and
// the session keeps its view until the next sync request (with autoSync,
// the next call after a file changed). It ended the process, and with the
// daemon every session.
func (s *Session) freshNow() {
	defer panics.Recover(s.h.log, "re-resolving a session's servers on a sync request", nil)
	if s.h.testFresh != nil {
		s.h.testFresh()
	}
	s.fresh()
}

// SyncResult says what a re-resolution changed.
type SyncResult struct {
	Added, Removed []string // servers that now apply / no longer apply
}

// Sync re-resolves which servers apply in the session's workspace, with
// auto-sync on or off (what `switchboard sync` asks for), and replaces
// the view when the set changed.
func (s *Session) Sync() SyncResult {
	s.syncMu.Lock()
	defer s.syncMu.Unlock()
	s.mu.Lock()
	ws := s.ws
	s.mu.Unlock()
	if ws != nil {
		ws.RefreshAll()
	}
	return s.sync()
}

// sync is Sync with s.syncMu held.
func (s *Session) sync() SyncResult {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return SyncResult{}
	}
	old := s.current()
	applicable, dec, gen := s.resolve(old.full)
	var r SyncResult
	for name := range applicable.Servers {
		if _, ok := old.cfg.Servers[name]; !ok {
			r.Added = append(r.Added, name)
		}
	}
	for name := range old.cfg.Servers {
		if _, ok := applicable.Servers[name]; !ok {
			r.Removed = append(r.Removed, name)
		}
	}
	slices.Sort(r.Added)
	slices.Sort(r.Removed)
	if len(r.Added) == 0 && len(r.Removed) == 0 {
		old.mu.Lock()
		old.gen, old.decided = gen, dec
		old.mu.Unlock()
		return r
	}
	v := s.newView(old.full)
	s.mu.Lock()
	if s.v != old || s.closed { // reloaded meanwhile: that view is resolved already
		s.mu.Unlock()
		s.release(v)
		return SyncResult{}
	}
	s.mu.Unlock()
	s.say(fmt.Sprintf("workspace %s changed: servers added %v, removed %v", echo.Path(s.Root()), r.Added, r.Removed))
	s.setView(v)
	return r
}

// SyncPath is the file `switchboard sync` writes to ask the sessions in
// the workspace root to re-resolve (state is $XDG_STATE_HOME/switchboard).
func SyncPath(state, root string) string {
	sum := sha256.Sum256([]byte(filepath.Clean(root)))
	return filepath.Join(state, "sync", hex.EncodeToString(sum[:8])+".json")
}

// SyncRecord is the content of a sync file: who asked when, and which
// servers applied then (what the next `switchboard sync` compares with).
type SyncRecord struct {
	Root       string    `json:"root"`
	At         time.Time `json:"at"`
	Applicable []string  `json:"applicable"`
}

// RequestSync asks every session in root, in every Switchboard process
// of this user (the daemon's and standalone ones), to re-resolve: at
// once where the config watcher runs, else at its next list_tools or
// execute. applicable is recorded for the next sync's report.
func RequestSync(state, root string, applicable []string) error {
	p := SyncPath(state, root)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("sync request: %w", err)
	}
	if applicable == nil {
		applicable = []string{}
	}
	b, _ := json.Marshal(SyncRecord{Root: root, At: time.Now().UTC(), Applicable: applicable})
	if err := atomicfile.WriteOwn(p, b, 0o600); err != nil {
		return fmt.Errorf("sync request: %w", err)
	}
	return nil
}

// LastSync reads the record of the last sync in root (nil: none).
func LastSync(state, root string) *SyncRecord {
	b, err := safefile.Read(SyncPath(state, root))
	if err != nil {
		return nil
	}
	var r SyncRecord
	if json.Unmarshal(b, &r) != nil {
		return nil
	}
	return &r
}

// syncRequested reports whether the sync file of the session's
// workspace changed since the last look (Open takes the first look).
// s.syncMu held.
func (s *Session) syncRequested() bool {
	s.mu.Lock()
	root := ""
	if s.ws != nil {
		root = s.ws.Root()
	}
	s.mu.Unlock()
	if root == "" {
		return false
	}
	if root != s.syncRoot { // a hash per request otherwise
		s.syncRoot, s.syncPath = root, SyncPath(s.h.o.StateDir, root)
	}
	p := s.syncPath
	fi, err := s.h.stateStat.Stat(p)
	if err != nil {
		s.syncKey, s.syncSeen = "", nil
		return false
	}
	key := strconv.FormatInt(fi.ModTime.UnixNano(), 10) + "/" + strconv.FormatInt(fi.Size, 10)
	if key == s.syncKey {
		return false
	}
	b, _ := safefile.Read(p)
	changed := !bytes.Equal(b, s.syncSeen)
	s.syncKey, s.syncSeen = key, b
	return changed
}

// knownTools gives a catalog the tool lists plugins ship for servers
// whose list is not known yet, so that they are searchable while cold;
// the catalog vets them (pins) like any list.
func knownTools(cat *catalog.Catalog, servers map[string]*config.Server) {
	for name, spec := range servers {
		if len(spec.KnownTools) == 0 {
			continue
		}
		if _, ok := cat.Known(name); ok {
			continue
		}
		tools := make([]*mcp.Tool, 0, len(spec.KnownTools))
		for _, kt := range spec.KnownTools {
			schema := kt.InputSchema
			if schema == nil {
				schema = map[string]any{"type": "object"}
			}
			tools = append(tools, &mcp.Tool{Name: kt.Name, Description: kt.Description, InputSchema: schema})
		}
		cat.Apply(name, &catalog.Listing{Tools: tools})
	}
}

// syncFile is the session's sync file ("" without a workspace); its
// directory is created so that the config watcher can watch it.
func (s *Session) syncFile() string {
	root := s.Root()
	if root == "" {
		return ""
	}
	p := SyncPath(s.h.o.StateDir, root)
	os.MkdirAll(filepath.Dir(p), 0o700)
	return p
}

// manifestNotices are the malformed manifests the "when" predicates met,
// one line each (for the list_tools index).
func (s *Session) manifestNotices() []string {
	v := s.current()
	if v == nil {
		return nil
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	seen := map[string][]string{}
	var order []string
	for _, name := range slices.Sorted(maps.Keys(v.decided)) {
		for _, p := range v.decided[name].Problems {
			if seen[p] == nil {
				order = append(order, p)
			}
			seen[p] = append(seen[p], name)
		}
	}
	out := make([]string, 0, len(order))
	for _, p := range order {
		out = append(out, fmt.Sprintf("workspace manifest %s (read for the \"when\" of %s; the rest of the workspace still counts)", p, strings.Join(seen[p], ", ")))
	}
	return out
}
