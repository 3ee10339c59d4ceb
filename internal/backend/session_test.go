package backend

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// restartable is a Streamable HTTP server that can "restart": a new
// handler that knows none of the old sessions.
type restartable struct {
	mu           sync.Mutex
	h            http.Handler
	calls, inits atomic.Int32
}

func (rs *restartable) restart() {
	srv := mcp.NewServer(&mcp.Implementation{Name: "remote", Version: "1"}, &mcp.ServerOptions{
		InitializedHandler: func(context.Context, *mcp.InitializedRequest) { rs.inits.Add(1) },
	})
	srv.AddTool(&mcp.Tool{Name: "count", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		rs.calls.Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	rs.mu.Lock()
	rs.h = h
	rs.mu.Unlock()
}

func (rs *restartable) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rs.mu.Lock()
	h := rs.h
	rs.mu.Unlock()
	h.ServeHTTP(w, r)
}

func TestRemote_ForgottenSessionIsReopenedAndTheCallNotRetried(t *testing.T) {
	rs := &restartable{}
	rs.restart()
	ts := httptest.NewServer(rs)
	defer ts.Close()
	spec := &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}
	// 2025-11-25: a session with an id (2026-07-28 has none to forget).
	reconnected := make(chan struct{})
	var once sync.Once
	b, err := Start(context.Background(), spec, &Options{ProtocolVersion: "2025-11-25", OnReconnect: func() { once.Do(func() { close(reconnected) }) }})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	call(t, b, "count", "{}")
	rs.restart() // the server forgets every session
	_, err = b.CallTool(context.Background(), "count", nil)
	if err == nil || !errors.Is(err, mcp.ErrSessionMissing) {
		t.Fatalf("call on the forgotten session: err = %v, want one wrapping ErrSessionMissing", err)
	}
	if n := rs.calls.Load(); n != 1 {
		t.Errorf("the tool ran %d times, want 1: a call on a forgotten session must not be retried", n)
	}
	if !strings.Contains(err.Error(), "not retried") {
		t.Errorf("err = %v, want it to say the call was not retried", err)
	}
	// The next call finds a new session; the backend never ended.
	if got := call(t, b, "count", "{}"); got != "ok" {
		t.Fatalf("call after the session was reopened = %q", got)
	}
	select {
	case <-b.Done():
		t.Fatalf("the backend ended: %v", b.Err())
	default:
	}
	if n := rs.inits.Load(); n != 2 {
		t.Errorf("%d sessions initialized, want 2", n)
	}
	// Round fifty: the new session holds none of the old one's
	// subscriptions; the pool hears of it to make them again.
	select {
	case <-reconnected:
	case <-b.Done():
		t.Fatalf("the backend ended before OnReconnect was called: %v", b.Err())
	}
}
