package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
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
	if want := "list_tools: limit must be at least 1 (the most tools to show: search results, default 5, or tools listed, default all), not 0"; !isErr || out != want {
		t.Errorf("limit 0: isError %v, %q; want %q", isErr, out, want)
	}
	for _, args := range []map[string]any{{"query": "add two numbers"}, {"query": "add two numbers", "limit": nil}, {"query": "add two numbers", "limit": 1}} {
		if out, isErr := call(t, cs, "list_tools", args); isErr || !strings.Contains(out, "get_sum") {
			t.Errorf("%v: isError %v\n%.300s", args, isErr, out)
		}
	}
}

// list_tools with limit and no query declares at most that many tools,
// in listing order, and ends naming how many it left out of which
// servers and how to see them; limit was ignored without a word. With
// tools, which names each tool, limit is refused naming the field.
func TestListTools_LimitCutsAListing(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	out, isErr := call(t, cs, "list_tools", map[string]any{"limit": 3})
	note := `// [limit 3: 3 more tools not shown (everything: 2, z-other: 1). Without limit, list_tools({servers:["everything"]}) lists that server whole and {detail:"names"} names every tool.]` + "\n"
	if isErr || !strings.HasSuffix(out, note) || !strings.Contains(out, "function echo(") || strings.Contains(out, "function fail(") || strings.Contains(out, "z_other") {
		t.Errorf("limit 3: isError %v\n%s\nwant 3 tools of everything and the note\n%s", isErr, out, note)
	}
	out, _ = call(t, cs, "list_tools", map[string]any{"limit": 5, "detail": "names"})
	if want := "everything: big, broken, echo, fail, get_sum\n// [limit 5: 1 more tool not shown (z-other: 1). Without limit, list_tools({servers:[\"z-other\"]}) lists that server whole and {detail:\"names\"} names every tool.]\n"; out != want {
		t.Errorf("limit 5, names:\n%s\nwant\n%s", out, want)
	}
	out, _ = call(t, cs, "list_tools", map[string]any{"servers": []string{"everything"}, "detail": "summary", "limit": 2})
	if !strings.HasPrefix(out, "// everything (2 of 5 tools)\neverything.big — Returns 30 MB.\neverything.broken — Transport breaks.\n// [limit 2: 3 more tools not shown (everything: 3).") {
		t.Errorf("limit 2 of a server, summary:\n%s", out)
	}
	all, _ := call(t, cs, "list_tools", map[string]any{})
	if out, _ := call(t, cs, "list_tools", map[string]any{"limit": 6}); out != all {
		t.Errorf("a limit over the count changes the listing:\n%s\nwant\n%s", out, all)
	}
	out, isErr = call(t, cs, "list_tools", map[string]any{"tools": []string{"everything.echo"}, "limit": 1})
	if want := "list_tools: limit does not go with tools, which names each tool to declare: leave limit out (it counts search results, or the tools of a listing)"; !isErr || out != want {
		t.Errorf("limit with tools: isError %v, %q; want %q", isErr, out, want)
	}
}

// list_tools with tools and a query or servers is refused naming both
// fields and what to pass; each was ignored without a word (tools names
// exactly what to declare, so a query as a filter could only hide a tool
// asked for by name). A blank query and an empty servers list go with
// tools, and so does detail, which was ignored too: "names" and
// "summary" shape the named tools as they shape a listing.
func TestListTools_ToolsWithQueryOrServersIsRefusedAndDetailApplies(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"tools": []string{"everything.echo"}, "query": "add two numbers"},
			"list_tools: query does not go with tools, which names each tool to declare: pass tools alone to declare those tools, or query alone (with servers to search only some servers) to search"},
		{map[string]any{"tools": []string{"everything.echo"}, "servers": []string{"z-other"}},
			`list_tools: servers does not go with tools, whose names say their servers ("server.tool"): pass tools alone, or servers alone to list those servers`},
	} {
		out, isErr := call(t, cs, "list_tools", c.args)
		if !isErr || out != c.want {
			t.Errorf("%v: isError %v, %q; want %q", c.args, isErr, out, c.want)
		}
	}
	for _, args := range []map[string]any{
		{"tools": []string{"everything.echo"}, "query": "  "},
		{"tools": []string{"everything.echo"}, "servers": []string{}},
		{"tools": []string{"everything.echo"}, "detail": "full"},
	} {
		if out, isErr := call(t, cs, "list_tools", args); isErr || !strings.Contains(out, "function echo(") {
			t.Errorf("%v: isError %v\n%.300s", args, isErr, out)
		}
	}
	two := []string{"everything.echo", "everything.get_sum", "z-other.ping"}
	if out, _ := call(t, cs, "list_tools", map[string]any{"tools": two, "detail": "names"}); out != "everything: echo, get_sum\nz_other: ping\n" {
		t.Errorf("tools with detail names:\n%s", out)
	}
	if out, _ := call(t, cs, "list_tools", map[string]any{"tools": two, "detail": "summary"}); !strings.HasPrefix(out, "// everything (2 tools)\neverything.echo — Echo a message back.\neverything.get_sum — ") {
		t.Errorf("tools with detail summary:\n%s", out)
	}
}

// The list_tools index and listing show at most maxNotices notes, the
// last saying how many more and where to see them: each note is of one
// file or server, files come with a repository, and 10,000 malformed
// member manifests or untrusted plugins were as many lines of the
// list_tools description, read into the model's context.
func TestListTools_NoticesAreBounded(t *testing.T) {
	var notes []string
	for i := range 10_000 {
		notes = append(notes, fmt.Sprintf("workspace manifest packages/p%d/package.json:1: unexpected end of JSON input", i))
	}
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{"a": {{Name: "t", InputSchema: schema(``)}}}}
	specs := map[string]*config.Server{"a": {Name: "a", Type: config.Stdio, Command: "x"}}
	var s *Server
	cat := catalog.New(specs, fb, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults(), Notices: func() []string { return notes }})
	cs := connectMem(t, s)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var desc string
	for _, tl := range res.Tools {
		if tl.Name == "list_tools" {
			desc = tl.Description
		}
	}
	more := "and 9991 more notes about files and servers: `switchboard servers` shows them"
	if n := strings.Count(desc, "\nNote: "); n != 10 || !strings.Contains(desc, more) || len(desc) > 4000 {
		t.Errorf("the description has %d notes, %d bytes; want %d, the last %q", n, len(desc), 10, more)
	}
	out, _ := call(t, cs, "list_tools", map[string]any{})
	if n := strings.Count(out, "// Note: "); n != 10 || !strings.Contains(out, more) {
		t.Errorf("the listing has %d notes; want %d, the last %q", n, 10, more)
	}
}
