package server

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// hideVetter withholds the tool named hide while its version is odd.
type hideVetter struct {
	hide    string
	version atomic.Int32
}

func (v *hideVetter) Vet(spec *config.Server, tools []catalog.Tool) (out []catalog.Tool, withheld []catalog.Withheld) {
	for _, t := range tools {
		if t.Name == v.hide && v.version.Load()%2 == 1 {
			withheld = append(withheld, catalog.Withheld{Tool: t.Name, Reason: "changed since approval"})
			continue
		}
		out = append(out, t)
	}
	return out, withheld
}
func (v *hideVetter) Version() string                  { return string(rune('0' + v.version.Load())) }
func (v *hideVetter) Stamp(spec *config.Server) string { return v.StampAt(spec, v.Version()) }
func (v *hideVetter) StampAt(spec *config.Server, version string) string {
	return spec.Name + "@" + version
}

// Execute keeps the namespaces it built while nothing they depend on
// moved; a tool that appears in a new listing, and a verdict that changes
// with the pins file (an approval or revocation in another process), count
// on the next script.
func TestExecute_NamespacesFollowTheCatalogAndTheVerdicts(t *testing.T) {
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{
		"everything": {{Name: "echo", Description: "Echo.", InputSchema: schema(`"message":{"type":"string"}`)}},
	}}
	specs := map[string]*config.Server{"everything": {Name: "everything", Type: config.Stdio, Command: "x"}}
	v := &hideVetter{hide: "echo"}
	var s *Server
	cat := catalog.New(specs, fb, &catalog.Options{Vetter: v, OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: fb, Runner: staticFirst{}, Settings: config.Settings{}.Defaults()})
	ctx := context.Background()
	run := func(src string) string {
		t.Helper()
		res := s.Execute(ctx, src, 0)
		if res.Err != nil {
			return "error: " + res.Err.Message
		}
		return string(res.Value)
	}
	if got := run(`return await everything.echo({message: "one"})`); got != `"one"` {
		t.Fatalf("first call = %s", got)
	}
	if s.nsCache.Load() != nil {
		t.Fatal("namespaces built while a listing was awaited were kept")
	}
	if got := run(`return await everything.echo({message: "again"})`); got != `"again"` {
		t.Fatalf("second call = %s", got)
	}
	if s.nsCache.Load() == nil {
		t.Fatal("the namespaces of a catalog whose lists are all known were not kept")
	}

	// A new listing with a new tool.
	fb.tools["everything"] = append(fb.tools["everything"], &mcp.Tool{Name: "shout", Description: "Shout.", InputSchema: schema(`"message":{"type":"string"}`)})
	if err := cat.Refresh(ctx, "everything"); err != nil {
		t.Fatal(err)
	}
	if got := run(`return Object.keys(everything)`); got != `["echo","shout"]` {
		t.Errorf("after a listing with a new tool, the namespace holds %s, want [\"echo\",\"shout\"]", got)
	}

	// The pins file moved: echo is withheld from the next script on.
	v.version.Store(1)
	if got := run(`return Object.keys(everything)`); got != `["shout"]` {
		t.Errorf("with echo withheld, the namespace holds %s, want [\"shout\"]", got)
	}
	if got := run(`return await everything.echo({message: "two"})`); !strings.HasPrefix(got, "error:") {
		t.Errorf("a tool withheld since the last script still ran: %s", got)
	}
	v.version.Store(2)
	if got := run(`return await everything.echo({message: "three"})`); got != `"three"` {
		t.Errorf("a tool approved again = %s", got)
	}
}

// A server whose tool list is unknown is listed for the first script that
// names it, also after scripts that did not name it.
func TestExecute_UnknownServerIsListedForTheScriptThatNamesIt(t *testing.T) {
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{
		"a": {{Name: "echo", Description: "Echo.", InputSchema: schema(`"message":{"type":"string"}`)}},
		"b": {{Name: "echo", Description: "Echo.", InputSchema: schema(`"message":{"type":"string"}`)}},
	}}
	specs := map[string]*config.Server{
		"a": {Name: "a", Type: config.Stdio, Command: "x"},
		"b": {Name: "b", Type: config.Stdio, Command: "y"},
	}
	var s *Server
	cat := catalog.New(specs, fb, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: fb, Runner: staticFirst{}, Settings: config.Settings{}.Defaults()})
	for i := range 3 {
		if res := s.Execute(context.Background(), `return await a.echo({message: "x"})`, 0); res.Err != nil {
			t.Fatalf("a.echo, run %d: %v", i, res.Err.Message)
		}
	}
	if res := s.Execute(context.Background(), `return Object.keys(b)`, 0); res.Err != nil || string(res.Value) != `["echo"]` {
		t.Fatalf("namespace b after scripts that named only a: %s, %+v; want [\"echo\"]", res.Value, res.Err)
	}
}
