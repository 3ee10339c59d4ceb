package agentconf

import (
	"path/filepath"
	"testing"
)

// Round fifty (round 42's open item): `init --undo` put the servers back
// into a JSONC file that ends its members with a comma without the comma
// after the last one it restored: the content decoded the same, but the
// file no longer read as the user wrote it. A file whose last member had
// a trailing comma keeps it; one without any stays without.
func TestUndo_KeepsAJSONCFilesTrailingComma(t *testing.T) {
	for _, c := range []struct {
		name, path, orig string
	}{
		{"vscode, a comma after the last server", ".vscode/mcp.json", "{\n  // team servers\n  \"servers\": {\n    \"delta\": {\"type\": \"stdio\", \"command\": \"node\", \"args\": [\"/opt/delta.js\"]},\n    \"eps\": {\"type\": \"stdio\", \"command\": \"node\"},\n  },\n}\n"},
		{"vscode, one server", ".vscode/mcp.json", "{\n  \"servers\": {\n    \"delta\": {\"type\": \"stdio\", \"command\": \"node\"},\n  },\n}\n"},
		{"cursor, no trailing commas", ".cursor/mcp.json", "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"node\"},\n    \"b\": {\"command\": \"node\"}\n  }\n}\n"},
		{"cursor, trailing commas", ".cursor/mcp.json", "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"node\"},\n    \"b\": {\"command\": \"node\"},\n  },\n}\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			path := filepath.Join(w.proj, c.path)
			w.write(path, c.orig, 0o644)
			o := w.opts(Project)
			w.initOnce(o)
			if _, err := Undo(o); err != nil {
				t.Fatal(err)
			}
			if got := w.read(path); got != c.orig {
				t.Errorf("after --undo:\n%s\nwant the original:\n%s", got, c.orig)
			}
		})
	}
}
