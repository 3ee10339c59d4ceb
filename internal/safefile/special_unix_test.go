//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// addSpecialFiles adds a symlink to /dev/zero and a FIFO to cases.
func addSpecialFiles(t *testing.T, dir string, cases map[string]string) {
	zero := filepath.Join(dir, "zero.json")
	os.Symlink("/dev/zero", zero)
	cases[zero] = "a character device"
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	cases[fifo] = "a named pipe (FIFO)"
}
