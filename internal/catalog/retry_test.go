package catalog

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// A pin store that cannot be read (a directory where the pins file goes)
// withholds the tools, and once it reads again they are offered, in this
// catalog and in a new one reading the same cache. The failed verdict
// was kept under the pins file's stamp (its version the same, "" for no
// file, before and after), so the tools stayed withheld after the file
// was back, and a later process read the verdict from the cache. (A
// state directory that cannot be made holds no pins file, which is no
// failure: round 105.)
func TestCatalog_PinStoreFailureIsVettedAgain(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	path := filepath.Join(state, "pins.json")
	pins, err := trust.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	src := &fakeSource{tools: map[string][]*mcp.Tool{"s": {tool("read", "Reads a file.")}}}
	opts := func() *Options {
		return &Options{CacheDir: filepath.Join(dir, "cache"), Vetter: &TrustVetter{Pins: pins}}
	}
	os.MkdirAll(path, 0o700)
	c := New(servers("s"), src, opts())
	ts, err := c.Tools(context.Background(), "s")
	if err != nil {
		t.Fatal(err)
	}
	w := c.Withheld("s")
	if len(ts) != 0 || len(w) != 1 || !strings.Contains(w[0].Reason, "pin store cannot be read") {
		t.Fatalf("with a directory for the pins file: tools %v, withheld %v", ts, w)
	}
	os.Remove(path)
	if ts, _ := c.Tools(context.Background(), "s"); len(ts) != 1 {
		t.Errorf("the pins file readable again: tools %v, withheld %v; want read offered", ts, c.Withheld("s"))
	}
	os.RemoveAll(path)
	os.MkdirAll(path, 0o700)
	c.Tools(context.Background(), "s")
	os.Remove(path)
	if ts, _ := New(servers("s"), src, opts()).Tools(context.Background(), "s"); len(ts) != 1 {
		t.Errorf("a new catalog on the same cache: tools %v; want read offered", ts)
	}
}
