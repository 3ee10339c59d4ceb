package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// corpusEnv writes a config of the 32 corpus servers and warms the
// catalog cache with their captured tool lists, as if each had run once.
func corpusEnv(tb testing.TB) *Env {
	tb.Helper()
	dir := tb.TempDir()
	files, _ := filepath.Glob("../../testdata/corpus/servers/*.json")
	if len(files) != 32 {
		tb.Fatalf("corpus has %d servers", len(files))
	}
	servers := map[string]any{}
	lists := map[string]*catalog.Listing{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		servers[name] = map[string]any{"command": "/nonexistent/replay", "args": []string{f}}
		b, _ := os.ReadFile(f)
		var l catalog.Listing
		json.Unmarshal(b, &l)
		lists[name] = &l
	}
	b, _ := json.Marshal(map[string]any{"mcpServers": servers})
	cfgPath := filepath.Join(dir, "config.json")
	os.WriteFile(cfgPath, b, 0o600)
	env := map[string]string{"HOME": dir, "XDG_CACHE_HOME": filepath.Join(dir, "cache"), "XDG_STATE_HOME": filepath.Join(dir, "state"), "XDG_CONFIG_HOME": filepath.Join(dir, "config")}
	e := &Env{
		Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
		Getenv:    func(k string) string { return env[k] },
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Environ:   func() []string { return nil },
		Dir:       dir, Executable: "/nonexistent/switchboard",
		Args: []string{"--config", cfgPath},
	}
	cfg, err := config.Load(cfgPath)
	if err != nil {
		tb.Fatal(err)
	}
	// Warm the cache (and the pins and inspection caches) once.
	cat := catalog.New(cfg.Servers, listings(lists), &catalog.Options{CacheDir: filepath.Join(dir, "cache", "switchboard", "catalog")})
	for _, n := range cat.Servers() {
		if _, err := cat.Tools(context.Background(), n); err != nil {
			tb.Fatal(err)
		}
	}
	startup(tb, e)
	return e
}

type listings map[string]*catalog.Listing

func (l listings) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return l[server], nil
}

// startup opens the stack as serve does and answers initialize and
// tools/list for one client; it returns the tools/list result.
func startup(tb testing.TB, e *Env) *mcp.ListToolsResult {
	cf := configFlags{config: e.Args[1]}
	st, err := e.openStack(&cf, false, stackOptions{inProcessScripts: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	ct, stt := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := st.srv.MCP().Connect(ctx, stt, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

func TestStartup_WarmCatalogSpawnsNothing(t *testing.T) {
	e := corpusEnv(t)
	res := startup(t, e)
	// The configured command does not exist: had anything been started,
	// the index would lack tool counts.
	for _, tl := range res.Tools {
		if tl.Name == "list_tools" && !strings.Contains(tl.Description, "zereight-gitlab [118]") {
			t.Errorf("index without cached counts: %s", tl.Description)
		}
	}
}

// BenchmarkStartup32 is serve's start-up with 32 servers and a warm
// catalog: load config, open pool, catalog (with vetting) and server,
// then initialize and tools/list over an in-memory transport.
func BenchmarkStartup32(b *testing.B) {
	e := corpusEnv(b)
	b.ResetTimer()
	for b.Loop() {
		startup(b, e)
	}
}
