package front

import (
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// Round 111: a panic ending an HTTP session (its Close) ended the process
// with every HTTP session. It is logged, the session no longer counts,
// and the front serves the other sessions and new ones. The session is
// ended on one of two goroutines: the one waiting for its MCP session to
// end (adopted), or, when the client ended it before the request that
// opened it was done with it, that request's (CI, loaded: net/http
// recovered that panic, and the log had none of ours).
func TestFront_APanicEndingASessionIsLoggedAndTheFrontGoesOn(t *testing.T) {
	t.Run("adopted", func(t *testing.T) { panicEnding(t, false) })
	t.Run("ended before it was adopted", func(t *testing.T) { panicEnding(t, true) })
}

func panicEnding(t *testing.T, early bool) {
	adopt := make(chan struct{})
	var held atomic.Bool
	if early {
		// The first initialize's request waits, once its client has
		// the answer, until the client ended the session.
		hook := func(opened string) {
			if opened != "" && !held.Swap(true) {
				<-adopt
			}
		}
		afterServe.Store(&hook)
		defer afterServe.Store(nil)
	}
	rec := &logtest.Recorder{}
	w := newWorld(t, Options{Logger: rec.Logger()})
	a, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	echo(t, a, "a")
	echo(t, b, "b")
	w.mu.Lock()
	first := w.opened[0]
	w.mu.Unlock()
	w.panicClose.Store(true)
	a.Close() // DELETE: the HTTP session ends, and its Close panics
	if early {
		close(adopt)
	}
	for !first.closed.Load() {
		waitABit()
	}
	w.panicClose.Store(false)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(strings.Join(rec.Lines(), "\n"), "ending an HTTP session panicked") {
		if time.Now().After(deadline) {
			t.Fatalf("log:\n%s", strings.Join(rec.Lines(), "\n"))
		}
		waitABit()
	}
	if n := w.f.Sessions(); n != 1 {
		t.Errorf("%d sessions open after one ended with a panic, want 1", n)
	}
	echo(t, b, "b still")
	c, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	echo(t, c, "c")
}

// panicWriter is a writeRecorder whose Write panics.
type panicWriter struct{ writeRecorder }

func (r *panicWriter) Write(b []byte) (int, error) { panic("a bug writing the event") }

// Round 111: a panic sending a priming event held back (on its timer's
// goroutine, which net/http does not recover) ended the process with
// every HTTP session. It is logged, and the writer's lock is free.
func TestAnswerWriter_APanicSendingThePrimingEventIsLogged(t *testing.T) {
	rec := &logtest.Recorder{}
	pw := &panicWriter{writeRecorder{h: http.Header{"Content-Type": {"text/event-stream"}}}}
	w := &answerWriter{ResponseWriter: pw, f: &Front{log: rec.Logger()}}
	sdkEvent(w, testPrime)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(strings.Join(rec.Lines(), "\n"), "sending an event stream's priming event panicked") {
		if time.Now().After(deadline) {
			t.Fatalf("log:\n%s", strings.Join(rec.Lines(), "\n"))
		}
		time.Sleep(time.Millisecond)
	}
	locked := make(chan struct{})
	var once sync.Once
	go func() { w.mu.Lock(); w.mu.Unlock(); once.Do(func() { close(locked) }) }()
	select {
	case <-locked:
	case <-time.After(5 * time.Second):
		t.Fatal("the writer's lock is held after the panic")
	}
}
