package agentconf

import (
	"strings"
	"testing"
)

// A relative cwd moved from an agent's user file was kept as it was, and
// Switchboard took it from the directory of its own config file, where
// the agent took it from the directory it ran in (round 103's case 16):
// the server failed to start. It becomes the workspace's, with a note;
// a project file's (read from the project's directory by both) and an
// absolute one are kept.
func TestTranslator_ARelativeCwdOfTheUserScopeIsTheWorkspaces(t *testing.T) {
	for _, c := range []struct {
		root, in, want, note string
	}{
		{"", "sub", "${workspace}/sub", `its relative cwd "sub" became ${workspace}/sub (the agent took it from the directory it runs in`},
		{"", "./a/../b/", "${workspace}/b", "became ${workspace}/b"},
		{"", ".", "${workspace}", "became ${workspace} "},
		{"", "/abs/dir", "/abs/dir", ""},
		{"/proj", "sub", "sub", ""},
	} {
		tr := &translator{agent: "codex", getenv: func(string) string { return "" }, root: c.root}
		got := tr.server(Server{Command: "x", Cwd: c.in})
		notes := strings.Join(tr.notes, "\n")
		if got.Cwd != c.want || (c.note == "") != (notes == "") || !strings.Contains(notes, c.note) {
			t.Errorf("root %q, cwd %q: %q, notes %q; want %q, a note with %q", c.root, c.in, got.Cwd, notes, c.want, c.note)
		}
	}
}
