//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A symbolic link that leads nowhere is said as one, naming the file
// and its target: "too many levels of symbolic links" and "no such file
// or directory" (of a file its directory lists) said neither (round 111).
func TestRead_ALinkThatLeadsNowhereIsSaid(t *testing.T) {
	dir := t.TempDir()
	self := filepath.Join(dir, ".switchboard.json")
	os.Symlink(".switchboard.json", self)
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	os.Symlink("b.json", a)
	os.Symlink("a.json", b)
	gone := filepath.Join(dir, "gone.json")
	os.Symlink("missing.json", gone)
	for path, want := range map[string]string{
		self: self + ` is a symbolic link in a loop (to ".switchboard.json", which leads back to it): too many levels of symbolic links`,
		a:    a + ` is a symbolic link in a loop (to "b.json", which leads back to it)`,
		gone: gone + ` is a symbolic link to "missing.json", which does not exist: no such file or directory`,
	} {
		_, err := Read(path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Read(%s): %v\nwant %s", path, err, want)
		}
	}
	if _, err := Read(gone); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a link to nothing: %v, want it to wrap fs.ErrNotExist", err)
	}
	if _, err := Read(filepath.Join(dir, "none.json")); err == nil || strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a missing file: %v, want the system's error alone", err)
	}
}
