//go:build unix

package oauth

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A record file that is a FIFO is refused, not waited on (opening it for
// reading blocks until a writer comes).
func TestStore_RefusesAFIFO(t *testing.T) {
	const u = "https://mcp.example.com/mcp"
	s, p := newTestStore(t, u)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err) // Linux and macOS have FIFOs
	}
	if r, err := s.Load("n", u); r != nil || err == nil || !strings.Contains(err.Error(), p+" is not a regular file") {
		t.Fatalf("Load = %v, %v", r, err)
	}
}

// A store directory that exists with a wider mode (made by hand, or
// under a loose umask) is made 0700 when a sign-in is saved there:
// others could list it and, with write access, delete or replace the
// records.
func TestStore_MakesAnOpenDirectoryPrivate(t *testing.T) {
	for _, mode := range []os.FileMode{0o755, 0o777, 0o711} {
		s := &Store{Dir: filepath.Join(t.TempDir(), "oauth")}
		if err := os.Mkdir(s.Dir, mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(s.Dir, mode) // past the umask
		if err := s.Save("https://mcp.example.com/mcp", &Record{Server: "n", AccessToken: "tok"}); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(s.Dir); err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("a store directory of mode %04o: now %v, %v; want 0700", mode, fi.Mode().Perm(), err)
		}
	}
}
