package cli

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A server with one tool withheld says "1 tool withheld" (it said "1 tools
// withheld" while its count said "1 tool").
func TestDoctor_OneToolWithheldIsSingular(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "w", Version: "1"}, nil)
	for _, name := range []string{"ok", "bad\x1b[31m"} {
		mcp.AddTool(srv, &mcp.Tool{Name: name}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{}, nil, nil
		})
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	ts := httptest.NewServer(h)
	defer ts.Close()
	out, errs, code := doctorEnv(t, `{"mcpServers": {"w": {"url": "`+ts.URL+`"}}}`)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "; 1 tool withheld (") || strings.Contains(out, "1 tools") {
		t.Errorf("want \"1 tool withheld\":\n%s", out)
	}
}
