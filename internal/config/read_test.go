package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// readPair reads user and project content as serve does with a trusted
// project file.
func readPair(t *testing.T, user, project string) (*Config, string, string) {
	t.Helper()
	dir := t.TempDir()
	u := write(t, dir, "user.json", user)
	pd := filepath.Join(dir, "repo")
	os.MkdirAll(pd, 0o755)
	p := write(t, pd, ProjectFile, project)
	c, err := Read(Sources{User: u, Project: p, ProjectData: []byte(project)})
	if err != nil {
		t.Fatal(err)
	}
	return c, u, p
}

func TestRead_ProjectAddsServersButCannotRedefineAUserServer(t *testing.T) {
	c, u, p := readPair(t,
		`{"mcpServers": {"github": {"command": "gh-mcp"}, "other": {"command": "o"}}}`,
		`{"mcpServers": {"github": {"command": "evil"}, "extra": {"command": "e"}}}`)
	gh := c.Servers["github"]
	if !gh.Disabled || gh.Command == "evil" || !strings.Contains(gh.Problem, u) || !strings.Contains(gh.Problem, p) || !strings.Contains(gh.Problem, "mcpServers.github") {
		t.Errorf("github = %+v, want disabled with an error naming both files", gh)
	}
	if s := c.Servers["extra"]; s == nil || s.Disabled || s.Source != p {
		t.Errorf("extra = %+v, want the project's server", s)
	}
	if s := c.Servers["other"]; s == nil || s.Disabled {
		t.Errorf("other = %+v, want the user's server untouched", s)
	}
	if c.ProjectDir != filepath.Dir(p) {
		t.Errorf("ProjectDir = %q", c.ProjectDir)
	}
}

func TestRead_ProjectCannotReuseAUserServersLaunchWithOtherEnv(t *testing.T) {
	c, u, _ := readPair(t,
		`{"mcpServers": {"github": {"command": "gh-mcp", "env": {"TOKEN": "${env:GH}"}}}}`,
		`{"mcpServers": {"gh2": {"command": "gh-mcp", "env": {"TOKEN": "x", "API": "https://evil"}}, "same": {"command": "gh-mcp", "env": {"TOKEN": "${env:GH}"}}}}`)
	if s := c.Servers["gh2"]; !s.Disabled || !strings.Contains(s.Problem, u) {
		t.Errorf("gh2 = %+v, want disabled: it would share github's pins", s)
	}
	// An identical launch is the same server, without its policy: a second
	// entry for it is disabled too (TestRead_AProjectCannotRunAUserServerWithoutItsPolicy).
	if s := c.Servers["same"]; !s.Disabled || !strings.Contains(s.Problem, `use "github"`) {
		t.Errorf("same = %+v, want disabled: it would run github without github's policy", s)
	}
}

func TestRead_ProjectSettingsOnlyTighten(t *testing.T) {
	c, _, p := readPair(t,
		`{"mcpServers": {}, "settings": {"quarantineNewServers": true, "callTimeout": "20s", "maxConnections": 5}}`,
		`{"mcpServers": {}, "settings": {"quarantineNewServers": false, "readOnly": true, "callTimeout": "10s", "maxConnections": 50, "executeTimeout": "1h", "maxScripts": 2, "callTool": true}}`)
	s := c.Settings.Defaults()
	if !s.QuarantineNewServers || !s.ReadOnly || s.CallTimeout.D() != 10*time.Second || s.MaxConnections != 5 || s.ExecuteTimeout.D() != 30*time.Second || s.MaxScripts != 2 || s.CallTool {
		t.Errorf("settings = %+v", s)
	}
	w := strings.Join(c.Warnings, "\n")
	for _, field := range []string{"settings.quarantineNewServers", "settings.maxConnections", "settings.executeTimeout", "settings.callTool"} {
		if !strings.Contains(w, p+": "+field) {
			t.Errorf("no warning naming %s and %s:\n%s", p, field, w)
		}
	}
	if strings.Contains(w, "readOnly") || strings.Contains(w, "settings.callTimeout") || strings.Contains(w, "maxScripts") {
		t.Errorf("a tightening setting was warned about:\n%s", w)
	}
}

func TestRead_ProjectsSectionOfTheUserConfig(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	u := write(t, dir, "user.json", `{"mcpServers": {"db": {"command": "global-db"}, "g": {"command": "g"}},
  "projects": {`+quote(repo)+`: {"mcpServers": {"db": {"command": "repo-db", "env": {"K": "${env:K}"}}, "local": {"command": "l"}}},
               "/elsewhere": {"mcpServers": {"far": {"command": "f"}}}}}`)
	for _, tc := range []struct {
		dir   string
		scope bool
	}{{repo, true}, {filepath.Join(repo, "sub", "deeper"), true}, {dir, false}, {repo + "-other", false}} {
		c, err := Read(Sources{User: u, Dir: tc.dir})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := c.Servers["far"]; ok {
			t.Errorf("%s: a server of another project was loaded", tc.dir)
		}
		local, ok := c.Servers["local"]
		if ok != tc.scope {
			t.Errorf("%s: project-scoped server loaded = %v, want %v", tc.dir, ok, tc.scope)
			continue
		}
		if !tc.scope {
			if c.Servers["db"].Command != "global-db" || c.ProjectDir != "" {
				t.Errorf("%s: db = %+v, ProjectDir %q", tc.dir, c.Servers["db"], c.ProjectDir)
			}
			continue
		}
		if !strings.Contains(local.Source, u) || !strings.Contains(local.Source, repo) {
			t.Errorf("Source = %q, want the user file and the project key", local.Source)
		}
		if c.Servers["db"].Command != "repo-db" || !strings.Contains(strings.Join(c.Warnings, "\n"), `"db"`) {
			t.Errorf("db = %+v, warnings %q: want the project entry with a warning", c.Servers["db"], c.Warnings)
		}
		if c.ProjectDir != repo {
			t.Errorf("ProjectDir = %q, want %q", c.ProjectDir, repo)
		}
	}
}

func quote(s string) string { return `"` + s + `"` }

func TestRead_ProjectsSectionErrors(t *testing.T) {
	dir := t.TempDir()
	u := write(t, dir, "user.json", `{"projects": {"relative/dir": {"mcpServers": {}}, "/abs": {"servers": {}}}}`)
	_, err := Read(Sources{User: u})
	if err == nil || !strings.Contains(err.Error(), `projects.relative/dir: the key must be an absolute directory path`) || !strings.Contains(err.Error(), "projects./abs.servers: unknown field") {
		t.Errorf("err = %v", err)
	}
	proj := `{"projects": {"/abs": {"mcpServers": {}}}}`
	p := write(t, dir, ProjectFile, proj)
	_, err = Read(Sources{Project: p, ProjectData: []byte(proj)})
	if err == nil || !strings.Contains(err.Error(), p+": projects: allowed only in the user config") {
		t.Errorf("projects in a project file: err = %v", err)
	}
}

func TestRead_UntrustedProjectDataIsIgnored(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, ProjectFile, `{"mcpServers": {"evil": {"command": "rm"}}}`)
	c, err := Read(Sources{Project: p}) // no ProjectData: the caller did not trust it
	if err != nil || len(c.Servers) != 0 || len(c.Files) != 0 {
		t.Fatalf("Read = %+v, %v; want nothing from the project", c, err)
	}
}

func TestParse_AServerErrorDisablesOnlyThatServer(t *testing.T) {
	p := write(t, t.TempDir(), "c.json", `{"mcpServers": {
  "good": {"command": "x"},
  "bad": {"command": "y", "args": "not-a-list"},
  "empty": {"command": ""},
  "notobj": "npx"}}`)
	c, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if s := c.Servers["good"]; s.Disabled || s.Problem != "" {
		t.Errorf("good = %+v", s)
	}
	for name, want := range map[string]string{"bad": "mcpServers.bad.args: must be an array", "empty": "mcpServers.empty.command: is empty", "notobj": "mcpServers.notobj: must be an object"} {
		s := c.Servers[name]
		if s == nil || !s.Disabled || !strings.Contains(s.Problem, p+": "+want) {
			t.Errorf("%s = %+v, want disabled with %q", name, s, want)
		}
	}
}

func TestExpand_FileRefusesPathsOutsideHomeAndProject(t *testing.T) {
	home, proj, outside := t.TempDir(), t.TempDir(), t.TempDir()
	write(t, home, "ok", "h")
	write(t, proj, "ok", "p")
	secret := write(t, outside, "secret", "s")
	os.Symlink(secret, filepath.Join(home, "link"))
	r := Resolver{ReadFile: os.ReadFile, Home: home, Roots: []string{home, proj}}
	for _, tc := range []struct{ ref, want, err string }{
		{"${file:~/ok}", "h", ""},
		{"${file:" + proj + "/ok}", "p", ""},
		{"${file:" + secret + "}", "", "outside the allowed directories"},
		{"${file:~/link}", "", "is a link to " + secret},
		{"${file:~/../" + filepath.Base(outside) + "/secret}", "", "outside"},
		{"${file:relative}", "", "must be absolute"},
	} {
		s := &Server{Name: "x", Source: "f.json", Type: Stdio, Command: "c", Env: map[string]string{"K": tc.ref}}
		got, err := s.Expand(r)
		if tc.err == "" {
			if err != nil || got.Env["K"] != tc.want {
				t.Errorf("%s = %v, %v", tc.ref, got, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), `"x"`) || !strings.Contains(err.Error(), "env.K") {
			t.Errorf("%s: err = %v, want %q naming server and field", tc.ref, err, tc.err)
		}
	}
}

func TestRead_ProjectsKeyThroughASymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	os.MkdirAll(real, 0o755)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	u := write(t, dir, "user.json", `{"projects": {`+quote(link)+`: {"mcpServers": {"s": {"command": "s"}}}}}`)
	c, err := Read(Sources{User: u, Dir: filepath.Join(real, "sub")})
	if err != nil {
		t.Fatal(err)
	}
	if c.Servers["s"] == nil {
		t.Error("a projects key that is a link to the working directory did not apply")
	}
}
