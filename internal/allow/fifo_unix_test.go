//go:build unix

package allow

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO in place of the trusted-projects store is an error naming it:
// its read hung every session start for ever.
func TestList_FIFOInPlaceOfTheStoreIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), StoreName)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if _, err := List(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v, want one naming %s", err, path)
	}
}
