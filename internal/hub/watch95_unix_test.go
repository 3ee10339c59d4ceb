//go:build unix

package hub

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Round ninety-five: the config directory renamed away under a running
// session kept the old config without a word (its files went with it,
// with no event of theirs), where a deleted file reloads. The session
// reloads now, says the file is gone with its directory (in the
// list_tools index, and the log), and reads the config again when the
// directory is renamed back; a deleted file is said the same way.
func TestHub_TheConfigDirectoryRenamedAwayIsSaid(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	c := f.open("s1", filepath.Join(f.home, "repo"))
	c.index(t)
	dir := filepath.Dir(f.user)
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
	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	idx := until("the directory renamed away", func(idx string) bool { return !strings.Contains(idx, "[tool count]: a") })
	if !strings.Contains(idx, "is gone with its directory") || !strings.Contains(idx, "read again when the directory is back") {
		t.Errorf("the directory renamed away is not said; the index:\n%s", idx)
	}
	if err := os.Rename(dir+".away", dir); err != nil {
		t.Fatal(err)
	}
	idx = until("the directory renamed back", func(idx string) bool { return strings.Contains(idx, "[tool count]: a") })
	if strings.Contains(idx, "is gone") {
		t.Errorf("the directory is back, and still said gone; the index:\n%s", idx)
	}
	os.Remove(f.user)
	idx = until("the file deleted", func(idx string) bool { return !strings.Contains(idx, "[tool count]: a") })
	if !strings.Contains(idx, "was deleted or moved") {
		t.Errorf("the deleted file is not said; the index:\n%s", idx)
	}
	f.write(f.user, `{"mcpServers": {"b": {"command": "b-cmd"}}}`)
	idx = until("the file written again", func(idx string) bool { return strings.Contains(idx, "[tool count]: b") })
	if strings.Contains(idx, "was deleted") {
		t.Errorf("the file is back, and still said deleted; the index:\n%s", idx)
	}
}
