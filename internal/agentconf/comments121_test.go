package agentconf

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// An agent file of JSON that holds comments only (every server
// commented out) was skipped saying "line 2, column 1: parsing value:
// unexpected EOF"; it says what the file holds and the fix, and is left
// as it is: starting afresh would drop the comments (round 121).
func TestPlan_AJSONAgentFileOfCommentsOnlyIsSaidWithTheFix(t *testing.T) {
	for _, content := range []string{"// nothing yet\n", "/* {\"mcpServers\": {\"a\": {\"command\": \"x\"}}} */", "\ufeff// a\r\n// b\r\n"} {
		w := newWorld(t)
		path := filepath.Join(w.proj, ".cursor/mcp.json")
		w.write(path, content, 0o644)
		p, err := MakePlan(w.opts(Project))
		if err != nil {
			t.Fatal(err)
		}
		got := errors.Join(p.Problems...)
		if got == nil || !strings.Contains(got.Error(), path+" holds comments only, no JSON object: put {} after them") || strings.Contains(got.Error(), "unexpected EOF") {
			t.Errorf("%q: problems %v", content, got)
		}
		if w.read(path) != content {
			t.Errorf("%q: the file changed", content)
		}
	}
}

// A YAML agent file of comments only (Continue's, Goose's) lost them when
// init wrote its entry, and undo did not bring them back; they are kept,
// above the entry, through init and undo (round 121).
func TestPlan_AYAMLAgentFileOfCommentsOnlyKeepsThem(t *testing.T) {
	comments := "# my notes: keep\n\n# - name: old\n#   command: x\n"
	w := newWorld(t)
	path := filepath.Join(w.home, ".continue", "config.yaml")
	w.write(path, comments, 0o644)
	o := w.opts(User)
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	if p.Failed() {
		t.Fatalf("problems: %v", errors.Join(p.Problems...))
	}
	if err := Apply(o, p); err != nil {
		t.Fatal(err)
	}
	got := w.read(path)
	if !strings.HasPrefix(got, comments) || !strings.Contains(got, "name: switchboard") {
		t.Errorf("after init:\n%s", got)
	}
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(path); !strings.HasPrefix(got, comments) || strings.Contains(got, "switchboard") {
		t.Errorf("after undo:\n%s", got)
	}
}

// A YAML agent file indented with a tab said the parser's words alone
// ("found character that cannot start any token"); it says the tab now
// (round 121).
func TestPlan_AYAMLAgentFileIndentedWithATabSaysSo(t *testing.T) {
	w := newWorld(t)
	path := filepath.Join(w.home, ".continue", "config.yaml")
	w.write(path, "name: x\nmcpServers:\n\t- name: a\n\t  command: echo\n", 0o644)
	p, err := MakePlan(w.opts(User))
	if err != nil {
		t.Fatal(err)
	}
	got := errors.Join(p.Problems...)
	if got == nil || !strings.Contains(got.Error(), "line 3 is indented with a tab, which YAML does not allow: indent with spaces") {
		t.Errorf("problems: %v", got)
	}
}
