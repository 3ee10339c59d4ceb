//go:build unix

package daemon

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO in place of the daemon's log does not hold up the error of a
// daemon that failed to start: its tail is "no log", at once.
func TestLogTail_FIFOInPlaceOfTheLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "daemon.log")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan string, 1)
	go func() { done <- logTail(path, 0) }()
	select {
	case got := <-done:
		if !strings.HasPrefix(got, "no log") {
			t.Errorf("logTail = %q, want no log", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("logTail hung on a FIFO in place of the log")
	}
}

// A FIFO in place of daemon.log: the bridge starting the daemon opened it
// for writing, which waits for a reader, for ever, holding the start
// lock: every serve hung. Now the daemon starts without a log, as on a
// read-only state directory, and stderr says why.
func TestConnect_FIFOInPlaceOfTheLog(t *testing.T) {
	te := newTestEnv(t)
	if err := syscall.Mkfifo(te.paths.Log, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	var stderr strings.Builder
	o := te.connectOptions("v1")
	o.Stderr = &stderr
	done := make(chan error, 1)
	go func() {
		c, _, err := Connect(context.Background(), o)
		if err == nil {
			c.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Connect: %v", err)
		}
		if !strings.Contains(stderr.String(), "named pipe (FIFO), not a regular file") {
			t.Errorf("stderr %q, want the FIFO named", stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Connect hung on a FIFO in place of daemon.log")
	}
}
