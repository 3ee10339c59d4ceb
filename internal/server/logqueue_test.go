package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// rawClient is a client that writes what a test says and reads only when
// the test reads: one that stops reading is one that set a log level and
// then never read again.
type rawClient struct {
	t    *testing.T
	conn mcp.Connection
}

func (c *rawClient) send(s string) {
	c.t.Helper()
	m, err := jsonrpc.DecodeMessage([]byte(s))
	if err != nil {
		c.t.Fatal(err)
	}
	if err := c.conn.Write(context.Background(), m); err != nil {
		c.t.Fatal(err)
	}
}

func (c *rawClient) read() jsonrpc.Message {
	c.t.Helper()
	m, err := c.conn.Read(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	return m
}

// A backend's log messages outside a call do not wait for a client that
// stopped reading: Log returns at once, the messages queue in order (at
// most maxLaterNotes; the rest are dropped and counted in a note after
// the ones kept). Log waited for the client's write, which the SDK's
// Streamable HTTP transport (and this test's in-memory one) makes as it
// is asked, and a backend's messages are handled one at a time, so such
// a client held every later notification and request of a shared
// backend for as long as the write waited.
func TestLog_DoesNotWaitForAClientThatStoppedReading(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, _, _ := newTestServer(t, config.Settings{}, nil)
		ct, st := mcp.NewInMemoryTransports()
		ss, err := s.MCP().Connect(context.Background(), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ss.Close()
		conn, err := ct.Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		c := &rawClient{t: t, conn: conn}
		c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
		c.read()
		c.send(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`)
		c.send(`{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"debug"}}`)
		c.read()
		// The client reads nothing now.
		n := maxLaterNotes + 5
		done := make(chan struct{})
		go func() {
			for i := range n {
				s.Log(context.Background(), "z-other", &mcp.LoggingMessageParams{Level: "info", Data: fmt.Sprintf("line %d", i)})
			}
			close(done)
		}()
		synctest.Wait()
		select {
		case <-done:
		default:
			t.Fatal("Log waits for a client that does not read")
		}
		// The client reads again: the messages kept, in order, then how
		// many were dropped.
		kept := 0
		for {
			r, ok := c.read().(*jsonrpc.Request)
			if !ok || r.Method != "notifications/message" {
				t.Fatalf("read %v, want a log message", r)
			}
			if strings.Contains(string(r.Params), `"logger":"switchboard"`) {
				want := fmt.Sprintf("%d notifications of backends (log messages, resource updates) were dropped: more than %d waited for this client to read them", n-kept, maxLaterNotes)
				if !strings.Contains(string(r.Params), want) || kept < maxLaterNotes {
					t.Errorf("after %d messages kept: %s; want %q", kept, r.Params, want)
				}
				break
			}
			if want := fmt.Sprintf(`"line %d"`, kept); !strings.Contains(string(r.Params), want) {
				t.Fatalf("message %d: %s, want %s", kept, r.Params, want)
			}
			kept++
		}
	})
}

// chattyBackends is a backend whose one tool sends its client n progress
// and n log messages through the call's hooks, then answers; sent is
// closed once every hook returned.
type chattyBackends struct {
	n    int
	sent chan struct{}
}

func (f *chattyBackends) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: []*mcp.Tool{{Name: "chat", InputSchema: schema(``)}}}, nil
}

func (f *chattyBackends) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	for i := range f.n {
		c.Hooks.Progress(ctx, &mcp.ProgressNotificationParams{ProgressToken: "ours", Progress: float64(i + 1), Message: fmt.Sprintf("step %d", i)})
		c.Hooks.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: fmt.Sprintf("log %d", i)})
	}
	close(f.sent)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "chat done"}}}, nil
}

// A backend's progress and log messages during a call do not wait for a
// client that stopped reading: the hooks return at once, and the client,
// reading again, gets them in order and then the result. They were
// written while the backend waited, and the SDK handles a backend's
// notifications and requests one at a time, so such a client held every
// later notification and request of the backend, other sessions' on a
// shared backend included.
func TestRelay_CallMessagesDoNotWaitForAClientThatStoppedReading(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fb := &chattyBackends{n: 50, sent: make(chan struct{})}
		specs := map[string]*config.Server{"cb": {Name: "cb", Type: config.Stdio, Command: "x"}}
		var s *Server
		cat := catalog.New(specs, fb, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
		s = New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{CallTool: true}.Defaults()})
		ct, st := mcp.NewInMemoryTransports()
		ss, err := s.MCP().Connect(context.Background(), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ss.Close()
		conn, err := ct.Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		c := &rawClient{t: t, conn: conn}
		c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
		c.read()
		c.send(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`)
		c.send(`{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"debug"}}`)
		c.read()
		c.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"call_tool","arguments":{"server":"cb","tool":"chat","arguments":{}},"_meta":{"progressToken":"tok"}}}`)
		// The client reads nothing now.
		synctest.Wait()
		select {
		case <-fb.sent:
		default:
			t.Fatal("the backend's progress or log message waits for a client that does not read")
		}
		logs, progress := 0, 0
		for {
			switch m := c.read().(type) {
			case *jsonrpc.Request:
				switch m.Method {
				case "notifications/progress":
					progress++
				case "notifications/message":
					if want := fmt.Sprintf(`"log %d"`, logs); !strings.Contains(string(m.Params), want) {
						t.Errorf("log message %d: %s, want %s", logs, m.Params, want)
					}
					logs++
				}
				continue
			case *jsonrpc.Response:
				if m.ID.Raw() != int64(3) || !strings.Contains(string(m.Result), "chat done") {
					t.Fatalf("response %v %s %v", m.ID, m.Result, m.Error)
				}
			}
			break
		}
		// call_tool's own started/finished progress and the backend's.
		if logs != fb.n || progress < fb.n {
			t.Errorf("before the result: %d log and %d progress messages, want %d and at least %d", logs, progress, fb.n, fb.n)
		}
	})
}

// A backend's resources/updated does not wait for a subscriber that
// stopped reading: ResourceUpdated returns at once and the update
// reaches the subscriber when it reads again.
func TestResourceUpdated_DoesNotWaitForAClientThatStoppedReading(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, _, cs := newRichServer(t, config.Settings{})
		call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}})
		ct, st := mcp.NewInMemoryTransports()
		ss, err := s.MCP().Connect(context.Background(), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ss.Close()
		conn, err := ct.Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		c := &rawClient{t: t, conn: conn}
		c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
		c.read()
		c.send(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`)
		c.send(`{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"switchboard://media/file:///a.txt"}}`)
		if r, ok := c.read().(*jsonrpc.Response); !ok || r.Error != nil {
			t.Fatalf("subscribe: %v", r)
		}
		// The client reads nothing now.
		done := make(chan struct{})
		go func() {
			for range 20 {
				s.ResourceUpdated("media", "file:///a.txt")
			}
			close(done)
		}()
		synctest.Wait()
		select {
		case <-done:
		default:
			t.Fatal("ResourceUpdated waits for a subscriber that does not read")
		}
		for i := range 20 {
			r, ok := c.read().(*jsonrpc.Request)
			if !ok || r.Method != "notifications/resources/updated" || !strings.Contains(string(r.Params), "switchboard://media/file:///a.txt") {
				t.Fatalf("message %d: %v, want the update", i, r)
			}
		}
	})
}
