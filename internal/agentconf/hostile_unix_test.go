//go:build unix

package agentconf

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO in place of the backup manifest is refused, naming it, not
// waited on for ever.
func TestUndo_ManifestFIFOIsRefusedNotWaitedOn(t *testing.T) {
	w := newWorld(t)
	o := w.opts(Project)
	manifest := filepath.Join(o.StateDir(), "manifest.json")
	os.MkdirAll(filepath.Dir(manifest), 0o700)
	if err := syscall.Mkfifo(manifest, 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	if _, err := Undo(o); err == nil || !strings.Contains(err.Error(), manifest+" is a named pipe (FIFO)") {
		t.Fatalf("Undo = %v", err)
	}
}
