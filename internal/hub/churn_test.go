package hub

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// churn opens and closes n sessions, each in a directory of its own
// (made by mk), as a daemon living for days meets them: every agent
// started in another repository.
func (f *fixture) churn(n int, mk func(i int) string) {
	f.t.Helper()
	for i := range n {
		s, err := f.h.Open(context.Background(), &SessionOptions{ID: fmt.Sprint("churn-", i), Workspace: mk(i), Env: map[string]string{"PATH": "/bin"}})
		if err != nil {
			f.t.Fatal(err)
		}
		s.Close()
	}
}

func TestHub_ClosedSessionsLeaveNoWorkspaces(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	keep := f.open("kept", filepath.Join(f.home, "kept"))
	f.churn(200, func(i int) string { return filepath.Join(f.home, fmt.Sprint("repo", i)) })
	runtime.GC()
	f.churn(1, func(int) string { return filepath.Join(f.home, "last") })
	f.h.mu.Lock()
	n := len(f.h.workspaces)
	f.h.mu.Unlock()
	// The kept session's root and the last one's (closed after it was
	// added, so not swept yet); never one per session ever opened.
	if n > 2 {
		t.Errorf("after 201 sessions in their own directories were closed the hub holds %d workspaces, want at most 2", n)
	}
	if got := keep.s.ws.Root(); got != filepath.Join(f.home, "kept") {
		t.Errorf("the open session's workspace is %q", got)
	}
	if f.h.workspaceAt(filepath.Join(f.home, "kept")) != keep.s.ws {
		t.Error("a session opened in the open session's root does not share its workspace")
	}
}

func TestHub_ClosedSessionsLeaveNoWatchedDirectories(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	keep := f.open("kept", f.project("kept", `{"mcpServers": {"p": {"command": "p-cmd"}}}`))
	keep.index(t)
	f.h.mu.Lock()
	w := f.h.watch
	f.h.mu.Unlock()
	w.mu.Lock()
	before := len(w.dirs)
	w.mu.Unlock()
	f.churn(50, func(i int) string {
		return f.project(fmt.Sprint("proj", i), `{"mcpServers": {"p": {"command": "p-cmd"}}}`)
	})
	w.mu.Lock()
	after, keptWatched := len(w.dirs), w.dirs[filepath.Join(f.home, "kept")]
	w.mu.Unlock()
	if after > before {
		t.Errorf("after 50 sessions in their own projects were closed the hub watches %d directories, %d before", after, before)
	}
	if !keptWatched {
		t.Error("the open session's project directory is no longer watched")
	}
}

// A client's root (or a reload) whose view is ready only after its
// session closed (the client killed while the roots were asked) must not
// keep that view's backends used, nor the session watched.
func TestHub_ViewFinishedAfterCloseIsReleased(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	dir := f.project("proj", `{"mcpServers": {"p": {"command": "p-cmd"}}}`)
	s, err := f.h.Open(context.Background(), &SessionOptions{ID: "gone", Workspace: filepath.Join(f.home, "elsewhere"), Env: map[string]string{"PATH": "/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := s.UseRoot(filepath.Join(dir, config.ProjectFile), dir); err != nil {
		t.Fatal(err)
	}
	for _, st := range f.h.pool.Status() {
		if slices.Contains(st.Sessions, "gone") {
			t.Errorf("backend %s is still used by the closed session", st.Name)
		}
	}
	f.h.mu.Lock()
	w := f.h.watch
	f.h.mu.Unlock()
	if w != nil {
		w.mu.Lock()
		_, watched := w.files[s]
		w.mu.Unlock()
		if watched {
			t.Error("the closed session is watched again")
		}
	}
}
