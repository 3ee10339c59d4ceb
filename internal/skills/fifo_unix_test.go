//go:build unix

package skills

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO in place of SKILL.md in a repository's skills folder is an error
// naming it: reading it waited for a writer, and `skills export` hung.
func TestExport_FIFOInPlaceOfSKILLmdIsAnError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".claude", "skills")
	folder := filepath.Join(dir, ExportName(sample().Name))
	if err := os.MkdirAll(folder, 0o700); err != nil {
		t.Fatal(err)
	}
	md := filepath.Join(folder, "SKILL.md")
	if err := syscall.Mkfifo(md, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Export(sample(), dir, false); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "SKILL.md") {
			t.Fatalf("err = %v, want an error naming SKILL.md", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Export hung on a FIFO in place of SKILL.md")
	}
}
