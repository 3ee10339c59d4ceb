package catalog

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

func TestIdentity_CoversTheWholeLaunch(t *testing.T) {
	base := func() *config.Server {
		return &config.Server{Name: "s", Type: config.Stdio, Command: "node", Args: []string{"srv.js"},
			Env: map[string]string{"TOKEN": "secret-value-1"}, Cwd: "/w", Headers: map[string]string{}}
	}
	variants := map[string]func(*config.Server){
		"env value": func(s *config.Server) { s.Env["TOKEN"] = "secret-value-2" },
		"env name":  func(s *config.Server) { s.Env = map[string]string{"TOKEN2": "secret-value-1"} },
		"cwd":       func(s *config.Server) { s.Cwd = "/other" },
		"args":      func(s *config.Server) { s.Args = []string{"srv.js", "--x"} },
		"command":   func(s *config.Server) { s.Command = "deno" },
		"header": func(s *config.Server) {
			s.Type, s.Command, s.URL = config.HTTP, "", "https://x.example/mcp"
			s.Headers = map[string]string{"Authorization": "Bearer a"}
		},
	}
	b := Identity(base())
	if !strings.HasPrefix(b, IdentityPrefix) || strings.Contains(b, "secret-value") {
		t.Errorf("identity %q", b)
	}
	renamed := base()
	renamed.Name, renamed.ReadOnly = "other", true
	if Identity(renamed) != b {
		t.Error("renaming a server changed its identity")
	}
	seen := map[string]string{b: "base"}
	for name, f := range variants {
		s := base()
		f(s)
		id := Identity(s)
		if prev, dup := seen[id]; dup {
			t.Errorf("%s has the identity of %s", name, prev)
		}
		seen[id] = name
	}
	h1 := base()
	h1.Type, h1.Command, h1.URL, h1.Headers = config.HTTP, "", "https://x.example/mcp", map[string]string{"Authorization": "Bearer a"}
	h2 := *h1
	h2.Headers = map[string]string{"Authorization": "Bearer b"}
	if Identity(h1) == Identity(&h2) {
		t.Error("header values not covered")
	}
}

// TestCatalog_ServersDifferingOnlyInEnvShareNothing: the second server
// gets neither the first's pins (its tools are new, so quarantined) nor
// its cached list.
func TestCatalog_ServersDifferingOnlyInEnvShareNothing(t *testing.T) {
	dir := t.TempDir()
	pins, err := trust.OpenStore(filepath.Join(dir, "pins.json"))
	if err != nil {
		t.Fatal(err)
	}
	mk := func(val string) map[string]*config.Server {
		return map[string]*config.Server{"s": {Name: "s", Type: config.Stdio, Command: "srv", Env: map[string]string{"MODE": val}, Source: "test.json"}}
	}
	src := &fakeSource{tools: map[string][]*mcp.Tool{"s": {tool("read", "Reads.")}}}
	vet := func() *TrustVetter { return &TrustVetter{Pins: pins} }
	c1 := New(mk("a"), src, &Options{CacheDir: filepath.Join(dir, "cache"), Vetter: vet()})
	if ts, err := c1.Tools(context.Background(), "s"); err != nil || len(ts) != 1 {
		t.Fatalf("first server: %v %v", ts, err)
	}
	// Same name, other env value, with quarantine: nothing is shared.
	v2 := vet()
	v2.QuarantineNew = true
	c2 := New(mk("b"), src, &Options{CacheDir: filepath.Join(dir, "cache"), Vetter: v2})
	if _, ok := c2.Known("s"); ok {
		t.Error("cached list shared across env values")
	}
	ts, err := c2.Tools(context.Background(), "s")
	if err != nil || len(ts) != 0 || len(c2.Withheld("s")) != 1 {
		t.Errorf("second server sees %v (withheld %v), want its tool pending approval", ts, c2.Withheld("s"))
	}
	if src.calls.Load() != 2 {
		t.Errorf("%d fetches, want 2", src.calls.Load())
	}
}

// TestCatalog_LegacyPinsAreNotApplied: a pins file keyed the old way (by
// command line only) does not approve a changed tool of the new identity
// silently, and the old entry stays in the file.
func TestCatalog_LegacyPinsAreNotApplied(t *testing.T) {
	dir := t.TempDir()
	pins, _ := trust.OpenStore(filepath.Join(dir, "pins.json"))
	spec := &config.Server{Name: "s", Type: config.Stdio, Command: "srv", Env: map[string]string{"K": "v"}, Source: "test.json"}
	legacy := LegacyIdentity(spec)
	if _, err := pins.Check(legacy, []trust.Tool{{Name: "read", Description: "Old."}}, false); err != nil {
		t.Fatal(err)
	}
	src := &fakeSource{tools: map[string][]*mcp.Tool{"s": {tool("read", "Changed.")}}}
	c := New(map[string]*config.Server{"s": spec}, src, &Options{Vetter: &TrustVetter{Pins: pins, QuarantineNew: true}})
	ts, _ := c.Tools(context.Background(), "s")
	if len(ts) != 0 {
		t.Errorf("legacy pin applied: %v", ts)
	}
	ids, _ := pins.Identities()
	if len(ids) != 2 || ids[0] != legacy && ids[1] != legacy {
		t.Errorf("identities %q, want the legacy one kept", ids)
	}
}
