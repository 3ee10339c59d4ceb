package hub

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A panic re-reading a client's roots after its roots/list_changed (on a
// goroutine the hub starts, outside the server's recoverPanics) is logged;
// the session keeps its view, and its next list_changed moves it. Before
// round 109 it ended the process, with the daemon every session.
func TestWorkspace_APanicRereadingRootsKeepsTheSession(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"u": {"command": "u-cmd"}}}`)
	a := f.project("a", `{"mcpServers": {"pa": {"command": "pa-cmd"}}}`)
	b := f.project("b", `{"mcpServers": {"pb": {"command": "pb-cmd"}}}`)
	elsewhere := filepath.Join(f.home, "elsewhere")
	os.MkdirAll(elsewhere, 0o755)
	var panicked atomic.Int64
	f.h.testReroot = func(file, dir string) {
		if dir == b && panicked.Add(1) == 1 {
			panic("a bug moving the session to its new root")
		}
	}
	s, err := f.h.Open(context.Background(), &SessionOptions{ID: "r", Workspace: elsewhere, Env: map[string]string{"PATH": "/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	client, stop := serveWithRoots(t, s, "file://"+a)
	defer stop()
	until := func(want ...string) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for !slices.Equal(s.Catalog().Servers(), want) {
			if time.Now().After(deadline) {
				t.Fatalf("servers = %v, want %v", s.Catalog().Servers(), want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	until("pa", "u")
	client.RemoveRoots("file://" + a) // a re-read that finds no root: back to the user config
	until("u")
	client.AddRoots(&mcp.Root{URI: "file://" + b}) // this one panics
	deadline := time.Now().Add(5 * time.Second)
	for panicked.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if panicked.Load() == 0 {
		t.Fatal("the re-read never ran")
	}
	client.RemoveRoots("file://" + b)
	client.AddRoots(&mcp.Root{URI: "file://" + b}) // asks again
	until("pb", "u")
}

// A panic reloading a session's config after a change (on the config
// watcher's timer) is logged; the session keeps its config, and the next
// change reloads it. It ended the process, with the daemon every session.
func TestHub_APanicReloadingKeepsTheSessionAndTheNextChangeReloads(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	var reloads atomic.Int64
	f.h.testReload = func() {
		if reloads.Add(1) == 1 {
			panic("a bug reloading the config")
		}
	}
	c := f.open("s1", filepath.Join(f.home, "repo"))
	c.execute(t, `return await a.echo({})`)
	f.write(f.user, `{"mcpServers": {"b": {"command": "b-cmd"}}}`) // this reload panics
	deadline := time.Now().Add(5 * time.Second)
	for reloads.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if reloads.Load() == 0 {
		t.Fatal("the config was never reloaded")
	}
	if got := c.execute(t, `return await a.echo({})`); !strings.Contains(got, "a-cmd") {
		t.Errorf("after the panic: %s", got)
	}
	c.index(t)
	c.drain()
	f.write(f.user, `{"mcpServers": {"c": {"command": "c-cmd"}}}`)
	c.indexUntil(t, "tools/list_changed with the server of the next change", func(idx string) bool {
		return strings.HasSuffix(idx, ": c") || strings.Contains(idx, ": c [")
	})
}

// A panic in the config watcher's loop, acting on a file event (here on
// a file of the config's directory, through the tests' hook), is logged
// and the loop goes on: the next change of the config reloads the
// session. It ended the process, with the daemon every session (round
// 111).
func TestHub_APanicInTheConfigWatcherKeepsItWatching(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	var panicked atomic.Int64
	f.h.testWatchEvent = func(name string) {
		if filepath.Base(name) == "poison" {
			panicked.Add(1)
			panic("a bug reading a file event")
		}
	}
	c := f.open("s1", filepath.Join(f.home, "repo"))
	c.index(t)
	c.drain()
	f.write(filepath.Join(filepath.Dir(f.user), "poison"), "x")
	deadline := time.Now().Add(5 * time.Second)
	for panicked.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if panicked.Load() == 0 {
		t.Fatal("the watcher never read the event")
	}
	f.write(f.user, `{"mcpServers": {"c": {"command": "c-cmd"}}}`)
	c.indexUntil(t, "tools/list_changed with the server of the change after the panic", func(idx string) bool {
		return strings.HasSuffix(idx, ": c") || strings.Contains(idx, ": c [")
	})
}

// A panic re-resolving a session's servers on a sync request (on a
// goroutine of the config watcher's, outside the server's recoverPanics)
// is logged; the session keeps its view, and the next sync request
// resolves it. It ended the process, with the daemon every session
// (round 111).
func TestWorkspace_APanicOnASyncRequestKeepsTheSessionAndTheNextOneSyncs(t *testing.T) {
	f := newFixture(t, strings.Replace(whenConfig, "%s", `, "settings": {"autoSync": false}`, 1))
	var syncs atomic.Int64
	f.h.testFresh = func() {
		if syncs.Add(1) == 1 {
			panic("a bug re-resolving the workspace")
		}
	}
	root := f.cargoWithoutSqlx()
	c := f.open("s", root)
	c.listed(t)
	c.drain()
	f.addSqlx(root)
	if err := RequestSync(f.state, root, nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for syncs.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if syncs.Load() == 0 {
		t.Fatal("the sync request never reached the session")
	}
	if slices.Contains(c.s.Catalog().Servers(), "sqlx") {
		t.Fatal("sqlx added by the sync that panicked")
	}
	time.Sleep(20 * time.Millisecond) // another time stamp: another record
	if err := RequestSync(f.state, root, nil); err != nil {
		t.Fatal(err)
	}
	for !slices.Contains(c.s.Catalog().Servers(), "sqlx") {
		wait(t, c.changed, "tools/list_changed after the second switchboard sync")
	}
}
