package server

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round sixty-two left open: servers whose names mangle alike ("a-b",
// "a_b", "a b") are the namespaces a_b, a_b_2 and a_b_3, and list_tools'
// names and summary listings (and switchboard list --detail names) said
// "a_b_2: echo" without the server it is. A namespace that is not the
// server's name (nor the name with _ for -) is followed by the name as
// configured, in whole listings and in search results; full declarations
// said it already, in a comment.
func TestListTools_ANamespaceNotItsServersNameSaysTheServer(t *testing.T) {
	echo := []*mcp.Tool{{Name: "echo", Description: "Echo a message back.", InputSchema: schema(`"message":{"type":"string"}`)}}
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{"a-b": echo, "a_b": echo, "a b": echo, "x-y": echo}}
	specs := map[string]*config.Server{}
	for n := range fb.tools {
		specs[n] = &config.Server{Name: n, Type: config.Stdio, Command: "c-" + n}
	}
	cat := catalog.New(specs, fb, nil)
	s := New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	cs := connectMem(t, s)
	ids := map[string]string{}
	for n := range fb.tools {
		ids[n] = cat.Ident(n)
	}
	if ids["a_b"] != "a_b" || ids["x-y"] != "x_y" || ids["a-b"] == "a_b" || ids["a b"] == "a_b" {
		t.Fatalf("namespaces %v", ids)
	}

	out, _ := call(t, cs, "list_tools", map[string]any{"detail": "names"})
	for _, want := range []string{
		ids["a b"] + ` (server "a b"): echo` + "\n",
		ids["a-b"] + ` (server "a-b"): echo` + "\n",
		"a_b: echo\n", "x_y: echo\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("names listing lacks %q:\n%s", want, out)
		}
	}
	out, _ = call(t, cs, "list_tools", map[string]any{"detail": "summary"})
	for _, want := range []string{"// " + ids["a b"] + ` (server "a b", 1 tool)`, "// a_b (1 tool)", "// x_y (1 tool)"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary listing lacks %q:\n%s", want, out)
		}
	}
	out, _ = call(t, cs, "list_tools", map[string]any{"query": "echo a message", "detail": "names", "limit": 10})
	if want := "// " + ids["a b"] + ` is server "a b"` + "\n" + ids["a b"] + ".echo\n"; !strings.Contains(out, want) {
		t.Errorf("search result lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, `is server "a_b"`) || strings.Contains(out, `is server "x-y"`) {
		t.Errorf("a namespace that is its server's name was annotated:\n%s", out)
	}
}
