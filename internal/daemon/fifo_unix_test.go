//go:build unix

package daemon

import (
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
