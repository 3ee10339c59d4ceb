package catalog

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// On a full disk (state and cache alike) a new server's tools are
// offered: the cache, the inspect cache and the pins file are not
// written, which is logged, the pins file's once for all servers. Before,
// every tool of every new server was withheld ("the pin store cannot be
// read: writing pins file …: no space left on device").
func TestTrustVetter_FullDiskOffersNewServersTools(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 64<<10)
	if !ok {
		return
	}
	pins, err := trust.OpenStore(filepath.Join(dir, "state", "pins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	disktest.Fill(t, dir)
	v := &TrustVetter{Pins: pins, Logger: log, InspectCache: filepath.Join(dir, "cache", "inspect.json")}
	src := &fakeSource{tools: map[string][]*mcp.Tool{"a": {tool("read", "Reads a file.")}, "b": {tool("list", "Lists things.")}}}
	c := New(servers("a", "b"), src, &Options{CacheDir: filepath.Join(dir, "cache"), Vetter: v, Logger: log})
	for _, s := range []string{"a", "b"} {
		ts, err := c.Tools(context.Background(), s)
		if err != nil || len(ts) != 1 {
			t.Errorf("tools of %s on a full disk: %v, %v", s, ts, err)
		}
	}
	for i := range 3 { // list changes: written again, failing again
		for _, s := range []string{"a", "b"} {
			src.tools[s] = append(src.tools[s], tool(fmt.Sprintf("t%d", i), "Another tool."))
			if err := c.Refresh(context.Background(), s); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, what := range []string{"cannot write the pins file", "writing catalog cache", "writing the inspect cache"} {
		if n := strings.Count(logs.String(), what); n != 1 {
			t.Errorf("%q said %d times, want once:\n%s", what, n, logs.String())
		}
	}
}
