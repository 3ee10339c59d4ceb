package hub

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// corpusConn is an in-memory backend listing the tools of a corpus
// server (testdata/corpus/servers/<command>.json).
type corpusConn struct {
	tools []*mcp.Tool
	done  chan struct{}
	once  sync.Once
	lists *atomic.Int64 // tools/list requests of every corpusConn
}

func (c *corpusConn) CallTool(ctx context.Context, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: tool}}}, nil
}
func (c *corpusConn) ListTools(context.Context) ([]*mcp.Tool, error) {
	c.lists.Add(1)
	return c.tools, nil
}
func (c *corpusConn) Info() backend.Info {
	return backend.Info{ServerName: "corpus", ProtocolVersion: "2025-11-25"}
}
func (c *corpusConn) Done() <-chan struct{} { return c.done }
func (c *corpusConn) StderrTail(int) string { return "" }
func (c *corpusConn) Close() error          { c.once.Do(func() { close(c.done) }); return nil }

// corpusTools reads the tools of corpus server name.
func corpusTools(tb testing.TB, name string) []*mcp.Tool {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", "servers", name+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	var f struct {
		Tools []struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	var out []*mcp.Tool
	for _, t := range f.Tools {
		out = append(out, &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema})
	}
	return out
}

// corpusServers are the names of every corpus server.
func corpusServers(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "corpus", "servers", "*.json"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus servers: %v", err)
	}
	var out []string
	for _, f := range files {
		out = append(out, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	return out
}

var coldServers = []string{"github", "notion", "playwright", "supabase", "sentry", "slack"}

// coldHub is a hub whose user config has coldServers, each an in-memory
// backend listing that corpus server's tools, and an empty cache.
func coldHub(tb testing.TB, lists *atomic.Int64, servers []string) *Hub {
	tb.Helper()
	home := tb.TempDir()
	user := filepath.Join(home, ".config", "switchboard", "config.json")
	os.MkdirAll(filepath.Dir(user), 0o700)
	var entries []string
	tools := map[string][]*mcp.Tool{}
	for _, n := range servers {
		entries = append(entries, fmt.Sprintf("%q: {\"command\": %q}", n, n))
		tools[n] = corpusTools(tb, n)
	}
	os.WriteFile(user, []byte(`{"mcpServers": {`+strings.Join(entries, ",")+`}}`), 0o600)
	start := func(ctx context.Context, spec *config.Server, o *backend.Options) (pool.Conn, error) {
		return &corpusConn{tools: tools[spec.Command], done: make(chan struct{}), lists: lists}, nil
	}
	h, err := New(&Options{UserConfig: user, CacheDir: filepath.Join(home, "cache"), StateDir: filepath.Join(home, "state"), Home: home, Start: start})
	if err != nil {
		tb.Fatal(err)
	}
	return h
}

// coldSessions opens n sessions on h and has each list every server's
// tools at once, as n agents' first list_tools on an empty cache do; it
// returns the slowest session's time.
func coldSessions(tb testing.TB, h *Hub, servers []string, n, workspaces int) time.Duration {
	tb.Helper()
	ctx := context.Background()
	ss := make([]*Session, n)
	dirs := make([]string, workspaces)
	for i := range dirs {
		dirs[i] = tb.TempDir()
	}
	for i := range ss {
		s, err := h.Open(ctx, &SessionOptions{ID: fmt.Sprintf("s%d", i), Workspace: dirs[i%workspaces]})
		if err != nil {
			tb.Fatal(err)
		}
		ss[i] = s
	}
	defer func() {
		for _, s := range ss {
			s.Close()
		}
	}()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var slowest time.Duration
	t0 := time.Now()
	for _, s := range ss {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, name := range servers {
				if _, err := s.Catalog().Tools(ctx, name); err != nil {
					tb.Error(err)
				}
			}
			d := time.Since(t0)
			mu.Lock()
			slowest = max(slowest, d)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return slowest
}

// BenchmarkHub_ColdSessions is n sessions' first listing of six corpus
// servers on an empty cache, all at once (a daemon's first minute after
// a reboot with many agents open), in one workspace (one backend of a
// server for all) or in a workspace each: the slowest session's wait,
// and the listings the backends made.
func BenchmarkHub_ColdSessions(b *testing.B) {
	all := corpusServers(b)
	for _, c := range []struct {
		n, workspaces int
		servers       []string
	}{{1, 1, coldServers}, {10, 1, coldServers}, {60, 1, coldServers}, {10, 10, coldServers}, {60, 60, coldServers}, {1, 1, all}, {10, 1, all}} {
		b.Run(fmt.Sprintf("sessions=%d/workspaces=%d/servers=%d", c.n, c.workspaces, len(c.servers)), func(b *testing.B) {
			var total time.Duration
			lists := &atomic.Int64{}
			for b.Loop() {
				h := coldHub(b, lists, c.servers)
				total += coldSessions(b, h, c.servers, c.n, c.workspaces)
				h.Close()
			}
			b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/slowest")
			b.ReportMetric(float64(lists.Load())/float64(b.N), "lists/op")
		})
	}
}
