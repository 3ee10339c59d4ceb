package front

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestFront_StatelessParamsThatDoNotDecodeAreInvalidParams: a 2026-07-28
// tools/call, prompts/get or resources/read whose params do not decode
// was answered -32020, "failed to extract name from parameters", by the
// SDK's check of the Mcp-Name header, before any server saw it; serve on
// stdio answers invalid params naming the field. Now so does the front
// (400, as the 2026-07-28 protocol wants for invalid params), bounded.
func TestFront_StatelessParamsThatDoNotDecodeAreInvalidParams(t *testing.T) {
	w := newWorld(t, Options{})
	big := strings.Repeat("x", 256<<10)
	tests := []struct {
		method, name, params string
		want                 []string
	}{
		{"prompts/get", "p", `{"name":5,` + statelessMeta + `}`, []string{"handling 'prompts/get': invalid params", "GetPromptParams.name of type string"}},
		{"prompts/get", "p", `{"name":"p","arguments":{"a":[1]},` + statelessMeta + `}`, []string{"arguments", "of type string"}},
		{"prompts/get", "p", `{"name":"p","arguments":{"a":["` + big + `"]},` + statelessMeta + `}`, []string{"arguments", "of type string"}},
		{"tools/call", "echo", `{"name":["echo"],` + statelessMeta + `}`, []string{"handling 'tools/call': invalid params", "CallToolParamsRaw.name of type string"}},
		{"resources/read", "r", `{"uri":{"u":1},` + statelessMeta + `}`, []string{"handling 'resources/read': invalid params", "ReadResourceParams.uri of type string"}},
	}
	for _, tt := range tests {
		h := http.Header{"Mcp-Protocol-Version": {"2026-07-28"}, "Mcp-Method": {tt.method}, "Mcp-Name": {tt.name}}
		status, body := w.post(h, `{"jsonrpc":"2.0","id":7,"method":"`+tt.method+`","params":`+tt.params+`}`)
		if status != http.StatusBadRequest || len(body) > 8<<10 {
			t.Errorf("%s %.80s: status %d, %d bytes: %.300q; want 400, bounded", tt.method, tt.params, status, len(body), body)
			continue
		}
		code, msg, _ := rpcError(t, body)
		if code != jsonrpc.CodeInvalidParams || !strings.Contains(body, `"id":7`) {
			t.Errorf("%s %.80s: %.300q; want invalid params under id 7", tt.method, tt.params, body)
		}
		for _, want := range tt.want {
			if !strings.Contains(msg, want) {
				t.Errorf("%s %.80s: message %.300q does not say %q", tt.method, tt.params, msg, want)
			}
		}
	}
	// A name that does not match its header is still the SDK's -32020.
	h := http.Header{"Mcp-Protocol-Version": {"2026-07-28"}, "Mcp-Method": {"prompts/get"}, "Mcp-Name": {"q"}}
	status, body := w.post(h, `{"jsonrpc":"2.0","id":8,"method":"prompts/get","params":{"name":"p",`+statelessMeta+`}}`)
	if code, msg, _ := rpcError(t, body); status != http.StatusBadRequest || code != mcp.CodeHeaderMismatch || !strings.Contains(msg, "header mismatch") {
		t.Errorf("a name mismatch: status %d %q", status, body)
	}
}

// TestFront_WhatTheSDKRefusesIsAJSONRPCAnswer: on a 2025-11-25 session
// the SDK's handler refused a request for an unknown method with a
// plain-text 400 ("JSON RPC not handled"), and so a request missing its
// params or a notification's method with an id; the Go SDK's client
// closes its session on a plain-text 400. serve on stdio answers each
// with a JSON-RPC error (-32601 naming the method, -32600 saying what is
// wrong) and drops an unknown notification: now so does the front, and
// the session goes on.
func TestFront_WhatTheSDKRefusesIsAJSONRPCAnswer(t *testing.T) {
	w := newWorld(t, Options{})
	h := w.session()
	big := strings.Repeat("m", 256<<10)
	tests := []struct {
		body string
		code int64
		want string
	}{
		{`{"jsonrpc":"2.0","id":2,"method":"foo/bar","params":{}}`, jsonrpc.CodeMethodNotFound, `method not found: "foo/bar"`},
		{`{"jsonrpc":"2.0","id":2,"method":"` + big + `"}`, jsonrpc.CodeMethodNotFound, "bytes of the message left out"},
		{`{"jsonrpc":"2.0","id":2,"method":"prompts/get"}`, jsonrpc.CodeInvalidRequest, `invalid request: missing required "params"`},
		{`{"jsonrpc":"2.0","id":2,"method":"notifications/initialized"}`, jsonrpc.CodeInvalidRequest, `unexpected id for "notifications/initialized"`},
	}
	for _, tt := range tests {
		status, body := w.post(h, tt.body)
		if status != http.StatusOK || len(body) > 8<<10 || !strings.Contains(body, `"id":2`) {
			t.Errorf("%.80s: status %d, %d bytes: %.300q; want 200, its answer, bounded", tt.body, status, len(body), body)
			continue
		}
		if code, msg, _ := rpcError(t, body); code != tt.code || !strings.Contains(msg, tt.want) {
			t.Errorf("%.80s: %d %.300q; want %d saying %q", tt.body, code, msg, tt.code, tt.want)
		}
	}
	for _, n := range []string{`{"jsonrpc":"2.0","method":"notifications/foo"}`, `{"jsonrpc":"2.0","method":"notifications/progress"}`} {
		if status, body := w.post(h, n); status != http.StatusAccepted || body != "" {
			t.Errorf("%s: status %d %q; want 202, dropped as on stdio", n, status, body)
		}
	}
	if status, body := w.post(h, `{"jsonrpc":"2.0","id":3,"method":"ping"}`); status != http.StatusOK || !strings.Contains(body, `"result":{}`) {
		t.Errorf("a ping after them: status %d %q", status, body)
	}
	// Without a session (before initialize) the answer is 400.
	if status, body := w.post(nil, `{"jsonrpc":"2.0","id":4,"method":"initialize"}`); status != http.StatusBadRequest || !strings.Contains(body, `"code":-32600`) || !strings.Contains(body, `"id":4`) {
		t.Errorf("initialize without params: status %d %q", status, body)
	}
}

// TestFront_TheSDKTransportGoesOnAfterARefusal: the Go SDK's client
// transport closes its connection when a request or notification it
// writes is answered with a plain-text 400, as the SDK's handler answered
// an unknown method; with the JSON-RPC answer it reads the error and
// goes on.
func TestFront_TheSDKTransportGoesOnAfterARefusal(t *testing.T) {
	w := newWorld(t, Options{})
	ctx := context.Background()
	conn, err := (&mcp.StreamableClientTransport{Endpoint: w.url, MaxRetries: -1, DisableStandaloneSSE: true}).Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	id := func(n int64) jsonrpc.ID { v, _ := jsonrpc.MakeID(float64(n)); return v }
	call := func(n int64, method, params string) *jsonrpc.Response {
		t.Helper()
		req := &jsonrpc.Request{ID: id(n), Method: method}
		if params != "" {
			req.Params = json.RawMessage(params)
		}
		if err := conn.Write(ctx, req); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		msg, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("%s: reading its answer: %v", method, err)
		}
		r, ok := msg.(*jsonrpc.Response)
		if !ok || r.ID != id(n) {
			t.Fatalf("%s: read %#v, want its answer", method, msg)
		}
		return r
	}
	if r := call(1, "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}`); r.Error != nil {
		t.Fatal(r.Error)
	}
	if err := conn.Write(ctx, &jsonrpc.Request{Method: "notifications/initialized"}); err != nil {
		t.Fatal(err)
	}
	var werr *jsonrpc.Error
	if r := call(2, "foo/bar", `{}`); !errors.As(r.Error, &werr) || werr.Code != jsonrpc.CodeMethodNotFound || !strings.Contains(werr.Message, `"foo/bar"`) {
		t.Fatalf("an unknown method: %v, want method not found naming it", r.Error)
	}
	if err := conn.Write(ctx, &jsonrpc.Request{Method: "notifications/unknown"}); err != nil {
		t.Fatalf("an unknown notification: %v", err)
	}
	if r := call(3, "ping", `{}`); r.Error != nil {
		t.Fatalf("ping after them: %v", r.Error)
	}
}

// TestFront_AnErrorWithCodeZeroGetsACode: the SDK answers an initialize
// whose params do not decode with code 0 (it fails before any
// middleware), and a handler's plain Go error too; no client can act on
// code 0. serve on stdio gives them codes (server.StdioTransport): now
// so does the front, invalid params for the initialize (its message
// names the field), internal error for another.
func TestFront_AnErrorWithCodeZeroGetsACode(t *testing.T) {
	w := newWorld(t, Options{})
	status, body := w.post(nil, `{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":7,"capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	if code, msg, _ := rpcError(t, body); status != http.StatusOK || code != jsonrpc.CodeInvalidParams || !strings.Contains(msg, "protocolVersion") {
		t.Errorf("initialize with a number for protocolVersion: status %d %q; want invalid params naming the field", status, body)
	}
	w.f.o.Open = func(context.Context) (Session, error) {
		srv := mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)
		srv.AddPrompt(&mcp.Prompt{Name: "plain"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return nil, errors.New("a plain error")
		})
		return &fakeSession{srv: srv}, nil
	}
	h := w.session()
	status, body = w.post(h, `{"jsonrpc":"2.0","id":5,"method":"prompts/get","params":{"name":"plain"}}`)
	if code, msg, _ := rpcError(t, body); status != http.StatusOK || code != jsonrpc.CodeInternalError || !strings.Contains(msg, "a plain error") {
		t.Errorf("a handler's plain error: status %d %q; want internal error with its message", status, body)
	}
}
