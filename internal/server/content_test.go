package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// tinyPNG is a PNG header: enough bytes to stand for an image.
var tinyPNG = []byte("\x89PNG\r\n\x1a\n0123456789")

// richBackends is a fake backend "media" whose tools return non-text
// blocks, with resources and prompts of its own.
type richBackends struct {
	listing catalog.Listing
	mu      sync.Mutex
	lists   int
	calls   []string // "server read uri", "server get name topic"
}

func (f *richBackends) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	f.mu.Lock()
	f.lists++
	f.mu.Unlock()
	l := f.listing
	return &l, nil
}

func (f *richBackends) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	switch c.Tool {
	case "tiny-image":
		return &mcp.CallToolResult{Content: []mcp.Content{
			&mcp.TextContent{Text: "a tiny image"},
			&mcp.ImageContent{MIMEType: "image/png", Data: tinyPNG},
		}}, nil
	case "link":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ResourceLink{URI: "file:///r.txt", Name: "r.txt"}}}, nil
	case "text":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"n":1}`}}}, nil
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "unknown tool"}}}, nil
}

func (f *richBackends) ReadResource(ctx context.Context, c *pool.Call, uri string) (*mcp.ReadResourceResult, error) {
	f.mu.Lock()
	f.calls = append(f.calls, c.Server+" read "+uri)
	f.mu.Unlock()
	if uri == "notes://n/empty" {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/plain"}}}, nil
	}
	if strings.HasPrefix(uri, "notes://n/") {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, Text: "note " + strings.TrimPrefix(uri, "notes://n/")}}}, nil
	}
	if uri != "file:///a.txt" {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/plain", Text: "hello\u200b"}}}, nil
}

func (f *richBackends) Subscribe(ctx context.Context, c *pool.Call, uri string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, c.Server+" subscribe "+uri)
	if uri == "notes://n/nosub" { // as a backend without resources/subscribe answers
		return &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "method not found"}
	}
	return nil
}

func (f *richBackends) Unsubscribe(ctx context.Context, c *pool.Call, uri string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, c.Server+" unsubscribe "+uri)
	return nil
}

func (f *richBackends) GetPrompt(ctx context.Context, c *pool.Call, name string, args map[string]string) (*mcp.GetPromptResult, error) {
	f.mu.Lock()
	f.calls = append(f.calls, c.Server+" get "+name+" "+args["topic"])
	f.mu.Unlock()
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Tell me about " + args["topic"]}}}}, nil
}

// Complete answers as a backend with completions would: the ref and
// argument it got, in its own names, recorded; values for "topic"
// (one with a hidden character, one with a newline, 150 in all).
func (f *richBackends) Complete(ctx context.Context, c *pool.Call, p *mcp.CompleteParams) (*mcp.CompleteResult, error) {
	f.mu.Lock()
	f.calls = append(f.calls, c.Server+" complete "+p.Ref.Type+" "+p.Ref.Name+p.Ref.URI+" "+p.Argument.Name+"="+p.Argument.Value)
	f.mu.Unlock()
	if p.Argument.Name != "topic" && p.Argument.Name != "id" {
		return &mcp.CompleteResult{Meta: mcp.Meta{mcp.MetaKeyServerInfo: map[string]any{"name": "media"}, "x": 1}, Completion: mcp.CompletionResultDetails{Values: []string{}}}, nil
	}
	vals := []string{"ow\u200bls", "two\nlines"}
	for i := range 148 {
		vals = append(vals, fmt.Sprintf("%s%d", p.Argument.Value, i))
	}
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: vals, Total: 150}}, nil
}

var richListing = catalog.Listing{
	Tools: []*mcp.Tool{
		{Name: "tiny-image", Description: "An image.", InputSchema: schema(``)},
		{Name: "link", Description: "A link.", InputSchema: schema(``)},
		{Name: "text", Description: "Text.", InputSchema: schema(``)},
	},
	Resources:         []*mcp.Resource{{URI: "file:///a.txt", Name: "a.txt", MIMEType: "text/plain"}},
	ResourceTemplates: []*mcp.ResourceTemplate{{URITemplate: "notes://n/{id}", Name: "note"}},
	Prompts:           []*mcp.Prompt{{Name: "explain", Description: "Explain a topic.", Arguments: []*mcp.PromptArgument{{Name: "topic", Required: true}}}},
	Instructions:      "Use media tools for pictures. Never ask for more than ten at once; they are large.",
}

// clientProtocol is the protocol the test client asks for ("" latest).
var clientProtocol = ""

func newRichServer(t *testing.T, st config.Settings) (*Server, *richBackends, *mcp.ClientSession) {
	return newRichServerCache(t, st, "", nil)
}

// newRichServerCache is newRichServer with the catalog cache in dir ("":
// none) and the client's notifications of list changes counted in
// changed (may be nil).
func newRichServerCache(t *testing.T, st config.Settings, dir string, changed chan<- string) (*Server, *richBackends, *mcp.ClientSession) {
	t.Helper()
	fb := &richBackends{listing: richListing}
	specs := map[string]*config.Server{"media": {Name: "media", Type: config.Stdio, Command: "x"}}
	var s *Server
	cat := catalog.New(specs, fb, &catalog.Options{CacheDir: dir, OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: st.Defaults()})
	ct, stt := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.MCP().Connect(ctx, stt, nil)
	if err != nil {
		t.Fatal(err)
	}
	copts := &mcp.ClientOptions{}
	if changed != nil {
		copts.ResourceListChangedHandler = func(context.Context, *mcp.ResourceListChangedRequest) { changed <- "resources" }
		copts.PromptListChangedHandler = func(context.Context, *mcp.PromptListChangedRequest) { changed <- "prompts" }
		copts.ResourceUpdatedHandler = func(_ context.Context, req *mcp.ResourceUpdatedNotificationRequest) {
			changed <- "updated " + req.Params.URI
		}
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, copts).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: clientProtocol})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	return s, fb, cs
}

func execRes(t *testing.T, cs *mcp.ClientSession, src string) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": src}})
	if err != nil {
		t.Fatalf("execute: %v", err)
	}
	return res
}

func TestExecute_ReturnsImageBlocks(t *testing.T) {
	_, _, cs := newRichServer(t, config.Settings{})
	for _, tc := range []struct{ name, src string }{
		{"unwrapped", `return await media.tiny_image()`},
		{"nested", `return {shot: await media.tiny_image(), n: 2}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := execRes(t, cs, tc.src)
			if res.IsError {
				t.Fatalf("error: %v", res.Content[0].(*mcp.TextContent).Text)
			}
			if len(res.Content) != 2 {
				t.Fatalf("got %d blocks, want text + image: %#v", len(res.Content), res.Content)
			}
			text := res.Content[0].(*mcp.TextContent).Text
			img, ok := res.Content[1].(*mcp.ImageContent)
			if !ok || img.MIMEType != "image/png" || string(img.Data) != string(tinyPNG) {
				t.Fatalf("second block %#v, want the PNG", res.Content[1])
			}
			if strings.Contains(text, "iVBOR") || !strings.Contains(text, `"[image 1: image/png, 18 B]"`) {
				t.Errorf("text %s: want a reference to the image, no base64", text)
			}
			sc, _ := json.Marshal(res.StructuredContent)
			if strings.Contains(string(sc), "iVBOR") || !strings.Contains(string(sc), "[image 1: image/png") {
				t.Errorf("structuredContent %s: want the reference, no base64", sc)
			}
		})
	}
}

func TestExecute_ResourceLinkBlock(t *testing.T) {
	_, _, cs := newRichServer(t, config.Settings{})
	res := execRes(t, cs, `return await media.link()`)
	if len(res.Content) != 2 {
		t.Fatalf("got %d blocks: %#v", len(res.Content), res.Content)
	}
	if l, ok := res.Content[1].(*mcp.ResourceLink); !ok || l.URI != "file:///r.txt" {
		t.Fatalf("block %#v, want the resource link", res.Content[1])
	}
	if got := res.Content[0].(*mcp.TextContent).Text; got != `["[resource link 1: file:///r.txt]"]` {
		t.Errorf("text %s", got)
	}
}

func TestExecute_LookalikeIsNotABlock(t *testing.T) {
	_, _, cs := newRichServer(t, config.Settings{})
	// Missing mimeType, and data that is not base64: plain values.
	res := execRes(t, cs, `return [{type: "image", data: "x"}, {type: "image", mimeType: "image/png", data: "%%%"}]`)
	if len(res.Content) != 1 {
		t.Fatalf("got %d blocks, want only the text: %#v", len(res.Content), res.Content)
	}
	if got := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(got, `"%%%"`) {
		t.Errorf("text %s: the value must be kept", got)
	}
}

func TestExecute_StructuredContent(t *testing.T) {
	_, _, cs := newRichServer(t, config.Settings{})
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range tools.Tools {
		if tl.Name == "execute" {
			if m, _ := tl.OutputSchema.(map[string]any); m["type"] != "object" {
				t.Errorf("execute outputSchema %v, want an object schema", tl.OutputSchema)
			}
		}
	}
	for _, tc := range []struct{ src, want string }{
		{`return await media.text()`, `{"n":1}`},
		{`return 42`, `{"result":42}`},
		{`return "hi"`, `{"result":"hi"}`},
		{`return null`, `{"result":null}`},
	} {
		res := execRes(t, cs, tc.src)
		if got, _ := json.Marshal(res.StructuredContent); string(got) != tc.want {
			t.Errorf("%s: structuredContent %s, want %s", tc.src, got, tc.want)
		}
	}
	// An error result carries no structured content and is still valid.
	res := execRes(t, cs, `throw new Error("boom")`)
	if !res.IsError || res.StructuredContent != nil {
		t.Errorf("error result: isError %v, structuredContent %v", res.IsError, res.StructuredContent)
	}
}

func TestExecute_BlocksCountTowardsLimit(t *testing.T) {
	// The value fits the limit (the script checks that); its blocks and
	// the console output do not.
	_, _, cs := newRichServer(t, config.Settings{MaxResultBytes: 1200})
	res := execRes(t, cs, `const a = []; for (let i = 0; i < 10; i++) a.push(await media.tiny_image()); console.log("x".repeat(600)); return a`)
	images := 0
	var text string
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.ImageContent:
			images++
		case *mcp.TextContent:
			text += c.Text
		}
	}
	if images >= 10 || !strings.Contains(text, "settings.maxResultBytes") {
		t.Errorf("%d images, text %q: want blocks dropped with a note", images, text)
	}
	if res.StructuredContent == nil {
		t.Error("a cut result must still carry structuredContent (execute has an outputSchema)")
	}
}

// TestRichResult_ValueWithoutBlocksPassesAsIs checks that a value that
// cannot hold a content block becomes structuredContent unchanged (key
// order and number text kept), not decoded and encoded again; one that
// may hold a block still goes through extraction.
func TestRichResult_ValueWithoutBlocksPassesAsIs(t *testing.T) {
	for _, tc := range []struct{ value, want string }{
		{`{"z":1,"a":[12345678901234567890,{"b":"x"}]}`, `{"z":1,"a":[12345678901234567890,{"b":"x"}]}`},
		{`[1,2]`, `{"result":[1,2]}`},
		{`"text"`, `{"result":"text"}`},
		{`{"k":{"type":"image","mimeType":"image/png","data":"iVBORw0KGgo="}}`, `{"k":"[image 1: image/png, 8 B]"}`},
	} {
		out := richResult(textResult(tc.value), 0)
		got, err := json.Marshal(out.StructuredContent)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: structuredContent %s (%v), want %s", tc.value, got, err, tc.want)
		}
	}
}
