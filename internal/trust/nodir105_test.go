package trust

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestStore_NoDirectoryForThePinsFileIsNoPins: where the pins file's
// directory cannot be made (a file where a directory goes here; a HOME
// the user may not write, below), there is no pins file: a new server's
// verdict holds in memory with ErrNotSaved, as on a full disk. Before,
// every tool of every server was withheld ("the pin store cannot be
// read: … mkdir …").
func TestStore_NoDirectoryForThePinsFileIsNoPins(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state", "switchboard", "pins.json")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatalf("OpenStore: %v", err)
	}
	// Made a file after the store was opened: opening refuses one, naming
	// it (the CLI says which variable to change).
	if err := os.WriteFile(filepath.Join(dir, "state"), []byte("a file, not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	checkNoPinsFile(t, s)
}

// TestStore_AnUnwritableHomeIsNoPins is the case of round 105: HOME not
// writable by its user, so ~/.local/state/switchboard cannot be made.
func TestStore_AnUnwritableHomeIsNoPins(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("skipped: root writes any directory; TestStore_NoDirectoryForThePinsFileIsNoPins covers the same path (run this test binary as another user to see this one)")
	}
	home := t.TempDir()
	if err := os.Chmod(home, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(home, 0o700) })
	s, err := OpenStore(filepath.Join(home, ".local", "state", "switchboard", "pins.json"))
	if err != nil {
		t.Fatalf("OpenStore: %v", err)
	}
	checkNoPinsFile(t, s)
}

func checkNoPinsFile(t *testing.T, s *Store) {
	t.Helper()
	v, err := s.Check(id, tools("read", "Reads."), false)
	if !errors.Is(err, ErrNotSaved) {
		t.Fatalf("Check: %v, want ErrNotSaved (a verdict in memory)", err)
	}
	if !v.Approved["read"] {
		t.Errorf("verdict %+v, want read approved on first use", v)
	}
	// The verdict holds for the next look, and a changed tool is pending.
	if v, err := s.Check(id, tools("read", "Reads everything now."), false); !errors.Is(err, ErrNotSaved) || v.Approved["read"] {
		t.Errorf("a changed tool: %+v, %v; want it pending", v, err)
	}
}
