//go:build unix

package hub

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Round ninety-nine: the config's parent directory (XDG_CONFIG_HOME,
// ~/.config) renamed away under a running session was not noticed:
// inotify reports a move of a watched directory itself, not of its
// ancestors, and the session kept the old config without a word. The
// watcher compares the config file's identity with what was loaded now:
// the session says the file is gone with the directory above it, reads
// it again when the directory is back, and reads (and watches) a new
// directory put in its place.
func TestHub_TheConfigsParentDirectoryRenamedAwayIsSaid(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	c := f.open("s1", filepath.Join(f.home, "repo"))
	c.index(t)
	parent := filepath.Join(f.home, ".config")
	until := func(what string, ok func(idx string) bool) string {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			idx := c.index(t)
			if ok(idx) {
				return idx
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: never; the index:\n%s", what, idx)
			}
		}
	}
	if err := os.Rename(parent, parent+".away"); err != nil {
		t.Fatal(err)
	}
	idx := until("the parent renamed away", func(idx string) bool { return !strings.Contains(idx, "[tool count]: a") })
	if !strings.Contains(idx, "is gone with "+parent+", a directory above it") || !strings.Contains(idx, "read again when "+parent+" is back") {
		t.Errorf("the parent renamed away is not said; the index:\n%s", idx)
	}
	if err := os.Rename(parent+".away", parent); err != nil {
		t.Fatal(err)
	}
	idx = until("the parent renamed back", func(idx string) bool { return strings.Contains(idx, "[tool count]: a") })
	if strings.Contains(idx, "is gone") {
		t.Errorf("the parent is back, and still said gone; the index:\n%s", idx)
	}
	// Another directory in its place (a dotfiles tool relinking
	// ~/.config): read, and its later edits too.
	if err := os.Rename(parent, parent+".old"); err != nil {
		t.Fatal(err)
	}
	f.write(f.user, `{"mcpServers": {"b": {"command": "b-cmd"}}}`)
	until("a new parent", func(idx string) bool { return strings.Contains(idx, "[tool count]: b") })
	f.write(f.user, `{"mcpServers": {"c": {"command": "c-cmd"}}}`)
	until("the new parent's config edited", func(idx string) bool { return strings.Contains(idx, "[tool count]: c") })
	// The old directory's file, edited, is not ours any more.
	f.write(filepath.Join(parent+".old", "switchboard", "config.json"), `{"mcpServers": {"z": {"command": "z-cmd"}}}`)
	time.Sleep(300 * time.Millisecond)
	if idx := c.index(t); strings.Contains(idx, "[tool count]: z") || !strings.Contains(idx, "[tool count]: c") {
		t.Errorf("an edit of the directory renamed away was read; the index:\n%s", idx)
	}
}
