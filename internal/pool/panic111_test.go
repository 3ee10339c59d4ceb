package pool

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// panicOn is a slog handler that panics at a record with the message
// msg and keeps every other in rec: a panic in what the pool logs, on
// one of its goroutines.
type panicOn struct {
	msg string
	rec *logtest.Recorder
}

func (h panicOn) Enabled(context.Context, slog.Level) bool { return true }
func (h panicOn) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == h.msg {
		panic("a bug logging " + h.msg)
	}
	return h.rec.Handle(ctx, r)
}
func (h panicOn) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h panicOn) WithGroup(string) slog.Handler      { return h }

// A panic marking a backend that ended by itself dead (here in OnCrash,
// the telemetry's counter, on the pool's watch of the connection) is
// logged; the backend is dead all the same, its connection closed, and
// the next call starts it again. It ended the process, with the daemon
// every session (round 111).
func TestPool_APanicMarkingAnEndedBackendDeadLeavesItRestartable(t *testing.T) {
	s := newStarter(0)
	rec := &logtest.Recorder{}
	var crashes atomic.Int64
	p := newNamed(servers("a"), &Options{Start: s.start, Backend: backend.Options{Logger: rec.Logger()}, OnCrash: func(string) {
		crashes.Add(1)
		panic("a bug counting the crash")
	}})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := p.CallTool(ctx, "a", "crash", nil); err == nil {
		t.Fatal("the crashing call succeeded")
	}
	for state(p, "a") == Ready && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	if crashes.Load() != 1 || state(p, "a") != Dead {
		t.Fatalf("after the crash: OnCrash called %d times, state %v; want once, dead", crashes.Load(), state(p, "a"))
	}
	if res, err := p.CallTool(ctx, "a", "echo", nil); err != nil || res == nil || s.count("a") != 2 {
		t.Fatalf("the call after the crash: %v, %d starts; want it answered by a second start", err, s.count("a"))
	}
	if !s.conns["a"][0].closed.Load() {
		t.Error("the ended backend's connection was not closed (reaped)")
	}
	if lines := strings.Join(rec.Lines(), "\n"); strings.Count(lines, "marking an ended backend dead panicked") != 1 {
		t.Errorf("log:\n%s", lines)
	}
}

// A panic on the idle timer's goroutine (here logging the stop) is
// logged, and the pool goes on: the backend answers the next call. It
// ended the process (round 111).
func TestPool_APanicStoppingAnIdleBackendIsLogged(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		rec := &logtest.Recorder{}
		p := newNamed(servers("a"), &Options{Settings: config.Settings{IdleTimeout: config.Duration(time.Minute)}, Start: s.start,
			Backend: backend.Options{Logger: slog.New(panicOn{msg: "stopping idle backend", rec: rec})}})
		defer p.Close()
		if _, err := p.CallTool(context.Background(), "a", "echo", nil); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Minute + time.Millisecond)
		synctest.Wait()
		if lines := strings.Join(rec.Lines(), "\n"); !strings.Contains(lines, "stopping an idle backend panicked") {
			t.Errorf("log:\n%s", lines)
		}
		if _, err := p.CallTool(context.Background(), "a", "echo", nil); err != nil {
			t.Errorf("the call after the panic: %v", err)
		}
	})
}

// panickySubConn is a resConn whose Unsubscribe panics once, and whose
// Subscribe panics from its second call on (a backend's subscribe asked
// again after a restart).
type panickySubConn struct {
	resConn
	subs, unsubs *atomic.Int64
}

func (c *panickySubConn) Subscribe(ctx context.Context, uri string) error {
	if c.subs.Add(1) > 1 {
		panic("a bug reading the answer to resources/subscribe")
	}
	return nil
}

func (c *panickySubConn) Unsubscribe(ctx context.Context, uri string) error {
	if c.unsubs.Add(1) == 1 {
		panic("a bug reading the answer to resources/unsubscribe")
	}
	return nil
}

func newPanickySubPool(t *testing.T) (*named, *panickySubConn) {
	st := newStarter(0)
	conn := &panickySubConn{subs: &atomic.Int64{}, unsubs: &atomic.Int64{}}
	p := newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return nil, err
		}
		return &panickySubConn{resConn: resConn{fakeConn: c.(*fakeConn)}, subs: conn.subs, unsubs: conn.unsubs}, nil
	}, Backend: backend.Options{Logger: slog.New(slog.DiscardHandler)}})
	t.Cleanup(func() { p.Close() })
	return p, conn
}

// A panic unsubscribing a backend (on the request's goroutine, which the
// server's middleware recovers) left the unsubscribe "in flight" for
// ever: every later subscribe of that URI, by any session, waited for it
// to its deadline. The subscribe goes on now (round 111).
func TestPool_APanicUnsubscribingDoesNotHoldTheNextSubscribe(t *testing.T) {
	p, conn := newPanickySubPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
	if err := p.Subscribe(ctx, a, "file:///x"); err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() { recover() }() // the server's recoverPanics
		p.Unsubscribe(ctx, a, "file:///x")
	}()
	if conn.unsubs.Load() != 1 {
		t.Fatalf("Unsubscribe asked %d times, want 1", conn.unsubs.Load())
	}
	conn.subs.Store(-10) // the next subscribes answer
	b := &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}
	if err := p.Subscribe(ctx, b, "file:///x"); err != nil {
		t.Fatalf("the subscribe after the panicked unsubscribe: %v", err)
	}
}

// A panic subscribing a restarted backend again (on the pool's goroutine)
// is logged and counts as a refusal: the URI does not stay "being asked"
// for ever, which kept the pool from ever unsubscribing it. It ended the
// process, with the daemon every session (round 111).
func TestPool_APanicSubscribingAgainAfterARestartIsARefusal(t *testing.T) {
	p, conn := newPanickySubPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
	if err := p.Subscribe(ctx, a, "file:///x"); err != nil {
		t.Fatal(err)
	}
	if _, err := p.CallTool(ctx, "docs", "crash", nil); err == nil {
		t.Fatal("the crashing call succeeded")
	}
	for state(p, "docs") == Ready && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	if _, err := p.CallTool(ctx, "docs", "echo", nil); err != nil { // starts it again: resubscribes
		t.Fatal(err)
	}
	k := subKey{p.launches["docs"].Key, "file:///x"}
	for {
		p.subs.mu.Lock()
		asking := 0 // no state: nothing asked
		if st := p.subs.uris[k]; st != nil {
			asking = st.asking
		}
		p.subs.mu.Unlock()
		if conn.subs.Load() >= 2 && asking == 0 {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("after the panic subscribing again: %d subscribes, %d still being asked; want 2, none", conn.subs.Load(), asking)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
