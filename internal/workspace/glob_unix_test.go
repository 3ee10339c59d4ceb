//go:build unix

package workspace

import (
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO where a pattern expects a directory matches nothing and is
// never opened for reading in a way that waits for a writer (a plain
// open would block each resolve for ever).
func TestGlob_FIFOInPlaceOfADirectoryMatchesNothing(t *testing.T) {
	root := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(root, "packages"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"packages/*", "packages/**", "*/*"} {
		if m, err := globInside(root, p, false); len(m) != 0 || err != nil {
			t.Errorf("%s: %q, %v; want no match", p, m, err)
		}
	}
}
