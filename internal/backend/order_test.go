package backend

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A backend's progress and log messages sent before its result are
// handled before the call returns, as the backend wrote them, even when
// their handler is slow: the SDK hands a response on as soon as it is
// read, while notifications wait their turn, so a call ended before its
// last progress and logs were handled (the pool then dropped the progress
// and sent the logs to every session using the backend).
func TestRawConn_NotificationsBeforeAResponseAreHandledFirst(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
		s.AddTool(&mcp.Tool{Name: "work", InputSchema: map[string]any{"type": "object"}},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				for i := range 3 {
					req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(), Progress: float64(i + 1)})
					req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: i})
				}
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
			})
		st, ct := mcp.NewInMemoryTransports()
		ss, err := s.Connect(ctx, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ss.Close()
		var raw rawTools
		var mu sync.Mutex
		var handled []string
		slow := func(what string) {
			time.Sleep(100 * time.Millisecond) // a handler that takes a while (fake time)
			mu.Lock()
			handled = append(handled, what)
			mu.Unlock()
		}
		raw.order.handle("notifications/progress")
		raw.order.handle("notifications/message")
		co := &mcp.ClientOptions{
			ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) {
				defer raw.order.handled()
				slow("progress")
			},
			LoggingMessageHandler: func(context.Context, *mcp.LoggingMessageRequest) {
				defer raw.order.handled()
				slow("log")
			},
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, co).Connect(ctx, raw.transport(ct), &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
			t.Fatal(err)
		}
		p := &mcp.CallToolParams{Name: "work", Arguments: map[string]any{}}
		p.SetProgressToken("tok")
		if _, err := cs.CallTool(ctx, p); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(handled) != 6 {
			t.Errorf("when the call returned, %d of the 6 notifications sent before its result were handled: %v", len(handled), handled)
		}
	})
}
