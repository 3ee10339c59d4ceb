package backend

import (
	"context"
	"sync"
	"sync/atomic"
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
		cs := clientThroughRaw(t, &raw, co, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			for i := range 3 {
				req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(), Progress: float64(i + 1)})
				req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: i})
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		})
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

// A backend that writes log messages faster than they are handled (here
// the handler is held) no longer grows the SDK's queue without bound:
// past maxBacklog waiting, the rest are dropped as they are read, the
// drop is said, and the call's result still arrives.
func TestRawConn_ABacklogOfNotificationsIsBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		const sent = 3 * maxBacklog
		var raw rawTools
		var dropped atomic.Uint64
		raw.order.onDrop = func(n uint64, method string) {
			if method != "notifications/message" {
				t.Errorf("dropped a %s, want notifications/message", method)
			}
			dropped.Add(n)
		}
		raw.order.handle("notifications/message")
		release := make(chan struct{})
		var handled atomic.Int64
		co := &mcp.ClientOptions{
			LoggingMessageHandler: func(context.Context, *mcp.LoggingMessageRequest) {
				defer raw.order.handled()
				if handled.Add(1) == 1 { // held: the rest wait behind it
					<-release
				}
			},
		}
		cs := clientThroughRaw(t, &raw, co, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			for i := range sent {
				req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: i})
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		})
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "work", Arguments: map[string]any{}})
		if err != nil || res.IsError {
			t.Fatalf("call: %v, %v; want its result", res, err)
		}
		close(release)
		synctest.Wait()
		if got := handled.Load(); got > maxBacklog+1 || got < maxBacklog/2 {
			t.Errorf("%d of %d log messages handled, want at most the backlog's bound (%d) and the one held", got, sent, maxBacklog)
		}
		if dropped.Load() == 0 {
			t.Error("no drop was said")
		}
	})
}

// noteOrder's bounds, one by one.
func TestNoteOrder_Backlog(t *testing.T) {
	var o noteOrder
	o.handle("notifications/message")
	for i := range maxBacklog {
		if !o.admit("notifications/message", 10) {
			t.Fatalf("log message %d dropped, want kept up to %d waiting", i, maxBacklog)
		}
	}
	if o.admit("notifications/message", 10) {
		t.Error("a log message past the backlog's bound kept")
	}
	if o.admit("notifications/other", 10) {
		t.Error("another notification kept while the backlog is full")
	}
	if !o.admit("notifications/cancelled", 10) {
		t.Error("a cancellation dropped: the SDK acts on it as it reads it")
	}
	if !o.admit("notifications/tools/list_changed", 10) || o.admit("notifications/tools/list_changed", 10) {
		t.Error("list_changed while the backlog is full: want the first kept, the second dropped")
	}
	if o.admit("notifications/prompts/list_changed", maxKeptBytes+1) {
		t.Error("a list_changed over maxKeptBytes kept while the backlog is full")
	}
	for range maxBacklog / 2 {
		o.handled()
	}
	if !o.admit("notifications/message", 10) || !o.admit("notifications/other", 10) || !o.admit("notifications/tools/list_changed", 10) {
		t.Error("the backlog back to half its bound, and notifications still dropped")
	}

	// Bytes: one alone passes any bound; the next waits for room.
	var b noteOrder
	b.handle("notifications/message")
	if !b.admit("notifications/message", 3*maxBacklogBytes) {
		t.Error("a message over the bytes bound with nothing waiting dropped, want kept")
	}
	if b.admit("notifications/message", 1) {
		t.Error("a message kept behind one over the bytes bound")
	}
	b.handled()
	if !b.admit("notifications/message", maxBacklogBytes/2) || !b.admit("notifications/message", maxBacklogBytes/2) || b.admit("notifications/message", 1) {
		t.Error("after the big one was handled: want two halves of the bound kept, then a drop")
	}

	// Notifications without a handler of ours, read while counted ones
	// wait and none is handled.
	var u noteOrder
	u.handle("notifications/message")
	u.admit("notifications/message", 1)
	for i := range maxBacklog {
		if !u.admit("notifications/other", 1) {
			t.Fatalf("other notification %d dropped, want %d kept", i, maxBacklog)
		}
	}
	if u.admit("notifications/other", 1) {
		t.Error("an other notification kept past maxBacklog while the handler did not move")
	}
	u.handled()
	if !u.admit("notifications/other", 1) {
		t.Error("the handler moved, and other notifications still dropped")
	}

	// A handler of the last connection finishing after a reset counts
	// nothing, and bounds nothing.
	var r noteOrder
	r.handle("notifications/message")
	r.admit("notifications/message", 1)
	r.reset()
	r.handled()
	r.handled()
	for range maxBacklog {
		if !r.admit("notifications/message", 1) {
			t.Fatal("a log message dropped after a reset and a late handler")
		}
	}
}

// A drop is said at once, and then at most once per dropNoteEvery with
// the count since.
func TestNoteOrder_DropsAreSaidSpaced(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var o noteOrder
		var notes []uint64
		o.onDrop = func(n uint64, _ string) { notes = append(notes, n) }
		o.handle("notifications/message")
		o.admit("notifications/message", maxBacklogBytes)
		for range 5 {
			o.admit("notifications/message", maxBacklogBytes)
		}
		time.Sleep(dropNoteEvery)
		o.admit("notifications/message", maxBacklogBytes)
		if len(notes) != 2 || notes[0] != 1 || notes[1] != 5 {
			t.Errorf("notes %v, want [1 5]", notes)
		}
	})
}

// A backlog that stands still for backlogForgive is forgiven: a log
// message whose params the SDK cannot decode is never handled, and on a
// Streamable HTTP connection no response's wait forgives it, so such
// messages would have held the backlog full for good.
func TestNoteOrder_AStillBacklogIsForgiven(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var o noteOrder
		o.handle("notifications/message")
		for range maxBacklog {
			o.admit("notifications/message", 1) // never handled
		}
		if o.admit("notifications/message", 1) {
			t.Fatal("a log message past the bound kept")
		}
		time.Sleep(backlogForgive / 2)
		if o.admit("notifications/message", 1) {
			t.Fatal("kept before the backlog stood still for backlogForgive")
		}
		time.Sleep(backlogForgive/2 + time.Second)
		if !o.admit("notifications/message", 1) {
			t.Error("still dropped after the backlog stood still for backlogForgive")
		}
	})
}

// clientThroughRaw serves work as tool "work" of an in-memory server and
// returns a client of it through raw's connection wrapper, with co's
// handlers and the backend's log level set to debug; both end with t.
func clientThroughRaw(t *testing.T, raw *rawTools, co *mcp.ClientOptions, work mcp.ToolHandler) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "work", InputSchema: map[string]any{"type": "object"}}, work)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, co).Connect(ctx, raw.transport(ct), &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
		t.Fatal(err)
	}
	return cs
}
