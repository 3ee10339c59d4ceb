package backend

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

func TestRawTools_KeepsSchemaPropertyOrder(t *testing.T) {
	ctx := context.Background()
	const in = `{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"integer"},"mid":{"type":"boolean"}},"required":["zeta"]}`
	const out = `{"type":"object","properties":{"y":{"type":"number"},"b":{"type":"string"}}}`
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "t", InputSchema: json.RawMessage(in), OutputSchema: json.RawMessage(out)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	var raw rawTools
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, raw.transport(ct), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	var tools []*mcp.Tool
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tool)
	}
	if _, isMap := tools[0].InputSchema.(map[string]any); !isMap {
		t.Fatalf("the SDK now gives %T; this wrapper may be unneeded", tools[0].InputSchema)
	}
	raw.restore(tools)
	if got, _ := tools[0].InputSchema.(json.RawMessage); string(got) != in {
		t.Errorf("input schema = %s, want %s", got, in)
	}
	if got, _ := tools[0].OutputSchema.(json.RawMessage); string(got) != out {
		t.Errorf("output schema = %s, want %s", got, out)
	}
	if len(raw.pending) != 0 {
		t.Errorf("%d tools/list requests still pending after their answers", len(raw.pending))
	}
}

// TestRemote_StreamableHTTPKeepsSchemaPropertyOrder: a Streamable HTTP
// backend's tools/list answer, a JSON body or an event stream, is read
// at the HTTP layer, so its schemas keep their property order too.
func TestRemote_StreamableHTTPKeepsSchemaPropertyOrder(t *testing.T) {
	const in = `{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"integer"},"mid":{"type":"boolean"}},"required":["zeta"]}`
	for _, jsonResponse := range []bool{true, false} {
		srv := mcp.NewServer(&mcp.Implementation{Name: "remote", Version: "1"}, nil)
		srv.AddTool(&mcp.Tool{Name: "t", InputSchema: json.RawMessage(in)}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
		ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: jsonResponse}))
		b, err := Start(context.Background(), &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{})
		if err != nil {
			ts.Close()
			t.Fatal(err)
		}
		tools, err := b.ListTools(context.Background())
		b.Close()
		ts.Close()
		if err != nil || len(tools) != 1 {
			t.Fatalf("json %v: ListTools = %v, %v", jsonResponse, tools, err)
		}
		if got, _ := tools[0].InputSchema.(json.RawMessage); string(got) != in {
			t.Errorf("json %v: input schema %v (%T), want %s", jsonResponse, tools[0].InputSchema, tools[0].InputSchema, in)
		}
	}
}

// TestRawWatch_ReadsTheAnswerAsItStreams: the answer is found in an
// event stream read a byte at a time, with CRLF line ends, a data field
// over two lines and another message before it; a JSON body counts when
// closed without reaching EOF; a body over the bound is ignored.
func TestRawWatch_ReadsTheAnswerAsItStreams(t *testing.T) {
	const schema = `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"number"}}}`
	answer := `{"jsonrpc":"2.0","id":7,"result":{"tools":[{"name":"t","inputSchema":` + schema + `}]}}`
	id, _ := jsonrpc.MakeID(float64(7))
	stream := "event: message\r\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\r\n\r\n" +
		"event: message\r\ndata: " + answer[:24] + "\r\ndata: " + answer[24:] + "\r\n\r\n" // split after "id":7,
	for _, tc := range []struct {
		name, body string
		sse        bool
		max        int64
		close      bool // close after reading the body's length, no EOF
		want       bool
	}{
		{"event stream", stream, true, 1 << 20, false, true},
		{"JSON body", answer, false, 1 << 20, false, true},
		{"JSON body closed at its length", answer, false, 1 << 20, true, true},
		{"over the bound", answer, false, 64, false, false},
		{"another id", strings.Replace(answer, `"id":7`, `"id":8`, 1), false, 1 << 20, false, false},
	} {
		var r rawTools
		w := &rawWatch{rc: io.NopCloser(iotest.OneByteReader(strings.NewReader(tc.body))), r: &r, id: id, sse: tc.sse, max: tc.max}
		if tc.close {
			buf := make([]byte, len(tc.body))
			if _, err := io.ReadFull(w, buf); err != nil {
				t.Fatal(err)
			}
			w.Close()
		} else if _, err := io.Copy(io.Discard, w); err != nil {
			t.Fatal(err)
		}
		got := string(r.schemas["t"].in)
		if tc.want && got != schema || !tc.want && got != "" {
			t.Errorf("%s: recorded %q, want it: %v", tc.name, got, tc.want)
		}
	}
}
