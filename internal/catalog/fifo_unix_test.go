//go:build unix

package catalog

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A FIFO in place of a cache file counts as absent, like a corrupt one:
// it hung every command for ever (deaf to SIGTERM).
func TestCatalog_FIFOInPlaceOfCacheFilesCountsAsAbsent(t *testing.T) {
	dir := t.TempDir()
	spec := servers("a")
	if err := syscall.Mkfifo(filepath.Join(dir, "index.json"), 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	inspect := filepath.Join(dir, "inspect.json")
	if err := syscall.Mkfifo(inspect, 0o600); err != nil {
		t.Fatal(err)
	}
	// A link to /dev/zero is bounded by safefile, tested there; a link
	// in place of a cache file is the next test's.
	c0 := &Catalog{opts: Options{CacheDir: dir}}
	if err := syscall.Mkfifo(c0.cachePath("a", Key(spec["a"])), 0o600); err != nil {
		t.Fatal(err)
	}
	src := &fakeSource{tools: map[string][]*mcp.Tool{"a": {tool("x", "X.")}}}
	c := New(spec, src, &Options{CacheDir: dir, Vetter: &TrustVetter{InspectCache: inspect}})
	ts, err := c.Tools(context.Background(), "a")
	if err != nil || len(ts) != 1 || ts[0].Name != "x" {
		t.Fatalf("Tools = %v, %v", ts, err)
	}
}

// A symbolic link planted in place of a cache file is replaced when the
// cache is written, not written through: the file it points to stays as
// it was (a link to /dev/zero, written through as root, replaced the
// device with JSON).
func TestCatalog_LinkInPlaceOfACacheFileIsNotWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	spec := servers("a")
	target := filepath.Join(t.TempDir(), "precious")
	if err := os.WriteFile(target, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	c0 := &Catalog{opts: Options{CacheDir: dir}}
	for _, p := range []string{c0.cachePath("a", Key(spec["a"])), filepath.Join(dir, "index.json")} {
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	src := &fakeSource{tools: map[string][]*mcp.Tool{"a": {tool("x", "X.")}}}
	c := New(spec, src, &Options{CacheDir: dir})
	if ts, err := c.Tools(context.Background(), "a"); err != nil || len(ts) != 1 {
		t.Fatalf("Tools = %v, %v", ts, err)
	}
	if b, _ := os.ReadFile(target); string(b) != "precious" {
		t.Errorf("the link's target = %q, want it untouched", b)
	}
}
