// Package pool runs backends on demand: a backend starts on its first
// call (concurrent first calls share one start), is stopped when idle or
// when the least recently used idle backend must make room, and is
// restarted by the next call after it dies. Consecutive failed starts
// back off exponentially; while backing off, calls fail at once. A failed
// call is never replayed.
package pool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// Errors the pool's methods wrap; test with errors.Is.
//
// Error texts never start with "server.tool: " (the server adds that
// once): they name the backend where it is the subject, e.g.
// `backend "echo" exited (exit status 3)`, `server "off" is disabled`,
// and have the server's secrets redacted.
var (
	ErrUnknownServer = errors.New("unknown server")
	ErrDisabled      = errors.New("server is disabled")
	ErrBackoff       = errors.New("not restarting yet after failed starts")
	ErrClosed        = errors.New("pool closed")
	// ErrCallTimeout is wrapped (with context.DeadlineExceeded) by a call
	// that got no answer within the call timeout.
	ErrCallTimeout = errors.New("call timed out")
)

// Conn is a running backend as the pool uses it; *backend.Backend
// implements it. Done must be closed when the backend ends, including
// after Close; Close must be idempotent and bounded.
type Conn interface {
	CallTool(ctx context.Context, tool string, args json.RawMessage) (*mcp.CallToolResult, error)
	ListTools(ctx context.Context) ([]*mcp.Tool, error)
	Info() backend.Info
	Done() <-chan struct{}
	StderrTail(lines int) string
	Close() error
}

// Options configure a Pool. The zero value gives the default settings
// and starts real backends.
type Options struct {
	// Settings are used after Defaults(): MaxConnections, IdleTimeout,
	// CallTimeout, StartTimeout, MaxMessageBytes. Per-server overrides in
	// config.Server win.
	Settings config.Settings
	// Backend is passed to each start; the pool sets OnToolsChanged,
	// OnExit, Resolver (the launch's) and Env (the launch's session's,
	// when it gave one) per backend, and MaxMessageBytes from Settings when
	// zero.
	Backend backend.Options
	// OnToolsChanged is called with the launch key when a backend sends
	// notifications/tools/list_changed. It must not block for long.
	OnToolsChanged func(key string)
	// OnLog is called with the launch key and a backend's log message
	// sent while none of its calls is in flight: for every session using
	// the backend. A message while calls of one session are in flight goes
	// to one of those calls' Hooks.Log; while several sessions' are, to
	// none (it may be about any of them). It must not block for long.
	OnLog func(key string, m *mcp.LoggingMessageParams)
	// OnResourceUpdated is called with the launch key and the backend's
	// URI when a backend sends notifications/resources/updated. It must
	// not block for long. May be nil.
	OnResourceUpdated func(key, uri string)
	// OnListed is called with the launch key and the backend's lists each
	// time the pool lists a backend's tools after a (re)start: before the
	// first call of that start is sent (see Call.Admit), and by ListAll.
	// It runs synchronously on the caller's goroutine; the hub hands the
	// lists to every session's catalog that uses the key, which vets them.
	OnListed func(key string, l *Lists)
	// ProtocolVersion, when set, returns the protocol version to ask
	// launch's backend for ("" for the SDK's latest). Pinning the version
	// a backend spoke last time skips the SDK's server/discover probe of
	// backends older than 2026-07-28. It is called before each start.
	ProtocolVersion func(l *Launch) string
	// Start starts a backend; nil means backend.Start. Tests inject fakes.
	Start func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error)
	// OnStart is called with the server's name each time one of its
	// backends has started; OnCrash each time one ended by itself (not
	// stopped by the pool). Both run with the pool's lock held: they must
	// not block or call the pool. May be nil (telemetry counts them).
	OnStart, OnCrash func(server string)
	// BackoffBase is the wait after the first failed start, doubled per
	// further consecutive failure up to BackoffMax; zero means 1s and 1m.
	BackoffBase, BackoffMax time.Duration
}

// Pool runs backends keyed by launch identity (Launch.Key): sessions
// whose launches of a server are identical share one backend. Its
// methods are safe for concurrent use.
type Pool struct {
	o      Options
	set    config.Settings
	start  func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error)
	log    *slog.Logger
	ctx    context.Context // cancelled by Close: aborts starts
	cancel context.CancelFunc
	wg     sync.WaitGroup // starts and closes running in the background

	tokens atomic.Int64 // progress tokens sent to backends

	mu      sync.Mutex
	closed  bool
	entries map[string]*entry // by launch key

	subs subscriptions // resources.go
}

// New returns an empty pool. Backends are added by Use or by the first
// call with their Launch, and start only when a call needs them. o may
// be nil; it is copied, not kept.
func New(o *Options) *Pool {
	p := &Pool{entries: map[string]*entry{}}
	if o != nil {
		p.o = *o
	}
	p.set = p.o.Settings.Defaults()
	if p.o.Backend.MaxMessageBytes <= 0 {
		p.o.Backend.MaxMessageBytes = int64(p.set.MaxMessageBytes)
	}
	if p.o.BackoffBase <= 0 {
		p.o.BackoffBase = time.Second
	}
	if p.o.BackoffMax <= 0 {
		p.o.BackoffMax = time.Minute
	}
	p.start = p.o.Start
	if p.start == nil {
		p.start = func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
			b, err := backend.Start(ctx, spec, o)
			if err != nil {
				return nil, err // not a typed nil in the interface
			}
			return b, nil
		}
	}
	p.log = p.o.Backend.Logger
	if p.log == nil {
		p.log = slog.New(slog.DiscardHandler)
	}
	p.ctx, p.cancel = context.WithCancel(context.Background())
	return p
}

// entryFor returns l's entry, adding it (Cold) when new, and records
// l's name. Caller holds p.mu.
func (p *Pool) entryFor(l *Launch) *entry {
	e := p.entries[l.Key]
	if e == nil {
		e = &entry{key: l.Key, name: l.Name, log: p.log.With(l.raw.LogAttrs()...), launch: l, spec: l.raw, state: Cold, since: time.Now(),
			names: map[string]int{}, users: map[string]int{}, running: map[*Call]struct{}{}}
		if l.raw.Disabled {
			e.state = Disabled
		}
		p.entries[l.Key] = e
	}
	if _, ok := e.names[l.Name]; !ok {
		e.names[l.Name] = 0
	}
	return e
}

// Use records that session uses l (one count per call; Release undoes
// one). A backend is stopped once its last user released it and its
// in-flight calls ended. Nothing starts.
func (p *Pool) Use(session string, l *Launch) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	e := p.entryFor(l)
	e.users[session]++
	e.names[l.Name]++
	e.released = false
}

// Release undoes one Use of the launch key by session under name. When no
// session uses the key any more, its backend is stopped as soon as it
// has no call in flight (at once when idle) and forgotten.
func (p *Pool) Release(session, name, key string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.entries[key]
	if e == nil {
		return
	}
	if e.users[session]--; e.users[session] <= 0 {
		delete(e.users, session)
	}
	if e.names[name]--; e.names[name] <= 0 && len(e.names) > 1 {
		delete(e.names, name)
	}
	if len(e.users) == 0 {
		e.released = true
		p.retire(e)
	}
}

// retire stops and forgets a released e once nothing is in flight on it.
// Caller holds p.mu.
func (p *Pool) retire(e *entry) {
	if !e.released || e.inFlight > 0 || e.state == Starting || p.entries[e.key] != e {
		return
	}
	e.log.Info("stopping backend no session uses", "key", short(e.key))
	if e.state == Ready {
		p.stop(e, Cold)
	}
	delete(p.entries, e.key)
}

// CallTool calls c.Tool on c.Launch's backend, starting it if needed,
// within the call timeout. After a (re)start the backend's tools are
// listed again (Options.OnListed) and c.Admit decides before the call is
// sent. Errors wrap ErrUnknownServer (no launch), ErrDisabled,
// ErrBackoff, ErrClosed or ErrCallTimeout where they apply, a
// *backend.StartError when the backend failed to start, and
// backend.ErrExited (with its stderr tail) when it died during the
// call. The call is never retried.
func (p *Pool) CallTool(ctx context.Context, c *Call) (*mcp.CallToolResult, error) {
	if c == nil || c.Launch == nil {
		name := ""
		if c != nil {
			name = c.Server
		}
		return nil, mark(ErrUnknownServer, "unknown server %q", name)
	}
	l, err := p.acquire(ctx, c.Launch)
	if err != nil {
		return nil, err
	}
	if err := p.relisted(ctx, l); err != nil {
		p.release(l, err)
		return nil, err
	}
	if c.Admit != nil && p.listedSince(l.e, c.LookedUp) {
		if err := c.Admit(); err != nil {
			p.release(l, nil)
			return nil, err
		}
	}
	cctx, cancel := p.callContext(ctx, l.e)
	defer cancel()
	if c.Hooks != nil && c.Hooks.Progress != nil {
		// Our own token per call, never the client's: progress of two
		// calls (of one script or of two sessions) cannot be confused.
		c.token = fmt.Sprintf("switchboard-%d", p.tokens.Add(1))
		cctx = backend.WithProgressToken(cctx, c.token)
	}
	c.ctx = cctx // a backend's request during the call ends with it (Call.bound)
	p.track(l.e, c, true)
	cctx = backend.WithCaller(cctx, c.Session) // names the session in the backend's log
	cctx = context.WithValue(cctx, callKey{}, c)
	res, err := l.conn.CallTool(cctx, c.Tool, c.Args)
	p.track(l.e, c, false)
	if err != nil {
		err = p.callError(cctx, l.conn, err)
	}
	p.release(l, err)
	return res, err
}

// track adds c to (or removes it from) e's calls in flight.
func (p *Pool) track(e *entry, c *Call, add bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if add {
		e.running[c] = struct{}{}
	} else {
		delete(e.running, c)
	}
}

// InFlight returns the calls in flight on key's backend, in no order.
//
// Routing rule for a request a backend sends (elicitation, sampling,
// roots, progress, log): to the Hooks of the single call in flight on
// that backend; with several, to the call the request's related-request
// hint names (its progress token or related request); else the request
// is refused. Route applies it; an elicitation, sampling or roots request
// during several calls of one client request (Call.Request) goes to one
// of them (routed).
func (p *Pool) InFlight(key string) []*Call {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.entries[key]
	if e == nil {
		return nil
	}
	return slices.Collect(maps.Keys(e.running))
}

// callKey holds, in a backend call's context, the *Call it is.
type callKey struct{}

// callIn is the call in flight on key's backend whose context ctx is (or
// derives from), or nil. A 2026-07-28 backend's input requests come in
// its answer to one call, and the SDK makes them with that call's
// context; a 2025-11-25 backend's requests reach us with a context of
// their own.
func (p *Pool) callIn(ctx context.Context, key string) *Call {
	c, _ := ctx.Value(callKey{}).(*Call)
	if c == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if e := p.entries[key]; e != nil {
		if _, ok := e.running[c]; ok {
			return c
		}
	}
	return nil
}

// Route picks the call a backend's request belongs to by the rule of
// InFlight: the single call in flight, else the one related matches
// (nil matches none), else nil (refuse).
func (p *Pool) Route(key string, related func(*Call) bool) *Call {
	calls := p.InFlight(key)
	if len(calls) == 1 {
		return calls[0]
	}
	if related == nil {
		return nil
	}
	var hit *Call
	for _, c := range calls {
		if related(c) {
			if hit != nil {
				return nil // ambiguous
			}
			hit = c
		}
	}
	return hit
}

// listedSince reports whether e's tools were listed at or after t (always
// for a zero t).
func (p *Pool) listedSince(e *entry, t time.Time) bool {
	if t.IsZero() {
		return true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return !e.listedAt.Before(t)
}

// relisted lists l's backend again once per start, before its first
// call, and hands the lists to Options.OnListed. Callers of one start
// share one listing (with ListAll's too).
func (p *Pool) relisted(ctx context.Context, l lease) error {
	if p.o.OnListed == nil {
		return nil
	}
	p.mu.Lock()
	done := l.e.listedGen == l.gen
	p.mu.Unlock()
	if done {
		return nil
	}
	r, err := p.shared(ctx, l, 0)
	if err != nil {
		return err
	}
	if r.err != nil {
		return fmt.Errorf("listing tools of %q again after its start: %w", l.e.name, r.err)
	}
	return nil
}

// lists asks l's conn for its tools (and resources and prompts when it
// advertises them).
func (p *Pool) lists(ctx context.Context, l lease) (Lists, error) {
	out := Lists{Info: l.conn.Info()}
	var err error
	out.Tools, err = l.conn.ListTools(ctx)
	if err != nil {
		return out, p.callError(ctx, l.conn, err)
	}
	if m, ok := l.conn.(interface{ Malformed() []backend.Malformed }); ok {
		out.Malformed = m.Malformed()
	}
	if c, ok := l.conn.(interface{ ListCut() string }); ok {
		out.Cut = c.ListCut()
	}
	if rp, ok := l.conn.(interface {
		ListResources(context.Context) ([]*mcp.Resource, error)
		ListPrompts(context.Context) ([]*mcp.Prompt, error)
	}); ok {
		// A backend that answers resources/list or prompts/list with an
		// error still gives its tools. A list that failed for any other
		// reason (the backend exited, the pool closed, ctx ended) fails
		// the whole listing: an empty list in its place would replace the
		// catalog's good one.
		var rerr, perr error
		out.Resources, rerr = rp.ListResources(ctx)
		out.Prompts, perr = rp.ListPrompts(ctx)
		if err := unanswered(rerr, perr); err != nil {
			return out, p.callError(ctx, l.conn, err)
		}
	}
	var terr error
	out.ResourceTemplates, terr = listTemplates(ctx, l.conn) // resources.go
	if err := unanswered(terr); err != nil {
		return out, p.callError(ctx, l.conn, err)
	}
	return out, nil
}

// unanswered returns the first of errs that is not the backend's own
// answer (a JSON-RPC error), such as the connection's end.
func unanswered(errs ...error) error {
	for _, err := range errs {
		var answered *jsonrpc.Error
		if err != nil && !errors.As(err, &answered) {
			return err
		}
	}
	return nil
}

// Lists is what a backend lists about itself.
type Lists struct {
	Tools []*mcp.Tool
	// Malformed are tools the backend listed whose definitions could not
	// be read; they are not in Tools.
	Malformed []backend.Malformed
	// Cut says why the tools were cut short (the bound, and how many
	// were left out); "" when they were not.
	Cut       string
	Resources []*mcp.Resource // nil when not advertised
	Prompts   []*mcp.Prompt   // nil when not advertised
	Info      backend.Info
	// ResourceTemplates are nil when not advertised.
	ResourceTemplates []*mcp.ResourceTemplate
}

// ListAll returns the tools of l's backend and, when the backend
// advertises them, its resources and prompts, starting the backend if
// needed. A backend that advertises resources or prompts but fails to
// list them still gives its tools. The lists also go to
// Options.OnListed, and count as the listing after the backend's start.
//
// Callers share listings: one that runs, or one that ended within
// listingReuse, of the backend's current start and begun after its last
// tools/list_changed, is the caller's too, and goes to OnListed once.
// Sixty sessions' first list_tools on an empty cache made sixty
// listings, each handed to every session's catalog: 3,600 vettings and
// cache writes, and a first call after 26 s. The lists are shared:
// callers must not change them.
func (p *Pool) ListAll(ctx context.Context, l *Launch) (Lists, error) {
	if l == nil {
		return Lists{}, mark(ErrUnknownServer, "unknown server")
	}
	ls, err := p.acquire(ctx, l)
	if err != nil {
		return Lists{}, err
	}
	r, err := p.shared(ctx, ls, listingReuse)
	if err == nil {
		err = r.err
	}
	p.release(ls, err)
	if err != nil {
		return Lists{}, err
	}
	return r.lists, nil
}

// listingReuse is how long after its end a listing still answers
// ListAll: long enough for the sessions of a burst (agents opened
// together, a daemon's first minute) to share one, short enough that a
// backend changing its tools without saying so is seen on the next
// refresh.
const listingReuse = 2 * time.Second

// shared returns the listing of l's start that the caller may use (one
// that runs, or one that ended within reuse; begun after the backend's
// last tools/list_changed), beginning one when there is none, and waits
// for its end on ctx. The listing itself runs on a context of its own,
// bounded by the call timeout, so a caller that gives up does not fail
// the others; a listing that succeeded went to Options.OnListed before
// it ends.
func (p *Pool) shared(ctx context.Context, l lease, reuse time.Duration) (*listing, error) {
	p.mu.Lock()
	e := l.e
	r := e.listing
	usable := r != nil && r.gen == l.gen && r.changes == e.changes
	if usable {
		select {
		case <-r.done:
			usable = r.err == nil && time.Since(r.at) < reuse
		default:
		}
	}
	if !usable {
		e.listings++
		r = &listing{gen: l.gen, changes: e.changes, seq: e.listings, done: make(chan struct{})}
		e.listing = r
		go p.list(context.WithoutCancel(ctx), l, r)
	}
	p.mu.Unlock()
	select {
	case <-r.done:
		return r, nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// list makes listing r of l's backend and hands a success to
// Options.OnListed, unless a listing begun after r was handed on (its
// callers still get r).
//
// It runs on a goroutine of its own, on what the backend listed: a panic
// in it (reading the lists, OnListed's vetting and declarations) is the
// listing's error, logged once, so its callers get an error, not a
// wait, and the process goes on.
func (p *Pool) list(ctx context.Context, l lease, r *listing) {
	defer close(r.done)
	e := l.e
	defer panics.Recover(e.log, "listing a backend's tools", func(why string) {
		p.mu.Lock()
		defer p.mu.Unlock()
		r.lists, r.err, r.at = Lists{}, fmt.Errorf("internal error listing %s: %s (a bug in Switchboard, not in the backend)", e.name, why), time.Now()
	})
	cctx, cancel := p.callContext(ctx, e)
	defer cancel()
	lists, err := p.lists(cctx, l)
	current := err == nil
	if err == nil && p.o.OnListed != nil {
		current = p.handOn(e, r, &lists)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	r.lists, r.err, r.at = lists, err, time.Now()
	if current {
		if e.gen == l.gen {
			e.listedGen = l.gen
		}
		e.listedAt = r.at
	}
}

// handOn hands listing r's lists to OnListed unless a listing begun
// after r was handed on, reporting whether it was. In order, and never
// after a listing begun later: one begun before a tools/list_changed (or
// a restart) that ended after the one begun since went to every
// session's catalog last, and they kept the tools from before the
// change. e.handing is released however OnListed ends (a panic in it
// left it held, and every later listing of the backend waited for ever).
func (p *Pool) handOn(e *entry, r *listing, lists *Lists) bool {
	e.handing.Lock()
	defer e.handing.Unlock()
	p.mu.Lock()
	current := r.seq > e.handed
	if current {
		e.handed = r.seq
	}
	p.mu.Unlock()
	if current {
		p.o.OnListed(e.key, lists)
	}
	return current
}

// Start starts l's backend if it is not running and returns its
// handshake info (for doctor).
func (p *Pool) Start(ctx context.Context, l *Launch) (backend.Info, error) {
	ls, err := p.acquire(ctx, l)
	if err != nil {
		return backend.Info{}, err
	}
	p.release(ls, nil)
	return ls.conn.Info(), nil
}

// Close stops every backend in parallel and aborts starts in progress;
// it returns when all are gone (about 1.5 s at worst). Later calls fail
// with ErrClosed. Idempotent.
func (p *Pool) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		p.wg.Wait()
		return nil
	}
	p.closed = true
	for _, e := range p.entries {
		if e.state == Ready {
			p.stop(e, Cold)
		}
	}
	p.mu.Unlock()
	p.cancel()
	p.wg.Wait()
	return nil
}

// callContext bounds a call by the server's call timeout.
func (p *Pool) callContext(ctx context.Context, e *entry) (context.Context, context.CancelFunc) {
	d, own := e.spec.CallTimeout.D(), true
	if d <= 0 {
		d, own = p.set.CallTimeout.D(), false
	}
	return context.WithTimeoutCause(ctx, d, &timeoutError{d: d, spec: e.spec, own: own})
}

// timeoutError is the cause of a call context that timed out. Its hint
// (how to give the server more time) is made only when it is read: every
// call makes one.
type timeoutError struct {
	d    time.Duration
	spec *config.Server // nil: no hint
	own  bool           // the server's own callTimeout set d
}

func (e *timeoutError) Error() string {
	if hint := raiseHint(e.spec, "callTimeout", e.own, e.d); hint != "" {
		return fmt.Sprintf("%v: no answer within %v (the call was cancelled; %s)", ErrCallTimeout, e.d, hint)
	}
	return fmt.Sprintf("%v: no answer within %v (the call was cancelled)", ErrCallTimeout, e.d)
}

func (e *timeoutError) Is(target error) bool {
	return target == ErrCallTimeout || target == context.DeadlineExceeded
}

// callError explains a timeout and hides conn's secrets in err.
func (p *Pool) callError(ctx context.Context, conn Conn, err error) error {
	var te *timeoutError
	if cause := context.Cause(ctx); errors.As(cause, &te) && !errors.Is(err, ErrCallTimeout) {
		err = &poolError{fmt.Sprintf("%v (%v)", te, err), []error{te, err}}
	}
	var sec *redact.Secrets
	if s, ok := conn.(interface{ Secrets() *redact.Secrets }); ok {
		sec = s.Secrets()
	}
	return redacted(sec, err)
}

// poolError is an error with our text that matches every error it wraps.
type poolError struct {
	msg  string
	errs []error
}

func (e *poolError) Error() string   { return e.msg }
func (e *poolError) Unwrap() []error { return e.errs }

// redacted hides sec's values (sec may be nil) and credential-shaped
// text in err, keeping err inspectable (errors.Is, errors.As). Errors
// from *backend.Backend are redacted already; this also covers other
// Conns and our own text around them.
func redacted(sec *redact.Secrets, err error) error {
	if err == nil {
		return nil
	}
	msg := sec.String(err.Error())
	if msg == err.Error() {
		return err
	}
	return &poolError{msg, []error{err}}
}

// Status is a snapshot of one backend.
type Status struct {
	Key   string   // launch identity
	Name  string   // the first of Names
	Names []string // the server names sessions gave this launch, sorted
	// Project is the project that defines its servers
	// (config.Server.Project, part of Key); "" for a user server.
	Project string
	// Workspace is, for a user server, the directory it runs in for its
	// sessions, config.AnyWorkspace when it runs for every workspace
	// (config.Server.LogWorkspace); "" for a project's server.
	Workspace string
	Sessions  []string // IDs of the sessions using it, sorted ("" not listed)
	Shared    bool     // false for a "share": false server's own backend
	State     State
	Pid       int       // 0 unless Ready (and stdio)
	Since     time.Time // when State was entered; uptime when Ready
	Calls     int64     // calls made, over every start
	InFlight  int
	// LastError is the last failed start, exit or call; "" if none.
	LastError string
	LastUsed  time.Time
	Failures  int       // consecutive failed starts
	RetryAt   time.Time // while backing off: the earliest next start
	// Note says what waits on a backend that restarts again and again
	// (its resource subscriptions); "" if nothing.
	Note string
}

// Status returns every backend's status, sorted by name, then key.
func (p *Pool) Status() []Status {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]Status, 0, len(p.entries))
	for _, e := range p.entries {
		names := slices.Sorted(maps.Keys(e.names))
		s := Status{Key: e.key, Name: names[0], Names: names, Project: e.spec.Project, Workspace: e.spec.LogWorkspace(), Shared: e.launch.Session == "", State: e.state, Since: e.since, Calls: e.calls, InFlight: e.inFlight,
			LastError: e.lastErr, LastUsed: e.lastUsed, Failures: e.failures, RetryAt: e.retryAt, Note: e.resubNote}
		for id := range e.users {
			if id != "" {
				s.Sessions = append(s.Sessions, id)
			}
		}
		slices.Sort(s.Sessions)
		if e.conn != nil {
			s.Pid = e.conn.Info().Pid
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Status) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Key, b.Key)
	})
	return out
}
