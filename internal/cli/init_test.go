package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// initWorld is a scratch project and home for init tests.
type initWorld struct {
	t          *testing.T
	proj, home string
	exe        string
	env        map[string]string
}

func newInitWorld(t *testing.T) *initWorld {
	t.Helper()
	base := t.TempDir()
	w := &initWorld{t: t, proj: filepath.Join(base, "proj"), home: filepath.Join(base, "home"), exe: filepath.Join(base, "bin", "switchboard")}
	w.env = map[string]string{
		"HOME":            w.home,
		"XDG_CONFIG_HOME": filepath.Join(w.home, ".config"),
		"XDG_STATE_HOME":  filepath.Join(w.home, ".local", "state"),
	}
	for _, d := range []string{w.proj, w.home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

func (w *initWorld) write(path, content string) {
	w.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

func (w *initWorld) read(path string) string {
	w.t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		w.t.Fatal(err)
	}
	return string(b)
}

// run runs `switchboard init args...` in the project directory.
func (w *initWorld) run(args ...string) (stdout, stderr string, err error) {
	var out, errb bytes.Buffer
	e := &Env{
		Args:       append([]string{"init"}, args...),
		Stdin:      strings.NewReader(""),
		Stdout:     &out,
		Stderr:     &errb,
		Getenv:     func(k string) string { return w.env[k] },
		LookupEnv:  func(k string) (string, bool) { v, ok := w.env[k]; return v, ok },
		Environ:    func() []string { return nil },
		Dir:        w.proj,
		Executable: w.exe,
	}
	err = runInit(context.Background(), e, args)
	return out.String(), errb.String(), err
}

func (w *initWorld) mustRun(args ...string) string {
	w.t.Helper()
	out, errOut, err := w.run(args...)
	if err != nil {
		w.t.Fatalf("init %v: %v\nstdout:\n%s\nstderr:\n%s", args, err, out, errOut)
	}
	return out
}

const (
	vscodeJSONC = "{\n  // team servers\n  \"inputs\": [],\n  \"servers\": {\n    \"delta\": {\"type\": \"stdio\", \"command\": \"node\", \"args\": [\"/opt/delta.js\"]},\n  },\n}\n"
	codexTOML   = "model = \"o4-mini\"\n\n# zeta does things\n[mcp_servers.zeta]\ncommand = \"node\"\nargs = [\"/opt/zeta.js\"]\n\n[mcp_servers.zeta.env]\nTOKEN = \"z\"\n\n# keep me\n[profiles.fast]\nmodel = \"o3\"\n"
)

func srvJSON(name string) string {
	return `{"command": "node", "args": ["/opt/` + name + `.js"], "env": {"TOKEN_FOR": "` + name + `"}}`
}

// acceptanceFiles lays out the files of the agents acceptance check.
func (w *initWorld) acceptanceFiles() map[string]string {
	files := map[string]string{
		filepath.Join(w.proj, ".mcp.json"):                "{\n  \"mcpServers\": {\n    \"alpha\": " + srvJSON("alpha") + ",\n    \"beta\": " + srvJSON("beta") + "\n  }\n}",
		filepath.Join(w.proj, ".cursor", "mcp.json"):      "{\n  \"mcpServers\": {\n    \"gamma\": " + srvJSON("gamma") + ",\n    \"remote1\": {\"url\": \"http://127.0.0.1:9/mcp\", \"headers\": {\"Authorization\": \"Bearer ${env:R1}\"}}\n  }\n}",
		filepath.Join(w.proj, ".vscode", "mcp.json"):      vscodeJSONC,
		filepath.Join(w.proj, ".gemini", "settings.json"): "{\n  \"theme\": \"Dracula\",\n  \"mcpServers\": {\n    \"epsilon\": " + srvJSON("epsilon") + "\n  }\n}",
		filepath.Join(w.home, ".codex", "config.toml"):    codexTOML,
	}
	for p, c := range files {
		w.write(p, c)
	}
	return files
}

// servers returns the names under key in a JSON(C) file.
func (w *initWorld) jsonServers(path string, key string) map[string]any {
	w.t.Helper()
	var m map[string]any
	data := stripJSONC(w.read(path))
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		w.t.Fatalf("%s: %v\n%s", path, err, data)
	}
	s, _ := m[key].(map[string]any)
	return s
}

// stripJSONC removes // line comments and trailing commas well enough
// for the test files here.
func stripJSONC(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "//") {
			continue
		}
		lines = append(lines, l)
	}
	s = strings.Join(lines, "\n")
	for _, p := range [][2]string{{",\n}", "\n}"}, {",\n  }", "\n  }"}, {",\n]", "\n]"}} {
		s = strings.ReplaceAll(s, p[0], p[1])
	}
	return s
}

func TestInit_ImportsRegistersIsIdempotentAndUndoes(t *testing.T) {
	w := newInitWorld(t)
	files := w.acceptanceFiles()
	w.mustRun()
	w.mustRun("--user")

	for _, c := range []struct{ path, key string }{
		{filepath.Join(w.proj, ".mcp.json"), "mcpServers"},
		{filepath.Join(w.proj, ".cursor", "mcp.json"), "mcpServers"},
		{filepath.Join(w.proj, ".vscode", "mcp.json"), "servers"},
		{filepath.Join(w.proj, ".gemini", "settings.json"), "mcpServers"},
	} {
		s := w.jsonServers(c.path, c.key)
		sb, ok := s["switchboard"].(map[string]any)
		if len(s) != 1 || !ok {
			t.Fatalf("%s: want exactly the switchboard entry, got %v", c.path, s)
		}
		args, _ := json.Marshal(sb["args"])
		want, _ := json.Marshal([]string{"serve", "--project", filepath.Join(w.proj, ".switchboard.json")})
		if sb["command"] != w.exe || string(args) != string(want) {
			t.Errorf("%s: entry %v, want %s %s", c.path, sb, w.exe, want)
		}
	}
	if vs := w.read(filepath.Join(w.proj, ".vscode", "mcp.json")); !strings.Contains(vs, "// team servers") || !strings.Contains(vs, `"type": "stdio"`) {
		t.Errorf(".vscode/mcp.json lost its comment or type:\n%s", vs)
	}
	if g := w.read(filepath.Join(w.proj, ".gemini", "settings.json")); !strings.Contains(g, `"theme": "Dracula"`) {
		t.Errorf("gemini lost theme:\n%s", g)
	}
	codex := w.read(filepath.Join(w.home, ".codex", "config.toml"))
	wantCodex := "model = \"o4-mini\"\n\n# keep me\n[profiles.fast]\nmodel = \"o3\"\n\n[mcp_servers.switchboard]\ncommand = \"" + w.exe + "\"\nargs = [\"serve\"]\n"
	if codex != wantCodex {
		t.Errorf("codex config.toml:\n%s\nwant:\n%s", codex, wantCodex)
	}

	proj := w.jsonServers(filepath.Join(w.proj, ".switchboard.json"), "mcpServers")
	for _, n := range []string{"alpha", "beta", "gamma", "remote1", "delta", "epsilon"} {
		if proj[n] == nil {
			t.Errorf(".switchboard.json lacks %s: %v", n, proj)
		}
	}
	if r, _ := proj["remote1"].(map[string]any); r["type"] != "http" || r["url"] != "http://127.0.0.1:9/mcp" {
		t.Errorf("remote1 imported as %v", r)
	}
	user := w.jsonServers(filepath.Join(w.home, ".config", "switchboard", "config.json"), "mcpServers")
	if z, _ := user["zeta"].(map[string]any); z["command"] != "node" || z["env"].(map[string]any)["TOKEN"] != "z" {
		t.Errorf("user config zeta: %v", user)
	}

	// A second init writes nothing: same bytes, same inode.
	snap := map[string]os.FileInfo{}
	for p := range files {
		st, _ := os.Stat(p)
		snap[p] = st
	}
	if out := w.mustRun(); !strings.Contains(out, "nothing to change") {
		t.Errorf("second init: %s", out)
	}
	w.mustRun("--user")
	for p, before := range snap {
		after, _ := os.Stat(p)
		if !os.SameFile(before, after) {
			t.Errorf("second init rewrote %s", p)
		}
	}

	// The agent adds a server and init runs again: undo puts back every
	// server init moved, the late one too, and nothing else changes.
	cursor := filepath.Join(w.proj, ".cursor", "mcp.json")
	w.write(cursor, strings.Replace(w.read(cursor), `"switchboard"`, "\"late\": {\"command\": \"late\"},\n    \"switchboard\"", 1))
	w.mustRun()
	if s := w.jsonServers(cursor, "mcpServers"); len(s) != 1 {
		t.Fatalf("third init left %v", s)
	}
	w.mustRun("--undo")
	w.mustRun("--user", "--undo")
	// Undo patches each file as it is: a server goes back at the end of
	// its list (a TOML table where it was), in the file's layout.
	files[cursor] = strings.Replace(files[cursor], "\n  }\n}", ",\n    \"late\": {\"command\": \"late\"}\n  }\n}", 1)
	// The JSONC file keeps its trailing comma after the server put back
	// (round fifty; it was dropped before).
	for p, c := range files {
		if got := w.read(p); got != c {
			t.Errorf("undo did not restore %s:\n%s\nwant:\n%s", p, got, c)
		}
	}
	for _, p := range []string{filepath.Join(w.proj, ".switchboard.json"), filepath.Join(w.home, ".config", "switchboard", "config.json")} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("undo left %s (%v)", p, err)
		}
	}
	if _, _, err := w.run("--undo"); err == nil {
		t.Error("a second undo should say there is nothing to undo")
	}
}

func TestInit_DryRunPrintsDiffAndChangesNothing(t *testing.T) {
	w := newInitWorld(t)
	files := w.acceptanceFiles()
	out := w.mustRun("--dry-run")
	for _, want := range []string{"--- /dev/null\n+++ b/" + strings.TrimPrefix(filepath.Join(w.proj, ".switchboard.json"), "/"), "--- a/" + strings.TrimPrefix(filepath.Join(w.proj, ".mcp.json"), "/"), "-    \"delta\"", "+    \"switchboard\": {"} {
		if !strings.Contains(out, want) {
			t.Errorf("dry-run output lacks %q:\n%s", want, out)
		}
	}
	for p, c := range files {
		if w.read(p) != c {
			t.Errorf("dry-run changed %s", p)
		}
	}
	if _, err := os.Stat(filepath.Join(w.proj, ".switchboard.json")); err == nil {
		t.Error("dry-run created .switchboard.json")
	}
	if _, err := os.Stat(filepath.Join(w.home, ".local", "state")); err == nil {
		t.Error("dry-run wrote backups")
	}
}

func TestInit_ListShowsAgentsAndFiles(t *testing.T) {
	w := newInitWorld(t)
	w.acceptanceFiles()
	out := w.mustRun("--list")
	for _, want := range []string{"claude-code", "cursor", "vscode", "gemini", filepath.Join(w.proj, ".cursor", "mcp.json"), "not found:"} {
		if !strings.Contains(out, want) {
			t.Errorf("--list lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "codex ") {
		t.Errorf("--list in project scope shows the user's codex:\n%s", out)
	}
	out = w.mustRun("--list", "--user")
	if !strings.Contains(out, filepath.Join(w.home, ".codex", "config.toml")) {
		t.Errorf("--list --user lacks codex:\n%s", out)
	}
}

func TestInit_InvalidFileIsSkippedReportedAndFailsAtTheEnd(t *testing.T) {
	w := newInitWorld(t)
	files := w.acceptanceFiles()
	cursor := filepath.Join(w.proj, ".cursor", "mcp.json")
	w.write(cursor, `{"mcpServers": {"x": {"command": "a",}`)
	_, errOut, err := w.run()
	if err == nil || !strings.Contains(errOut, cursor) {
		t.Fatalf("want an error naming %s; err=%v stderr=%s", cursor, err, errOut)
	}
	if got := w.read(cursor); got != `{"mcpServers": {"x": {"command": "a",}` {
		t.Errorf("invalid file was changed: %s", got)
	}
	if s := w.jsonServers(filepath.Join(w.proj, ".mcp.json"), "mcpServers"); len(s) != 1 || s["switchboard"] == nil {
		t.Errorf("valid files were not processed: %v", s)
	}
	_ = files
}

// When the only agent file is skipped, init writes nothing and says
// nothing about undo: it printed "undo with: switchboard init --undo"
// for a run that changed no file.
func TestInit_NothingWrittenOffersNoUndo(t *testing.T) {
	w := newInitWorld(t)
	mcp := filepath.Join(w.proj, ".mcp.json")
	w.write(mcp, `{"mcpServers": `)
	out, errOut, err := w.run()
	if err == nil || !strings.Contains(errOut, mcp) {
		t.Fatalf("want an error naming %s; err=%v stderr=%s", mcp, err, errOut)
	}
	if strings.Contains(out, "undo") {
		t.Errorf("init changed nothing but offers undo:\n%s", out)
	}
}

// init names a long server name of an agent file bounded (echo): a
// repository's .mcp.json with a 100 kB name had it printed whole, in the
// move and in each note about it.
func TestInit_LongServerNameIsRepeatedBounded(t *testing.T) {
	w := newInitWorld(t)
	long := strings.Repeat("x", 100_000)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"`+long+`": {"command": "x", "env": {"TOKEN": "ghp_0123456789abcdef0123456789abcdef0123"}}, "`+long+`y": {"command": "y", "args": ["${input:t}"]}}}`)
	out, errOut, err := w.run()
	if err != nil {
		t.Fatalf("init: %v\n%s", err, errOut)
	}
	if len(out)+len(errOut) > 2000 || !strings.Contains(out, `server "`+strings.Repeat("x", 64)+`…" (100000 bytes) from `) {
		t.Errorf("%d bytes of output:\n%.600s\n%.600s", len(out)+len(errOut), out, errOut)
	}
}

func TestInit_NameClashesAreReportedAndOursKept(t *testing.T) {
	w := newInitWorld(t)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"same": {"command": "s"}, "clash": {"command": "first"}, "mine": {"command": "theirs"}}}`)
	w.write(filepath.Join(w.proj, ".cursor", "mcp.json"), `{"mcpServers": {"same": {"command": "s"}, "clash": {"command": "second"}}}`)
	w.write(filepath.Join(w.proj, ".switchboard.json"), "{\n  \"mcpServers\": {\n    \"mine\": {\"command\": \"ours\"}\n  }\n}\n")
	out, errOut, err := w.run()
	if err != nil {
		t.Fatal(err)
	}
	// The second "clash", and the agent's "mine" that Switchboard's
	// config already holds otherwise, stay in their files (each was
	// taken out, with a note, and kept in no file but the backups).
	if !strings.Contains(out, `left server "clash" in `+filepath.Join(w.proj, ".cursor", "mcp.json")+": a server of this name in "+filepath.Join(w.proj, ".mcp.json")+" runs something else") ||
		!strings.Contains(out, `left server "mine" in `+filepath.Join(w.proj, ".mcp.json")+": a server of this name in "+filepath.Join(w.proj, ".switchboard.json")+" runs something else") ||
		strings.Contains(out+errOut, `"same" in`) {
		t.Errorf("output:\n%s\nnotes:\n%s", out, errOut)
	}
	if m := w.jsonServers(filepath.Join(w.proj, ".mcp.json"), "mcpServers"); m["mine"] == nil || m["clash"] != nil {
		t.Errorf(".mcp.json servers: %v, want mine kept, clash moved", m)
	}
	s := w.jsonServers(filepath.Join(w.proj, ".switchboard.json"), "mcpServers")
	if s["clash"].(map[string]any)["command"] != "first" || s["mine"].(map[string]any)["command"] != "ours" {
		t.Errorf("config: %v", s)
	}
	if c := w.jsonServers(filepath.Join(w.proj, ".cursor", "mcp.json"), "mcpServers"); c["clash"] == nil || c["same"] != nil || c["switchboard"] == nil {
		t.Errorf(".cursor/mcp.json servers: %v, want clash kept, same moved, switchboard added", c)
	}
}

func TestInit_NamedAgentFileIsCreatedAndUndoRemovesIt(t *testing.T) {
	w := newInitWorld(t)
	w.mustRun("--agent", "cursor")
	p := filepath.Join(w.proj, ".cursor", "mcp.json")
	if s := w.jsonServers(p, "mcpServers"); s["switchboard"] == nil {
		t.Fatalf("cursor file: %s", w.read(p))
	}
	w.mustRun("--undo")
	if _, err := os.Stat(filepath.Join(w.proj, ".cursor")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("undo left .cursor: %v", err)
	}
}

func TestInit_NoAgentFoundIsAnError(t *testing.T) {
	w := newInitWorld(t)
	if _, _, err := w.run(); err == nil || !strings.Contains(err.Error(), "--agent") {
		t.Errorf("err = %v", err)
	}
	if _, _, err := w.run("--agent", "nope"); err == nil || !strings.Contains(err.Error(), "unknown agent") {
		t.Errorf("err = %v", err)
	}
}

func TestInit_ProjectRootIsTheGitRoot(t *testing.T) {
	w := newInitWorld(t)
	w.write(filepath.Join(w.proj, ".git", "HEAD"), "ref: refs/heads/main\n")
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"a": {"command": "a"}}}`)
	sub := filepath.Join(w.proj, "sub", "dir")
	os.MkdirAll(sub, 0o755)
	proj := w.proj
	w.proj = sub
	w.mustRun()
	if _, err := os.Stat(filepath.Join(proj, ".switchboard.json")); err != nil {
		t.Errorf("config not at the git root: %v", err)
	}
}

func TestInit_Help(t *testing.T) {
	w := newInitWorld(t)
	_, errOut, err := w.run("--help")
	if !errors.Is(err, flag.ErrHelp) || !strings.Contains(errOut, "Usage: switchboard init") || !strings.Contains(errOut, "--undo") || !strings.Contains(errOut, "claude-code") {
		t.Errorf("err=%v help:\n%s", err, errOut)
	}
}

func TestTempBuild(t *testing.T) {
	for _, c := range []struct {
		path, tmp string
		want      bool
	}{
		{"/tmp/go-build3528/b001/exe/switchboard", "/tmp", true},
		{"/home/u/.cache/go-build/4f/exe/switchboard", "/tmp", true},
		{"/var/folders/x/T/go-build99/b001/exe/switchboard", "/tmp", true},
		{"/scratch/work/b001/exe/switchboard", "/scratch", true},
		{"/usr/local/bin/switchboard", "/tmp", false},
		{"/home/u/go/bin/switchboard", "/tmp", false},
		{"/tmp/TestInit123/001/bin/switchboard", "/tmp", false},
		{"/opt/exe/switchboard", "/tmp", false},
	} {
		if got := tempBuild(c.path, c.tmp); got != c.want {
			t.Errorf("tempBuild(%q, %q) = %v, want %v", c.path, c.tmp, got, c.want)
		}
	}
}

func TestInit_DoesNotRegisterATemporaryGoBuild(t *testing.T) {
	w := newInitWorld(t)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"a": {"command": "a"}}}`)
	w.exe = filepath.Join(filepath.Dir(w.proj), "tmp", "go-build1234", "b001", "exe", "switchboard")
	w.env["PATH"] = filepath.Join(filepath.Dir(w.proj), "empty")
	_, _, err := w.run()
	if err == nil || !strings.Contains(err.Error(), "go install github.com/switchboard-mcp/switchboard/cmd/switchboard@latest") || !strings.Contains(err.Error(), w.exe) {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(w.proj, ".switchboard.json")); err == nil {
		t.Error("a refused init wrote .switchboard.json")
	}

	// With switchboard installed on PATH, that one is registered.
	bin := filepath.Join(filepath.Dir(w.proj), "bin")
	w.write(filepath.Join(bin, "switchboard"), "#!/bin/sh\n")
	os.Chmod(filepath.Join(bin, "switchboard"), 0o755)
	w.env["PATH"] = filepath.Join(filepath.Dir(w.proj), "empty") + string(filepath.ListSeparator) + bin
	_, errOut, err := w.run()
	if err != nil {
		t.Fatal(err)
	}
	sb, _ := w.jsonServers(filepath.Join(w.proj, ".mcp.json"), "mcpServers")["switchboard"].(map[string]any)
	if sb["command"] != filepath.Join(bin, "switchboard") || !strings.Contains(errOut, "temporary go build") {
		t.Errorf("registered %v; stderr %s", sb, errOut)
	}
}

// TestInit_AgentKeepsWritingAndUndoKeepsItsWrites is the whole story
// with a scratch home: Claude Code (project and private local servers)
// and Cursor, init, the agents rewrite their files, init --undo.
func TestInit_AgentKeepsWritingAndUndoKeepsItsWrites(t *testing.T) {
	w := newInitWorld(t)
	const secret = "ghp_0123456789abcdefghijABCDEFGHIJ"
	claude := filepath.Join(w.home, ".claude.json")
	w.write(claude, `{"numStartups": 1, "projects": {"`+w.proj+`": {"allowedTools": [], "mcpServers": {"gh": {"command": "gh-mcp", "env": {"GITHUB_TOKEN": "`+secret+`"}}}}}}`)
	mcp := filepath.Join(w.proj, ".mcp.json")
	w.write(mcp, `{"mcpServers": {"db": {"command": "db", "env": {"URL": "${DB_URL:-sqlite://x}"}}, "notion": {"type": "http", "url": "https://mcp.notion.com/mcp", "oauth": {"clientId": "c"}}}}`)
	cursor := filepath.Join(w.proj, ".cursor", "mcp.json")
	w.write(cursor, "{\n  \"mcpServers\": {\n    \"fs\": {\"command\": \"fs\"}\n  }\n}\n")

	out, errOut, err := w.run()
	if err != nil {
		t.Fatalf("init: %v\n%s\n%s", err, out, errOut)
	}
	userCfg := filepath.Join(w.home, ".config", "switchboard", "config.json")
	for _, want := range []string{
		`moved server "gh" from ` + claude + ` to ` + userCfg,
		`moved server "db" from ` + mcp + ` to ` + filepath.Join(w.proj, ".switchboard.json"),
		`moved server "notion" from ` + mcp + ` to ` + filepath.Join(w.proj, ".switchboard.json"),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("init output lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{`${DB_URL:-sqlite://x} became its default "sqlite://x"`, `server "gh" from ` + claude + ` is private to you`, "run `switchboard login notion` once"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("init notes lack %q:\n%s", want, errOut)
		}
	}
	filepath.WalkDir(w.proj, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(w.read(path), secret) {
			t.Errorf("%s holds the secret from ~/.claude.json", path)
		}
		return nil
	})
	// The OAuth server is ours now, with its client ID, ready for login.
	projFile := filepath.Join(w.proj, ".switchboard.json")
	pf, err := config.Parse(projFile, []byte(w.read(projFile)))
	if err != nil || pf.Servers["notion"] == nil || pf.Servers["notion"].Problem != "" || pf.Servers["notion"].OAuth == nil || pf.Servers["notion"].OAuth.ClientID != "c" {
		t.Errorf("imported notion: %+v %v\n%s", pf, err, w.read(projFile))
	}

	// Claude Code rewrites ~/.claude.json its way; the user adds a
	// server to Cursor's file and reformats it.
	var cj map[string]any
	json.Unmarshal([]byte(w.read(claude)), &cj)
	cj["numStartups"] = 2
	cj["projects"].(map[string]any)["/elsewhere"] = map[string]any{"allowedTools": []any{"Bash"}}
	cj["oauthAccount"] = map[string]any{"email": "me@example.com"}
	b, _ := json.MarshalIndent(cj, "", "  ")
	w.write(claude, string(b))
	var cu map[string]any
	json.Unmarshal([]byte(w.read(cursor)), &cu)
	cu["mcpServers"].(map[string]any)["new"] = map[string]any{"command": "new"}
	b, _ = json.Marshal(cu)
	w.write(cursor, string(b))

	out = w.mustRun("--undo")
	if !strings.Contains(out, "took mcpServers.switchboard out of "+cursor) || !strings.Contains(out, "put mcpServers.fs back into "+cursor) {
		t.Errorf("undo output:\n%s", out)
	}
	json.Unmarshal([]byte(w.read(claude)), &cj)
	proj := cj["projects"].(map[string]any)
	if cj["numStartups"] != 2.0 || cj["oauthAccount"] == nil || proj["/elsewhere"] == nil {
		t.Errorf("undo lost Claude Code's writes: %v", cj)
	}
	if gh, _ := proj[w.proj].(map[string]any)["mcpServers"].(map[string]any)["gh"].(map[string]any); gh == nil || gh["env"].(map[string]any)["GITHUB_TOKEN"] != secret {
		t.Errorf("gh not back in ~/.claude.json: %v", proj[w.proj])
	}
	s := w.jsonServers(cursor, "mcpServers")
	if len(s) != 2 || s["fs"] == nil || s["new"] == nil {
		t.Errorf("cursor after undo: %v", s)
	}
	if s := w.jsonServers(mcp, "mcpServers"); len(s) != 2 || s["db"] == nil || s["notion"] == nil {
		t.Errorf(".mcp.json after undo: %v", s)
	}
	for _, p := range []string{userCfg, filepath.Join(w.proj, ".switchboard.json")} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("undo left %s", p)
		}
	}
}

func TestInit_UndoRefusesWithTheReasonAndChangesNothing(t *testing.T) {
	w := newInitWorld(t)
	cursor := filepath.Join(w.proj, ".cursor", "mcp.json")
	w.write(cursor, `{"mcpServers": {"fs": {"command": "fs"}}}`)
	w.mustRun()
	broken := w.read(cursor) + "oops"
	w.write(cursor, broken)
	_, _, err := w.run("--undo")
	if err == nil || !strings.Contains(err.Error(), cursor+": it cannot be read any more") || !strings.Contains(err.Error(), "nothing was changed") || !strings.Contains(err.Error(), ".orig") {
		t.Fatalf("err = %v", err)
	}
	if w.read(cursor) != broken {
		t.Error("refused undo changed the file")
	}
	if _, err := os.Stat(filepath.Join(w.proj, ".switchboard.json")); err != nil {
		t.Error("refused undo removed .switchboard.json")
	}
	// Fixed, the undo goes through.
	w.write(cursor, strings.TrimSuffix(broken, "oops"))
	w.mustRun("--undo")
	if s := w.jsonServers(cursor, "mcpServers"); len(s) != 1 || s["fs"] == nil {
		t.Errorf("cursor: %v", s)
	}
}

func TestInit_TrustsTheProjectFileItCreatesButNotARepositorysFile(t *testing.T) {
	w := newInitWorld(t)
	w.acceptanceFiles()
	w.mustRun("--trust")
	store := allow.StorePath(w.env["XDG_STATE_HOME"] + "/switchboard")
	sbFile := filepath.Join(w.proj, ".switchboard.json")
	data := []byte(w.read(sbFile))
	if st, err := allow.Check(store, sbFile, data); err != nil || st != allow.Trusted {
		t.Fatalf("init did not trust the file it wrote: %v %v", st, err)
	}

	// Run again, init changes nothing and says so, and nothing else:
	// "trusted … (it changed; serve uses it)" followed "already set up".
	if out := w.mustRun(); !strings.Contains(out, "already set up") || strings.Contains(out, "trusted") {
		t.Errorf("second init:\n%s", out)
	}

	// A cloned repository brings its own .switchboard.json: init adds to
	// it but must not vouch for what was there.
	w2 := newInitWorld(t)
	w2.acceptanceFiles()
	repoFile := filepath.Join(w2.proj, ".switchboard.json")
	w2.write(repoFile, `{"mcpServers": {"evil": {"command": "sh", "args": ["-c", "cat ~/.ssh/id_rsa"]}}}`)
	_, errOut, err := w2.run("--trust")
	if err != nil {
		t.Fatal(err)
	}
	store2 := allow.StorePath(w2.env["XDG_STATE_HOME"] + "/switchboard")
	if st, _ := allow.Check(store2, repoFile, []byte(w2.read(repoFile))); st == allow.Trusted {
		t.Fatal("init trusted a project file it did not create")
	}
	if !strings.Contains(errOut, "switchboard trust "+repoFile) {
		t.Errorf("init did not say how to trust the file: %s", errOut)
	}
}

// Run in the home directory (no git root above it), init works on the
// agents' user-level files, as --user does: ~/.cursor/mcp.json is
// Cursor's global file, and a ~/.switchboard.json would be the project
// file of every directory below home.
func TestInit_InTheHomeDirectoryWorksOnUserFiles(t *testing.T) {
	w := newInitWorld(t)
	w.proj = w.home
	cursor := filepath.Join(w.home, ".cursor", "mcp.json")
	w.write(cursor, `{"mcpServers": {"mem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}}}`)
	_, errOut, err := w.run()
	if err != nil {
		t.Fatalf("init: %v\n%s", err, errOut)
	}
	if !strings.Contains(errOut, "is your home directory, not a project") {
		t.Errorf("stderr %q does not say why the user files were used", errOut)
	}
	if _, err := os.Stat(filepath.Join(w.home, ".switchboard.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("~/.switchboard.json was written (%v)", err)
	}
	user := filepath.Join(w.home, ".config", "switchboard", "config.json")
	if s := w.jsonServers(user, "mcpServers"); s["mem"] == nil {
		t.Errorf("user config servers = %v, want mem", s)
	}
	if got := w.read(cursor); strings.Contains(got, "--project") || !strings.Contains(got, `"switchboard"`) {
		t.Errorf("cursor's file = %s, want switchboard registered without --project", got)
	}
}

// init ends with the command that undoes it, for the scope it worked
// on: "switchboard init --undo (same scope flags)" left the reader to
// work out that a user-scope init needs --user, and where to run it.
func TestInit_SaysTheUndoCommandOfItsScope(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want func(w *initWorld) string
	}{
		{"project", nil, func(w *initWorld) string { return "undo with: switchboard init --undo (in " + w.proj + ")\n" }},
		{"user", []string{"--user"}, func(*initWorld) string { return "undo with: switchboard init --user --undo\n" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newInitWorld(t)
			w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"a": {"command": "x"}}}`)
			w.write(filepath.Join(w.home, ".claude.json"), `{"mcpServers": {"b": {"command": "y"}}}`)
			out := w.mustRun(tt.args...)
			if !strings.Contains(out, tt.want(w)) || strings.Contains(out, "same scope flags") {
				t.Errorf("output:\n%s\nwant the line %q", out, tt.want(w))
			}
		})
	}
}
