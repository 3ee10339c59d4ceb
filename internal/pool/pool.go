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
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
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
	// Backend is passed to each start; the pool sets OnToolsChanged and
	// OnExit per server, and MaxMessageBytes from Settings when zero.
	Backend backend.Options
	// OnToolsChanged is called with the server's name when a backend
	// sends notifications/tools/list_changed. It must not block for long.
	OnToolsChanged func(server string)
	// ProtocolVersion, when set, returns the protocol version to ask
	// server's backend for ("" for the SDK's latest). Pinning the version
	// a backend spoke last time skips the SDK's server/discover probe of
	// backends older than 2026-07-28. It is called before each start.
	ProtocolVersion func(server string) string
	// Start starts a backend; nil means backend.Start. Tests inject fakes.
	Start func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error)
	// BackoffBase is the wait after the first failed start, doubled per
	// further consecutive failure up to BackoffMax; zero means 1s and 1m.
	BackoffBase, BackoffMax time.Duration
}

// Pool runs the backends of a fixed set of servers. Its methods are safe
// for concurrent use.
type Pool struct {
	o      Options
	set    config.Settings
	start  func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error)
	log    *slog.Logger
	ctx    context.Context // cancelled by Close: aborts starts
	cancel context.CancelFunc
	wg     sync.WaitGroup // starts and closes running in the background

	mu      sync.Mutex
	closed  bool
	entries map[string]*entry
}

// New returns a pool for servers (keyed by name). Nothing starts until a
// call needs it. o may be nil; it is copied, not kept.
func New(servers map[string]*config.Server, o *Options) *Pool {
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
	now := time.Now()
	for name, spec := range servers {
		e := &entry{name: name, spec: spec, state: Cold, since: now}
		if spec.Disabled {
			e.state = Disabled
		}
		p.entries[name] = e
	}
	return p
}

// CallTool calls tool on server, starting the backend if needed, within
// the call timeout. Errors wrap ErrUnknownServer, ErrDisabled,
// ErrBackoff, ErrClosed or ErrCallTimeout where they apply, a
// *backend.StartError when the backend failed to start, and
// backend.ErrExited (with its stderr tail) when it died during the
// call. The call is never retried.
func (p *Pool) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	l, err := p.acquire(ctx, server)
	if err != nil {
		return nil, err
	}
	cctx, cancel := p.callContext(ctx, l.e)
	defer cancel()
	res, err := l.conn.CallTool(cctx, tool, args)
	if err != nil {
		err = p.callError(cctx, l.conn, err)
	}
	p.release(l, err)
	return res, err
}

// ListTools returns the tools of server and its handshake info, starting
// the backend if needed.
func (p *Pool) ListTools(ctx context.Context, server string) ([]*mcp.Tool, backend.Info, error) {
	l, err := p.acquire(ctx, server)
	if err != nil {
		return nil, backend.Info{}, err
	}
	cctx, cancel := p.callContext(ctx, l.e)
	defer cancel()
	tools, err := l.conn.ListTools(cctx)
	if err != nil {
		err = p.callError(cctx, l.conn, err)
	}
	p.release(l, err)
	return tools, l.conn.Info(), err
}

// Lists is what a backend lists about itself.
type Lists struct {
	Tools     []*mcp.Tool
	Resources []*mcp.Resource // nil when not advertised
	Prompts   []*mcp.Prompt   // nil when not advertised
	Info      backend.Info
}

// ListAll returns the tools of server and, when the backend advertises
// them, its resources and prompts, starting the backend if needed. A
// backend that advertises resources or prompts but fails to list them
// still gives its tools.
func (p *Pool) ListAll(ctx context.Context, server string) (Lists, error) {
	l, err := p.acquire(ctx, server)
	if err != nil {
		return Lists{}, err
	}
	cctx, cancel := p.callContext(ctx, l.e)
	defer cancel()
	out := Lists{Info: l.conn.Info()}
	out.Tools, err = l.conn.ListTools(cctx)
	if err != nil {
		err = p.callError(cctx, l.conn, err)
	} else if rp, ok := l.conn.(interface {
		ListResources(context.Context) ([]*mcp.Resource, error)
		ListPrompts(context.Context) ([]*mcp.Prompt, error)
	}); ok {
		out.Resources, _ = rp.ListResources(cctx)
		out.Prompts, _ = rp.ListPrompts(cctx)
	}
	p.release(l, err)
	return out, err
}

// Start starts server's backend if it is not running and returns its
// handshake info (for doctor).
func (p *Pool) Start(ctx context.Context, server string) (backend.Info, error) {
	l, err := p.acquire(ctx, server)
	if err != nil {
		return backend.Info{}, err
	}
	p.release(l, nil)
	return l.conn.Info(), nil
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
	d := e.spec.CallTimeout.D()
	if d <= 0 {
		d = p.set.CallTimeout.D()
	}
	return context.WithTimeoutCause(ctx, d, &timeoutError{d})
}

// timeoutError is the cause of a call context that timed out.
type timeoutError struct{ d time.Duration }

func (e *timeoutError) Error() string {
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
	Name      string
	State     State
	Pid       int       // 0 unless Ready (and stdio)
	Since     time.Time // when State was entered; uptime when Ready
	Calls     int64     // calls made, over every start
	InFlight  int
	LastError string // last failed start, exit or call; "" if none
	LastUsed  time.Time
	Failures  int       // consecutive failed starts
	RetryAt   time.Time // while backing off: the earliest next start
}

// Status returns every backend's status, sorted by name.
func (p *Pool) Status() []Status {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]Status, 0, len(p.entries))
	for _, name := range slices.Sorted(maps.Keys(p.entries)) {
		e := p.entries[name]
		s := Status{Name: name, State: e.state, Since: e.since, Calls: e.calls, InFlight: e.inFlight,
			LastError: e.lastErr, LastUsed: e.lastUsed, Failures: e.failures, RetryAt: e.retryAt}
		if e.conn != nil {
			s.Pid = e.conn.Info().Pid
		}
		out = append(out, s)
	}
	return out
}
