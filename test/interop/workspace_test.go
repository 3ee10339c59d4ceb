package interop

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// workspaceSetup writes a config with two reference servers gated by
// "when" (memory: the crate sqlx; filesystem: the npm package prisma)
// and a scratch repository: a Rust crate without sqlx and an npm
// package with prisma as a dev dependency.
func workspaceSetup(t *testing.T, settings string) (cfg string, env []string, repo string) {
	t.Helper()
	dir := t.TempDir()
	repo = filepath.Join(dir, "repo")
	os.MkdirAll(filepath.Join(repo, ".git"), 0o755)
	os.MkdirAll(filepath.Join(repo, "src"), 0o755)
	write(t, filepath.Join(repo, "Cargo.toml"), "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = \"1\"\n")
	write(t, filepath.Join(repo, "Cargo.lock"), "version = 3\n\n[[package]]\nname = \"serde\"\nversion = \"1.0.197\"\n")
	write(t, filepath.Join(repo, "package.json"), `{"name": "web", "devDependencies": {"prisma": "^5.10.0"}}`)
	mods := filepath.Join(nodeMods, "@modelcontextprotocol")
	c := map[string]any{"mcpServers": map[string]any{
		"memory":     map[string]any{"command": "node", "args": []string{filepath.Join(mods, "server-memory", "dist", "index.js")}, "env": map[string]string{"MEMORY_FILE_PATH": filepath.Join(dir, "memory.jsonl")}, "when": map[string]any{"crate": "sqlx", "version": "0.7"}},
		"filesystem": map[string]any{"command": "node", "args": []string{filepath.Join(mods, "server-filesystem", "dist", "index.js"), "${workspace}"}, "when": map[string]any{"npm": "prisma"}},
	}}
	if settings != "" {
		var s any
		json.Unmarshal([]byte(settings), &s)
		c["settings"] = s
	}
	b, _ := json.MarshalIndent(c, "", "  ")
	cfg = filepath.Join(dir, "config.json")
	write(t, cfg, string(b))
	return cfg, privateEnv(t, dir), repo
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// connectIn is connect with the bridge's working directory in dir.
func connectIn(t *testing.T, ctx context.Context, dir, cfg string, env []string) (*mcp.ClientSession, chan struct{}) {
	t.Helper()
	cmd := exec.Command(binPath, "serve", "--config", cfg)
	cmd.Env, cmd.Dir, cmd.Stderr = env, dir, os.Stderr
	changed := make(chan struct{}, 16)
	client := mcp.NewClient(&mcp.Implementation{Name: "interop-workspace", Version: "1"}, &mcp.ClientOptions{ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
		changed <- struct{}{}
	}})
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connecting to switchboard serve: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, changed
}

// daemonBackends are the server names of the daemon's backends.
func daemonBackends(t *testing.T, env []string) string {
	t.Helper()
	cmd := exec.Command(binPath, "daemon", "status", "--json")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("daemon status: %v", err)
	}
	var st struct {
		Backends []struct {
			Servers []string `json:"servers"`
		} `json:"backends"`
	}
	if err := json.Unmarshal(out, &st); err != nil {
		t.Fatalf("daemon status: %v\n%s", err, out)
	}
	var names []string
	for _, b := range st.Backends {
		names = append(names, b.Servers...)
	}
	return strings.Join(names, ",")
}

func addSqlx(t *testing.T, repo string) {
	write(t, filepath.Join(repo, "Cargo.toml"), "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = \"1\"\nsqlx = { version = \"0.7\", features = [\"postgres\"] }\n")
	write(t, filepath.Join(repo, "Cargo.lock"), "version = 3\n\n[[package]]\nname = \"serde\"\nversion = \"1.0.197\"\n\n[[package]]\nname = \"sqlx\"\nversion = \"0.7.4\"\n")
}

// TestServe_WorkspaceAwareServers: through the daemon, a session in a
// subdirectory of a repository offers and starts only the servers whose
// "when" holds at the repository root; adding sqlx to Cargo.toml and
// Cargo.lock mid-session adds the memory server at the next list_tools.
func TestServe_WorkspaceAwareServers(t *testing.T) {
	needNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cfg, env, repo := workspaceSetup(t, "")
	cs, changed := connectIn(t, ctx, filepath.Join(repo, "src"), cfg, env)
	out, isErr := callText(t, ctx, cs, "list_tools", map[string]any{})
	if isErr || !strings.Contains(out, "declare namespace filesystem") || strings.Contains(out, "declare namespace memory") {
		t.Fatalf("list_tools before sqlx (want filesystem only):\n%s", out)
	}
	if got, _ := callText(t, ctx, cs, "execute", map[string]any{"script": `return (await filesystem.list_allowed_directories({}))`}); !strings.Contains(got, repo) {
		t.Errorf("filesystem's ${workspace} argument is not the repository root %s: %s", repo, got)
	}
	if b := daemonBackends(t, env); strings.Contains(b, "memory") || !strings.Contains(b, "filesystem") {
		t.Errorf("daemon backends = %q: memory does not apply here and must not start", b)
	}
	for len(changed) > 0 {
		<-changed
	}
	addSqlx(t, repo)
	out, _ = callText(t, ctx, cs, "list_tools", map[string]any{})
	if !strings.Contains(out, "declare namespace memory") {
		t.Fatalf("list_tools after adding sqlx lacks memory:\n%s", out)
	}
	select {
	case <-changed:
	case <-ctx.Done():
		t.Fatal("no tools/list_changed after the set of servers changed")
	}
	if got, isErr := callText(t, ctx, cs, "execute", map[string]any{"script": `return (await memory.read_graph({}))`}); isErr || !strings.Contains(got, "entities") {
		t.Errorf("memory.read_graph: %s", got)
	}
}

// TestServe_AutoSyncOff: with settings.autoSync false the set stays
// fixed when Cargo.toml gains sqlx, until `switchboard sync`.
func TestServe_AutoSyncOff(t *testing.T) {
	needNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cfg, env, repo := workspaceSetup(t, `{"autoSync": false}`)
	cs, _ := connectIn(t, ctx, repo, cfg, env)
	callText(t, ctx, cs, "list_tools", map[string]any{"servers": []string{"filesystem"}})
	addSqlx(t, repo)
	if out, _ := callText(t, ctx, cs, "list_tools", map[string]any{}); strings.Contains(out, "declare namespace memory") {
		t.Fatalf("memory appeared with auto-sync off:\n%s", out)
	}
	sync := exec.Command(binPath, "sync", "--config", cfg)
	sync.Env, sync.Dir = env, filepath.Join(repo)
	b, err := sync.CombinedOutput()
	if err != nil || !strings.Contains(string(b), "memory applies") {
		t.Fatalf("switchboard sync: %v\n%s", err, b)
	}
	if out, _ := callText(t, ctx, cs, "list_tools", map[string]any{}); !strings.Contains(out, "declare namespace memory") {
		t.Fatalf("memory missing after switchboard sync:\n%s", out)
	}
}
