package cli

import (
	"os"
	"strings"
	"testing"
)

// add, remove and disable on a config whose mcpServers is not an
// object, or that is read-only, name the file and change nothing.
func TestAdd_WrongTypeOrReadOnlyConfigIsNamedAndUnchanged(t *testing.T) {
	for _, tc := range []struct {
		name, content string
		mode          os.FileMode
		args          []string
		want          string
	}{
		{"add to an array", `{"mcpServers": []}`, 0o600, []string{"add", "b", "--", "y"}, ": mcpServers is not an object"},
		{"add to a string", `{"mcpServers": "x"}`, 0o600, []string{"add", "b", "--", "y"}, ": mcpServers is not an object"},
		{"add to null", `{"mcpServers": null}`, 0o600, []string{"add", "b", "--", "y"}, ": mcpServers is not an object"},
		{"add read-only", `{"mcpServers": {}}`, 0o444, []string{"add", "b", "--", "y"}, " is read-only (mode 0444): make it writable (chmod u+w "},
		{"remove read-only", `{"mcpServers": {"a": {"command": "x"}}}`, 0o400, []string{"remove", "a"}, " is read-only (mode 0400)"},
		{"disable read-only", `{"mcpServers": {"a": {"command": "x"}}}`, 0o444, []string{"disable", "a"}, " is read-only (mode 0444)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newCLIWorld(t)
			w.write(w.user(), tc.content)
			os.Chmod(w.user(), tc.mode)
			code, _, errOut := w.run(tc.args...)
			if code == 0 || !strings.Contains(errOut, w.user()+tc.want) {
				t.Errorf("exit %d: %s\nwant %q", code, errOut, w.user()+tc.want)
			}
			if w.read(w.user()) != tc.content {
				t.Errorf("the file changed: %s", w.read(w.user()))
			}
		})
	}
}
