package server

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// panicJournal is fakeJournal that panics reading a line holding
// "panic-read" and writing one holding "panic-write": a bug in the
// transport's reading or writing of one client's stream.
type panicJournal struct{ fakeJournal }

func (p *panicJournal) ReadLine(max, head int) ([]byte, int, error) {
	line, size, err := p.fakeJournal.ReadLine(max, head)
	if bytes.Contains(line, []byte("panic-read")) {
		panic("a bug reading the client's line")
	}
	return line, size, err
}

func (p *panicJournal) Write(w io.Writer, line []byte, slot int) error {
	if bytes.Contains(line, []byte("panic-write")) {
		panic("a bug writing the client's line")
	}
	return p.fakeJournal.Write(w, line, slot)
}

// A panic in our stdio transport's reader, its writer, or a write of an
// answer (outside recoverPanics: the SDK writes after the handler
// returned) ends that session: its stack is logged once, the request it
// was serving is cancelled (no waiter hangs), and the server's other
// sessions go on. Before round 109 it ended the process (the daemon,
// with every session).
func TestStdioTransport_APanicEndsOnlyItsSession(t *testing.T) {
	for _, tc := range []struct{ name, trigger, what string }{
		{"reader", `{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":"panic-read"}}`, "the stdio transport's reader panicked"},
		{"answer", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"say","arguments":{"text":"panic-write"}}}`, "the stdio transport writing a message panicked"},
		{"notification", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"log","arguments":{"text":"panic-write"}}}`, "the stdio transport's writer panicked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, &mcp.ServerOptions{Capabilities: &mcp.ServerCapabilities{Logging: &mcp.LoggingCapabilities{}}})
			blocked, unblocked := make(chan struct{}), make(chan struct{})
			type text struct {
				Text string `json:"text"`
			}
			mcp.AddTool(srv, &mcp.Tool{Name: "block"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
				close(blocked)
				<-ctx.Done() // a waiter: it must not wait for ever
				close(unblocked)
				return nil, nil, ctx.Err()
			})
			mcp.AddTool(srv, &mcp.Tool{Name: "say"}, func(ctx context.Context, _ *mcp.CallToolRequest, a text) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: a.Text}}}, nil, nil
			})
			mcp.AddTool(srv, &mcp.Tool{Name: "log"}, func(ctx context.Context, req *mcp.CallToolRequest, a text) (*mcp.CallToolResult, any, error) {
				req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "error", Data: a.Text})
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "logged"}}}, nil, nil
			})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			rec := &logtest.Recorder{}

			// The session that panics, over a journal.
			toServer, clientOut := io.Pipe()
			fromServer, serverOut := io.Pipe()
			j := &panicJournal{fakeJournal{r: bufio.NewReader(toServer)}}
			served := make(chan error, 1)
			go func() { served <- srv.Run(ctx, &StdioTransport{Writer: serverOut, Journal: j, Logger: rec.Logger()}) }()
			go io.Copy(io.Discard, fromServer)
			for _, l := range []string{
				`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
				`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
				`{"jsonrpc":"2.0","method":"logging/setLevel","id":9,"params":{"level":"debug"}}`,
				`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"block","arguments":{}}}`,
			} {
				if _, err := io.WriteString(clientOut, l+"\n"); err != nil {
					t.Fatal(err)
				}
			}
			<-blocked
			if _, err := io.WriteString(clientOut, tc.trigger+"\n"); err != nil {
				t.Fatal(err)
			}
			select {
			case <-served:
			case <-time.After(10 * time.Second):
				t.Fatal("the session did not end after its transport panicked")
			}
			select {
			case <-unblocked:
			case <-time.After(10 * time.Second):
				t.Fatal("the request in flight was not cancelled: its handler waits for ever")
			}
			lines := strings.Join(rec.Lines(), "\n")
			if strings.Count(lines, tc.what) != 1 || !strings.Contains(lines, "stack=goroutine") {
				t.Errorf("log:\n%s\nwant %q once with the stack", lines, tc.what)
			}

			// Another session of the same server is served.
			toServer2, clientOut2 := io.Pipe()
			fromServer2, serverOut2 := io.Pipe()
			go srv.Run(ctx, &StdioTransport{Reader: toServer2, Writer: serverOut2})
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "c2"}, nil).Connect(ctx, &mcp.IOTransport{Reader: fromServer2, Writer: clientOut2}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "say", Arguments: map[string]any{"text": "still here"}})
			if err != nil || res.Content[0].(*mcp.TextContent).Text != "still here" {
				t.Fatalf("another session: %+v, %v", res, err)
			}
		})
	}
}

// A func on a relay's queue that panics (a notification relayed to the
// client) is logged once, and the queue goes on: the next func runs and a
// flush returns. Before round 109 the panic ended the process, and the
// queue stayed "running" with nothing draining it.
func TestSendQueue_APanickingFuncIsLoggedAndTheQueueGoesOn(t *testing.T) {
	rec := &logtest.Recorder{}
	q := &sendQueue{log: rec.Logger()}
	ran := make(chan struct{})
	q.push(func() { panic("a bug relaying a notification") })
	q.push(func() { close(ran) })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	q.flush(ctx)
	if ctx.Err() != nil {
		t.Fatal("flush waited for ever after a panic")
	}
	select {
	case <-ran:
	default:
		t.Fatal("the func after the panic did not run")
	}
	if lines := strings.Join(rec.Lines(), "\n"); strings.Count(lines, "relaying a message to the client panicked") != 1 {
		t.Errorf("log:\n%s", lines)
	}
}

// panicWarmer's Warm panics, as a bug getting the sandbox ready would.
type panicWarmer struct{}

func (panicWarmer) Warm() { panic("a bug warming the sandbox") }

// The warm-up runs on a timer's goroutine, outside recoverPanics: its
// panic is logged. It ended the process.
func TestServer_APanicWarmingUpIsLogged(t *testing.T) {
	rec := &logtest.Recorder{}
	s := &Server{o: Options{Logger: rec.Logger()}}
	s.warm(panicWarmer{})
	if lines := strings.Join(rec.Lines(), "\n"); !strings.Contains(lines, "warming the sandbox up panicked") {
		t.Errorf("log:\n%s", lines)
	}
}

// list_tools gets the servers' lists it does not know on goroutines of
// its own: a panic in one is that server's error in the listing (the
// listing waited for its result for ever, or to the process's end), and
// the session goes on.
func TestListTools_APanicGettingAListIsThatServersError(t *testing.T) {
	s, _, cs := newTestServer(t, config.Settings{}, nil)
	rec := &logtest.Recorder{}
	s.o.Logger = rec.Logger()
	var once atomic.Bool
	s.testFetch = func(server string) {
		if server == "z-other" && once.CompareAndSwap(false, true) {
			panic("a bug getting z-other's tools")
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_tools", Arguments: map[string]any{"servers": []string{"everything", "z-other"}}})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if !strings.Contains(text, "echo") || !strings.Contains(text, "internal error getting the list: a bug getting z-other's tools") {
		t.Errorf("list_tools:\n%s\nwant everything's tools and z-other's internal error", text)
	}
	if lines := strings.Join(rec.Lines(), "\n"); strings.Count(lines, "getting a server's tools for list_tools panicked") != 1 {
		t.Errorf("log:\n%s", lines)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_tools", Arguments: map[string]any{"servers": []string{"z-other"}}})
	if err != nil || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "ping") {
		t.Fatalf("list_tools after the panic: %+v, %v", res, err)
	}
}
