package daemon

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// errListener is a net.Listener whose Accept returns errs in turn, then
// conns, then net.ErrClosed.
type errListener struct {
	mu    sync.Mutex
	errs  []error
	conns []net.Conn
	calls int
}

func (l *errListener) Accept() (net.Conn, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls++
	if len(l.errs) > 0 {
		err := l.errs[0]
		l.errs = l.errs[1:]
		return nil, &net.OpError{Op: "accept", Net: "unix", Err: err}
	}
	if len(l.conns) > 0 {
		c := l.conns[0]
		l.conns = l.conns[1:]
		return c, nil
	}
	return nil, net.ErrClosed
}
func (l *errListener) Close() error   { return nil }
func (l *errListener) Addr() net.Addr { return &net.UnixAddr{Name: "test", Net: "unix"} }

// Round forty-three: an accept that failed for any reason but a timeout
// ended the daemon's accept loop for good: a daemon that ran out of
// descriptors once (EMFILE, a burst of sessions) kept its lock and socket
// and accepted no connection again, so every new agent's bridge found a
// daemon that never answered. The loop now waits the error out and goes
// on; it ends when the listener is closed.
func TestDaemon_AcceptGoesOnAfterAFailedAccept(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ours, theirs := net.Pipe()
		defer theirs.Close()
		l := &errListener{
			errs:  []error{syscall.EMFILE, syscall.EMFILE, syscall.ENFILE, syscall.ECONNABORTED, syscall.EMFILE},
			conns: []net.Conn{ours},
		}
		d := &daemon{log: discard()}
		done := make(chan struct{})
		go func() {
			defer close(done)
			d.accept(context.Background(), l)
		}()
		// The connection accepted after the errors is served: a pipe is
		// no Unix socket, so checkConn refuses and closes it.
		if _, err := theirs.Read(make([]byte, 1)); err == nil {
			t.Error("the connection accepted after the errors was not handled")
		}
		<-done
		if l.calls != 7 {
			t.Errorf("Accept was called %d times, want 7 (five errors, a connection, the close)", l.calls)
		}
	})
}

// discard is a logger that writes nothing.
func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }

// countHandler counts the records logged at Warn.
type countHandler struct {
	mu sync.Mutex
	n  int
}

func (h *countHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *countHandler) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if r.Level == slog.LevelWarn {
		h.n++
	}
	return nil
}
func (h *countHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *countHandler) WithGroup(string) slog.Handler      { return h }

// Round fifty-four: an accept error that persists (the descriptors stay
// exhausted) was logged at each 1 s retry, 3,600 lines an hour in the
// daemon's log, which `switchboard logs` prints. It is logged at the
// first error of a run and then once a minute, with the count since.
func TestDaemon_APersistentAcceptErrorIsLoggedOnceAMinute(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		errs := make([]error, 300) // about five minutes of retries
		for i := range errs {
			errs[i] = syscall.EMFILE
		}
		h := &countHandler{}
		d := &daemon{log: slog.New(h)}
		d.accept(context.Background(), &errListener{errs: errs})
		if h.n < 2 || h.n > 7 {
			t.Errorf("%d warnings for 300 failed accepts over about five minutes, want one and then one a minute", h.n)
		}
	})
}

// panicListener is an errListener whose Accept panics at its calls in
// panicAt (from 1).
type panicListener struct {
	errListener
	panicAt map[int]bool
}

func (l *panicListener) Accept() (net.Conn, error) {
	l.mu.Lock()
	n := l.calls + 1
	if l.panicAt[n] {
		l.calls++
		l.mu.Unlock()
		panic("a bug accepting a connection")
	}
	l.mu.Unlock()
	return l.errListener.Accept()
}

// Round 111: a panic in the daemon's accept loop ended the daemon with
// every session. It is logged and the loop accepts again: the connection
// after the panic is served.
func TestDaemon_AcceptGoesOnAfterAPanic(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ours, theirs := net.Pipe()
		defer theirs.Close()
		l := &panicListener{errListener: errListener{conns: []net.Conn{ours}}, panicAt: map[int]bool{1: true, 2: true}}
		rec := &logtest.Recorder{}
		d := &daemon{log: rec.Logger()}
		done := make(chan struct{})
		go func() {
			defer close(done)
			d.accept(context.Background(), l)
		}()
		// The connection accepted after the panics is served: a pipe is
		// no Unix socket, so checkConn refuses and closes it.
		if _, err := theirs.Read(make([]byte, 1)); err == nil {
			t.Error("the connection accepted after the panics was not handled")
		}
		<-done
		if l.calls != 4 {
			t.Errorf("Accept was called %d times, want 4 (two panics, a connection, the close)", l.calls)
		}
		if lines := strings.Join(rec.Lines(), "\n"); strings.Count(lines, "the daemon's accept loop panicked") != 2 {
			t.Errorf("log:\n%s", lines)
		}
	})
}

// Round 111: a panic checking whether a session's client is gone (on the
// goroutine its input's end starts) ended the daemon with every session.
// It is logged.
func TestEndReader_APanicCheckingTheClientIsLogged(t *testing.T) {
	rec := &logtest.Recorder{}
	checked := make(chan struct{})
	r := &endReader{r: strings.NewReader(""), log: rec.Logger(), ended: func(error) {
		close(checked)
		panic("a bug checking the client")
	}}
	if _, err := r.Read(make([]byte, 1)); err != io.EOF {
		t.Fatalf("Read: %v, want io.EOF", err)
	}
	<-checked
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(strings.Join(rec.Lines(), "\n"), "checking whether a session's client is gone panicked") {
		if time.Now().After(deadline) {
			t.Fatalf("log:\n%s", strings.Join(rec.Lines(), "\n"))
		}
		time.Sleep(5 * time.Millisecond)
	}
}
