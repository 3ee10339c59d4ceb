package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// oddBackends is a backend "odd" whose results are ones the SDK decodes
// but encodes as blocks a strict client refuses, or are not what MCP
// allows: an embedded resource with empty text (valid, sent without it),
// one with no resource, a link without a name, structuredContent that is
// an array.
type oddBackends struct{}

var oddTools = []*mcp.Tool{
	{Name: "empty_resource", InputSchema: schema(``)},
	{Name: "no_resource", InputSchema: schema(``)},
	{Name: "nameless_link", InputSchema: schema(``)},
	{Name: "array_structured", InputSchema: schema(``)},
	{Name: "array_declared", InputSchema: schema(``), OutputSchema: map[string]any{"type": "object"}},
	{Name: "missing_declared", InputSchema: schema(``), OutputSchema: map[string]any{"type": "object"}},
	{Name: "mismatch_declared", InputSchema: schema(``), OutputSchema: countSchema},
	{Name: "match_declared", InputSchema: schema(``), OutputSchema: countSchema},
	{Name: "remote_declared", InputSchema: schema(``), OutputSchema: map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"$ref": "https://example.com/n.json"}}}},
}

var countSchema = map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer"}}, "required": []any{"n"}}

func (oddBackends) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: oddTools}, nil
}

func (oddBackends) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	switch c.Tool {
	case "empty_resource":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "note://empty", MIMEType: "text/plain"}}}}, nil
	case "no_resource":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.EmbeddedResource{}}}, nil
	case "nameless_link":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ResourceLink{URI: "file:///a.txt"}}}, nil
	case "missing_declared":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "the user's data"}}}, nil
	case "mismatch_declared", "remote_declared":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "the user's data"}}, StructuredContent: map[string]any{"n": "three"}}, nil
	case "match_declared":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "3"}}, StructuredContent: map[string]any{"n": 3}}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "[1,2]"}}, StructuredContent: []any{1.0, 2.0}}, nil
}

// wireLines records what the client reads, one JSON message a line.
type wireLines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *wireLines) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

// invalid lists what in the results the client read a strict client
// (the TypeScript SDK's schemas) would refuse, and resets the record.
func (w *wireLines) invalid(t *testing.T) []string {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	var bad []string
	sc := bufio.NewScanner(bytes.NewReader(w.buf.Bytes()))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "read: ")
		if !ok {
			continue
		}
		var m struct {
			Result *struct {
				Content           []map[string]any `json:"content"`
				StructuredContent json.RawMessage  `json:"structuredContent"`
			} `json:"result"`
		}
		if json.Unmarshal([]byte(line), &m) != nil || m.Result == nil {
			continue
		}
		if sc := m.Result.StructuredContent; len(sc) > 0 && sc[0] != '{' {
			bad = append(bad, "structuredContent "+string(sc))
		}
		for _, b := range m.Result.Content {
			switch b["type"] {
			case "resource":
				r, _ := b["resource"].(map[string]any)
				_, text := r["text"].(string)
				_, blob := r["blob"].(string)
				if _, uri := r["uri"].(string); !uri || !text && !blob {
					bad = append(bad, "resource block "+jsonSig(b))
				}
			case "resource_link":
				_, uri := b["uri"].(string)
				_, name := b["name"].(string)
				if !uri || !name {
					bad = append(bad, "resource link "+jsonSig(b))
				}
			}
		}
	}
	w.buf.Reset()
	return bad
}

// What a backend returns reaches the client as blocks and structured
// content a strict client accepts, on every path: the TypeScript SDK
// refused the whole result (a zod error instead of the answer) for an
// embedded resource whose text was empty (the Go SDK drops "text": ""),
// one without contents, a resource link without a name, and
// structuredContent that is not an object; a script could make such a
// resource block itself.
func TestResults_EveryBlockIsOneAStrictClientAccepts(t *testing.T) {
	specs := map[string]*config.Server{"odd": {Name: "odd", Type: config.Stdio, Command: "x", Expose: []string{"*"}}}
	var s *Server
	cat := catalog.New(specs, oddBackends{}, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: oddBackends{}, Runner: inProcess{}, Settings: config.Settings{CallTool: true}.Defaults()})
	if _, err := cat.Tools(context.Background(), "odd"); err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	wire := &wireLines{}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(ctx, &mcp.LoggingTransport{Transport: ct, Writer: wire}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	for _, tool := range oddTools {
		for _, c := range []struct {
			name string
			args map[string]any
		}{
			{"odd__" + tool.Name, nil},
			{"call_tool", map[string]any{"server": "odd", "tool": tool.Name}},
			{"execute", map[string]any{"script": "return await odd." + tool.Name + "()"}},
		} {
			res := callRes(t, cs, c.name, c.args)
			if bad := wire.invalid(t); len(bad) > 0 {
				t.Errorf("%s of %s: the client got %s", c.name, tool.Name, strings.Join(bad, "; "))
			}
			if tool.Name == "array_declared" && c.name == "odd__array_declared" {
				if !res.IsError || !strings.Contains(lastText(res), "odd.array_declared") || !strings.Contains(lastText(res), "not an object") {
					t.Errorf("an array as the structured content of a tool with an outputSchema: %+v", res)
				}
			} else if tool.Name == "missing_declared" && c.name == "odd__missing_declared" {
				// The TypeScript client throws on a success without
				// structuredContent from a tool with an outputSchema,
				// losing the content.
				if !res.IsError || !strings.Contains(firstText(res), "odd.missing_declared") || !strings.Contains(firstText(res), "no structuredContent") || lastText(res) != "the user's data" {
					t.Errorf("no structured content from a tool with an outputSchema: %+v", res)
				}
			} else if tool.Name == "mismatch_declared" && c.name == "odd__mismatch_declared" {
				// The TypeScript client throws on structuredContent that
				// does not match the outputSchema, naming neither server
				// nor tool, and the content is lost.
				if !res.IsError || !strings.Contains(firstText(res), "odd.mismatch_declared") || !strings.Contains(firstText(res), "does not match its tool's outputSchema") || lastText(res) != "the user's data" {
					t.Errorf("structured content that does not match the outputSchema: %+v", res)
				}
			} else if res.IsError {
				t.Errorf("%s of %s failed: %s", c.name, tool.Name, lastText(res))
			}
			if tool.Name == "array_structured" && c.name == "call_tool" && lastText(res) != "[1,2]" {
				t.Errorf("call_tool of array_structured: text %q, want the backend's", lastText(res))
			}
		}
	}
	// A script makes the lookalikes itself: no text or blob is no block;
	// empty text is one, sent with its contents.
	res := callRes(t, cs, "execute", map[string]any{"script": `return [{type: "resource", resource: {uri: "x:"}}, {type: "resource", resource: {uri: "y:", text: ""}}]`})
	if bad := wire.invalid(t); len(bad) > 0 {
		t.Errorf("a script's resource lookalikes: the client got %s", strings.Join(bad, "; "))
	}
	if len(res.Content) != 2 {
		t.Errorf("a script's resource lookalikes: %d blocks, want the text and one resource", len(res.Content))
	}
}

// An empty text resource, which a backend may well have, is read as one
// a strict client accepts: the SDK sent it with neither text nor blob,
// and the TypeScript client refused resources/read.
func TestReadResource_EmptyTextIsAValidContents(t *testing.T) {
	fb := &richBackends{listing: richListing}
	_, ct, ss := serveOne(t, "media", fb, config.Settings{}.Defaults())
	ctx := context.Background()
	wire := &wireLines{}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(ctx, &mcp.LoggingTransport{Transport: ct, Writer: wire}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	callRes(t, cs, "list_tools", map[string]any{"servers": []any{"media"}}) // lists the resources
	wire.mu.Lock()
	wire.buf.Reset()
	wire.mu.Unlock()
	if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://media/notes://n/empty"}); err != nil {
		t.Fatal(err)
	}
	wire.mu.Lock()
	defer wire.mu.Unlock()
	var m struct {
		Result struct {
			Contents []map[string]any `json:"contents"`
		} `json:"result"`
	}
	for _, line := range strings.Split(wire.buf.String(), "\n") {
		if l, ok := strings.CutPrefix(line, "read: "); ok && strings.Contains(l, `"contents"`) {
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(m.Result.Contents) != 1 {
		t.Fatalf("contents %+v", m.Result.Contents)
	}
	c := m.Result.Contents[0]
	_, text := c["text"].(string)
	_, blob := c["blob"].(string)
	if !text && !blob || c["uri"] != "switchboard://media/notes://n/empty" {
		t.Errorf("the client read %s: no text or blob", jsonSig(c))
	}
}

// A resource URI names the server whose name is the longest prefix: a
// server named "a/b" had its resources sent to server "a" (or to none)
// by the URI's first slash.
func TestSplitResourceURI_ServerNameWithASlash(t *testing.T) {
	specs := map[string]*config.Server{
		"a":   {Name: "a", Type: config.Stdio, Command: "x"},
		"a/b": {Name: "a/b", Type: config.Stdio, Command: "y"},
	}
	cat := catalog.New(specs, oddBackends{}, nil)
	s := New(Options{Catalog: cat, Caller: oddBackends{}, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	for _, c := range []struct{ u, server, uri string }{
		{"switchboard://a/b/file:///x", "a/b", "file:///x"},
		{"switchboard://a/file:///x", "a", "file:///x"},
		{"switchboard://a/c/d", "a", "c/d"},
		{"switchboard://nope/x", "", ""},
		{"switchboard://a/", "", ""},
	} {
		server, uri, ok := s.splitResourceURI(c.u)
		if server != c.server || uri != c.uri || ok != (c.server != "") {
			t.Errorf("%s: %q %q %v, want %q %q", c.u, server, uri, ok, c.server, c.uri)
		}
	}
}

func firstText(res *mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	t, _ := res.Content[0].(*mcp.TextContent)
	if t == nil {
		return ""
	}
	return t.Text
}

// A result of a tool with an outputSchema that is cut to fit without its
// structuredContent is an error: a success without it is one the
// TypeScript SDK's client throws on, losing the text and the note.
func TestExposed_CutStructuredContentOfADeclaredToolIsAnError(t *testing.T) {
	cs := exposedOdd(t, bigStructured{}, config.Settings{MaxResultBytes: 64 << 10})
	res := callRes(t, cs, "odd__big_declared", nil)
	if !res.IsError || res.StructuredContent != nil || !strings.Contains(lastText(res), "dropped: structuredContent") || firstText(res) != "a summary" {
		t.Errorf("a declared tool's result cut without its structuredContent: %+v", res)
	}
	res = callRes(t, cs, "odd__big_undeclared", nil)
	if res.IsError || !strings.Contains(lastText(res), "dropped: structuredContent") {
		t.Errorf("an undeclared tool's result cut without its structuredContent: %+v", res)
	}
}

// bigStructured is a backend "odd" whose tools return 200 kB of
// structuredContent, one declaring an outputSchema.
type bigStructured struct{}

func (bigStructured) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: []*mcp.Tool{
		{Name: "big_declared", InputSchema: schema(``), OutputSchema: map[string]any{"type": "object"}},
		{Name: "big_undeclared", InputSchema: schema(``)},
	}}, nil
}

func (bigStructured) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "a summary"}}, StructuredContent: map[string]any{"data": strings.Repeat("y", 200<<10)}}, nil
}

// Directly exposed tools are bounded as the client lists them: one
// backend tool's 12 MB description made tools/list a message over the
// 10 MiB the TypeScript SDK's client reads, and it dropped the
// connection, every backend with it.
func TestExposed_DefinitionsStayListable(t *testing.T) {
	cs := exposedOdd(t, hugeTools{}, config.Settings{})
	ctx := context.Background()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	names := map[string]bool{}
	wide := 0
	for _, tl := range res.Tools {
		names[tl.Name] = true
		if strings.HasPrefix(tl.Name, "odd__wide") {
			wide++
		}
	}
	if len(b) > 10<<20 || !names["odd__small"] || names["odd__huge"] || wide == 0 || wide == 40 {
		t.Errorf("tools/list of %d bytes, small %v, huge %v, %d of 40 wide tools; want under 10 MiB, small, not huge, some wide", len(b), names["odd__small"], names["odd__huge"], wide)
	}
	// The tool left out is still called through execute.
	if out := lastText(callRes(t, cs, "execute", map[string]any{"script": "return await odd.huge()"})); !strings.Contains(out, "called huge") {
		t.Errorf("execute of the tool not exposed: %s", out)
	}
}

// hugeTools is a backend "odd" with a tool whose description is 12 MB
// and 40 tools of 240 kB each.
type hugeTools struct{}

func (hugeTools) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	tools := []*mcp.Tool{
		{Name: "small", Description: "small", InputSchema: schema(``)},
		{Name: "huge", Description: strings.Repeat("lorem ipsum ", 1<<20), InputSchema: schema(``)},
	}
	for i := 0; i < 40; i++ {
		tools = append(tools, &mcp.Tool{Name: fmt.Sprintf("wide%02d", i), Description: strings.Repeat("w", 240<<10), InputSchema: schema(``)})
	}
	return &catalog.Listing{Tools: tools}, nil
}

func (hugeTools) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "called " + c.Tool}}}, nil
}

// A backend tool whose input schema has x-mcp-header annotations the SDK
// refuses (on an object, empty, not a token, twice) is exposed without
// them: the SDK's AddTool panics on them, and serve died of it (the SDK's
// client leaves such a tool out of a listing, but a backend listing it
// twice, first with a bad schema, had the good one's exposed with the bad
// schema, the one sent first under that name).
func TestExposed_BadHeaderAnnotationsDoNotPanic(t *testing.T) {
	cs := exposedOdd(t, headerTools{}, config.Settings{})
	ctx := context.Background()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	for _, want := range []string{"odd__object", "odd__empty", "odd__space", "odd__twice", "odd__good"} {
		if !slices.Contains(names, want) {
			t.Errorf("tools %q lack %s", names, want)
		}
	}
	if out := lastText(callRes(t, cs, "odd__object", map[string]any{"a": map[string]any{}})); out != "called object" {
		t.Errorf("odd__object: %s", out)
	}
}

// headerTools is a backend "odd" whose tools' input schemas carry
// x-mcp-header annotations, all but one invalid.
type headerTools struct{}

func (headerTools) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	prop := func(props string) json.RawMessage {
		return json.RawMessage(`{"type":"object","properties":` + props + `}`)
	}
	return &catalog.Listing{Tools: []*mcp.Tool{
		{Name: "object", InputSchema: prop(`{"a":{"type":"object","x-mcp-header":"X-A"}}`)},
		{Name: "empty", InputSchema: prop(`{"a":{"type":"string","x-mcp-header":""}}`)},
		{Name: "space", InputSchema: prop(`{"a":{"type":"string","x-mcp-header":"X A\r\nEvil: 1"}}`)},
		{Name: "twice", InputSchema: prop(`{"a":{"type":"string","x-mcp-header":"X-A"},"b":{"type":"object","properties":{"c":{"type":"string","x-mcp-header":"x-a"}}}}`)},
		{Name: "good", InputSchema: prop(`{"a":{"type":"string","x-mcp-header":"X-A"}}`)},
	}}, nil
}

func (headerTools) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "called " + c.Tool}}}, nil
}

// outputChecker leaves alone what would cost too much to check: a schema
// whose $ref recurses through anyOf made validation exponential in the
// value's depth (22 deep: 21 s of a core, which nothing could cancel).
func TestOutputChecker_CostIsBounded(t *testing.T) {
	recursive := json.RawMessage(`{"type":"object","$defs":{"n":{"anyOf":[{"type":"object","properties":{"c":{"$ref":"#/$defs/n"}}},{"type":"object","properties":{"c":{"$ref":"#/$defs/n"}},"required":["x"]}]}},"properties":{"c":{"$ref":"#/$defs/n"}}}`)
	var deep any
	// Invalid at its depth (c must be an object): checked, it would fail.
	json.Unmarshal([]byte(`{"c":`+strings.Repeat(`{"c":`, 40)+`5`+strings.Repeat(`}`, 40)+`}`), &deep)
	var chain strings.Builder
	chain.WriteString(`{"type":"object","properties":{"a":{"type":"array","items":`)
	for i := 0; i < 600; i++ {
		chain.WriteString(`{"allOf":[`)
	}
	chain.WriteString(`{"type":"integer"}`)
	for i := 0; i < 600; i++ {
		chain.WriteString(`]}`)
	}
	chain.WriteString(`}}}`)
	items := make([]any, 200_000)
	for i := range items {
		items[i] = "not an integer"
	}
	for _, c := range []struct {
		name   string
		schema json.RawMessage
		value  any
	}{
		{"recursive", recursive, deep},
		{"many nodes", json.RawMessage(chain.String()), map[string]any{"a": items[:10]}},
		{"large value", json.RawMessage(`{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}}}`), map[string]any{"a": items}},
	} {
		// Each value breaks its schema: an error result would say the
		// checker ran over it (a recursive schema, a schema of thousands
		// of nodes or a value of megabytes, whose checking took minutes).
		// Not timed: a timed assertion failed on a loaded CI machine
		// (json.Marshal of the large value under -race, 1.1 s).
		res := outputChecker(c.schema)("x.y", &mcp.CallToolResult{StructuredContent: c.value})
		if res.IsError {
			t.Errorf("%s: checked (%v); want it left unchecked", c.name, res.Content)
		}
	}
}

// exposedOdd is a client of a server whose one backend, "odd", is be
// with every tool exposed, its tools listed before the client connects.
func exposedOdd(t *testing.T, be interface {
	catalog.Source
	Caller
}, settings config.Settings) *mcp.ClientSession {
	t.Helper()
	specs := map[string]*config.Server{"odd": {Name: "odd", Type: config.Stdio, Command: "x", Expose: []string{"*"}}}
	var s *Server
	cat := catalog.New(specs, be, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: be, Runner: inProcess{}, Settings: settings.Defaults()})
	if _, err := cat.Tools(context.Background(), "odd"); err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	return cs
}
