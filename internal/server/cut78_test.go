package server

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// cutSource lists server "big" as cut short by a bound of one listing.
type cutSource struct{ fakeBackends }

func (c *cutSource) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: []*mcp.Tool{{Name: "t1", InputSchema: schema(``)}}, Cut: "it lists more than 10000 tools (the most one listing uses): only the first 10000 are used; 2000 more are left out"}, nil
}

// TestListTools_SaysAListingWasCutShort: a backend whose listing was cut
// by the 8 MiB or 10,000-tool bounds was said so only in the logs; the
// model saw the tools used and could not tell a tool left out from one
// the backend lacks. list_tools now says it under the server's
// declarations, naming the server, the bound and how many were left out.
func TestListTools_SaysAListingWasCutShort(t *testing.T) {
	src := &cutSource{}
	specs := map[string]*config.Server{"big": {Name: "big", Type: config.Stdio, Command: "x"}}
	var s *Server
	cat := catalog.New(specs, src, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: src, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	cs := connectMem(t, s)
	for _, detail := range []string{"full", "names"} {
		text, isErr := call(t, cs, "list_tools", map[string]any{"servers": []string{"big"}, "detail": detail})
		if want := "// cut: big lists more than Switchboard reads: it lists more than 10000 tools (the most one listing uses): only the first 10000 are used; 2000 more are left out\n"; isErr || !strings.Contains(text, want) {
			t.Errorf("detail %s: %q lacks %q", detail, text, want)
		}
	}
}
