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
		var got string
		if s := r.schemas["t"]; len(s) == 1 {
			got = string(s[0].in)
		}
		if tc.want && got != schema || !tc.want && got != "" {
			t.Errorf("%s: recorded %q, want it: %v", tc.name, got, tc.want)
		}
	}
}

// fakeLister answers initialize and tools/list on the server end of an
// in-memory transport with the raw tools/list result given: what a real
// SDK server cannot send (a tool the SDK cannot decode).
func fakeLister(t *testing.T, st mcp.Transport, toolsResult string) {
	t.Helper()
	conn, err := st.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	go func() {
		for {
			msg, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			req, ok := msg.(*jsonrpc.Request)
			if !ok || !req.ID.IsValid() {
				continue
			}
			var result string
			switch req.Method {
			case "initialize":
				result = `{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"liar","version":"1"}}`
			case "tools/list":
				result = toolsResult
			default:
				result = `{}`
			}
			conn.Write(context.Background(), &jsonrpc.Response{ID: req.ID, Result: json.RawMessage(result)})
		}
	}()
}

// listThroughRaw lists the tools of a fake backend answering tools/list
// with toolsResult, through rawTools' transport and the SDK's client.
func listThroughRaw(t *testing.T, toolsResult string) (*rawTools, *mcp.ListToolsResult) {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	fakeLister(t, st, toolsResult)
	raw := new(rawTools)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, raw.transport(ct), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("ListTools: %v", err)
	}
	return raw, res
}

// restoredSchemas restores the backend's own schemas into res and renders
// each tool as "name schema".
func restoredSchemas(raw *rawTools, res *mcp.ListToolsResult) []string {
	raw.restore(res.Tools)
	var got []string
	for _, tl := range res.Tools {
		b, _ := tl.InputSchema.(json.RawMessage)
		got = append(got, tl.Name+" "+string(b))
	}
	return got
}

// A tool the SDK cannot decode is left out of the list, with the reason,
// and the backend's other tools stay usable: the SDK refused the whole
// list for it, and every tool of the backend was unavailable.
func TestRawTools_LeavesOutAToolTheSDKCannotRead(t *testing.T) {
	raw, res := listThroughRaw(t, `{"tools":[`+
		`{"name":"good","inputSchema":{"type":"object","properties":{"b":{},"a":{}}}},`+
		`{"name":"bad","inputSchema":{"type":"object"},"annotations":"oops"},`+
		`{"name":7,"inputSchema":{"type":"object"}}],"nextCursor":""}`)
	if len(res.Tools) != 1 || res.Tools[0].Name != "good" {
		t.Fatalf("tools %v, want only good", res.Tools)
	}
	raw.restore(res.Tools)
	if got, _ := res.Tools[0].InputSchema.(json.RawMessage); !strings.Contains(string(got), `"b":{},"a":{}`) {
		t.Errorf("good's schema = %s, want its own order kept", got)
	}
	got := raw.takeMalformed()
	if len(got) != 2 || got[0].Name != "bad" || got[0].Reason != "its definition cannot be read: annotations must be an object, not a string" || got[1].Name != "#3" {
		t.Errorf("malformed = %+v", got)
	}
	if again := raw.takeMalformed(); again != nil {
		t.Errorf("a second take gives %+v, want nothing", again)
	}
}

// A backend that lists a name twice, with other schemas, gets each
// tool's own schemas back; both got the second's, and the first was
// declared with parameters it does not take.
func TestRawTools_DuplicateNamesKeepTheirOwnSchemas(t *testing.T) {
	raw, res := listThroughRaw(t, `{"tools":[`+
		`{"name":"ok","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}},`+
		`{"name":"other","inputSchema":{"type":"object"}},`+
		`{"name":"ok","inputSchema":{"type":"object","properties":{"y":{"type":"number"}}}}],"nextCursor":""}`)
	got := restoredSchemas(raw, res)
	want := []string{
		`ok {"type":"object","properties":{"x":{"type":"string"}}}`,
		`other {"type":"object"}`,
		`ok {"type":"object","properties":{"y":{"type":"number"}}}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("schemas:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A list of tools that all decode passes through as the backend sent it.
func TestRawTools_ScreenKeepsAGoodListAsItIs(t *testing.T) {
	var raw rawTools
	in := json.RawMessage(`{"tools":[{"name":"a","inputSchema":{"type":"object"}}], "nextCursor":"x"}`)
	if got := raw.screen(in); string(got) != string(in) {
		t.Errorf("screen = %s, want %s", got, in)
	}
	for _, odd := range []string{`[]`, `{"tools":5}`, `nope`} {
		if got := raw.screen(json.RawMessage(odd)); string(got) != odd {
			t.Errorf("screen(%s) = %s, want it unchanged (the SDK says what is wrong)", odd, got)
		}
	}
}

// A tool whose x-mcp-header annotations the SDK refuses is left out as
// one it cannot read is, with the reason: the SDK's client left it out
// with only a log line, and the next tool of that name was given its
// schema (the one sent first under the name), which made the SDK's
// AddTool panic where the tool was exposed.
func TestRawTools_LeavesOutAToolWithBadHeaderAnnotations(t *testing.T) {
	raw, res := listThroughRaw(t, `{"tools":[`+
		`{"name":"dup","inputSchema":{"type":"object","properties":{"a":{"type":"object","x-mcp-header":"X-A"}}}},`+
		`{"name":"empty","inputSchema":{"type":"object","properties":{"a":{"type":"string","x-mcp-header":""}}}},`+
		`{"name":"space","inputSchema":{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"X A"}}}},`+
		`{"name":"twice","inputSchema":{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"X-A"},"b":{"type":"object","properties":{"c":{"type":"integer","x-mcp-header":"x-a"}}}}}},`+
		`{"name":"good","inputSchema":{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"X-A"},"b":{"type":"boolean","x-mcp-header":"X-B"}}}},`+
		`{"name":"dup","inputSchema":{"type":"object","properties":{"a":{"type":"string"}}}}],"nextCursor":""}`)
	got := restoredSchemas(raw, res)
	want := []string{
		`good {"type":"object","properties":{"a":{"type":"string","x-mcp-header":"X-A"},"b":{"type":"boolean","x-mcp-header":"X-B"}}}`,
		`dup {"type":"object","properties":{"a":{"type":"string"}}}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("schemas:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var names []string
	for _, m := range raw.takeMalformed() {
		names = append(names, m.Name)
		if !strings.Contains(m.Reason, "x-mcp-header") || !strings.Contains(m.Reason, `property "`) {
			t.Errorf("reason %q: want the annotation and the property named", m.Reason)
		}
	}
	if strings.Join(names, " ") != "dup empty space twice" {
		t.Errorf("malformed %q, want dup empty space twice", names)
	}
}
