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

// A pin store that cannot be read (the state directory replaced by a
// file under a running daemon) withholds the tools, and once it reads
// again they are offered, in this catalog and in a new one reading the
// same cache. The failed verdict was kept under the pins file's stamp
// (its version the same, "" for no file, before and after), so the
// tools stayed withheld after the directory was back, and a later
// process read the verdict from the cache.
func TestCatalog_PinStoreFailureIsVettedAgain(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	pins, err := trust.OpenStore(filepath.Join(state, "pins.json"))
	if err != nil {
		t.Fatal(err)
	}
	src := &fakeSource{tools: map[string][]*mcp.Tool{"s": {tool("read", "Reads a file.")}}}
	opts := func() *Options {
		return &Options{CacheDir: filepath.Join(dir, "cache"), Vetter: &TrustVetter{Pins: pins}}
	}
	os.WriteFile(state, []byte("not a directory"), 0o600)
	c := New(servers("s"), src, opts())
	ts, err := c.Tools(context.Background(), "s")
	if err != nil {
		t.Fatal(err)
	}
	w := c.Withheld("s")
	if len(ts) != 0 || len(w) != 1 || !strings.Contains(w[0].Reason, "pin store cannot be read") {
		t.Fatalf("with no state directory: tools %v, withheld %v", ts, w)
	}
	os.Remove(state)
	if ts, _ := c.Tools(context.Background(), "s"); len(ts) != 1 {
		t.Errorf("the state directory back: tools %v, withheld %v; want read offered", ts, c.Withheld("s"))
	}
	os.RemoveAll(state)
	os.WriteFile(state, []byte("not a directory"), 0o600)
	c.Tools(context.Background(), "s")
	os.Remove(state)
	if ts, _ := New(servers("s"), src, opts()).Tools(context.Background(), "s"); len(ts) != 1 {
		t.Errorf("a new catalog on the same cache: tools %v; want read offered", ts)
	}
}
