package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/allow"
)

func TestServe_ProjectConfigFromClientRoots(t *testing.T) {
	for _, trusted := range []bool{false, true} {
		t.Run(map[bool]string{false: "untrusted", true: "trusted"}[trusted], func(t *testing.T) { testProjectFromRoots(t, trusted) })
	}
}

func testProjectFromRoots(t *testing.T, trusted bool) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_CACHE_HOME": filepath.Join(home, ".cache"), "XDG_STATE_HOME": filepath.Join(home, ".state")}
	user := filepath.Join(home, ".config", "switchboard", "config.json")
	os.MkdirAll(filepath.Dir(user), 0o755)
	os.WriteFile(user, []byte(`{"mcpServers": {"from-user": {"command": "x"}}}`), 0o600)
	proj := filepath.Join(t.TempDir(), "repo")
	os.MkdirAll(filepath.Join(proj, "sub"), 0o755)
	os.WriteFile(filepath.Join(proj, ".switchboard.json"), []byte(`{"mcpServers": {"from-project": {"command": "y"}}}`), 0o600)
	projFile := filepath.Join(proj, ".switchboard.json")
	if trusted {
		if _, err := allow.Trust(allow.StorePath(filepath.Join(home, ".state", "switchboard")), projFile); err != nil {
			t.Fatal(err)
		}
	}
	e := &Env{
		Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
		Getenv:     func(k string) string { return env[k] },
		LookupEnv:  func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Environ:    func() []string { return nil },
		Dir:        t.TempDir(), // not the project: agents do not always start us there
		Executable: "/nonexistent",
	}
	st, err := e.openStack(&configFlags{}, false, stackOptions{inProcessScripts: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if st.paths.project != "" {
		t.Fatalf("project found from the working directory: %s", st.paths.project)
	}
	// The session looks in the client's roots by itself (no project found).

	ctx := context.Background()
	ct, stt := mcp.NewInMemoryTransports()
	ss, err := st.srv.MCP().Connect(ctx, stt, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil)
	client.AddRoots(&mcp.Root{URI: "file://" + filepath.Join(proj, "sub"), Name: "repo"})
	// Roots exist up to 2025-11-25 (deprecated in 2026-07-28, where a
	// server may not ask for them).
	cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range res.Tools {
		if tl.Name != "list_tools" {
			continue
		}
		if !trusted {
			if strings.Contains(tl.Description, "from-project") || !strings.Contains(tl.Description, "switchboard trust "+projFile) {
				t.Errorf("an untrusted roots' project was used, or the index does not say how to trust it: %s", tl.Description)
			}
			continue
		}
		if !(strings.Contains(tl.Description, "from-project") && strings.Contains(tl.Description, "from-user")) || strings.Contains(tl.Description, "trust") {
			t.Errorf("index lacks the user's or the roots' project's servers: %s", tl.Description)
		}
	}
	want := projFile
	if !trusted {
		want = ""
	}
	if got := st.sess.Loaded().Paths.Project; got != want {
		t.Errorf("project = %q, want %q", got, want)
	}
}
