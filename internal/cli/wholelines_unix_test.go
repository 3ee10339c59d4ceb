//go:build unix

package cli

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// A FIFO put in daemon.log's place under the running daemon: its reopen
// waited for a reader, for ever, in the middle of a record, and with it
// every goroutine that logs. Now the file it has is kept.
func TestDaemonLog_FIFOInItsPlaceHangsNothing(t *testing.T) {
	path, d := newTestDaemonLog(t)
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	d.checked = time.Time{}
	done := make(chan error, 1)
	go func() {
		_, err := d.Write([]byte("one\n"))
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Write: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the daemon's log hung on a FIFO in its place")
	}
}
