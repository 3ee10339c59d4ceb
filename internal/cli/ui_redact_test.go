package cli

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/hub"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// The status page's command lines hide secret argument values that
// redact's shapes miss, and report them so errors echoing them hide
// them too.
func TestHideArgs_HidesSecretArgumentValues(t *testing.T) {
	tests := []struct {
		line, want string
		hidden     []string
	}{
		{"server --password hunter2 --port 8080", "server --password *** --port 8080", []string{"hunter2"}},
		{"server --api-key sk-ant-abcdefghijklmnop1234", "server --api-key ***", []string{"sk-ant-abcdefghijklmnop1234"}},
		{"server --client-secret=xyz789abc -v", "server --client-secret=*** -v", []string{"xyz789abc"}},
		{"server -token 'quoted value'", "server -token ***", []string{"quoted value"}},
		{"server --dsn admin:dsnpass99@tcp(db:3306)/prod", "server --dsn admin:***@tcp(db:3306)/prod", []string{"dsnpass99"}},
		{"server ghp_abcdefghijklmnopqrstuvwxyz0123456789 AKIAIOSFODNN7EXAMPLE", "server *** ***", []string{"ghp_abcdefghijklmnopqrstuvwxyz0123456789", "AKIAIOSFODNN7EXAMPLE"}},
		{"sh -c echo --password hunter2 >&2", "sh -c echo --password *** >&2", []string{"hunter2"}},
		// Nothing secret: left as written.
		{"npx -y @modelcontextprotocol/server-memory --port 3000 --auth-mode --verbose", "npx -y @modelcontextprotocol/server-memory --port 3000 --auth-mode --verbose", nil},
		{"git-mcp --repo user@host:repo.git", "git-mcp --repo user@host:repo.git", nil},
	}
	for _, tt := range tests {
		got, hidden := hideArgs(tt.line)
		if got != tt.want || strings.Join(hidden, "|") != strings.Join(tt.hidden, "|") {
			t.Errorf("hideArgs(%q) = %q, %q; want %q, %q", tt.line, got, hidden, tt.want, tt.hidden)
		}
	}
	if got := hideValues("exited: login failed for hunter2", []string{"hunter2"}); got != "exited: login failed for ***" {
		t.Errorf("hideValues = %q", got)
	}
}

// A launch with literal secrets in its arguments (not ${env:…}) shows
// neither them nor a start error that echoes them on the page.
func TestHubSource_SnapshotHidesLiteralArgumentSecrets(t *testing.T) {
	home := t.TempDir()
	user := filepath.Join(home, "cfg", "config.json")
	os.MkdirAll(filepath.Dir(user), 0o700)
	cfg := `{"mcpServers": {"leaky": {"command": "srv", "args": ["--password", "hunter2x", "--dsn", "admin:dsnpass99@tcp(db:3306)/prod"]}}}`
	if err := os.WriteFile(user, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	start := func(ctx context.Context, spec *config.Server, o *backend.Options) (pool.Conn, error) {
		return nil, errors.New("login failed for admin with hunter2x (dsn admin:dsnpass99@tcp(db:3306)/prod)")
	}
	cache := t.TempDir()
	h, err := hub.New(&hub.Options{UserConfig: user, CacheDir: cache, StateDir: filepath.Join(home, "state"), Home: home, Start: start})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	s, err := h.Open(context.Background(), &hub.SessionOptions{ID: "s1", Workspace: home})
	if err != nil {
		t.Fatal(err)
	}
	s.Server().Execute(context.Background(), `try { await leaky.x({}) } catch (e) {} return 1`, 10*time.Second)
	snap := (&hubSource{h: h, version: "test"}).Snapshot(context.Background())
	b, _ := json.Marshal(snap)
	if len(snap.Backends) != 1 || snap.Backends[0].LastError == "" {
		t.Fatalf("backends: %+v", snap.Backends)
	}
	for _, secret := range []string{"hunter2x", "dsnpass99"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("the snapshot shows %q:\n%s", secret, b)
		}
	}
	if got := snap.Backends[0].Identity; !strings.HasPrefix(got, "srv --password *** --dsn admin:***@tcp(db:3306)/prod") {
		t.Errorf("identity %q", got)
	}
}
