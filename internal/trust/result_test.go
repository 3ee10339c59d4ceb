package trust

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestCleanResult(t *testing.T) {
	r := &mcp.CallToolResult{
		Content: []mcp.Content{
			&mcp.TextContent{Text: "ok\u200b\U000E0041\u202e done\r\n"},
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///x", Text: "a\u2066b"}},
			&mcp.ResourceLink{URI: "file:///y", Name: "n\u200d", Description: "d\ufeff"},
			&mcp.ImageContent{Data: []byte{0xe2, 0x80, 0x8b}, MIMEType: "image/png"},
		},
		StructuredContent: map[string]any{"k\u200b": []any{"v\U000E0020", 1.0}, "raw": json.RawMessage(`{"x":"\u200by"}`)},
	}
	if !CleanResult(r) {
		t.Fatal("nothing changed")
	}
	if got := r.Content[0].(*mcp.TextContent).Text; got != "ok done\r\n" {
		t.Errorf("text %q", got)
	}
	if got := r.Content[1].(*mcp.EmbeddedResource).Resource.Text; got != "ab" {
		t.Errorf("resource %q", got)
	}
	if l := r.Content[2].(*mcp.ResourceLink); l.Name != "n" || l.Description != "d" {
		t.Errorf("link %+v", l)
	}
	if d := r.Content[3].(*mcp.ImageContent).Data; len(d) != 3 {
		t.Error("image data touched")
	}
	sc := r.StructuredContent.(map[string]any)
	if v, ok := sc["k"].([]any); !ok || v[0] != "v" {
		t.Errorf("structured %v", sc)
	}
	if raw := string(sc["raw"].(json.RawMessage)); raw != `{"x":"y"}` {
		t.Errorf("raw %s", raw)
	}
	if CleanResult(r) || CleanResult(nil) {
		t.Error("clean result changed again")
	}
}

func TestCleanSchema(t *testing.T) {
	raw := json.RawMessage(`{"type":"object","properties":{"p":{"type":"string","description":"Pa\u200bth <b>","enum":["a\u202eb"]}}}`)
	got := string(CleanSchema(raw))
	if strings.Contains(got, "\u200b") || strings.Contains(got, `\u200b`) || strings.Contains(got, "\u202e") || !strings.Contains(got, `"Path <b>"`) || !strings.Contains(got, `"ab"`) {
		t.Errorf("CleanSchema = %s", got)
	}
	clean := json.RawMessage(`{"type": "object"}`)
	if string(CleanSchema(clean)) != string(clean) {
		t.Error("clean schema re-encoded")
	}
}
