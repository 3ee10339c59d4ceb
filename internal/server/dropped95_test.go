package server

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// Round ninety-five: a tool the backend dropped from its list (1,000
// tools, then one) was "has no tool" with a guess about the client's
// capabilities. The error says the backend listed it before and when
// its listing stopped, and what to do.
func TestServer_ACallOfADroppedToolSaysSo(t *testing.T) {
	specs := map[string]*config.Server{"f": {Name: "f", Type: config.Stdio, Command: "x"}}
	cat := catalog.New(specs, nil, nil)
	tools := func(names ...string) *catalog.Listing {
		l := &catalog.Listing{ProtocolVersion: "2025-11-25"}
		for _, n := range names {
			l.Tools = append(l.Tools, &mcp.Tool{Name: n, InputSchema: schema(``)})
		}
		return l
	}
	cat.Apply("f", tools("keep", "gone-tool", "other"))
	cat.Apply("f", tools("keep"))
	s := New(Options{Catalog: cat, Caller: askingBackend{}, Settings: config.Settings{}.Defaults()})
	l := pool.NewLaunch(specs["f"], nil) // a client that declared nothing
	s.SetView(View{Catalog: cat, Launch: func(string) *pool.Launch { return l }})
	for _, name := range []string{"gone_tool", "gone-tool"} {
		_, err := s.lookup(context.Background(), "f", name)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		for _, want := range []string{`server "f" has no tool "` + name + `" any more: its backend listed it before, and its listing at `, " ago) no longer has it", `list_tools({servers:["f"]}) lists the one tool it has now`, "changelog", "pin the server to a version that has it"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: %q lacks %q", name, msg, want)
			}
		}
		if strings.Contains(msg, "did not declare") {
			t.Errorf("%s: %q still guesses at the client's capabilities", name, msg)
		}
	}
	_, err := s.lookup(context.Background(), "f", "never")
	if err == nil || strings.Contains(err.Error(), "any more") {
		t.Errorf("a tool never listed: %v", err)
	}
}

// listsNow is a backend whose tool list is whatever names holds.
type listsNow struct{ names []string }

func (b *listsNow) ListTools(context.Context, string) (*catalog.Listing, error) {
	l := &catalog.Listing{ProtocolVersion: "2025-11-25"}
	for _, n := range b.names {
		l.Tools = append(l.Tools, &mcp.Tool{Name: n, InputSchema: schema(``)})
	}
	return l, nil
}

// A tool said dropped by the cache another process wrote, which the
// backend lists again by now, is looked up in a fresh listing: it was
// said dropped until a call of another tool started the backend.
func TestServer_ADroppedToolListedAgainIsFound(t *testing.T) {
	dir := t.TempDir()
	specs := map[string]*config.Server{"f": {Name: "f", Type: config.Stdio, Command: "x"}}
	b := &listsNow{names: []string{"keep", "back"}}
	first := catalog.New(specs, b, &catalog.Options{CacheDir: dir})
	first.Refresh(context.Background(), "f")
	b.names = []string{"keep"}
	first.Refresh(context.Background(), "f") // "back" dropped, in the cache
	b.names = []string{"keep", "back"}       // and listed again
	cat := catalog.New(specs, b, &catalog.Options{CacheDir: dir})
	s := New(Options{Catalog: cat, Caller: askingBackend{}, Settings: config.Settings{}.Defaults()})
	if tl, err := s.lookup(context.Background(), "f", "back"); err != nil || tl.Name != "back" {
		t.Errorf("lookup of a tool listed again = %+v, %v", tl, err)
	}
	b.names = []string{"keep"} // dropped again: said, without asking the backend at each call
	cat.Refresh(context.Background(), "f")
	if _, err := s.lookup(context.Background(), "f", "back"); err == nil || !strings.Contains(err.Error(), "any more") {
		t.Errorf("lookup of a tool dropped again: %v", err)
	}
}
