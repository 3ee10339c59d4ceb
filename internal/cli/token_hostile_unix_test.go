//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO where the HTTP token file should be is refused, naming it, not
// waited on for ever (`switchboard token` and `serve --http` hung, deaf
// to SIGTERM).
func TestToken_FIFOIsRefusedNotWaitedOn(t *testing.T) {
	w := newHTTPWorld(t)
	p := filepath.Join(w.home, "state", "switchboard", "http-token")
	os.MkdirAll(filepath.Dir(p), 0o700)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	if _, err := w.run("token"); err == nil || !strings.Contains(err.Error(), p+" is a named pipe (FIFO), not a regular file") {
		t.Fatalf("token with a FIFO: %v", err)
	}
}
