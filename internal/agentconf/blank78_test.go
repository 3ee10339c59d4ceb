package agentconf

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlan_ABlankAgentFileIsEmpty: an empty agent file is taken as having
// no servers, and one of spaces and line breaks too; one of a byte-order
// mark alone, or with spaces, was skipped as malformed (the JSON parser:
// "invalid character"). Each blank file is now empty, in every format,
// said in the plan's notes; and undo puts back the bytes it held.
func TestPlan_ABlankAgentFileIsEmpty(t *testing.T) {
	files := []struct {
		file  string
		scope Scope
	}{
		{".mcp.json", Project},
		{".cursor/mcp.json", Project},
		{".zed/settings.json", Project},
		{".codex/config.toml", Project},
		{"home/.config/goose/config.yaml", User},
	}
	for _, content := range []string{"", " \n\t\r\n", "\ufeff", "\ufeff  \r\n\n"} {
		for _, f := range files {
			t.Run(f.file+"/"+strings.NewReplacer("\ufeff", "BOM", " ", "_", "\n", "LF", "\r", "CR", "\t", "TAB").Replace(content), func(t *testing.T) {
				w := newWorld(t)
				path := filepath.Join(w.proj, f.file)
				if strings.HasPrefix(f.file, "home/") {
					path = filepath.Join(w.home, strings.TrimPrefix(f.file, "home/"))
				}
				w.write(path, content, 0o644)
				p, err := MakePlan(w.opts(f.scope))
				if err != nil {
					t.Fatal(err)
				}
				if p.Failed() {
					t.Fatalf("problems: %v; want the file taken as empty", errors.Join(p.Problems...))
				}
				if !strings.Contains(strings.Join(p.Notes, "\n"), path+" is empty: treated as having no servers") {
					t.Errorf("notes %q do not say %s is empty", p.Notes, path)
				}
				o := w.opts(f.scope)
				if err := Apply(o, p); err != nil {
					t.Fatal(err)
				}
				if got := w.read(path); !strings.Contains(got, "switchboard") {
					t.Errorf("after init %s holds %q; want the switchboard entry", path, got)
				}
				if _, err := Undo(o); err != nil {
					t.Fatal(err)
				}
				if got := w.read(path); got != content {
					t.Errorf("after undo %s holds %q; want %q back", path, got, content)
				}
			})
		}
	}
}
