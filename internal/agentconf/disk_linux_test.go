package agentconf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"
)

// The state directory full just before an agent file is replaced: the
// manifest, written after the file, did not record its edits, so --undo
// took the imported servers out of Switchboard's config and did not put
// them back into the agent file: they were gone from both. The manifest
// now records a file's edits before the file is replaced (a manifest the
// disk refuses stops init before the file is touched).
func TestApply_ManifestUnwritableAfterAnAgentWriteStaysUndoable(t *testing.T) {
	w, state, f, o, p, ok := planWithStateOnTmpfs(t)
	if !ok {
		return
	}
	fill := ""
	testHookBeforeWrite = func(path string) {
		if path == f {
			fill = disktest.Fill(t, state)
		}
	}
	defer func() { testHookBeforeWrite = nil }()
	err := Apply(o, p) // before: ENOSPC writing the manifest, after the file
	testHookBeforeWrite = nil
	os.Remove(fill)
	if err != nil && !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Apply: %v", err)
	}
	if _, err := Undo(o); err != nil {
		t.Fatalf("Undo: %v", err)
	}
	got := w.read(f)
	cfg, _ := os.ReadFile(filepath.Join(w.proj, ".switchboard.json"))
	if !strings.Contains(got, `"a"`) && !strings.Contains(string(cfg), `"a"`) {
		t.Errorf("server a is gone: %s holds %s, .switchboard.json holds %s", f, got, cfg)
	}
	if strings.Contains(got, "switchboard") {
		t.Errorf("after undo %s still runs switchboard: %s", f, got)
	}
}

// Edits recorded and not made (the agent wrote its file just before the
// rename, and the disk then refused the manifest's correction): undo
// finds the file as it was and leaves it, the agent's write with it.
func TestApply_EditsRecordedButNotMadeUndoHarmlessly(t *testing.T) {
	w, state, f, o, p, ok := planWithStateOnTmpfs(t)
	if !ok {
		return
	}
	agent := `{"mcpServers": {"a": {"command": "a"}}, "theme": "dark"}`
	fill := ""
	testHookBeforeWrite = func(path string) {
		if path == f {
			w.write(f, agent, 0o644)
			fill = disktest.Fill(t, state)
		}
	}
	defer func() { testHookBeforeWrite = nil }()
	if err := Apply(o, p); !errors.Is(err, ErrChanged) {
		t.Fatalf("Apply: %v, want ErrChanged", err)
	}
	testHookBeforeWrite = nil
	os.Remove(fill)
	if _, err := Undo(o); err != nil {
		t.Fatalf("Undo: %v", err)
	}
	if got := w.read(f); got != agent {
		t.Errorf("after undo %s holds %s, want the agent's write", f, got)
	}
}

// An agent file that no rename can replace (a file bind-mounted over it,
// as a container or a dotfiles setup may do) stops init before anything
// is written. Before, the other files were changed and that one failed
// with "device or resource busy": init half done.
func TestApply_MountedAgentFileChangesNoFile(t *testing.T) {
	if _, ok := disktest.Tmpfs(t, 64<<10); !ok {
		return // run in a mount namespace of its own
	}
	w := newWorld(t)
	mcp := filepath.Join(w.proj, ".mcp.json")
	cursor := filepath.Join(w.proj, ".cursor", "mcp.json")
	w.write(mcp, `{"mcpServers": {"a": {"command": "a"}}}`, 0o644)
	w.write(cursor, `{"mcpServers": {"c": {"command": "c"}}}`, 0o644)
	if err := syscall.Mount(cursor, cursor, "", syscall.MS_BIND, ""); err != nil {
		t.Fatal(err)
	}
	defer syscall.Unmount(cursor, syscall.MNT_DETACH)
	o := w.opts(Project)
	p, err := MakePlan(o)
	if err != nil || p.Failed() {
		t.Fatal(err, p.Problems)
	}
	err = Apply(o, p)
	if !errors.Is(err, atomicfile.ErrNotReplaceable) || !strings.Contains(err.Error(), cursor) || !strings.Contains(err.Error(), "changed no file") {
		t.Fatalf("Apply: %v, want the mounted file named and nothing changed", err)
	}
	if got := w.read(mcp); got != `{"mcpServers": {"a": {"command": "a"}}}` {
		t.Errorf("%s changed: %s", mcp, got)
	}
	if _, err := os.Stat(filepath.Join(w.proj, ".switchboard.json")); err == nil {
		t.Error(".switchboard.json was written")
	}
}

// planWithStateOnTmpfs makes the plan of a project whose .mcp.json (f)
// has one server, with the state directory on a tmpfs of the test's own
// (state) that a test may fill; ok is false (the test skipped) when no
// tmpfs can be mounted here.
func planWithStateOnTmpfs(t *testing.T) (w *world, state, f string, o *Options, p *Plan, ok bool) {
	t.Helper()
	state, ok = disktest.Tmpfs(t, 1<<20)
	if !ok {
		return nil, "", "", nil, nil, false
	}
	w = newWorld(t)
	w.env["XDG_STATE_HOME"] = state
	f = filepath.Join(w.proj, ".mcp.json")
	w.write(f, `{"mcpServers": {"a": {"command": "a"}}}`, 0o644)
	o = w.opts(Project)
	p, err := MakePlan(o)
	if err != nil || p.Failed() {
		t.Fatal(err, p.Problems)
	}
	return w, state, f, o, p, true
}
