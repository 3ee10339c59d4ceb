package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParse_When(t *testing.T) {
	f, err := Parse("c.json", []byte(`{"mcpServers": {
  "db": {"command": "db-mcp", "when": {"any": [{"crate": "sqlx", "version": "0.7"}, {"npm": "pg"}]}},
  "plain": {"command": "p"}
}}`))
	if err != nil {
		t.Fatal(err)
	}
	if w := f.Servers["db"].When; w == nil || w.String() != "any(crate sqlx 0.7, npm pg)" {
		t.Errorf("db.When = %v", w)
	}
	if f.Servers["plain"].When != nil {
		t.Error("a server without when has a predicate")
	}
}

func TestParse_BadWhenDisablesThatServerWithFieldAndLine(t *testing.T) {
	f, err := Parse("c.json", []byte(`{"mcpServers": {
  "db": {"command": "db-mcp",
         "when": {"crate": "sqlx", "version": "banana"}},
  "ok": {"command": "o"}
}}`))
	if err != nil {
		t.Fatal(err)
	}
	db := f.Servers["db"]
	if !db.Disabled || !strings.Contains(db.Problem, "c.json: mcpServers.db.when") || !strings.Contains(db.Problem, "(line 3)") || !strings.Contains(db.Problem, "Cargo version requirement") {
		t.Errorf("db.Problem = %q", db.Problem)
	}
	if f.Servers["ok"].Disabled {
		t.Error("the other server was disabled too")
	}
}

// An npm range holding a line break was accepted (the range parser
// takes it for a space); the server is disabled, naming file, field and
// line.
func TestParse_WhenVersionWithControlCharacter(t *testing.T) {
	f, err := Parse("c.json", []byte(`{"mcpServers": {
  "db": {"command": "db-mcp",
         "when": {"npm": "pg", "version": "^8\n|| ^9"}}
}}`))
	if err != nil {
		t.Fatal(err)
	}
	db := f.Servers["db"]
	if !db.Disabled || !strings.Contains(db.Problem, `c.json: mcpServers.db.when: version "^8\n|| ^9" holds the control or invisible character U+000A`) || !strings.Contains(db.Problem, "(line 3)") {
		t.Errorf("db.Problem = %q", db.Problem)
	}
}

func TestSettings_AutoSyncDefaultsOnAndAProjectCanOnlyTurnItOff(t *testing.T) {
	var s Settings
	if !s.Defaults().AutoSync() {
		t.Fatal("autoSync is off by default")
	}
	c, _, _ := readPair(t, `{"settings": {"autoSync": true}}`, `{"settings": {"autoSync": false}}`)
	if c.Settings.AutoSync() {
		t.Error("a project could not turn auto-sync off")
	}
	c, _, p := readPair(t, `{"settings": {"autoSync": false}}`, `{"settings": {"autoSync": true}}`)
	if c.Settings.AutoSync() {
		t.Error("a project turned auto-sync on against the user's setting")
	}
	if w := strings.Join(c.Warnings, "\n"); !strings.Contains(w, p+": settings.autoSync") || !strings.Contains(w, "keeping false, not true") {
		t.Errorf("warnings = %q", w)
	}
}

const samplePlugin = `
name = "sqlx"
version = "0.1.0"
description = "SQLx tools"

[[mcp_servers]]
name = "sqlx"
command = "sqlx-mcp"
args = ["--root", "${workspace}"]
when = { crate = "sqlx", version = ">=0.7" }
callTimeout = "10s"

[[mcp_servers.known_tools]]
name = "query"
description = "Run a query"
input_schema = { type = "object", properties = { sql = { type = "string" } }, required = ["sql"] }

[[mcp_servers]]
name = "broken"
comand = "typo"
`

func TestParsePlugin(t *testing.T) {
	pl, err := ParsePlugin("p.toml", []byte(samplePlugin))
	if err != nil {
		t.Fatal(err)
	}
	if pl.Name != "sqlx" || pl.Version != "0.1.0" || pl.Description != "SQLx tools" || len(pl.Servers) != 2 {
		t.Fatalf("plugin = %+v", pl)
	}
	s := pl.Servers[0]
	if s.Name != "sqlx" || s.Command != "sqlx-mcp" || s.Args[1] != "${workspace}" || s.When.String() != "crate sqlx >=0.7" || s.CallTimeout.D().String() != "10s" || s.Plugin != "sqlx" || s.Source != "p.toml" {
		t.Errorf("server = %+v", s)
	}
	if len(s.KnownTools) != 1 || s.KnownTools[0].Name != "query" || s.KnownTools[0].InputSchema["type"] != "object" {
		t.Errorf("known tools = %+v", s.KnownTools)
	}
	b := pl.Servers[1]
	if !b.Disabled || !strings.Contains(b.Problem, "p.toml: mcp_servers[1].comand: unknown field") || strings.Contains(b.Problem, "line 0") {
		t.Errorf("broken = %+v", b)
	}
}

func TestParsePlugin_Errors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"name = \"x\"\n[[mcp_servers]\n", "p.toml: line 2:"},
		{"version = \"1\"\n", "p.toml: name: is missing"},
		{"name = \"x\"\nmcpServers = 1\n", "p.toml: mcpServers: unknown field"},
		{"name = \"x\"\n[[mcp_servers]]\ncommand = \"c\"\n", "mcp_servers[0].name: is missing"},
		{"name = \"x\"\n[[mcp_servers]]\nname = \"ok\\nIMPORTANT: obey\"\ncommand = \"c\"\n", `mcp_servers[0].name: "ok\nIMPORTANT: obey" holds control, bidirectional or invisible characters`},
		{"name = \"x\"\n[[mcp_servers]]\nname = \"s\"\ncommand = \"c\"\nwhen = { crate = 1 }\n", "mcp_servers[0].when: crate must be a non-empty string"},
		// A plugin's name and version are printed as they are (plugins):
		// a newline forged lines of the listing reviewed before trust.
		{"name = \"x\\nIMPORTANT: forged\"\n", `p.toml: name: "x\nIMPORTANT: forged" holds control, bidirectional or invisible characters`},
		{"name = \"x\"\nversion = \"1\\u202e\"\n", `p.toml: version: "1\u202e" holds control`},
	} {
		pl, err := ParsePlugin("p.toml", []byte(c.src))
		msg := ""
		if err != nil {
			msg = err.Error()
		} else if pl != nil {
			for _, s := range pl.Servers {
				msg += s.Problem
			}
		}
		if !strings.Contains(msg, c.want) {
			t.Errorf("%q: got %q, want %q", c.src, msg, c.want)
		}
	}
}

func TestRead_PluginsMerge(t *testing.T) {
	dir := t.TempDir()
	u := write(t, dir, "user.json", `{"mcpServers": {"sqlx": {"command": "mine"}, "gh": {"command": "gh-mcp"}}}`)
	pd := filepath.Join(dir, "repo")
	os.MkdirAll(pd, 0o755)
	c, err := Read(Sources{User: u, Dir: pd, Plugins: []PluginSource{
		{Path: "/u/plugins/a.toml", Data: []byte(samplePlugin)},
		{Path: "/u/plugins/bad.toml", Data: []byte("name = \n")},
		{Path: pd + "/.switchboard/plugins/p.toml", Project: true, Data: []byte("name = \"p\"\n[[mcp_servers]]\nname = \"pg\"\ncommand = \"pg-mcp\"\nwhen = { npm = \"pg\" }\n[[mcp_servers]]\nname = \"gh2\"\ncommand = \"gh-mcp\"\nenv = { X = \"1\" }\n")},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Servers["sqlx"].Command != "mine" {
		t.Error("a plugin server replaced the user's server of the same name")
	}
	if s := c.Servers["broken"]; s == nil || !s.Disabled {
		t.Errorf("broken = %+v", s)
	}
	if s := c.Servers["pg"]; s == nil || s.When == nil || s.Disabled {
		t.Errorf("pg = %+v", s)
	}
	if s := c.Servers["gh2"]; s == nil || !s.Disabled || !strings.Contains(s.Problem, "cannot reuse a user server's approvals") {
		t.Errorf("gh2 = %+v", s)
	}
	w := strings.Join(c.Warnings, "\n")
	if !strings.Contains(w, `server "sqlx" of plugin sqlx (/u/plugins/a.toml) is ignored`) || !strings.Contains(w, "plugin skipped: /u/plugins/bad.toml") {
		t.Errorf("warnings = %q", w)
	}
	if len(c.Plugins) != 2 || !c.Plugins[1].Project {
		t.Errorf("plugins = %+v", c.Plugins)
	}
}

func TestExpand_Workspace(t *testing.T) {
	s := &Server{Name: "x", Command: "c", Args: []string{"--root=${workspace}"}, Cwd: "${workspace}/sub", Env: map[string]string{"W": "${workspace}"}}
	out, err := s.Expand(Resolver{Workspace: "/repo", Getenv: func(string) (string, bool) { return "", false }})
	if err != nil {
		t.Fatal(err)
	}
	if out.Args[0] != "--root=/repo" || out.Cwd != "/repo/sub" || out.Env["W"] != "/repo" {
		t.Errorf("expanded = %+v", out)
	}
	if _, err := s.Expand(Resolver{}); err == nil || !strings.Contains(err.Error(), "workspace is not set") {
		t.Errorf("without a workspace: %v, want the environment's error", err)
	}
}

// The plugins of a directory whose name holds a glob character are its
// own: filepath.Glob read "p*" as a pattern and listed p1's plugins.
func TestPluginFiles_DirectoryNamedLikeAPattern(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"p1/plugins/other.toml", "p*/plugins/mine.toml", "p*/plugins/notes.txt"} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("name = \"x\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{"p*", "p?", "p[1]"} {
		got := PluginFiles(filepath.Join(root, dir, "plugins"))
		want := []string{}
		if dir == "p*" {
			want = []string{filepath.Join(root, "p*", "plugins", "mine.toml")}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("PluginFiles(%s) = %q, want %q", dir, got, want)
		}
	}
}

// A plugin directory is read no further than MaxPluginFiles manifests
// (the first by name, and an error naming the directory and the count)
// and maxPluginEntries entries: a repository's .switchboard/plugins of
// 20,000 files was listed whole and each file read and checked at every
// config load.
func TestPluginFiles_ReadNoFurtherThanTheBound(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".switchboard", "plugins")
	os.MkdirAll(dir, 0o755)
	for i := range MaxPluginFiles + 5 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%05d.toml", i)), nil, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "README.md"), nil, 0o644)
	files, err := PluginFilesBounded(dir)
	if len(files) != MaxPluginFiles || files[len(files)-1] != filepath.Join(dir, fmt.Sprintf("p%05d.toml", MaxPluginFiles-1)) {
		t.Errorf("%d files, the last %q", len(files), files[len(files)-1])
	}
	if want := fmt.Sprintf("plugin directory %s holds %d manifests: only the first %d by name are read", dir, MaxPluginFiles+5, MaxPluginFiles); err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if got := PluginFiles(dir); len(got) != MaxPluginFiles {
		t.Errorf("PluginFiles gave %d files", len(got))
	}
}
