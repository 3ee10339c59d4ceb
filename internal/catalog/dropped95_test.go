package catalog

import (
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

func listingOf(names ...string) *Listing {
	l := &Listing{ProtocolVersion: "2025-11-25", ServerName: "f"}
	for _, n := range names {
		l.Tools = append(l.Tools, &mcp.Tool{Name: n, InputSchema: map[string]any{"type": "object"}})
	}
	return l
}

// Round ninety-five: a tool the backend dropped from its list was, to a
// caller, a tool never heard of: the catalog kept the latest listing
// only. It keeps the tools earlier listings had (bounded), and when the
// listing without them came in, in its cache too; a tool listed again,
// a listing we cut short and a plugin's shipped list add none.
func TestCatalog_KeepsTheToolsABackendDropped(t *testing.T) {
	dir := t.TempDir()
	specs := map[string]*config.Server{"f": {Name: "f", Type: config.Stdio, Command: "x"}}
	c := New(specs, nil, &Options{CacheDir: dir})
	c.Apply("f", listingOf("t1", "t2", "t3"))
	if _, ok := c.DroppedTool("f", "t3"); ok {
		t.Fatal("a listed tool is dropped")
	}
	c.Apply("f", listingOf("t1"))
	d, ok := c.DroppedTool("f", "t3")
	if !ok || d.Tool != "t3" || d.At.IsZero() {
		t.Fatalf("t3, dropped by the second listing: %+v %v", d, ok)
	}
	if _, ok := c.DroppedTool("f", "t1"); ok {
		t.Error("t1, listed, is dropped")
	}
	if _, ok := c.DroppedTool("f", "nosuch"); ok {
		t.Error("a tool never listed is dropped")
	}
	// Another process (a new catalog over the cache) knows it too.
	c2 := New(specs, nil, &Options{CacheDir: dir})
	if _, ok := c2.DroppedTool("f", "t2"); !ok {
		t.Error("a new catalog over the cache does not know t2 was dropped")
	}
	c.Apply("f", listingOf("t1", "t3"))
	if _, ok := c.DroppedTool("f", "t3"); ok {
		t.Error("t3, listed again, is still dropped")
	}
	if _, ok := c.DroppedTool("f", "t2"); !ok {
		t.Error("t2 was forgotten when t3 came back")
	}
	cut := listingOf()
	cut.Cut = "cut short"
	c.Apply("f", cut)
	if _, ok := c.DroppedTool("f", "t1"); ok {
		t.Error("a tool a listing we cut short left out counts as dropped")
	}

	// A plugin's shipped list (no protocol version) is no backend's.
	p := New(specs, nil, nil)
	p.Apply("f", &Listing{Tools: listingOf("shipped").Tools})
	p.Apply("f", listingOf("t1"))
	if _, ok := p.DroppedTool("f", "shipped"); ok {
		t.Error("a tool of a plugin's shipped list counts as dropped by the backend")
	}

	// 5,000 tools, then none: the last 1,000 kept.
	b := New(specs, nil, nil)
	var many []string
	for i := range 5000 {
		many = append(many, fmt.Sprintf("t%d", i))
	}
	b.Apply("f", listingOf(many...))
	b.Apply("f", listingOf())
	if _, ok := b.DroppedTool("f", "t4999"); !ok {
		t.Error("the last of 5,000 dropped tools is not kept")
	}
	if _, ok := b.DroppedTool("f", "t0"); ok {
		t.Error("the first of 5,000 dropped tools is kept: no bound")
	}
}
