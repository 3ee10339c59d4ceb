package catalog

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCatalog_NamesResolveToTheRightBackendTool: colliding and hazardous
// names get distinct identifiers, and Lookup by identifier reaches the
// tool that identifier was declared for.
func TestCatalog_NamesResolveToTheRightBackendTool(t *testing.T) {
	ts := []*mcp.Tool{tool("get-user", "dash"), tool("get_user", "underscore"), tool("constructor", "c"), tool("__proto__", "p")}
	src := &fakeSource{tools: map[string][]*mcp.Tool{"a-b": ts, "a_b": ts, "JSON": ts, "console": ts}}
	c := New(servers("a-b", "a_b", "JSON", "console"), src, nil)
	wantServer := map[string]string{"a_b": "a_b", "a-b": "a_b_2", "JSON": "JSON_", "console": "console_"}
	for name, id := range wantServer {
		if got := c.Ident(name); got != id {
			t.Errorf("Ident(%q) = %q, want %q", name, got, id)
		}
	}
	cases := []struct{ server, tool, wantServer, wantTool string }{
		{"a_b", "get_user", "a_b", "get_user"},
		{"a_b", "get_user_2", "a_b", "get-user"},
		{"a_b_2", "get_user", "a-b", "get_user"},
		{"a_b_2", "get_user_2", "a-b", "get-user"},
		{"a-b", "get-user", "a-b", "get-user"},
		{"JSON_", "constructor_", "JSON", "constructor"},
		{"console_", "__proto___", "console", "__proto__"},
	}
	for _, tc := range cases {
		got, err := c.Lookup(context.Background(), tc.server, tc.tool)
		if err != nil || got.Server != tc.wantServer || got.Name != tc.wantTool {
			t.Errorf("Lookup(%q, %q) = %s.%s, %v; want %s.%s", tc.server, tc.tool, got.Server, got.Name, err, tc.wantServer, tc.wantTool)
		}
	}
}
