//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round ninety-nine: the config's directory a symbolic link to itself
// failed `servers`, `exec` and `add` with `open …/config.json: too many
// levels of symbolic links`: the file named, not the link, nor what to
// do. Each names the link now.
func TestConfig_ALoopingLinkOnTheWayIsNamed(t *testing.T) {
	w := newCLIWorld(t)
	dir := filepath.Dir(w.user())
	os.RemoveAll(dir)
	os.MkdirAll(filepath.Dir(dir), 0o700)
	if err := os.Symlink(dir, dir); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"servers"}, {"add", "x", "--", "echo", "hi"}} {
		code, _, errOut := w.run(args...)
		if code == 0 || !strings.Contains(errOut, dir+" is a symbolic link (to "+dir+") that leads back to itself") || !strings.Contains(errOut, "or remove it") {
			t.Errorf("%q: exit %d, stderr %q; want the looping link named, with what to do", args, code, errOut)
		}
	}
}
