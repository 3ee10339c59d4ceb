package oauth

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestStore_KeyedByNameAndOrigin(t *testing.T) {
	s := &Store{Dir: filepath.Join(t.TempDir(), "oauth")}
	if err := s.Save("https://mcp.example.com/mcp", &Record{Server: "notion", AccessToken: "access-token-1"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		server, url string
		found       bool
	}{
		{"notion", "https://mcp.example.com/mcp", true},
		{"notion", "https://MCP.example.com:443/other/path", true}, // same origin
		{"notion", "https://evil.example.com/mcp", false},          // the URL moved to another origin
		{"notion", "http://mcp.example.com/mcp", false},            // another scheme
		{"linear", "https://mcp.example.com/mcp", false},           // another server
	} {
		r, err := s.Load(c.server, c.url)
		if err != nil {
			t.Fatal(err)
		}
		if (r != nil) != c.found {
			t.Errorf("Load(%q, %q) found=%v, want %v", c.server, c.url, r != nil, c.found)
		}
	}
}

func TestStore_FileModesAndUnreadableRecord(t *testing.T) {
	s := &Store{Dir: filepath.Join(t.TempDir(), "oauth")}
	const u = "https://mcp.example.com/mcp"
	if err := s.Save(u, &Record{Server: "n", AccessToken: "secret-access-token"}); err != nil {
		t.Fatal(err)
	}
	p := s.Path("n", u)
	for path, want := range map[string]os.FileMode{s.Dir: 0o700, p: 0o600} {
		fi, err := os.Stat(path)
		if err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v %v, want mode %v", path, fi.Mode().Perm(), err, want)
		}
	}
	os.WriteFile(p, []byte(`{"accessToken": "secret-access-token", broken`), 0o600)
	_, err := s.Load("n", u)
	if err == nil || strings.Contains(err.Error(), "secret-access-token") || !strings.Contains(err.Error(), "switchboard login n") {
		t.Errorf("Load of a broken file: %v; want an error naming the fix and not the content", err)
	}
	// A new sign-in replaces the broken file.
	if err := s.Save(u, &Record{Server: "n", AccessToken: "new-access-token"}); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Load("n", u); err != nil || r == nil || r.AccessToken != "new-access-token" {
		t.Errorf("after Save: %v %v", r, err)
	}
	if had, err := s.Delete("n", u); !had || err != nil {
		t.Errorf("Delete = %v %v", had, err)
	}
	if had, err := s.Delete("n", u); had || err != nil {
		t.Errorf("second Delete = %v %v, want false, nil", had, err)
	}
}

func TestStore_UpdatesDoNotLoseWrites(t *testing.T) {
	s := &Store{Dir: filepath.Join(t.TempDir(), "oauth")}
	const u = "https://mcp.example.com/mcp"
	s.Save(u, &Record{Server: "n", AccessToken: "start-token", Scopes: nil})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			s.Update(context.Background(), "n", u, func(cur *Record) (*Record, error) {
				c := *cur
				c.Scopes = append(append([]string(nil), cur.Scopes...), "x")
				return &c, nil
			})
		})
	}
	wg.Wait()
	r, _ := s.Load("n", u)
	if r == nil || len(r.Scopes) != 8 {
		t.Errorf("after 8 concurrent updates: %v, want 8 scopes", r)
	}
}
