package hub

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// `daemon status` listed a user server used in two workspaces as two
// backends of one name told apart by their keys only (round 120's
// campaign): each names the workspace it runs for now, and a project's
// server its project.
func TestHub_StatusNamesTheWorkspaceOfEachBackendOfAUserServer(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	wsC, wsD := filepath.Join(f.home, "C"), filepath.Join(f.home, "D")
	f.open("s1", wsC).execute(t, `return await a.echo({})`)
	f.open("s2", wsD).execute(t, `return await a.echo({})`)
	var got []string
	for _, b := range f.h.Status().Backends {
		got = append(got, b.Workspace)
	}
	slices.Sort(got)
	if !slices.Equal(got, []string{wsC, wsD}) {
		b, _ := json.Marshal(f.h.Status().Backends)
		t.Errorf("backends' workspaces = %q, want %q: %s", got, []string{wsC, wsD}, b)
	}
	b, _ := json.Marshal(f.h.Status())
	if !strings.Contains(string(b), `"workspace":"`+wsC+`"`) {
		t.Errorf("the status's JSON names no backend's workspace: %s", b)
	}
}
