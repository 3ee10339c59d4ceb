package oauth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func newTestStore(t *testing.T, u string) (*Store, string) {
	s := &Store{Dir: filepath.Join(t.TempDir(), "oauth")}
	os.MkdirAll(s.Dir, 0o700)
	return s, s.Path("n", u)
}

// A record file that is a symbolic link, a FIFO, readable by others or
// huge is refused with its path and the fix, never followed, waited on
// or read whole; a new sign-in replaces a link, not the file it names.
func TestStore_RefusesLinksOpenModesAndOtherFiles(t *testing.T) {
	const u = "https://mcp.example.com/mcp"
	t.Run("symlink", func(t *testing.T) {
		s, p := newTestStore(t, u)
		elsewhere := filepath.Join(t.TempDir(), "elsewhere.json")
		os.WriteFile(elsewhere, []byte(`{"server": "n", "origin": "https://mcp.example.com:443", "accessToken": "planted-token"}`), 0o644)
		os.Symlink(elsewhere, p)
		r, err := s.Load("n", u)
		if r != nil || err == nil || !strings.Contains(err.Error(), p+" is a symbolic link") || !strings.Contains(err.Error(), "switchboard login n") {
			t.Fatalf("Load = %v, %v; want the link refused", r, err)
		}
		if err := s.Save(u, &Record{Server: "n", AccessToken: "real-token"}); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(elsewhere); strings.Contains(string(b), "real-token") {
			t.Errorf("the sign-in was written through the link to %s", elsewhere)
		}
		if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
			t.Errorf("after Save %s: %v %v, want a 0600 file", p, fi.Mode(), err)
		}
		if r, err := s.Load("n", u); err != nil || r == nil || r.AccessToken != "real-token" {
			t.Errorf("Load after Save = %v, %v", r, err)
		}
	})
	t.Run("readable by others", func(t *testing.T) {
		s, p := newTestStore(t, u)
		if err := s.Save(u, &Record{Server: "n", AccessToken: "secret-access-token"}); err != nil {
			t.Fatal(err)
		}
		os.Chmod(p, 0o644)
		r, err := s.Load("n", u)
		if r != nil || err == nil || !strings.Contains(err.Error(), "can be read or written by others (mode 0644): run `chmod 600 "+p+"`") || strings.Contains(err.Error(), "secret-access-token") {
			t.Fatalf("Load = %v, %v", r, err)
		}
		os.Chmod(p, 0o600)
		if r, err := s.Load("n", u); err != nil || r == nil {
			t.Errorf("after chmod 600: %v, %v", r, err)
		}
	})
	t.Run("huge", func(t *testing.T) {
		s, p := newTestStore(t, u)
		os.WriteFile(p, make([]byte, maxRecord+1), 0o600)
		if r, err := s.Load("n", u); r != nil || err == nil || !strings.Contains(err.Error(), "bytes, not a record switchboard wrote") {
			t.Fatalf("Load = %v, %v", r, err)
		}
	})
}

// TestStore_ARecordTooBigToReadIsNotWritten: a token answer just under
// the 1 MiB a sign-in reads of an authorization server made a record over
// the 1 MiB the store reads (JSON escapes '<' as six bytes): it was
// written, the good record before it lost, and every later read refused
// it. It is refused when written now, naming the server, and the record
// before it is kept.
func TestStore_ARecordTooBigToReadIsNotWritten(t *testing.T) {
	const u = "https://mcp.example.com/mcp"
	for _, tt := range []struct{ name, access, refresh string }{
		{"just under 1 MiB", strings.Repeat("x", maxRecord-100), ""},
		{"escaped to over 1 MiB", strings.Repeat("<", 100<<10), strings.Repeat("&", 100<<10)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newTestStore(t, u)
			if err := s.Save(u, &Record{Server: "n", AccessToken: "good-token", RefreshToken: "good-refresh"}); err != nil {
				t.Fatal(err)
			}
			err := s.Save(u, &Record{Server: "n", AccessToken: tt.access, RefreshToken: tt.refresh})
			if err == nil || !strings.Contains(err.Error(), `saving the sign-in of "n"`) || !strings.Contains(err.Error(), "the store reads") {
				t.Errorf("Save = %.300v; want it refused, naming the server and the bound", err)
			}
			if err != nil && (strings.Contains(err.Error(), "xxxx") || strings.Contains(err.Error(), "<<<<")) {
				t.Errorf("the error quotes the token: %.300v", err)
			}
			r, err := s.Load("n", u)
			if err != nil || r == nil || r.AccessToken != "good-token" || r.RefreshToken != "good-refresh" {
				t.Fatalf("Load after the refused Save = %v, %.300v; want the good record", r != nil, err)
			}
		})
	}
}
