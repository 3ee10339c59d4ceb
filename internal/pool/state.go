package pool

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/panics"
)

// State is where a backend is in its life.
type State int

// The states of a backend. Calls start a Cold or Dead backend; a Dead one
// whose starts failed waits for its backoff first.
const (
	Cold     State = iota // not running; its tool list is known from the catalog
	Starting              // spawn and handshake in progress; callers wait on it
	Ready                 // running; calls are dispatched concurrently
	Dead                  // exited or failed to start
	Disabled              // disabled in the config; never started
)

func (s State) String() string {
	switch s {
	case Cold:
		return "cold"
	case Starting:
		return "starting"
	case Ready:
		return "ready"
	case Dead:
		return "dead"
	case Disabled:
		return "disabled"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// entry is the one state struct of a backend. Every field is guarded by
// Pool.mu; state and since change only in Pool.enter.
type entry struct {
	key  string
	name string // the first name it was used under (logs)
	// log is the pool's logger naming the backend's server and its
	// definition (config.Server.LogAttrs: its project, or the user's).
	log    *slog.Logger
	launch *Launch        // the first launch seen for key (all are equal)
	spec   *config.Server // launch's spec as configured (timeouts)
	names  map[string]int // server names sessions gave it -> uses
	users  map[string]int // session ID -> uses (see Pool.Use)
	// released: no session uses it any more; stopped and forgotten once
	// nothing is in flight (Pool.retire).
	released  bool
	running   map[*Call]struct{} // calls in flight (for routing a backend's requests)
	listing   *listing           // the last listing of the backend's lists (shared)
	changes   int                // tools/list_changed notifications of the backend, counted
	listedGen int                // the start whose tools were listed again (OnListed)
	listedAt  time.Time          // when they were (Call.LookedUp)
	listings  uint64             // listings begun, counted (listing.seq)
	handed    uint64             // the seq of the last listing handed to OnListed
	// handing is held (not under Pool.mu) while a listing is handed to
	// Options.OnListed, so that listings reach it one at a time.
	handing sync.Mutex

	state State
	since time.Time

	gen     int      // bumped by each start; callbacks of older starts are ignored
	conn    Conn     // while Ready
	attempt *attempt // while Starting

	inFlight int // calls (and reservations of waiters) on conn
	calls    int64
	lastUsed time.Time
	lastErr  string
	idle     *time.Timer

	failures int       // consecutive failed starts
	retryAt  time.Time // no start before this
	startErr error     // the last failed start (wrapped by backoff errors)

	resubAt     time.Time // the last start whose subscriptions were asked again
	resubStreak int       // starts in a row, each within resubQuick of the one before
	resubNote   string    // why they wait (Status.Note); "" once asked
}

// attempt is one start, shared by every caller that waits for it.
type attempt struct {
	gen     int
	done    chan struct{} // closed when the start ended
	conn    Conn          // on success
	err     error         // on failure
	waiters int           // callers waiting; each holds an in-flight slot on success
}

// listing is one listing of a backend's tools (and resources and
// prompts), shared by every caller that asks while it runs and, for
// ListAll, by those that ask within listingReuse of its end, unless the
// backend restarted or sent tools/list_changed since it began.
type listing struct {
	gen     int           // the start it lists
	changes int           // entry.changes when it began
	seq     uint64        // entry.listings when it began
	done    chan struct{} // closed when it ended; the fields below are set then
	at      time.Time     // when it ended
	lists   Lists
	err     error
}

// lease is a caller's use of a running backend.
type lease struct {
	e    *entry
	gen  int
	conn Conn
}

// enter moves e to state s; it is the only writer of e.state. Leaving
// Ready stops the idle timer. Caller holds p.mu.
func (p *Pool) enter(e *entry, s State) {
	if e.state == Ready && s != Ready && e.idle != nil {
		e.idle.Stop()
		e.idle = nil
	}
	e.log.Debug("backend state", "from", e.state, "to", s)
	e.state, e.since = s, time.Now()
}

// acquire returns a lease on l's running backend, starting it if
// needed and waiting for a start in progress (bounded by ctx).
func (p *Pool) acquire(ctx context.Context, l *Launch) (lease, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return lease{}, ErrClosed
	}
	_, known := p.entries[l.Key]
	e := p.entryFor(l)
	if !known {
		// No session uses this key (its last one released it, and a
		// call or listing of the view it left came after): the backend
		// this starts is stopped once its calls end, as a released one
		// is. Before, it ran with no session until the daemon ended.
		e.released = true
	}
	server := l.Name
	now := time.Now()
	switch e.state {
	case Disabled:
		p.mu.Unlock()
		return lease{}, mark(ErrDisabled, "%s", disabledWhy(l))
	case Ready:
		select {
		case <-e.conn.Done(): // ended, and watch has not seen it yet
			p.dead(e, e.gen)
			p.mu.Unlock()
			return p.acquire(ctx, l)
		default:
		}
		e.inFlight++
		e.lastUsed = now
		l := lease{e, e.gen, e.conn}
		p.mu.Unlock()
		return l, nil
	case Cold, Dead:
		if now.Before(e.retryAt) {
			// The cause first: it is what the caller can act on.
			cause := e.lastErr
			if cause == "" {
				cause = fmt.Sprintf("backend %q failed to start", server)
			}
			err := &poolError{fmt.Sprintf("%s (%s: %d failed in a row, the next try in %v)%s",
				cause, ErrBackoff, e.failures, e.retryAt.Sub(now).Round(time.Millisecond), sharedNote(server, e.name)), []error{ErrBackoff, e.startErr}}
			p.mu.Unlock()
			return lease{}, err
		}
		p.begin(e)
	}
	a := e.attempt
	a.waiters++
	p.mu.Unlock()

	select {
	case <-a.done:
		if a.err != nil {
			if server != e.name { // the error names the process's first server
				return lease{}, fmt.Errorf("%w%s", a.err, sharedNote(server, e.name))
			}
			return lease{}, a.err // redacted by finish
		}
		return lease{e, a.gen, a.conn}, nil
	case <-ctx.Done():
		p.mu.Lock()
		select {
		case <-a.done: // finished meanwhile: hand back the slot it kept for us
			if a.err == nil {
				p.releaseLocked(lease{e, a.gen, a.conn}, nil)
			}
		default:
			a.waiters--
		}
		p.mu.Unlock()
		return lease{}, fmt.Errorf("waiting for backend %q to start: %w", server, context.Cause(ctx))
	}
}

// sharedNote says, for an error about the backend of first that server
// got, that server shares that process; "" when they are one server.
func sharedNote(server, first string) string {
	if server == first {
		return ""
	}
	return fmt.Sprintf(" (server %q runs in the process of server %q: the same command, arguments and environment)", server, first)
}

// begin starts e in the background, making room first. Caller holds p.mu.
func (p *Pool) begin(e *entry) {
	e.gen++
	a := &attempt{gen: e.gen, done: make(chan struct{})}
	e.attempt = a
	e.inFlight = 0
	p.enter(e, Starting)
	p.makeRoom(e)

	d, own := e.spec.StartTimeout.D(), true
	if d <= 0 {
		d, own = p.set.StartTimeout.D(), false
	}
	o := p.o.Backend
	key, gen, l := e.key, e.gen, e.launch
	o.Resolver = l.resolver
	if l.base != nil {
		o.Env = l.base
	}
	if p.o.ProtocolVersion != nil {
		o.ProtocolVersion = p.o.ProtocolVersion(l)
	}
	o.OnToolsChanged = func() {
		// A listing begun before this notice is not shared after it.
		p.mu.Lock()
		if e.gen == gen {
			e.changes++
		}
		p.mu.Unlock()
		if p.o.OnToolsChanged != nil {
			p.o.OnToolsChanged(key)
		}
	}
	p.relay(&o, l)
	o.OnResourceUpdated = p.resourceUpdated(key) // resources.go
	// A remote's new session holds none of the old one's subscriptions.
	o.OnReconnect = func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if e.gen == gen && e.state == Ready {
			p.resubscribe(e, gen, e.conn) // resources.go
		}
	}
	o.OnExit = func(err error) {
		if err == nil {
			return
		}
		p.mu.Lock()
		if e.gen == gen {
			e.lastErr = err.Error()
		}
		p.mu.Unlock()
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		// A panic starting the backend (its handshake, what it sent) is
		// the start's error: the start's waiters get it instead of
		// waiting for ever, and the process goes on.
		finished := false
		defer panics.Recover(e.log, "starting a backend", func(why string) {
			if !finished {
				p.finish(e, a, nil, fmt.Errorf("internal error starting it: %s (a bug in Switchboard, not in the backend)", why))
			}
		})
		ctx, cancel := context.WithTimeoutCause(p.ctx, d, fmt.Errorf("start timeout %v (%s; what it printed: switchboard logs %s)", d, raiseHint(e.spec, "startTimeout", own, d), echo.ShellWord(e.spec.Name)))
		defer cancel()
		conn, err := p.start(ctx, e.spec, &o)
		if err != nil && !errors.Is(err, ErrClosed) {
			err = redacted(nil, err)
		}
		finished = true
		p.finish(e, a, conn, err)
	}()
}

// finish records the outcome of attempt a and wakes its waiters.
//
// p.mu is released and a's waiters woken however it ends: it calls out
// (OnStart, the log, resubscribe), and a panic there, recovered by the
// start's goroutine, left p.mu held, and every backend of every session
// waited for it for ever.
func (p *Pool) finish(e *entry, a *attempt, conn Conn, err error) {
	p.mu.Lock()
	if p.closed && err == nil {
		err = ErrClosed
		p.mu.Unlock()
		conn.Close()
		conn = nil
		p.mu.Lock()
	} else if p.closed {
		err = ErrClosed // Close aborted it: no failed start
	}
	defer p.mu.Unlock()
	defer func() {
		if a.err == nil && a.conn == nil {
			// A panic before the outcome was recorded.
			a.err = errors.New("internal error recording the start's outcome (a bug in Switchboard)")
		}
		close(a.done)
	}()
	now := time.Now()
	e.attempt = nil
	if err != nil {
		a.err = err
		e.lastErr = err.Error()
		e.startErr = err
		if err != ErrClosed {
			e.failures++
			e.retryAt = now.Add(p.backoff(e.failures))
		}
		p.enter(e, Dead)
		if err != ErrClosed {
			e.log.Warn("backend start failed", "failures", e.failures, "error", err)
		}
	} else {
		a.conn = conn
		e.conn = conn
		e.failures, e.retryAt = 0, time.Time{}
		e.inFlight = a.waiters
		e.lastUsed = now
		p.enter(e, Ready)
		if p.o.OnStart != nil {
			p.o.OnStart(e.name)
		}
		if e.inFlight == 0 {
			p.armIdle(e)
		}
		go p.watch(e, a.gen, conn)
		p.resubscribe(e, a.gen, conn) // resources.go
	}
	if e.inFlight == 0 {
		p.retire(e)
	}
}

// backoff is the wait after n consecutive failed starts.
func (p *Pool) backoff(n int) time.Duration {
	d := p.o.BackoffBase
	for i := 1; i < n && d < p.o.BackoffMax; i++ {
		d *= 2
	}
	return min(d, p.o.BackoffMax)
}

// watch marks e Dead when conn ends by itself; the next call restarts it.
//
// A panic marking it (OnCrash, the telemetry's; the log) is logged, and
// the backend is Dead all the same and its conn closed (reaped): it ended
// the process, and with the daemon every session.
func (p *Pool) watch(e *entry, gen int, conn Conn) {
	<-conn.Done()
	defer panics.Recover(e.log, "marking an ended backend dead", func(string) {
		p.mu.Lock()
		if e.gen == gen && e.conn == conn {
			e.conn = nil
			p.enter(e, Dead)
		}
		p.mu.Unlock()
		p.closeAsync(conn)
	})
	p.mu.Lock()
	defer p.mu.Unlock()
	p.dead(e, gen)
}

// dead marks e Dead after its conn of generation gen ended by itself.
// Caller holds p.mu.
func (p *Pool) dead(e *entry, gen int) {
	if e.gen != gen || e.state != Ready {
		return // stopped on purpose, or already replaced
	}
	conn := e.conn
	e.conn = nil
	if e.lastErr == "" {
		e.lastErr = "backend exited"
	}
	p.enter(e, Dead)
	if p.o.OnCrash != nil {
		p.o.OnCrash(e.name)
	}
	p.closeAsync(conn) // reap
}

// release ends a lease.
func (p *Pool) release(l lease, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.releaseLocked(l, err)
}

func (p *Pool) releaseLocked(l lease, err error) {
	e := l.e
	e.calls++
	if err != nil {
		e.lastErr = err.Error()
	}
	if e.gen != l.gen {
		return
	}
	e.inFlight--
	e.lastUsed = time.Now()
	if e.inFlight == 0 && e.released {
		p.retire(e)
		return
	}
	if e.inFlight > 0 || e.state != Ready || p.closed {
		return
	}
	p.armIdle(e)
	if p.live() > p.set.MaxConnections {
		p.makeRoom(nil)
	}
}

// armIdle (re)starts e's idle timer. Caller holds p.mu.
func (p *Pool) armIdle(e *entry) {
	d := e.spec.IdleTimeout.D()
	if d <= 0 {
		d = p.set.IdleTimeout.D()
	}
	if e.idle != nil {
		e.idle.Stop()
	}
	gen := e.gen
	e.idle = time.AfterFunc(d, func() {
		// On a timer's goroutine: a panic stopping the backend is
		// logged, and it runs on until its next use arms the timer
		// again. It ended the process.
		defer panics.Recover(e.log, "stopping an idle backend", nil)
		p.mu.Lock()
		defer p.mu.Unlock()
		if e.gen == gen && e.state == Ready && e.inFlight == 0 && time.Since(e.lastUsed) >= d {
			e.log.Info("stopping idle backend", "idle", d)
			p.stop(e, Cold)
		}
	})
}

// live counts backends running or starting. Caller holds p.mu.
func (p *Pool) live() int {
	n := 0
	for _, e := range p.entries {
		if e.state == Ready || e.state == Starting {
			n++
		}
	}
	return n
}

// makeRoom stops least recently used idle backends (never busy ones,
// never keep) while more than MaxConnections run. With every backend
// busy the cap is exceeded until one goes idle. Caller holds p.mu.
func (p *Pool) makeRoom(keep *entry) {
	for p.live() > p.set.MaxConnections {
		var lru *entry
		for _, e := range p.entries {
			if e != keep && e.state == Ready && e.inFlight == 0 && (lru == nil || e.lastUsed.Before(lru.lastUsed)) {
				lru = e
			}
		}
		if lru == nil {
			p.log.Warn("over maxConnections: every backend is busy", "max", p.set.MaxConnections)
			return
		}
		lru.log.Info("stopping least recently used backend")
		p.stop(lru, Cold)
	}
}

// stop takes e's conn out of service and closes it in the background.
// Caller holds p.mu.
func (p *Pool) stop(e *entry, s State) {
	conn := e.conn
	e.conn = nil
	p.enter(e, s)
	if conn != nil {
		p.closeAsync(conn)
	}
}

// closeAsync closes conn in the background; Close waits for it. A panic
// closing it (the backend's Close: its process group, its session) is
// logged.
func (p *Pool) closeAsync(conn Conn) {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		defer panics.Recover(p.log, "closing a backend", nil)
		conn.Close()
	}()
}

// marked is an error with its own text that errors.Is matches against
// its sentinel.
type marked struct {
	msg string
	err error
}

func (e *marked) Error() string { return e.msg }
func (e *marked) Unwrap() error { return e.err }

// disabledWhy says why l's server does not start, and what starts it: a
// call said `server "a" is disabled` alone, for a server switched off
// and for one whose entry has a mistake (the mistake unsaid).
func disabledWhy(l *Launch) string {
	s := l.raw
	if s.Problem != "" {
		return fmt.Sprintf("server %q is disabled by a mistake in its entry: %s", l.Name, strings.ReplaceAll(s.Problem, "\n", "; "))
	}
	where := ""
	if s.Source != "" {
		where = " in " + s.Source
	}
	return fmt.Sprintf("server %q is switched off (\"disabled\": true%s): switchboard enable %s turns it on", l.Name, where, shellWord(l.Name))
}

// shellWord is s as one shell word (echo.ShellWord).
func shellWord(s string) string { return echo.ShellWord(s) }

func mark(target error, format string, a ...any) error {
	return &marked{fmt.Sprintf(format, a...), target}
}
