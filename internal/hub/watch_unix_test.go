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
