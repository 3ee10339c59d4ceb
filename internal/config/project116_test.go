package config

import (
	"os"
	"path/filepath"
	"testing"
)

// A server a project defines says which project (Server.Project), so
// that its backend's log is that project's: a server "db" of one project
// and a server "db" of another wrote one logs/db.log, and `switchboard
// logs db` in either showed both. A user server names none: there is
// one definition of a name for the user, and its log keeps its name.
// The project file is named with its links resolved, so a workspace
// reached through a link is the same project.
func TestRead_AServerOfAProjectNamesItsProject(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	os.MkdirAll(real, 0o755)
	real, _ = filepath.EvalSymlinks(real) // macOS: /var is a link
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	u := write(t, dir, "user.json", `{"mcpServers": {"user": {"command": "u"}},
  "projects": {`+quote(real)+`: {"mcpServers": {"scoped": {"command": "s"}}}}}`)
	data := `{"mcpServers": {"db": {"command": "db-mcp"}}}`
	write(t, real, ProjectFile, data)
	plugin := filepath.Join(real, ".switchboard", "plugins", "p.toml")
	c, err := Read(Sources{User: u, Project: filepath.Join(link, ProjectFile), ProjectData: []byte(data), Plugins: []PluginSource{
		{Path: filepath.Join(dir, "userplugins", "a.toml"), Data: []byte("name = \"a\"\n[[mcp_servers]]\nname = \"uplug\"\ncommand = \"up\"\n")},
		{Path: plugin, Project: true, Data: []byte("name = \"p\"\n[[mcp_servers]]\nname = \"pplug\"\ncommand = \"pp\"\n")},
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"user":   "",
		"uplug":  "",
		"db":     filepath.Join(real, ProjectFile),
		"pplug":  plugin,
		"scoped": c.Servers["scoped"].Source,
	}
	for name, w := range want {
		s := c.Servers[name]
		if s == nil {
			t.Errorf("no server %s", name)
			continue
		}
		if s.Project != w {
			t.Errorf("%s: Project = %q, want %q", name, s.Project, w)
		}
	}
	if c.Servers["scoped"].Project == "" {
		t.Error("a server of the user config's projects section names no project")
	}
	if got := ProjectKey(filepath.Join(link, ProjectFile)); got != filepath.Join(real, ProjectFile) {
		t.Errorf("ProjectKey through a link = %s", got)
	}
}
