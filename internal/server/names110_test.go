package server

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// newNamesServer is a session whose servers are named as given, each
// with one tool "crème" (composed).
func newNamesServer(t *testing.T, servers ...string) *mcp.ClientSession {
	t.Helper()
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{}}
	specs := map[string]*config.Server{}
	for _, n := range servers {
		fb.tools[n] = []*mcp.Tool{{Name: "cr\u00e8me", Description: "Whip the cream.", InputSchema: schema(`"x":{"type":"string"}`)}}
		specs[n] = &config.Server{Name: n, Type: config.Stdio, Command: "x"}
	}
	var s *Server
	cat := catalog.New(specs, fb, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	return connectMem(t, s)
}

// A server or tool asked for in the other Unicode composition (NFD for
// a name configured NFC) is found, as doctor and trust.Confusable
// compare names: it was "unknown server "café"" with no suggestion
// (rounds 107 and 110).
func TestListTools_ANameInAnotherCompositionIsFound(t *testing.T) {
	cs := newNamesServer(t, "caf\u00e9", "z-other")
	for _, args := range []map[string]any{
		{"servers": []string{"cafe\u0301"}},
		{"tools": []string{"cafe\u0301.cre\u0300me"}},
		{"tools": []string{"caf\u00e9.cre\u0300me"}},
		{"servers": []string{"cafe\u0301"}, "query": "whip cream"},
	} {
		out, isErr := call(t, cs, "list_tools", args)
		if isErr || !strings.Contains(out, "Whip the cream.") {
			t.Errorf("%v: error %v\n%s", args, isErr, out)
		}
	}
}

// Two servers whose names differ only in composition are each found by
// its own name; a third form equal to both only in NFKC (full-width
// letters) finds neither, and the error suggests both.
func TestListTools_TwoServersEqualInNFKCAreToldApartByTheirNames(t *testing.T) {
	cs := newNamesServer(t, "caf\u00e9", "cafe\u0301")
	for _, n := range []string{"caf\u00e9", "cafe\u0301"} {
		if out, isErr := call(t, cs, "list_tools", map[string]any{"servers": []string{n}, "detail": "names"}); isErr || !strings.Contains(out, "cr") {
			t.Errorf("%q: error %v\n%s", n, isErr, out)
		}
	}
	out, isErr := call(t, cs, "list_tools", map[string]any{"servers": []string{"\uff43\uff41\uff46\u00e9"}})
	if !isErr || !strings.Contains(out, "unknown server") || !strings.Contains(out, "did you mean") {
		t.Errorf("full-width: error %v\n%s", isErr, out)
	}
}
