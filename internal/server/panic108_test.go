package server

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
	"github.com/switchboard-mcp/switchboard/internal/script"
)

// panicRunner panics on a script that says PANIC, as a bug in execute's
// preparation of a script would; others run in process.
type panicRunner struct{}

func (panicRunner) Run(ctx context.Context, req script.Request, c script.ToolCaller) script.Result {
	if strings.Contains(req.Source, "PANIC") {
		var s []int
		_ = s[len(req.Source)] // index out of range, as round 79's laterStepUndone did
	}
	return script.Run(ctx, req, c)
}

// A panic in a request's handler (list_tools, execute, a middleware of
// the session's, a prompt list) is that request's error, saying where and
// that it is a bug, with its stack in the log: the session and the
// process's other sessions go on. The SDK recovers nothing, so before
// round 108 the panic ended serve, or the daemon and every session it
// served.
// Both with a client of 2026-07-28, whose call runs on a goroutine of its
// own (mrtr.go), and with an older one.
func TestServer_PanicIsTheRequestsError(t *testing.T) {
	for _, proto := range []string{"2026-07-28", "2025-11-25"} {
		t.Run(proto, func(t *testing.T) { testPanicIsTheRequestsError(t, proto) })
	}
}

func testPanicIsTheRequestsError(t *testing.T, proto string) {
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{
		"everything": {{Name: "echo", Description: "Echo a message back.", InputSchema: schema(`"message":{"type":"string"}`)}},
	}}
	specs := map[string]*config.Server{"everything": {Name: "everything", Type: config.Stdio, Command: "x"}}
	cat := catalog.New(specs, fb, nil)
	var boom atomic.Bool
	var rec logtest.Recorder
	a := New(Options{Catalog: cat, Caller: fb, Runner: panicRunner{}, Settings: config.Settings{}.Defaults(), Session: "a",
		Logger: rec.Logger(), LogWhere: "the daemon's log (switchboard daemon logs)",
		Notices: func() []string {
			if boom.Load() {
				panic("notice https://user:hunter2@example.com/x")
			}
			return nil
		},
		Middleware: []mcp.Middleware{func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "prompts/list" && boom.Load() {
					panic(errors.New("middleware"))
				}
				return next(ctx, method, req)
			}
		}},
	})
	b := New(Options{Catalog: cat, Caller: fb, Runner: panicRunner{}, Settings: config.Settings{}.Defaults(), Session: "b"})
	ctx := context.Background()
	connect := func(s *Server) *mcp.ClientSession {
		ct, st := mcp.NewInMemoryTransports()
		ss, err := s.MCP().Connect(ctx, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: proto})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cs.Close(); ss.Close() })
		return cs
	}
	csA, csB := connect(a), connect(b)

	boom.Store(true)
	res, err := csA.CallTool(ctx, &mcp.CallToolParams{Name: "list_tools", Arguments: map[string]any{}})
	if err != nil || !res.IsError {
		t.Fatalf("list_tools that panicked: %+v, %v; want a tool error", res, err)
	}
	msg := res.Content[0].(*mcp.TextContent).Text
	for _, want := range []string{"internal error in list_tools", "a bug in Switchboard", "the session goes on", "the daemon's log (switchboard daemon logs)"} {
		if !strings.Contains(msg, want) {
			t.Errorf("list_tools' error %q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "hunter2") {
		t.Errorf("list_tools' error repeats a password: %q", msg)
	}
	_, err = csA.ListPrompts(ctx, nil)
	var je *jsonrpc.Error
	if !errors.As(err, &je) || je.Code != jsonrpc.CodeInternalError || !strings.Contains(je.Message, "internal error in prompts/list: middleware") {
		t.Errorf("prompts/list that panicked: %v; want an internal error naming prompts/list", err)
	}
	boom.Store(false)

	res, err = csA.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": "return 'PANIC'"}})
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "internal error in execute: runtime error: index out of range") {
		t.Fatalf("execute that panicked: %+v, %v; want a tool error naming execute and the panic", res, err)
	}

	// The session goes on, and so does the other one.
	for name, cs := range map[string]*mcp.ClientSession{"a": csA, "b": csB} {
		if got, isErr := call(t, cs, "execute", map[string]any{"script": "return await everything.echo({message: 'hi'})"}); isErr || !strings.Contains(got, "hi") {
			t.Errorf("session %s after the panics: execute gave %q (error %v)", name, got, isErr)
		}
		if got, isErr := call(t, cs, "list_tools", map[string]any{"query": "echo"}); isErr || !strings.Contains(got, "echo") {
			t.Errorf("session %s after the panics: list_tools gave %q (error %v)", name, got, isErr)
		}
	}

	lines := strings.Join(rec.Lines(), "\n")
	for _, want := range []string{"a request's handler panicked", "method=tools/call in=list_tools session=a", "method=prompts/list", "in=execute", "goroutine ", "recoverPanics"} {
		if !strings.Contains(lines, want) {
			t.Errorf("log does not say %q:\n%s", want, lines)
		}
	}
	if strings.Contains(lines, "hunter2") {
		t.Errorf("log repeats a password:\n%s", lines)
	}
}
