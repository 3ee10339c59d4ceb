package hub

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client with two workspace folders, each a project, got the servers of
// the first only; asked for one of the second's, the agent read "unknown
// server" and nothing said why. The session still serves one project, and
// its index now names the project files of the other roots it passed over,
// with what to do.
func TestWorkspace_TheProjectsOfOtherRootsAreSaidNotServed(t *testing.T) {
	f := newFixture(t, strings.Replace(whenConfig, "%s", "", 1))
	work := t.TempDir()
	a, b := filepath.Join(work, "a-proj"), filepath.Join(work, "b-proj")
	for _, d := range []string{a, b} {
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, ".switchboard.json"), []byte(`{"mcpServers": {}}`), 0o600)
	}
	link := filepath.Join(work, "c-link") // the first project again, through a link
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(f.home, "elsewhere")
	os.MkdirAll(elsewhere, 0o755)
	s, err := f.h.Open(context.Background(), &SessionOptions{ID: "r", Workspace: elsewhere})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	ct, st := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Serve(ctx, st)
	client := mcp.NewClient(&mcp.Implementation{Name: "roots"}, nil)
	client.AddRoots(&mcp.Root{URI: "file://" + filepath.ToSlash(a)}, &mcp.Root{URI: "file://" + filepath.ToSlash(b)}, &mcp.Root{URI: "file://" + filepath.ToSlash(link)})
	cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(s.currentNotices(), "\n")
	if !strings.Contains(notes, filepath.Join(b, ".switchboard.json")) || !strings.Contains(notes, "not served in this session") {
		t.Errorf("the notices do not name the second root's project:\n%s", notes)
	}
	if strings.Contains(notes, "also hold the project file "+filepath.Join(a, ".switchboard.json")) || strings.Contains(notes, "c-link") {
		t.Errorf("the project served is named as one passed over:\n%s", notes)
	}
}
