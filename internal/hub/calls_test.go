package hub

import (
	"errors"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/audit"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

func TestCallRing_KeepsTheLastCallsNewestFirst(t *testing.T) {
	var r callRing
	if got := r.list(); len(got) != 0 {
		t.Fatalf("empty ring lists %d calls", len(got))
	}
	for i := range RecentCalls + 5 {
		r.add(Call{Tool: fmt.Sprint(i)})
	}
	got := r.list()
	if len(got) != RecentCalls {
		t.Fatalf("%d calls kept, want %d", len(got), RecentCalls)
	}
	if got[0].Tool != fmt.Sprint(RecentCalls+4) || got[len(got)-1].Tool != "5" {
		t.Errorf("newest %s, oldest %s; want %d and 5", got[0].Tool, got[len(got)-1].Tool, RecentCalls+4)
	}
	for i := 1; i < len(got); i++ {
		var a, b int
		fmt.Sscan(got[i-1].Tool, &a)
		fmt.Sscan(got[i].Tool, &b)
		if a != b+1 {
			t.Fatalf("out of order at %d: %d then %d", i, a, b)
		}
	}
}

// TestRecorder_FeedsRecentCallsWithoutTheAuditLog: the status page's
// recent calls are recorded even when the audit log is off, with the
// session, client, latency, result size and outcome.
func TestRecorder_FeedsRecentCallsWithoutTheAuditLog(t *testing.T) {
	h := &Hub{}
	s := &Session{h: h, id: "s1", clientN: "agent-one"}
	rec := recorder{nil, s}
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello"}, &mcp.ImageContent{Data: []byte("12345678"), MIMEType: "image/png"}}}
	rec.Record(&pool.Call{Session: "s1", Server: "github", Tool: "search"}, res, nil, 12.5)
	rec.Record(&pool.Call{Session: "s1", Server: "github", Tool: "down"}, nil, errors.New("backend exited"), 1)
	calls := h.RecentCalls()
	if len(calls) != 2 {
		t.Fatalf("%d calls, want 2", len(calls))
	}
	down, ok := calls[0], calls[1]
	if ok.Session != "s1" || ok.Client != "agent-one" || ok.Server != "github" || ok.Tool != "search" || ok.Outcome != audit.OK || ok.ResultBytes != 13 || ok.Duration.Microseconds() != 12500 {
		t.Errorf("ok call: %+v", ok)
	}
	if down.Tool != "down" || down.Outcome != audit.Error || down.Err != "backend exited" || down.ResultBytes != 0 {
		t.Errorf("failed call: %+v", down)
	}
}
