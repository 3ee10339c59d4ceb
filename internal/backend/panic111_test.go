package backend

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// A backend that crashed while OnExit (the pool's) panics: the panic,
// on the goroutine that saw the exit, ended the process, and with the
// daemon every session; recovered, it left Done open, and the pool kept
// serving a backend that could answer nothing. Done is closed and the
// panic logged (round 111).
func TestBackend_APanicInOnExitStillEndsTheBackend(t *testing.T) {
	rec := &logtest.Recorder{}
	var exits atomic.Int64
	b := startFake(t, "normal", &Options{Logger: rec.Logger(), OnExit: func(err error) {
		exits.Add(1)
		panic("a bug recording the exit")
	}})
	if _, err := b.CallTool(context.Background(), "crash", nil); err == nil {
		t.Fatal("crash: no error")
	}
	select {
	case <-b.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("Done not closed after the backend exited and OnExit panicked")
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(strings.Join(rec.Lines(), "\n"), "panicked") && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if lines := strings.Join(rec.Lines(), "\n"); !strings.Contains(lines, "a bug recording the exit") {
		t.Errorf("log:\n%s", lines)
	}
	if n := exits.Load(); n != 1 {
		t.Errorf("OnExit called %d times, want 1", n)
	}
}

// panicOnceWriter is a refusalWriter whose first write panics.
type panicOnceWriter struct {
	writes  atomic.Int64
	written chan int64
	end     chan struct{}
}

func (w *panicOnceWriter) writeRefusal(ctx context.Context, resp *jsonrpc.Response) error {
	if w.writes.Add(1) == 1 {
		panic("a bug writing the refusal")
	}
	w.written <- resp.ID.Raw().(int64)
	return nil
}

func (w *panicOnceWriter) ended() <-chan struct{} { return w.end }

// A panic writing a refusal (the transport's write, on the refusals'
// goroutine) ended the process, and with the daemon every session;
// recovered with the writer still marked running, no refusal would be
// written again. That refusal is dropped and logged, and the next one is
// written (round 111).
func TestAsks_APanicWritingARefusalIsLoggedAndTheNextIsWritten(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec := &logtest.Recorder{}
		w := &panicOnceWriter{written: make(chan int64, 4), end: make(chan struct{})}
		a := asks{log: rec.Logger()}
		a.refuse(w, intID(1), "ping", nil)
		synctest.Wait()
		a.refuse(w, intID(2), "ping", nil)
		synctest.Wait()
		select {
		case id := <-w.written:
			if id != 2 {
				t.Errorf("wrote the refusal of %d, want 2", id)
			}
		default:
			t.Fatal("the refusal after the panic was not written")
		}
		if lines := strings.Join(rec.Lines(), "\n"); strings.Count(lines, "writing refusals of a backend's requests panicked") != 1 {
			t.Errorf("log:\n%s", lines)
		}
	})
}
