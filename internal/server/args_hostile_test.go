package server

import (
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Optional list_tools arguments sent as null are absent (servers: null
// was one server named "": `unknown server ""`), and call_tool without
// server or tool says which is missing (it said `.: unknown server ""`).
func TestMetaTools_NullAndMissingArguments(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{CallTool: true}, nil)
	out, isErr := call(t, cs, "list_tools", map[string]any{"servers": nil, "tools": nil, "query": nil, "detail": nil, "limit": nil})
	if isErr || !strings.Contains(out, "declare namespace everything") {
		t.Errorf("list_tools with nulls: isError %v\n%.300s", isErr, out)
	}
	out, isErr = call(t, cs, "list_tools", map[string]any{"servers": nil, "query": "add two numbers"})
	if isErr || !strings.Contains(out, "get_sum") {
		t.Errorf("list_tools query with servers null: isError %v\n%.300s", isErr, out)
	}
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{}, "call_tool: server and tool are required"},
		{map[string]any{"tool": "echo"}, `call_tool: server is required: the server of tool "echo"`},
		{map[string]any{"server": "z-other"}, `call_tool: tool is required: a tool of server "z-other"`},
		{map[string]any{"server": "", "tool": ""}, "call_tool: server and tool are required"},
	} {
		out, isErr := call(t, cs, "call_tool", c.args)
		if !isErr || !strings.HasPrefix(out, c.want) {
			t.Errorf("call_tool %v: isError %v %q, want %q", c.args, isErr, out, c.want)
		}
	}

}

// list_tools with limit 0 is refused as the schema's minimum (1) says and
// as a negative limit is; it was the default (5) without a word. An
// absent or null limit is the default.
func TestListTools_ZeroLimitIsRefused(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	out, isErr := call(t, cs, "list_tools", map[string]any{"query": "add two numbers", "limit": 0})
	if want := "list_tools: limit must be at least 1 (the number of search results; default 5), not 0"; !isErr || out != want {
		t.Errorf("limit 0: isError %v, %q; want %q", isErr, out, want)
	}
	for _, args := range []map[string]any{{"query": "add two numbers"}, {"query": "add two numbers", "limit": nil}, {"query": "add two numbers", "limit": 1}} {
		if out, isErr := call(t, cs, "list_tools", args); isErr || !strings.Contains(out, "get_sum") {
			t.Errorf("%v: isError %v\n%.300s", args, isErr, out)
		}
	}
}
