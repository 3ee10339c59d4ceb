package daemon

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDir_ALinkInPlaceOfTheDirectoryIsNamedInWords: the socket's
// directory replaced by a symbolic link was refused as "not a directory
// (L---------)", Go's letters for the mode; it is said in words now.
func TestDir_ALinkInPlaceOfTheDirectoryIsNamedInWords(t *testing.T) {
	rt := t.TempDir()
	if err := os.Symlink(t.TempDir(), filepath.Join(rt, "switchboard")); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"XDG_RUNTIME_DIR": rt, "XDG_STATE_HOME": t.TempDir()}
	_, err := Dir(func(k string) string { return env[k] })
	want := filepath.Join(rt, "switchboard") + " is not a directory (a symbolic link); remove it"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Dir: %v; want it to say %q", err, want)
	}
}
