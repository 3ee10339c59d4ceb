package config

import (
	"path/filepath"
	"strings"
	"testing"
)

// A server entry with both a command and a url ran one of them and
// ignored the other without a word. Every source of servers (the user
// config, its projects entries, a project file, a plugin) now disables
// the server with a problem naming the file, the server and both fields.
func TestParse_ServerWithCommandAndURLIsAProblem(t *testing.T) {
	dir := t.TempDir()
	user := write(t, dir, "config.json", `{"mcpServers": {
  "ok": {"command": "ok-mcp"},
  "both": {"command": "npx",
    "url": "https://example.com/mcp"}
},
"projects": {"`+dir+`": {"mcpServers": {"scoped": {"type": "http", "serverUrl": "https://example.com/mcp", "command": "x"}}}}}`)
	projData := []byte(`{"mcpServers": {"proj": {"httpUrl": "https://example.com/mcp", "command": "y"}}}`)
	plugin := []byte("name = \"pl\"\n[[mcp_servers]]\nname = \"plug\"\ncommand = \"z\"\nurl = \"https://example.com/mcp\"\n")
	c, err := Read(Sources{User: user, Project: filepath.Join(dir, ".switchboard.json"), ProjectData: projData, Dir: dir,
		Plugins: []PluginSource{{Path: filepath.Join(dir, "pl.toml"), Data: plugin}}})
	if err != nil {
		t.Fatal(err)
	}
	if s := c.Servers["ok"]; s.Problem != "" || s.Disabled {
		t.Errorf("ok: %+v", s)
	}
	for name, want := range map[string][]string{
		"both":   {user + ": mcpServers.both: has both command (line 3) and url (line 4)", "keep one"},
		"scoped": {user, ".mcpServers.scoped: has both command", "and serverUrl"},
		"proj":   {filepath.Join(dir, ".switchboard.json") + ": mcpServers.proj: has both command", "and httpUrl"},
		"plug":   {filepath.Join(dir, "pl.toml") + ": mcp_servers[0]: has both command and url, and only one"},
	} {
		s := c.Servers[name]
		if s == nil {
			t.Errorf("%s: missing", name)
			continue
		}
		if !s.Disabled {
			t.Errorf("%s: not disabled", name)
		}
		for _, w := range want {
			if !strings.Contains(s.Problem, w) {
				t.Errorf("%s: problem = %q, want it to hold %q", name, s.Problem, w)
			}
		}
	}
}
