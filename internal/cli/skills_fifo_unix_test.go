//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// skills rm of a project skill that is a FIFO removes the FIFO and says
// so (it was refused: "not a regular file: refusing to read it").
func TestSkillsCLI_RmOfAFIFOSkill(t *testing.T) {
	w, work := newPlainSkillsWorld(t)
	fifo := filepath.Join(work, ".switchboard", "skills", "px.js")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	out := w.mustRun("skills", "rm", "px")
	if want := "removed skill px (" + fifo + ", a named pipe (FIFO): nothing to keep)"; !strings.Contains(out, want) {
		t.Errorf("skills rm of a FIFO:\n%s\nwant %s", out, want)
	}
	if _, err := os.Lstat(fifo); !os.IsNotExist(err) {
		t.Errorf("the FIFO is still there: %v", err)
	}
}
