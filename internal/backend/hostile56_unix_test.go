//go:build unix

package backend

import (
	"context"
	"encoding/json"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Round fifty-six: a stdio backend that closes its stdout but stays
// alive failed the call in flight with "backend \"fake\" ended the
// session: EOF", which says neither what happened nor what comes next.
// Now the error says so; the backend ends and its process is stopped, so
// that the next call starts it again.
func TestBackend_ClosingStdoutEndsTheBackend(t *testing.T) {
	b := startFake(t, "raw", nil)
	ctx, cancel := context.WithTimeout(context.Background(), slow(10*time.Second))
	defer cancel()
	start := time.Now()
	_, err := b.CallTool(ctx, "closeout", json.RawMessage(`{}`))
	if err == nil || !strings.Contains(err.Error(), `"fake"`) || ctx.Err() != nil {
		t.Fatalf("call: %v after %v", err, time.Since(start))
	}
	if want := `backend "fake" closed its standard output but kept running: it was stopped, and the next call starts it again`; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	select {
	case <-b.Done():
	case <-ctx.Done():
		t.Fatal("backend not ended after closing its stdout")
	}
	pid := b.Info().Pid
	for syscall.Kill(pid, 0) == nil {
		if ctx.Err() != nil {
			t.Fatalf("process %d still alive after the backend ended", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Round 110's case 24: under load the reap of a backend that exited came
// later than the 250 ms its end was waited for, and its calls failed
// saying it "closed its standard output but kept running: it was
// stopped" of a process that had exited by itself. A process seen gone
// (or a zombie) is waited for until its status comes: the call says it
// exited, with its status and stderr. The test plays the loaded machine
// by not waiting at all (round 111).
func TestBackend_ABackendThatExitedIsNotSaidToHaveKeptRunning(t *testing.T) {
	defer func(d time.Duration) { exitSeenWait = d }(exitSeenWait)
	exitSeenWait = 0
	b := startFake(t, "normal", nil)
	_, err := b.CallTool(context.Background(), "crash", nil)
	if err == nil || strings.Contains(err.Error(), "kept running") || !strings.Contains(err.Error(), `backend "fake" exited (exit status 3)`) {
		t.Fatalf("the call of a backend that exited: %v", err)
	}
	<-b.Done()
	if err := b.Err(); err == nil || strings.Contains(err.Error(), "kept running") {
		t.Errorf("the backend's end: %v", err)
	}
}
