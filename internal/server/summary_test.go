package server

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// withInstructions is trifectaBackends whose notes server has
// instructions and whose web server offers a resource.
type withInstructions struct{ trifectaBackends }

func (b *withInstructions) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	l, err := b.trifectaBackends.ListTools(ctx, server)
	switch server {
	case "notes":
		l.Instructions = "Notes are plain text files. Each has a title."
	case "web":
		l.Resources = []*mcp.Resource{{URI: "web://cache", Name: "cache"}}
	}
	return l, err
}

// listCounter counts the listings a catalog asks for.
type listCounter struct {
	withInstructions
	n atomic.Int32
}

func (c *listCounter) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	c.n.Add(1)
	return c.withInstructions.ListTools(ctx, server)
}

// A session over a warm cache writes its index lines (the lethal
// trifecta, the instructions digest, the backends' resources) from the
// cache's index alone: the same lines as from the tool lists, without
// reading one list of a server that offers no resources.
func TestIndexSummary_ASessionStartsFromTheIndex(t *testing.T) {
	dir := t.TempDir()
	specs := func() map[string]*config.Server {
		return map[string]*config.Server{
			"notes": {Name: "notes", Type: config.Stdio, Command: "./notes"},
			"web":   {Name: "web", Type: config.Stdio, Command: "./web", Roles: []config.RoleRule{{Glob: "fetch", Roles: []string{"untrusted"}}}},
			"sink":  {Name: "sink", Type: config.Stdio, Command: "./sink"},
		}
	}
	settings := config.Settings{Trifecta: config.TrifectaWarn}.Defaults()
	open := func(src catalog.Source) *Server {
		cat := catalog.New(specs(), src, &catalog.Options{CacheDir: dir, Vetter: &catalog.TrustVetter{}, Summarize: IndexSummary})
		return New(Options{Catalog: cat, Caller: &trifectaBackends{}, Runner: inProcess{}, Settings: settings})
	}
	first := open(&withInstructions{})
	for _, n := range []string{"notes", "web", "sink"} {
		if _, err := first.cat().Tools(context.Background(), n); err != nil {
			t.Fatal(err)
		}
	}
	desc := func(s *Server) string { return s.listToolsDescription() }
	want := desc(first)
	for _, line := range []string{"Lethal trifecta: private data (notes)", "notes [1; instructions]"} {
		if !strings.Contains(want, line) {
			t.Fatalf("description from the lists lacks %q:\n%s", line, want)
		}
	}

	// The lists of notes and sink are gone; only the index is left (and
	// web's list: it offers a resource, which is read from it).
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		if b := filepath.Base(f); b != "index.json" && !strings.HasPrefix(b, "web-") {
			os.Remove(f)
		}
	}
	counter := &listCounter{}
	second := open(counter)
	if got := desc(second); got != want {
		t.Errorf("description from the index:\n%s\nwant, as from the lists:\n%s", got, want)
	}
	// Its first script's namespaces come from the index as well.
	res := second.Execute(context.Background(), `return [Object.keys(notes), Object.keys(sink)]`, 0)
	if res.Err != nil || string(res.Value) != `[["read_notes"],["ping","send"]]` {
		t.Errorf("namespaces from the index: %s %v", res.Value, res.Err)
	}
	if n := counter.n.Load(); n != 0 {
		t.Errorf("the second session listed backends %d times; want none (the index has it all)", n)
	}
	second.res.mu.Lock()
	n := len(second.res.resources)
	second.res.mu.Unlock()
	if n != 1 {
		t.Errorf("%d resources registered from the index's servers; want web's one", n)
	}
}
