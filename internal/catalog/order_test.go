package catalog

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The property order of a tool's schema survives the catalog and its
// on-disk cache (declarations list parameters in that order).
func TestCatalog_CacheKeepsSchemaPropertyOrder(t *testing.T) {
	const in = `{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"number"}}}`
	const out = `{"type":"object","properties":{"y":{"type":"number"},"b":{"type":"string"}}}`
	dir := t.TempDir()
	src := &fakeSource{tools: map[string][]*mcp.Tool{"s": {{Name: "t", InputSchema: json.RawMessage(in), OutputSchema: json.RawMessage(out)}}}}
	c := New(servers("s"), src, &Options{CacheDir: dir})
	ts, err := c.Tools(context.Background(), "s")
	if err != nil || len(ts) != 1 || string(ts[0].InputSchema) != in {
		t.Fatalf("Tools = %+v, %v", ts, err)
	}
	// The listing read back from the cache (derived again whenever the
	// kept verdict is stale) has the schemas as they were sent.
	f, err := c.readCache("s", Key(servers("s")["s"]))
	if err != nil {
		t.Fatal(err)
	}
	got := f.Listing.Tools[0]
	if b, _ := json.Marshal(got.InputSchema); string(b) != in {
		t.Errorf("input schema from the cache = %s, want %s", b, in)
	}
	if b, _ := json.Marshal(got.OutputSchema); string(b) != out {
		t.Errorf("output schema from the cache = %s, want %s", b, out)
	}
}
