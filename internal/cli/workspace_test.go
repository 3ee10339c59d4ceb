package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const whenUser = `{"mcpServers": {
  "sqlx": {"command": "sqlx-mcp", "when": {"crate": "sqlx", "version": "0.7"}},
  "prisma": {"command": "prisma-mcp", "when": {"npm": "prisma"}},
  "plain": {"command": "plain-mcp"}
}}`

func (pe *projectEnv) file(rel, content string) string {
	p := filepath.Join(pe.repo, rel)
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		panic(err)
	}
	return p
}

func TestServers_ShowsWhetherEachServerAppliesAndWhy(t *testing.T) {
	pe := newProjectEnv(t, whenUser, "")
	os.MkdirAll(filepath.Join(pe.repo, ".git"), 0o755)
	pe.file("Cargo.toml", "[package]\nname = \"a\"\n[dependencies]\nsqlx = \"0.7\"\n")
	pe.file("Cargo.lock", "[[package]]\nname = \"sqlx\"\nversion = \"0.7.4\"\n")
	if code := pe.run("servers"); code != 0 {
		t.Fatalf("exit %d: %s", code, pe.stderr)
	}
	out := pe.stdout.String()
	for _, want := range []string{"APPLIES", "not here", "sqlx applies (when crate sqlx 0.7)", "decided by crate sqlx 0.7: 0.7.4 (resolved) in Cargo.toml", "prisma does not apply (when npm prisma)", "no package.json in " + pe.repo} {
		if !strings.Contains(out, want) {
			t.Errorf("servers output lacks %q:\n%s", want, out)
		}
	}
	if code := pe.run("servers", "--json"); code != 0 {
		t.Fatal(code)
	}
	var rows []map[string]any
	if err := json.Unmarshal(pe.stdout.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	got := map[string]any{}
	for _, r := range rows {
		got[r["name"].(string)] = r["applies"]
	}
	if got["sqlx"] != true || got["prisma"] != false || got["plain"] != true {
		t.Errorf("applies = %v", got)
	}
}

func TestSync_ReportsWhatChangedSinceTheLastSync(t *testing.T) {
	pe := newProjectEnv(t, whenUser, "")
	os.MkdirAll(filepath.Join(pe.repo, ".git"), 0o755)
	pe.file("package.json", `{"name": "x"}`)
	if code := pe.run("sync"); code != 0 {
		t.Fatalf("exit %d: %s", code, pe.stderr)
	}
	if out := pe.stdout.String(); !strings.Contains(out, "First sync here") || !strings.Contains(out, "1 of 3 servers apply") {
		t.Errorf("first sync:\n%s", out)
	}
	pe.file("package.json", `{"name": "x", "devDependencies": {"prisma": "^5.10.0"}}`)
	pe.run("sync")
	if out := pe.stdout.String(); !strings.Contains(out, "+ prisma now applies") || !strings.Contains(out, "decided by npm prisma: in package.json") {
		t.Errorf("second sync:\n%s", out)
	}
	pe.run("sync", "--json")
	var r struct {
		Root  string   `json:"root"`
		Added []string `json:"added"`
	}
	if err := json.Unmarshal(pe.stdout.Bytes(), &r); err != nil || r.Root != pe.repo || len(r.Added) != 0 {
		t.Errorf("third sync: %+v %v\n%s", r, err, pe.stdout)
	}
}

// Round eighty-five: a server whose "when" is malformed is disabled by a
// config error, its "when" dropped; sync counted it among the servers
// that apply and said "+ w now applies", as if it would start.
func TestSync_SaysAServerWithAConfigErrorDoesNotStart(t *testing.T) {
	pe := newProjectEnv(t, `{"mcpServers": {"w": {"command": "w-mcp", "when": {"crate": 5}}}}`, "")
	os.MkdirAll(filepath.Join(pe.repo, ".git"), 0o755)
	pe.run("sync")
	pe.run("sync", "--json") // a sync to compare with, before the broken server counts
	if code := pe.run("sync"); code != 0 {
		t.Fatalf("exit %d: %s", code, pe.stderr)
	}
	out := pe.stdout.String()
	if !strings.Contains(out, "1 of 1 servers apply; 1 of them are disabled by a config error and do not start (`switchboard servers` says why)") {
		t.Errorf("sync:\n%s", out)
	}
	if errOut := pe.stderr.String(); !strings.Contains(errOut, `server "w" is disabled`) || !strings.Contains(errOut, "crate must be a non-empty string") {
		t.Errorf("sync's stderr:\n%s", errOut)
	}
}

func TestPlugins_ListAndTrust(t *testing.T) {
	pe := newProjectEnv(t, `{"mcpServers": {}}`, "")
	os.MkdirAll(filepath.Join(pe.repo, ".git"), 0o755)
	os.MkdirAll(filepath.Join(pe.home, ".config", "switchboard", "plugins"), 0o755)
	os.WriteFile(filepath.Join(pe.home, ".config", "switchboard", "plugins", "pg.toml"), []byte(`
name = "pg"
version = "2.1.0"
description = "Postgres tools"

[[mcp_servers]]
name = "pg"
command = "pg-mcp"
when = { any = [{ npm = "pg" }, { python = "psycopg" }] }

[[mcp_servers.known_tools]]
name = "query"
`), 0o644)
	proj := pe.file(".switchboard/plugins/local.toml", "name = \"local\"\n[[mcp_servers]]\nname = \"local\"\ncommand = \"local-mcp\"\n")
	pe.file("requirements.txt", "psycopg==3.1.18\n")
	if code := pe.run("plugins"); code != 0 {
		t.Fatalf("exit %d: %s", code, pe.stderr)
	}
	out := pe.stdout.String()
	for _, want := range []string{"pg 2.1.0 (user plugin, loaded)", "Postgres tools", "server pg: applies (python psycopg: 3.1.18 in requirements.txt); ships 1 tool", "local (project plugin, not trusted): " + proj, "switchboard plugins trust " + proj, "server local: unused"} {
		if !strings.Contains(out, want) {
			t.Errorf("plugins output lacks %q:\n%s", want, out)
		}
	}
	if code := pe.run("plugins", "trust"); code != 0 {
		t.Fatalf("trust: exit %d: %s", code, pe.stderr)
	}
	if out := pe.stdout.String(); !strings.Contains(out, "Trusted plugin local") || !strings.Contains(out, "local (always): local-mcp") {
		t.Errorf("trust output:\n%s", out)
	}
	pe.run("plugins")
	if out := pe.stdout.String(); !strings.Contains(out, "local (project plugin, loaded)") || !strings.Contains(out, "server local: applies") {
		t.Errorf("after trust:\n%s", out)
	}
	pe.file(".switchboard/plugins/local.toml", "name = \"local\"\n[[mcp_servers]]\nname = \"local\"\ncommand = \"evil\"\n")
	pe.run("plugins")
	if out := pe.stdout.String(); !strings.Contains(out, "local (project plugin, changed since it was trusted)") {
		t.Errorf("after a change:\n%s", out)
	}
}

// A plugin that names one server twice: the config keeps the first (and
// warns); plugins said both applied, the ignored one with its tools.
func TestPlugins_ASecondServerOfOneNameIsShownIgnored(t *testing.T) {
	pe := newProjectEnv(t, `{"mcpServers": {}}`, "")
	os.MkdirAll(filepath.Join(pe.repo, ".git"), 0o755)
	os.MkdirAll(filepath.Join(pe.home, ".config", "switchboard", "plugins"), 0o755)
	os.WriteFile(filepath.Join(pe.home, ".config", "switchboard", "plugins", "dup.toml"), []byte(`
name = "dup"
[[mcp_servers]]
name = "pp"
command = "first-mcp"
[[mcp_servers]]
name = "pp"
command = "second-mcp"
[[mcp_servers.known_tools]]
name = "query"
`), 0o644)
	if code := pe.run("plugins"); code != 0 {
		t.Fatalf("exit %d: %s", code, pe.stderr)
	}
	out := pe.stdout.String()
	if !strings.Contains(out, "server pp: applies (always") || !strings.Contains(out, "server pp: ignored: an earlier [[mcp_servers]] of this file has its name; ships 1 tool") {
		t.Errorf("plugins output:\n%s", out)
	}
}

// plugins trust takes only files a session loads: a project's
// .switchboard/plugins/*.toml (or that directory, for all of them). A
// manifest elsewhere was "Trusted" and recorded, though nothing ever
// loads it; a directory was "a plugin that does not load (fix it)"; one
// of the user's own plugins needs no trust. Each is refused, naming the
// path and where plugins live, and nothing is recorded.
func TestPluginsTrust_RefusesFilesNoSessionLoads(t *testing.T) {
	pe := newProjectEnv(t, `{"mcpServers": {}}`, "")
	os.MkdirAll(filepath.Join(pe.repo, ".git"), 0o755)
	manifest := "name = \"p\"\n[[mcp_servers]]\nname = \"p\"\ncommand = \"p-mcp\"\n"
	projDir := filepath.Join(pe.repo, ".switchboard", "plugins")
	elsewhere := pe.file("tools/p.toml", manifest)
	user := filepath.Join(pe.home, ".config", "switchboard", "plugins", "u.toml")
	os.MkdirAll(filepath.Dir(user), 0o755)
	os.WriteFile(user, []byte(manifest), 0o644)
	bak := pe.file(".switchboard/plugins/p.toml.bak", manifest)
	for _, c := range []struct{ arg, want string }{
		{elsewhere, elsewhere + " is not in a project's plugins directory"},
		{filepath.Dir(elsewhere), filepath.Dir(elsewhere) + " is a directory, not a plugin file"},
		{user, user + " is one of your own plugins"},
		{bak, bak + " is not a *.toml file"},
	} {
		if code := pe.run("plugins", "trust", c.arg); code == 0 || !strings.Contains(pe.stderr.String(), c.want) {
			t.Errorf("plugins trust %s: exit %d, stderr %s; want %q", c.arg, code, pe.stderr, c.want)
		}
		if c.want != "" && !strings.Contains(pe.stderr.String(), projDir) && !strings.Contains(pe.stderr.String(), "used without trust") {
			t.Errorf("plugins trust %s does not say where plugins go: %s", c.arg, pe.stderr)
		}
	}
	pe.run("trust", "--list")
	if strings.Contains(pe.stdout.String(), ".toml") {
		t.Errorf("a refused plugin was recorded as trusted:\n%s", pe.stdout)
	}
	// The project's plugins directory trusts its *.toml files.
	local := pe.file(".switchboard/plugins/local.toml", manifest)
	if code := pe.run("plugins", "trust", projDir); code != 0 || !strings.Contains(pe.stdout.String(), "Trusted plugin p "+local) {
		t.Errorf("plugins trust %s: exit %d\n%s%s", projDir, code, pe.stdout, pe.stderr)
	}
}
