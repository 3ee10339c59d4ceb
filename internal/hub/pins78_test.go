package hub

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHub_ACorruptPinsFileIsSaidToTheSession: a pins file cut in half is
// moved aside and every server counts as new (by design); through the
// daemon the warning went to the daemon's log only, and an agent's
// session ran a tool whose approval was gone without a word. The warning
// is now among every session's notices (the list_tools index).
func TestHub_ACorruptPinsFileIsSaidToTheSession(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {}}`)
	pins := filepath.Join(f.state, "pins.json")
	f.write(pins, `{"version": 1, "servers": {"x": {`)
	c := f.open("s", f.home)
	if n := strings.Join(c.s.currentNotices(), "\n"); strings.Contains(n, "pins file") {
		t.Fatalf("notices before the file was read: %q", n)
	}
	if _, err := f.h.pins.Pending(); err != nil {
		t.Fatal(err)
	}
	n := strings.Join(c.s.currentNotices(), "\n")
	if !strings.Contains(n, "pins file "+pins+" is corrupt") || !strings.Contains(n, "every server counts as new") {
		t.Errorf("notices = %q; want the corrupt pins file said", n)
	}
	if _, err := os.Stat(pins); !os.IsNotExist(err) {
		t.Errorf("the corrupt file was not moved aside: %v", err)
	}
}
