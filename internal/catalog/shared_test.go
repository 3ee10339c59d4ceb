package catalog

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// sharedVetter is a StampedVetter that counts its vettings, of a stamp
// the test sets.
type sharedVetter struct {
	stamp string
	vets  atomic.Int32
}

func (v *sharedVetter) Vet(spec *config.Server, tools []Tool) ([]Tool, []Withheld) {
	v.vets.Add(1)
	return tools, nil
}

func (v *sharedVetter) Stamp(*config.Server) string { return v.stamp }

// The catalogs of a daemon's sessions handed one listing vet it and write
// its cache once; a listing with other tools, or another stamp, is vetted
// again; a listing of equal tools from another backend (the same server
// in another workspace) is not.
func TestShared_OneListingIsVettedAndWrittenOnce(t *testing.T) {
	dir := t.TempDir()
	var shared Shared
	vetter := &sharedVetter{stamp: "v1"}
	var writes atomic.Int32
	opts := &Options{CacheDir: filepath.Join(dir, "cache"), Vetter: vetter, Shared: &shared,
		Summarize: func(Summarized) string { writes.Add(1); return "" }}
	listing := &Listing{Tools: []*mcp.Tool{tool("x", "X."), tool("y", "Y.")}, ServerName: "a"}
	var cats []*Catalog
	for range 5 {
		c := New(servers("a"), &fakeSource{}, opts)
		c.Apply("a", listing)
		cats = append(cats, c)
	}
	if n, w := vetter.vets.Load(), writes.Load(); n != 1 || w != 1 {
		t.Fatalf("five catalogs handed one listing: %d vettings, %d cache writes; want 1 and 1", n, w)
	}
	for i, c := range cats {
		if got, ok := c.Known("a"); !ok || len(got) != 2 || got[0].Name != "x" || got[1].Name != "y" {
			t.Errorf("catalog %d: Known = %+v, %v; want x and y", i, got, ok)
		}
	}

	equal := &Listing{Tools: []*mcp.Tool{tool("x", "X."), tool("y", "Y.")}, ServerName: "a"}
	cats[0].Apply("a", equal)
	if n, w := vetter.vets.Load(), writes.Load(); n != 1 || w != 1 {
		t.Errorf("a listing of equal tools: %d vettings, %d cache writes; want still 1 and 1", n, w)
	}

	other := &Listing{Tools: []*mcp.Tool{tool("x", "X, changed.")}, ServerName: "a"}
	cats[1].Apply("a", other)
	if n, w := vetter.vets.Load(), writes.Load(); n != 2 || w != 2 {
		t.Errorf("a listing with a changed tool: %d vettings, %d cache writes; want 2 and 2", n, w)
	}
	if got, _ := cats[1].Known("a"); len(got) != 1 || got[0].Description != "X, changed." {
		t.Errorf("the changed listing: Known = %+v", got)
	}

	vetter.stamp = "v2"
	cats[2].Apply("a", listing)
	cats[3].Apply("a", listing)
	if n := vetter.vets.Load(); n != 3 {
		t.Errorf("one listing under a new stamp, in two catalogs: %d vettings in all, want 3", n)
	}
}

// A server's verdict stands when another server's tools are pinned: the
// stamp names the server's own record in the pins file.
func TestTrustVetter_AnotherServersPinsKeepTheVerdict(t *testing.T) {
	pins, err := trust.OpenStore(filepath.Join(t.TempDir(), "pins.json"))
	if err != nil {
		t.Fatal(err)
	}
	v := &TrustVetter{Pins: pins}
	specs := servers("a", "b")
	c := New(specs, &fakeSource{}, &Options{Vetter: v})
	c.Apply("a", &Listing{Tools: []*mcp.Tool{tool("x", "X.")}})
	before := v.Stamp(specs["a"])
	c.Apply("b", &Listing{Tools: []*mcp.Tool{tool("y", "Y.")}})
	if after := v.Stamp(specs["a"]); after != before {
		t.Errorf("pinning b's tools changed a's stamp: %q, then %q", before, after)
	}
	if _, err := pins.Check(Identity(specs["a"]), []trust.Tool{{Name: "x", Description: "X, changed."}}, false); err != nil {
		t.Fatal(err)
	}
	if after := v.Stamp(specs["a"]); after == before {
		t.Errorf("a change of a's own pins left its stamp %q", after)
	}
}

// Two sessions whose configs (the user's and a project's) define one
// server alike: each catalog's verdict names its own config file, in
// memory and in the cache file another start reads.
func TestShared_VerdictsNameTheirOwnConfigFile(t *testing.T) {
	dir := t.TempDir()
	pins, err := trust.OpenStore(filepath.Join(dir, "pins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var shared Shared
	spec := func(source string) map[string]*config.Server {
		s := servers("a")
		s["a"].Source = source
		s["a"].Tools.Deny = []string{"y"}
		return s
	}
	user, project := spec("/home/u/.config/switchboard/config.json"), spec("/work/p/.switchboard.json")
	listing := &Listing{Tools: []*mcp.Tool{tool("x", "X."), tool("y", "Y.")}, ServerName: "a"}
	cache := filepath.Join(dir, "cache")
	for _, s := range []map[string]*config.Server{user, project} {
		c := New(s, &fakeSource{}, &Options{CacheDir: cache, Vetter: &TrustVetter{Pins: pins}, Shared: &shared})
		c.Apply("a", listing)
		if w := c.Withheld("a"); len(w) != 1 || !strings.Contains(w[0].Reason, s["a"].Source) {
			t.Errorf("the session of %s: withheld %+v; want y, naming that file", s["a"].Source, w)
		}
	}
	// The project's session starts again, from the cache.
	c := New(project, &fakeSource{}, &Options{CacheDir: cache, Vetter: &TrustVetter{Pins: pins}})
	if w := c.Withheld("a"); len(w) != 1 || !strings.Contains(w[0].Reason, project["a"].Source) {
		t.Errorf("the project's session from the cache: withheld %+v; want y, naming %s", w, project["a"].Source)
	}
}

// Cache files are written without a sync: after a crash of the machine
// one may be empty, cut short or zeroes while index.json says it holds
// a verdict at the current stamp. Such a file counts as absent: no list,
// no tool offered, no panic.
func TestCatalog_CacheFileLostInACrashIsAbsent(t *testing.T) {
	for name, cut := range map[string]func([]byte) []byte{
		"empty":          func([]byte) []byte { return nil },
		"half":           func(b []byte) []byte { return b[:len(b)/2] },
		"zeroes":         func(b []byte) []byte { return make([]byte, len(b)) },
		"one byte short": func(b []byte) []byte { return b[:len(b)-1] },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			pins, err := trust.OpenStore(filepath.Join(dir, "pins.json"))
			if err != nil {
				t.Fatal(err)
			}
			cache := filepath.Join(dir, "cache")
			specs := servers("a")
			c := New(specs, &fakeSource{}, &Options{CacheDir: cache, Vetter: &TrustVetter{Pins: pins}})
			c.Apply("a", &Listing{Tools: []*mcp.Tool{tool("x", "X.")}})
			c.Apply("a", &Listing{Tools: []*mcp.Tool{tool("x", "X.")}}) // at the stamp after the pins were written
			path := c.cachePath("a", Key(specs["a"]))
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, cut(b), 0o600); err != nil {
				t.Fatal(err)
			}
			c = New(specs, &fakeSource{}, &Options{CacheDir: cache, Vetter: &TrustVetter{Pins: pins}})
			if got, ok := c.Known("a"); ok || len(got) != 0 {
				t.Errorf("a cache file %s: Known = %+v, %v; want nothing", name, got, ok)
			}
		})
	}
}

// Shared keeps the verdicts of servers of configs long gone within a
// bound of tools, not only of verdicts: 4,096 of a server of 500 tools
// were 4 million tools kept for the daemon's life.
func TestShared_HoldsBoundedTools(t *testing.T) {
	var s Shared
	ts := make([]*mcp.Tool, 500)
	for i := range ts {
		ts[i] = tool(fmt.Sprintf("t%d", i), "T.")
	}
	for i := range maxShared {
		l := &Listing{Tools: ts}
		v := &verdict{listing: l, stamp: "s", tools: make([]Tool, len(ts))}
		s.keep("a", fmt.Sprint(i), v)
		s.wroteFile(fmt.Sprint("/cache/", i), v)
	}
	// One server over the bound alone is not kept, and does not empty
	// the maps.
	big := &Listing{Tools: make([]*mcp.Tool, maxSharedTools+1)}
	before := len(s.verdicts)
	s.keep("big", "k", &verdict{listing: big, stamp: "s"})
	if len(s.verdicts) != before || s.verdicts["big\x00k"] != nil {
		t.Errorf("a verdict of %d tools: %d verdicts kept, %d before; want it left out and the others kept", maxSharedTools+1, len(s.verdicts), before)
	}
	for name, m := range map[string]map[string]*verdict{"verdicts": s.verdicts, "written": s.written} {
		n := 0
		for _, v := range m {
			n += len(v.listing.Tools) + len(v.tools)
		}
		if n > maxSharedTools {
			t.Errorf("%s of %d configs' servers of 500 tools: %d tools held, over %d", name, maxShared, n, maxSharedTools)
		}
	}
}

// A tool approved in another process (switchboard approve) counts at the
// next read of every session's catalog, those that share verdicts too;
// and the pins file deleted makes every one vet again.
func TestShared_AnApprovalElsewhereCountsInEverySession(t *testing.T) {
	path, specs, cats := sharedCatalogs(t, 3, true, 1)
	for i, c := range cats {
		if got, _ := c.Known("a"); len(got) != 0 {
			t.Fatalf("catalog %d before the approval: %+v; want x withheld", i, got)
		}
	}
	other, err := trust.OpenStore(path) // another process
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Approve(Identity(specs["a"]), []string{"x"}); err != nil {
		t.Fatal(err)
	}
	for i, c := range cats {
		if got, _ := c.Known("a"); len(got) != 1 {
			t.Errorf("catalog %d after the approval elsewhere: %+v; want x", i, got)
		}
	}
	os.Remove(path)
	for i, c := range cats {
		if got, _ := c.Known("a"); len(got) != 0 {
			t.Errorf("catalog %d after the pins file was deleted (quarantineNewServers): %+v; want x withheld", i, got)
		}
	}
}

// A pins file replaced by a directory, under catalogs that share
// verdicts: no approved tool is offered from a verdict kept before.
func TestShared_PinsFileReplacedByADirectoryWithholds(t *testing.T) {
	path, _, cats := sharedCatalogs(t, 2, false, 2)
	for _, c := range cats {
		if got, _ := c.Known("a"); len(got) != 1 {
			t.Fatalf("trusted on first use: %+v; want x", got)
		}
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o700); err != nil {
		t.Fatal(err)
	}
	for i, c := range cats {
		if got, _ := c.Known("a"); len(got) != 0 {
			t.Errorf("catalog %d with a directory for the pins file: %+v; want x withheld", i, got)
		}
	}
}

// The cache file of a server that a project's config and the user's
// define alike is the last writer's; a start of the other session's
// catalog vets again rather than show reasons naming the other file.
func TestCatalog_CachedReasonsNameTheirOwnConfigFile(t *testing.T) {
	dir := t.TempDir()
	pins, err := trust.OpenStore(filepath.Join(dir, "pins.json"))
	if err != nil {
		t.Fatal(err)
	}
	spec := func(source string) map[string]*config.Server {
		s := servers("a")
		s["a"].Source = source
		s["a"].Tools.Deny = []string{"y"}
		return s
	}
	user, project := spec("/home/u/.config/switchboard/config.json"), spec("/work/p/.switchboard.json")
	listing := &Listing{Tools: []*mcp.Tool{tool("x", "X."), tool("y", "Y.")}, ServerName: "a"}
	cache := filepath.Join(dir, "cache")
	for _, s := range []map[string]*config.Server{project, user} { // the user's writes last
		c := New(s, &fakeSource{}, &Options{CacheDir: cache, Vetter: &TrustVetter{Pins: pins}})
		c.Apply("a", listing)
		c.Apply("a", listing) // at the stamp after the pins were written
	}
	c := New(project, &fakeSource{}, &Options{CacheDir: cache, Vetter: &TrustVetter{Pins: pins}})
	if w := c.Withheld("a"); len(w) != 1 || !strings.Contains(w[0].Reason, project["a"].Source) {
		t.Errorf("the project's session from the cache the user's wrote: withheld %+v; want y, naming %s", w, project["a"].Source)
	}
}

// Sessions whose configs differ for one server (tools.deny, readOnly,
// settings.readOnly, quarantineNewServers) never take each other's
// verdict on the same listing.
func TestShared_ConfigsThatDifferDoNotShare(t *testing.T) {
	dir := t.TempDir()
	pins, err := trust.OpenStore(filepath.Join(dir, "pins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var shared Shared
	listing := &Listing{Tools: []*mcp.Tool{tool("x", "X."), tool("w", "W.")}}
	listing.Tools[0].Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
	plain := func() (map[string]*config.Server, *TrustVetter) { return servers("a"), &TrustVetter{Pins: pins} }
	// Pinned first, so that the verdicts below change nothing in the file.
	s, v := plain()
	New(s, &fakeSource{}, &Options{Vetter: v}).Apply("a", listing)
	for _, tc := range []struct {
		name string
		make func() (map[string]*config.Server, *TrustVetter)
		want int
	}{
		{"plain", plain, 2},
		{"tools.deny", func() (map[string]*config.Server, *TrustVetter) {
			s, v := plain()
			s["a"].Tools.Deny = []string{"x"}
			return s, v
		}, 1},
		{"plain again", plain, 2},
		{"readOnly", func() (map[string]*config.Server, *TrustVetter) {
			s, v := plain()
			s["a"].ReadOnly = true
			return s, v
		}, 1},
		{"settings.readOnly", func() (map[string]*config.Server, *TrustVetter) {
			s, v := plain()
			v.ReadOnly = true
			return s, v
		}, 1},
		{"plain once more", plain, 2},
	} {
		s, v := tc.make()
		c := New(s, &fakeSource{}, &Options{Vetter: v, Shared: &shared})
		c.Apply("a", listing)
		if got, _ := c.Known("a"); len(got) != tc.want {
			t.Errorf("%s: %d tools offered, want %d", tc.name, len(got), tc.want)
		}
	}
}

// sharedCatalogs makes n catalogs of server "a" sharing verdicts, each
// vetting against one pins file (path) with quarantineNew, and applies
// one listing of tool x to each applies times.
func sharedCatalogs(t *testing.T, n int, quarantineNew bool, applies int) (path string, specs map[string]*config.Server, cats []*Catalog) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "pins.json")
	pins, err := trust.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	shared := &Shared{}
	specs = servers("a")
	listing := &Listing{Tools: []*mcp.Tool{tool("x", "X.")}}
	for range n {
		c := New(specs, &fakeSource{}, &Options{Vetter: &TrustVetter{Pins: pins, QuarantineNew: quarantineNew}, Shared: shared})
		for range applies {
			c.Apply("a", listing)
		}
		cats = append(cats, c)
	}
	return path, specs, cats
}
