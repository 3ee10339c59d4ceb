// Package catalog keeps every backend's tool list: namespaced, given
// JavaScript identifiers, vetted, and persisted on disk so that listing
// tools never needs a backend process once its list is known.
package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/tsdecl"
)

// Source fetches a server's tool list from the running backend, starting
// it if needed. *pool.Pool satisfies it through an adapter in cli.
type Source interface {
	ListTools(ctx context.Context, server string) (*Listing, error)
}

// Listing is what a backend says about itself: its tools and handshake.
type Listing struct {
	Tools           []*mcp.Tool     `json:"tools"`
	Resources       []*mcp.Resource `json:"resources,omitempty"`
	Prompts         []*mcp.Prompt   `json:"prompts,omitempty"`
	ProtocolVersion string          `json:"protocolVersion,omitempty"`
	ServerName      string          `json:"serverName,omitempty"`
	ServerVersion   string          `json:"serverVersion,omitempty"`
	Instructions    string          `json:"instructions,omitempty"`
}

// Tool is one backend tool as the client may see it.
type Tool struct {
	Server      string // configured server name
	ServerIdent string // its JavaScript identifier
	Name        string // the backend's tool name
	Ident       string // its JavaScript identifier within the namespace
	Title       string
	Description string // sanitised by the Vetter, when one is set
	InputSchema json.RawMessage
	// OutputSchema is nil when the tool declares none.
	OutputSchema json.RawMessage
	Annotations  *mcp.ToolAnnotations
	// Warning is shown to the model next to the tool (e.g. suspicious
	// instructions in the description); empty when none.
	Warning string
}

// Withheld is a tool kept from the client, and why.
type Withheld struct {
	Tool   string
	Reason string
}

// Vetter decides which tools of a server the client may see. It runs on
// every fresh tool list (backend start, list_changed, cache load).
type Vetter interface {
	Vet(spec *config.Server, tools []Tool) (visible []Tool, withheld []Withheld)
}

// StampedVetter is a Vetter whose verdict on a tool list depends only on
// that list and on Stamp. The catalog keeps verdicts with the cached list
// and vets again only when the stamp (or the list) changed, so start-up
// does not re-inspect hundreds of unchanged tools.
type StampedVetter interface {
	Vetter
	Stamp(spec *config.Server) string
}

// Options configure a Catalog. Zero fields mean: no disk cache, no
// vetting, discard logs.
type Options struct {
	CacheDir string // e.g. $XDG_CACHE_HOME/switchboard/catalog
	Vetter   Vetter
	Logger   *slog.Logger
	// OnChange is called (outside locks) after a server's visible tool
	// list changed.
	OnChange func(server string)
}

// Catalog holds the tool lists of the configured servers. It is safe
// for concurrent use.
type Catalog struct {
	src    Source
	opts   Options
	idents map[string]string // server name -> ident
	names  []string          // sorted server names

	mu      sync.Mutex
	entries map[string]*entry
	index   map[string]indexEntry // what index.json says, kept current
	indexMu sync.Mutex            // serialises writes of index.json
	invalid map[string]int        // server -> refreshes wanted (0-2), see Invalidate
	fetch   map[string]*fetchCall // single-flight fetches
}

type entry struct {
	spec *config.Server
	key  string
	// lazy, when set, says the cache holds a valid list and verdict not
	// read yet; load reads them on first use.
	lazy     *indexEntry
	listing  *Listing // nil: unknown (never fetched, no cache)
	fetched  time.Time
	tools    []Tool // visible, sorted by name
	withheld []Withheld
}

type fetchCall struct {
	done chan struct{}
	err  error
}

// New returns a catalog over servers, loading any cached tool lists
// from o.CacheDir. It never starts a backend.
func New(servers map[string]*config.Server, src Source, o *Options) *Catalog {
	c := &Catalog{src: src, entries: map[string]*entry{}, fetch: map[string]*fetchCall{}}
	if o != nil {
		c.opts = *o
	}
	if c.opts.Logger == nil {
		c.opts.Logger = slog.New(slog.DiscardHandler)
	}
	for name := range servers {
		c.names = append(c.names, name)
	}
	slices.Sort(c.names)
	identList := tsdecl.Idents(c.names)
	c.idents = make(map[string]string, len(c.names))
	for i, n := range c.names {
		c.idents[n] = identList[i]
	}
	var revetted []string
	c.index = c.readIndex()
	for _, name := range c.names {
		spec := servers[name]
		e := &entry{spec: spec, key: Key(spec)}
		if ie, ok := c.index[name]; ok && ie.Key == e.key && ie.ServerIdent == c.idents[name] && ie.Stamp != "" && ie.Stamp == c.stamp(spec) {
			e.lazy = &ie // read on first use: start-up reads one small file
		} else if f, err := c.readCache(name, e.key); err == nil {
			e.listing, e.fetched = f.Listing, f.Fetched
			if v := f.Vetted; v != nil && v.ServerIdent == c.idents[name] && v.Stamp == c.stamp(spec) {
				e.tools, e.withheld = v.Tools, v.Withheld
			} else {
				c.derive(name, e)
			}
			revetted = append(revetted, name) // its index entry is stale
		} else if !errors.Is(err, errNoCache) {
			c.opts.Logger.Warn("ignoring unreadable catalog cache", "server", name, "err", err)
		}
		c.entries[name] = e
	}
	// Stamps are taken after all vetting: vetting may itself write the
	// pins file (trust on first use).
	for _, name := range revetted {
		if err := c.writeCache(name, c.entries[name]); err != nil {
			c.opts.Logger.Warn("writing catalog cache", "server", name, "err", err)
		}
	}
	return c
}

// stamp is the vetter's stamp for spec, or "" when verdicts cannot be
// kept (no vetter keeps none; a vetter without stamps is always rerun).
func (c *Catalog) stamp(spec *config.Server) string {
	switch v := c.opts.Vetter.(type) {
	case nil:
		return "none"
	case StampedVetter:
		return v.Stamp(spec)
	}
	return ""
}

// Servers returns the configured server names, sorted.
func (c *Catalog) Servers() []string { return slices.Clone(c.names) }

// Ident returns the JavaScript identifier of a server, or "" if unknown.
func (c *Catalog) Ident(server string) string { return c.idents[server] }

// Spec returns a server's configuration, or nil.
func (c *Catalog) Spec(server string) *config.Server {
	if e := c.entries[server]; e != nil {
		return e.spec
	}
	return nil
}

// load reads e's cached list and verdict if they were left for first
// use. c.mu held.
func (c *Catalog) load(server string, e *entry) {
	if e == nil || e.lazy == nil {
		return
	}
	e.lazy = nil
	f, err := c.readCache(server, e.key)
	if err != nil {
		if !errors.Is(err, errNoCache) {
			c.opts.Logger.Warn("ignoring unreadable catalog cache", "server", server, "err", err)
		}
		return
	}
	e.listing, e.fetched = f.Listing, f.Fetched
	if v := f.Vetted; v != nil && v.ServerIdent == c.idents[server] && v.Stamp == c.stamp(e.spec) {
		e.tools, e.withheld = v.Tools, v.Withheld
		return
	}
	c.derive(server, e)
	go c.writeCache(server, e)
}

// Count returns how many tools of server are visible, when known,
// without reading its whole cached list.
func (c *Catalog) Count(server string) (visible, withheld int, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[server]
	switch {
	case e == nil:
		return 0, 0, false
	case e.lazy != nil:
		return e.lazy.Count, e.lazy.Withheld, true
	case e.listing == nil:
		return 0, 0, false
	}
	return len(e.tools), len(e.withheld), true
}

// Known reports whether the server's tool list is known without
// starting it, and the visible tools if so.
func (c *Catalog) Known(server string) ([]Tool, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[server]
	c.load(server, e)
	if e == nil || e.listing == nil {
		return nil, false
	}
	return e.tools, true
}

// Info returns what the server said about itself in its last listing.
func (c *Catalog) Info(server string) (Listing, time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[server]
	c.load(server, e)
	if e == nil || e.listing == nil {
		return Listing{}, time.Time{}, false
	}
	l := *e.listing
	l.Tools = nil
	return l, e.fetched, true
}

// Withheld returns the tools of server kept from the client, and why.
func (c *Catalog) Withheld(server string) []Withheld {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[server]; e != nil {
		c.load(server, e)
		return slices.Clone(e.withheld)
	}
	return nil
}

// ErrUnknownServer is returned for a server that is not configured.
var ErrUnknownServer = errors.New("unknown server")

// Tools returns the visible tools of server, fetching the list from the
// backend (starting it) only when it is not known yet.
func (c *Catalog) Tools(ctx context.Context, server string) ([]Tool, error) {
	if t, ok := c.Known(server); ok {
		return t, nil
	}
	if _, ok := c.entries[server]; !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownServer, server)
	}
	if err := c.refresh(ctx, server, false); err != nil {
		return nil, err
	}
	t, _ := c.Known(server)
	return t, nil
}

// Refresh fetches server's tool list from the backend and stores it.
// Concurrent refreshes of one server share one fetch.
func (c *Catalog) Refresh(ctx context.Context, server string) error {
	return c.refresh(ctx, server, true)
}

// refresh fetches server's tool list; unless force, only when it is
// still unknown once no other fetch is running (so callers that all saw
// it unknown share one fetch, even one that just ended).
func (c *Catalog) refresh(ctx context.Context, server string, force bool) error {
	c.mu.Lock()
	e := c.entries[server]
	if e == nil {
		c.mu.Unlock()
		return fmt.Errorf("%w %q", ErrUnknownServer, server)
	}
	c.load(server, e)
	if !force && e.listing != nil && c.fetch[server] == nil {
		c.mu.Unlock()
		return nil
	}
	if f := c.fetch[server]; f != nil {
		c.mu.Unlock()
		select {
		case <-f.done:
			return f.err
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	f := &fetchCall{done: make(chan struct{})}
	c.fetch[server] = f
	c.mu.Unlock()

	l, err := c.src.ListTools(ctx, server)
	var changed bool
	c.mu.Lock()
	delete(c.fetch, server)
	if err == nil {
		c.load(server, e)
		before := toolNames(e.tools)
		e.listing, e.fetched = l, time.Now()
		c.derive(server, e)
		changed = !slices.Equal(before, toolNames(e.tools))
	}
	c.mu.Unlock()
	f.err = err
	close(f.done)
	if err != nil {
		return err
	}
	if werr := c.writeCache(server, e); werr != nil {
		c.opts.Logger.Warn("writing catalog cache", "server", server, "err", werr)
	}
	if changed && c.opts.OnChange != nil {
		c.opts.OnChange(server)
	}
	return nil
}

func toolNames(ts []Tool) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name + "\x00" + t.Description
	}
	return out
}

// derive computes the visible tools of e from its listing. c.mu held.
func (c *Catalog) derive(server string, e *entry) {
	raw := e.listing.Tools
	names := make([]string, len(raw))
	for i, t := range raw {
		names[i] = t.Name
	}
	ids := tsdecl.Idents(names)
	tools := make([]Tool, 0, len(raw))
	for i, t := range raw {
		if t == nil {
			continue
		}
		tools = append(tools, Tool{
			Server:       server,
			ServerIdent:  c.idents[server],
			Name:         t.Name,
			Ident:        ids[i],
			Title:        t.Title,
			Description:  t.Description,
			InputSchema:  rawJSON(t.InputSchema),
			OutputSchema: rawJSON(t.OutputSchema),
			Annotations:  t.Annotations,
		})
	}
	slices.SortFunc(tools, func(a, b Tool) int { return cmpString(a.Name, b.Name) })
	e.withheld = nil
	if c.opts.Vetter != nil {
		tools, e.withheld = c.opts.Vetter.Vet(e.spec, tools)
	}
	e.tools = tools
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func rawJSON(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	if r, ok := v.(json.RawMessage); ok {
		return r
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return nil
	}
	return b
}

// Lookup finds a visible tool by server and tool, each given as its
// name or its identifier. It never starts a backend unless the server's
// list is unknown.
func (c *Catalog) Lookup(ctx context.Context, server, tool string) (Tool, error) {
	name := c.serverByNameOrIdent(server)
	if name == "" {
		return Tool{}, fmt.Errorf("%w %q", ErrUnknownServer, server)
	}
	tools, err := c.Tools(ctx, name)
	if err != nil {
		return Tool{}, err
	}
	for _, t := range tools {
		if t.Name == tool || t.Ident == tool {
			return t, nil
		}
	}
	for _, w := range c.Withheld(name) {
		if w.Tool == tool {
			return Tool{}, fmt.Errorf("tool %s.%s is withheld: %s", name, tool, w.Reason)
		}
	}
	return Tool{}, fmt.Errorf("server %q has no tool %q", name, tool)
}

func (c *Catalog) serverByNameOrIdent(s string) string {
	if _, ok := c.idents[s]; ok {
		return s
	}
	for n, id := range c.idents {
		if id == s {
			return n
		}
	}
	return ""
}

// RawTools returns every tool the server listed, before vetting, when
// its list is known.
func (c *Catalog) RawTools(server string) ([]*mcp.Tool, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[server]
	c.load(server, e)
	if e == nil || e.listing == nil {
		return nil, false
	}
	return slices.Clone(e.listing.Tools), true
}

// Note is a short remark on a server for the capability index: that it
// is new since the last approval, or has tools waiting for approval.
func (c *Catalog) Note(server string) string {
	var notes []string
	if f, ok := c.opts.Vetter.(interface{ Fresh(string) bool }); ok && f.Fresh(server) {
		notes = append(notes, "new")
	}
	if _, w, _ := c.Count(server); w > 0 {
		notes = append(notes, fmt.Sprintf("%d withheld", w))
	}
	return strings.Join(notes, ", ")
}

// Invalidate records that server's tool list changed (the backend sent
// notifications/tools/list_changed) and refreshes it in the background,
// each fetch bounded by timeout. Notices that arrive while a refresh runs
// fold into one more refresh, so a backend that floods them costs at
// most one fetch at a time.
func (c *Catalog) Invalidate(server string, timeout time.Duration) {
	c.mu.Lock()
	if c.invalid == nil {
		c.invalid = map[string]int{}
	}
	n := c.invalid[server]
	c.invalid[server] = min(n+1, 2)
	c.mu.Unlock()
	if n > 0 {
		return // a refresh is running; it will run once more
	}
	go func() {
		for {
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			if err := c.Refresh(ctx, server); err != nil {
				c.opts.Logger.Warn("refreshing tool list after list_changed", "server", server, "err", err)
			}
			cancel()
			c.mu.Lock()
			c.invalid[server]--
			again := c.invalid[server] > 0
			c.mu.Unlock()
			if !again {
				return
			}
		}
	}()
}
