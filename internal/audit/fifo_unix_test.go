//go:build unix

package audit

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO in place of the audit log is an error naming it: opening it for
// writing waited for a reader, and every command hung for ever.
func TestOpen_FIFOInPlaceOfTheLogIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	l, err := Open(path, nil)
	if err == nil {
		l.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "audit log") {
		t.Fatalf("err = %v, want an error about the audit log", err)
	}
}
