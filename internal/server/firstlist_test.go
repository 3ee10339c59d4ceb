package server

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// slowSource lists "slow" only once release is closed.
type slowSource struct{ release chan struct{} }

func (s slowSource) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	if server == "slow" {
		select {
		case <-s.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return &catalog.Listing{Tools: []*mcp.Tool{{Name: server + "_tool", Description: "A tool of " + server + ".", InputSchema: map[string]any{"type": "object"}}}}, nil
}

func (slowSource) CallTool(context.Context, *pool.Call) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func TestListTools_FirstListingDoesNotWaitForTheSlowest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src := slowSource{release: make(chan struct{})}
		specs := map[string]*config.Server{}
		for _, n := range []string{"fast", "slow", "quick"} {
			specs[n] = &config.Server{Name: n, Type: config.Stdio, Command: "cmd-" + n, Source: "test.json"}
		}
		cat := catalog.New(specs, src, nil)
		s := New(Options{Catalog: cat, Caller: src, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
		var mu sync.Mutex
		var progress []string
		lw := &listWait{wait: firstListWait, progress: func(done, total int, server string) {
			mu.Lock()
			progress = append(progress, server)
			mu.Unlock()
		}}
		start := time.Now()
		out, err := s.listTools(withListWait(context.Background(), lw), ListArgs{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if waited := time.Since(start); waited > firstListWait {
			t.Errorf("waited %v, more than %v", waited, firstListWait)
		}
		if !strings.Contains(out, "function fast_tool(") || !strings.Contains(out, "function quick_tool(") {
			t.Errorf("the servers that answered are missing:\n%s", out)
		}
		if !strings.Contains(out, "// slow: still starting") || !strings.Contains(out, "call list_tools again") {
			t.Errorf("the slow server is not named with a note to retry:\n%s", out)
		}
		mu.Lock()
		if len(progress) != 2 {
			t.Errorf("progress for %v, want the two servers listed", progress)
		}
		mu.Unlock()
		hits, err := s.listTools(withListWait(context.Background(), &listWait{wait: firstListWait}), ListArgs{Query: "a tool of fast"}, 0)
		if err != nil || !strings.Contains(hits, "Not searched yet (still starting): slow") {
			t.Errorf("search while slow is starting: %q, %v", hits, err)
		}
		// The listing goes on in the background and is there next time.
		close(src.release)
		synctest.Wait()
		out, _ = s.listTools(withListWait(context.Background(), lw), ListArgs{}, 0)
		if !strings.Contains(out, "function slow_tool(") {
			t.Errorf("after it answered, slow is still missing:\n%s", out)
		}
	})
}
