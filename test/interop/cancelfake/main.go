// Command cancelfake is an MCP server for the cancellation tests
// (test/interop/cancel118_test.go). Each tool takes a "tag" and appends
// what happened to it, one line each, to the file $CANCELFAKE_LOG:
// "start TAG", "cancelled TAG" (the call's context ended: the client
// sent notifications/cancelled, or the connection went), "done TAG".
//
//	wait {tag, ms}       answers after ms, or ends when cancelled
//	late {tag, ms}       answers after ms even when cancelled (a backend that answers late)
//	progress {tag, n}    sends n progress notifications "TAG i" under the call's token, then answers
//	elicit {tag}         asks the client for {"name"} and answers "TAG: ACTION NAME"
//	sample {tag}         asks the client for a message and answers "TAG: TEXT"
//
// With $CANCELFAKE_START_MS set it notes "starting" and waits that long
// before it serves.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type in struct {
	Tag string `json:"tag"`
	MS  int    `json:"ms"`
	N   int    `json:"n"`
}

func note(format string, a ...any) {
	f, err := os.OpenFile(os.Getenv("CANCELFAKE_LOG"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return
	}
	fmt.Fprintf(f, format+"\n", a...)
	f.Close()
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func tool(s *mcp.Server, name, desc string, h func(ctx context.Context, req *mcp.CallToolRequest, a in) (*mcp.CallToolResult, error)) {
	s.AddTool(&mcp.Tool{Name: name, Description: desc, InputSchema: json.RawMessage(`{"type":"object","properties":{"tag":{"type":"string"},"ms":{"type":"integer"},"n":{"type":"integer"}}}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var a in
			json.Unmarshal(req.Params.Arguments, &a)
			note("start %s", a.Tag)
			var once sync.Once
			cancelled := func() { once.Do(func() { note("cancelled %s", a.Tag) }) }
			stop := context.AfterFunc(ctx, cancelled)
			r, err := h(ctx, req, a)
			if stop() == false || ctx.Err() != nil {
				// cancelled while it ran: noted before the handler's end
				cancelled()
			}
			if err == nil {
				note("done %s", a.Tag)
			}
			return r, err
		})
}

func main() {
	if ms, err := strconv.Atoi(os.Getenv("CANCELFAKE_START_MS")); err == nil {
		note("starting")
		time.Sleep(time.Duration(ms) * time.Millisecond) // a slow start, before the handshake
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "cancelfake", Version: "1"}, nil)
	tool(s, "wait", "Wait ms milliseconds, or until cancelled.", func(ctx context.Context, _ *mcp.CallToolRequest, a in) (*mcp.CallToolResult, error) {
		select {
		case <-time.After(time.Duration(a.MS) * time.Millisecond):
			return text("waited " + a.Tag), nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	})
	tool(s, "late", "Wait ms milliseconds, then answer, cancelled or not.", func(ctx context.Context, _ *mcp.CallToolRequest, a in) (*mcp.CallToolResult, error) {
		time.Sleep(time.Duration(a.MS) * time.Millisecond)
		return text("late " + a.Tag), nil
	})
	tool(s, "progress", "Send n progress notifications, then answer.", func(ctx context.Context, req *mcp.CallToolRequest, a in) (*mcp.CallToolResult, error) {
		tok := req.Params.GetProgressToken()
		for i := 1; i <= a.N; i++ {
			if tok != nil {
				req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: float64(i), Total: float64(a.N), Message: fmt.Sprintf("%s %d", a.Tag, i)})
			}
			time.Sleep(time.Duration(a.MS) * time.Millisecond)
		}
		return text(fmt.Sprintf("progress %s token=%v", a.Tag, tok != nil)), nil
	})
	tool(s, "elicit", "Ask the user for a name.", func(ctx context.Context, req *mcp.CallToolRequest, a in) (*mcp.CallToolResult, error) {
		r, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "name for " + a.Tag, RequestedSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}}}`)})
		if err != nil {
			note("elicit-failed %s %v", a.Tag, err)
			return nil, err
		}
		return text(fmt.Sprintf("%s: %s %v", a.Tag, r.Action, r.Content["name"])), nil
	})
	tool(s, "sample", "Ask the client's model.", func(ctx context.Context, req *mcp.CallToolRequest, a in) (*mcp.CallToolResult, error) {
		r, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 10, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "sample for " + a.Tag}}}})
		if err != nil {
			note("sample-failed %s %v", a.Tag, err)
			return nil, err
		}
		t, _ := r.Content.(*mcp.TextContent)
		if t == nil {
			return text(a.Tag + ": (no text)"), nil
		}
		return text(a.Tag + ": " + t.Text), nil
	})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Print(err)
	}
}
