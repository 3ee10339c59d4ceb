package server

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
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

// failSource fails every listing of "dead", counting them.
type failSource struct{ lists *atomic.Int32 }

func (s failSource) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	if server == "dead" {
		s.lists.Add(1)
		return nil, errors.New("listing tools: no tool list within 8s (its startTimeout)")
	}
	return &catalog.Listing{Tools: []*mcp.Tool{{Name: "t", InputSchema: map[string]any{"type": "object"}}}}, nil
}

func (failSource) CallTool(context.Context, *pool.Call) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// A server whose tool list could not be had while execute prepared the
// script fails the script's calls to it with that error, without asking
// for its list again: a remote server that never answers tools/list made
// a one-call script wait twice its startTimeout (16 s for an 8 s bound).
func TestExecute_ServerThatFailedToListIsNotAskedAgainInTheScript(t *testing.T) {
	var lists atomic.Int32
	src := failSource{&lists}
	specs := map[string]*config.Server{}
	for _, n := range []string{"dead", "live"} {
		specs[n] = &config.Server{Name: n, Type: config.Stdio, Command: "cmd-" + n, Source: "test.json"}
	}
	s := New(Options{Catalog: catalog.New(specs, src, nil), Caller: src, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	res := s.Execute(context.Background(), `const out = [];
for (let i = 0; i < 2; i++) { try { await dead.t({}) } catch (e) { out.push(String(e)) } }
out.push(await live.t({}));
return out`, 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if n := lists.Load(); n != 1 {
		t.Errorf("dead was listed %d times, want once", n)
	}
	if v := string(res.Value); strings.Count(v, `dead.t: server \"dead\" is unavailable: listing tools: no tool list within 8s`) != 2 {
		t.Errorf("result %s, want both calls to fail naming the listing's error", v)
	}
}

// Round fifty-eight: a listing that failed because the backend sent a
// message over the limit said "the next call restarts it", but the
// script's next call failed with the remembered error and started
// nothing. The error now says which call starts it again.
func TestExecute_AFailedListingSaysWhichCallStartsTheServerAgain(t *testing.T) {
	var lists atomic.Int32
	src := failSource{&lists}
	specs := map[string]*config.Server{"dead": {Name: "dead", Type: config.Stdio, Command: "cmd-dead", Source: "test.json"}}
	s := New(Options{Catalog: catalog.New(specs, src, nil), Caller: src, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	res := s.Execute(context.Background(), `try { await dead.t({}) } catch (e) { return String(e) }`, 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if v := string(res.Value); !strings.Contains(v, "this script does not start it again: the next execute or list_tools does") {
		t.Errorf("result %s, want it to say which call starts the server again", v)
	}
}
