package catalog

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// versionVetter is a VersionedVetter whose version a test moves, counting
// how often it is read.
type versionVetter struct {
	reads   atomic.Int32
	version atomic.Int32
}

func (v *versionVetter) Vet(spec *config.Server, tools []Tool) ([]Tool, []Withheld) {
	return tools, nil
}
func (v *versionVetter) Version() string {
	v.reads.Add(1)
	return string(rune('a' + v.version.Load()))
}
func (v *versionVetter) Stamp(spec *config.Server) string { return v.StampAt(spec, v.Version()) }
func (v *versionVetter) StampAt(spec *config.Server, version string) string {
	return spec.Name + "@" + version
}

// In a Steady scope the vetter's version is read once for any number of
// reads; outside one, each read takes it anew, so a change (an approval in
// another process) counts on the next read.
func TestCatalog_SteadyReadsTheVersionOnce(t *testing.T) {
	src := &fakeSource{tools: map[string][]*mcp.Tool{"a": {tool("x", "X.")}, "b": {tool("y", "Y.")}, "c": {tool("z", "Z.")}}}
	v := &versionVetter{}
	c := New(servers("a", "b", "c"), src, &Options{CacheDir: t.TempDir(), Vetter: v})
	for _, s := range c.Servers() {
		if _, err := c.Tools(context.Background(), s); err != nil {
			t.Fatal(err)
		}
	}
	v.reads.Store(0)
	done := c.Steady()
	for range 10 {
		for _, s := range c.Servers() {
			c.Count(s)
			c.Summary(s)
		}
	}
	done()
	if n := v.reads.Load(); n != 1 {
		t.Errorf("60 reads in a Steady scope read the version %d times, want 1", n)
	}
	v.reads.Store(0)
	c.Count("a")
	c.Count("b")
	if n := v.reads.Load(); n != 2 {
		t.Errorf("2 reads outside a scope read the version %d times, want 2", n)
	}
	// Outside a scope a moved version is seen at once: the list is vetted
	// again under the new stamp.
	v.version.Store(1)
	ts, err := c.Tools(context.Background(), "a")
	if err != nil || len(ts) != 1 {
		t.Fatalf("Tools = %v, %v", ts, err)
	}
	if e := c.entries["a"]; e.stamp != "a@b" {
		t.Errorf("stamp after the version moved = %q, want a@b", e.stamp)
	}
}

// VetVersion is the version every verdict depends on: read anew outside a
// scope, once inside one; a vetter without a version gives none to key by.
func TestCatalog_VetVersion(t *testing.T) {
	v := &versionVetter{}
	c := New(servers("a"), &fakeSource{}, &Options{Vetter: v})
	if got, ok := c.VetVersion(); !ok || got != "a" {
		t.Fatalf("VetVersion = %q, %v; want a, true", got, ok)
	}
	v.version.Store(1)
	if got, _ := c.VetVersion(); got != "b" {
		t.Errorf("outside a scope VetVersion = %q after the version moved, want b", got)
	}
	done := c.Steady()
	c.VetVersion()
	v.version.Store(2)
	if got, _ := c.VetVersion(); got != "b" {
		t.Errorf("in a scope VetVersion = %q, want the version of the scope's first read, b", got)
	}
	done()
	if got, _ := c.VetVersion(); got != "c" {
		t.Errorf("after the scope VetVersion = %q, want c", got)
	}
	if _, ok := New(servers("a"), &fakeSource{}, nil).VetVersion(); !ok {
		t.Error("a catalog without a vetter has no verdicts to change: VetVersion should be usable")
	}
	if _, ok := New(servers("a"), &fakeSource{}, &Options{Vetter: stampOnly{}}).VetVersion(); ok {
		t.Error("a vetter that stamps per server has no version: VetVersion must say so")
	}
}

type stampOnly struct{}

func (stampOnly) Vet(spec *config.Server, tools []Tool) ([]Tool, []Withheld) { return tools, nil }
func (stampOnly) Stamp(spec *config.Server) string                           { return spec.Name }
