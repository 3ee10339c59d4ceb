package cli

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// An add that has read Switchboard's config when init --undo runs: the
// undo waits for it (both hold the config-edit lock), so neither loses
// what the other wrote. Before, the undo took the imported servers out
// while the add was between its read and its rename, and the add's
// rename brought them back (or, with the add's late check, the add
// failed saying another program had written the file).
func TestAdd_AndInitUndoAtOnceLoseNothing(t *testing.T) {
	w := newInitWorld(t)
	claude := filepath.Join(w.home, ".claude.json")
	w.write(claude, `{"mcpServers": {"a1": {"command": "a1-mcp"}}}`)
	w.mustRun("--user")
	read, release := make(chan struct{}), make(chan struct{})
	testHookEditRead = func(string) {
		close(read)
		select {
		case <-release:
		case <-time.After(10 * time.Second):
		}
	}
	defer func() { testHookEditRead = nil }()
	cw := &cliWorld{t: t, home: w.home, dir: w.proj, env: w.env}
	added := make(chan string, 1)
	go func() {
		code, _, errOut := cw.run("add", "x1", "--", "/bin/true")
		if code != 0 {
			added <- errOut
		}
		close(added)
	}()
	<-read
	undone := make(chan error, 1)
	go func() { _, _, err := w.run("--user", "--undo"); undone <- err }()
	time.Sleep(300 * time.Millisecond) // the undo runs now, or waits for the add
	close(release)
	if msg, failed := <-added; failed {
		t.Errorf("add: %s", msg)
	}
	if err := <-undone; err != nil {
		t.Errorf("init --undo: %v", err)
	}
	var cfg struct{ MCPServers map[string]any }
	json.Unmarshal([]byte(w.read(filepath.Join(w.home, ".config", "switchboard", "config.json"))), &cfg)
	var names []string
	for n := range cfg.MCPServers {
		names = append(names, n)
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"x1"}) {
		t.Errorf("servers in the config: %v, want x1 only (a1 taken out by the undo, x1 added)", names)
	}
	if got := w.read(claude); got != `{"mcpServers": {"a1": {"command": "a1-mcp"}}}` {
		t.Errorf("claude after undo: %s", got)
	}
}
