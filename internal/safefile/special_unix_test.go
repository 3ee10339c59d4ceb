//go:build unix

package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
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

// A read refused for the file's size or type says which, so a caller
// can add the fix: errors.Is finds ErrTooLarge and ErrNotRegular.
func TestRead_RefusalsWrapTheirSentinel(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, []byte("12345"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadMax(big, 4); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), big+" is 5 bytes, over the 4 bytes allowed for it: refusing to read it") {
		t.Errorf("ReadMax over the bound = %v", err)
	}
	if _, err := Read(dir); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), dir+" is a directory, not a regular file: refusing to read it") {
		t.Errorf("Read of a directory = %v", err)
	}
}
