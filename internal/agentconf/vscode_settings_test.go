package agentconf

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPlan_VSCodeServersInSettingsAreNoted: servers in VS Code's
// settings.json ("mcp": {"servers": …}, where VS Code kept them before
// mcp.json) were neither imported nor mentioned: init read mcp.json only,
// and they went on running in VS Code beside Switchboard. The plan says
// they are there and what to do; nothing of settings.json changes.
func TestPlan_VSCodeServersInSettingsAreNoted(t *testing.T) {
	w := newWorld(t)
	settings := filepath.Join(w.proj, ".vscode", "settings.json")
	body := "{\n  // mine\n  \"editor.fontSize\": 14,\n  \"mcp\": {\n    \"servers\": {\n      \"gh\": {\"command\": \"npx\", \"env\": {\"TOKEN\": \"sk-live-XXXX\",},},\n      \"a b\": {\"command\": \"x\"},\n    },\n  },\n}\n"
	w.write(settings, body, 0o644)
	o := w.opts(Project)
	o.Agents = []string{"vscode"}
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(p.Notes, "\n")
	for _, want := range []string{settings + ` holds 2 servers under "mcp"`, `("gh", "a b")`, "move them into " + filepath.Join(w.proj, ".vscode", "mcp.json")} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q, want %q", notes, want)
		}
	}
	if strings.Contains(notes, "sk-live") {
		t.Errorf("a note shows a server's secret: %q", notes)
	}
	if err := Apply(o, p); err != nil {
		t.Fatal(err)
	}
	if got := w.read(settings); got != body {
		t.Errorf("settings.json changed:\n%s", got)
	}

	// None there: no note.
	w2 := newWorld(t)
	w2.write(filepath.Join(w2.proj, ".vscode", "settings.json"), `{"mcp": {"servers": {}}, "x": 1}`, 0o644)
	o2 := w2.opts(Project)
	o2.Agents = []string{"vscode"}
	if p, err := MakePlan(o2); err != nil || strings.Contains(strings.Join(p.Notes, "\n"), "settings.json") {
		t.Errorf("no servers in settings.json: notes %q, %v", p.Notes, err)
	}
}
