//go:build unix

package trust

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO in place of the pins file is an error naming it: its read hung
// every command for ever, deaf to SIGTERM.
func TestStore_FIFOInPlaceOfThePinsFileIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pins.json")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	s, err := OpenStore(path)
	if err == nil {
		_, err = s.Check(id, tools("a", "one"), false)
	}
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("err = %v, want one naming %s as no regular file", err, path)
	}
}
