//go:build unix

package hub

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The config directory removed and made again under a running session
// (a dotfiles tool relinking ~/.config/switchboard, a user restoring a
// backup): the session reads the new config. Before, the directory's
// watch went with it and the session kept the old config until it
// ended; the same for the directory replaced by a file first.
func TestHub_ReloadAfterTheConfigDirectoryIsMadeAgain(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	c := f.open("s1", filepath.Join(f.home, "repo"))
	c.index(t)
	dir := filepath.Dir(f.user)
	for i, server := range []string{"b", "c"} {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			os.WriteFile(dir, []byte("not a directory"), 0o600)
			time.Sleep(200 * time.Millisecond)
			os.Remove(dir)
		}
		time.Sleep(300 * time.Millisecond) // the removal's reload done: the new file comes later
		f.write(f.user, `{"mcpServers": {"`+server+`": {"command": "`+server+`-cmd"}}}`)
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			idx := c.index(t)
			if strings.Contains(idx, "[tool count]: "+server) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d: the session never read the config made again; its index:\n%s", i, idx)
			}
		}
		if got := c.execute(t, `return await `+server+`.echo({})`); !strings.Contains(got, server+"-cmd") {
			t.Errorf("server %s of the config made again: %s", server, got)
		}
	}
}

// Round ninety-one: a config that is a symbolic link to a file in
// another directory (dotfiles kept in a repository) was read through the
// link, but an edit of the file it points at was never seen: the watch
// was on the link's directory, and the event named the target. The
// session reads the edit now, and follows the link pointed elsewhere.
func TestHub_ReloadWhenTheTargetOfALinkedConfigChanges(t *testing.T) {
	f := newFixture(t, "")
	dots := filepath.Join(f.home, "dotfiles")
	target := filepath.Join(dots, "switchboard.json")
	f.write(target, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	os.MkdirAll(filepath.Dir(f.user), 0o700)
	if err := os.Symlink(target, f.user); err != nil {
		t.Fatal(err)
	}
	c := f.open("s1", filepath.Join(f.home, "repo"))
	if idx := c.index(t); !strings.Contains(idx, "[tool count]: a") {
		t.Fatalf("the linked config was not read; index:\n%s", idx)
	}
	wait := func(server, what string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			idx := c.index(t)
			if strings.Contains(idx, "[tool count]: "+server) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the session never read it; its index:\n%s", what, idx)
			}
		}
	}
	f.write(target, `{"mcpServers": {"b": {"command": "b-cmd"}}}`)
	wait("b", "the link's target edited")
	other := filepath.Join(f.home, "elsewhere", "sb.json")
	f.write(other, `{"mcpServers": {"c": {"command": "c-cmd"}}}`)
	os.Remove(f.user)
	if err := os.Symlink(other, f.user); err != nil {
		t.Fatal(err)
	}
	wait("c", "the link pointed elsewhere")
	f.write(other, `{"mcpServers": {"d": {"command": "d-cmd"}}}`)
	wait("d", "the new target edited")
}
