//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A file root replaces for a user (sudo switchboard init with the
// user's HOME) stays the user's: it was root's, mode 0600, and the
// agent could no longer read its own config.
func TestWrite_KeepsTheOwnerOfTheFileReplaced(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	writes := map[string]func(string) error{
		"Write":   func(p string) error { return Write(p, []byte("new"), 0o600) },
		"WriteIf": func(p string) error { return WriteIf(p, []byte("new"), 0o600, func() error { return nil }) },
	}
	for name, write := range writes {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "f.json")
			if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chown(p, 1234, 2345); err != nil {
				t.Fatal(err)
			}
			if err := write(p); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			st := fi.Sys().(*syscall.Stat_t)
			if st.Uid != 1234 || st.Gid != 2345 || fi.Mode().Perm() != 0o600 {
				t.Errorf("after %s: owner %d:%d mode %04o, want 1234:2345 0600", name, st.Uid, st.Gid, fi.Mode().Perm())
			}
			if b, _ := os.ReadFile(p); string(b) != "new" {
				t.Errorf("content %q", b)
			}
		})
	}
}

// WriteOwn writes a file of ours: a file planted in our directories
// by another user is replaced by one we own, not kept as theirs.
func TestWriteOwn_MakesTheFileOurs(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	p := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(p, 1234, 2345); err != nil {
		t.Fatal(err)
	}
	if err := WriteOwn(p, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if st := fi.Sys().(*syscall.Stat_t); int(st.Uid) != os.Geteuid() {
		t.Errorf("owner %d, want ours (%d)", st.Uid, os.Geteuid())
	}
}
