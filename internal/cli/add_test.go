package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// cliWorld is a scratch home and project for commands run through Main.
type cliWorld struct {
	t         *testing.T
	home, dir string
	env       map[string]string
}

func newCLIWorld(t *testing.T) *cliWorld {
	t.Helper()
	base := t.TempDir()
	w := &cliWorld{t: t, home: filepath.Join(base, "home"), dir: filepath.Join(base, "proj")}
	w.env = map[string]string{
		"HOME":            w.home,
		"XDG_CONFIG_HOME": filepath.Join(w.home, ".config"),
		"XDG_CACHE_HOME":  filepath.Join(w.home, ".cache"),
		"XDG_STATE_HOME":  filepath.Join(w.home, ".local", "state"),
		"XDG_RUNTIME_DIR": filepath.Join(base, "run"),
	}
	for _, d := range []string{w.home, w.dir, w.env["XDG_RUNTIME_DIR"]} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

func (w *cliWorld) user() string {
	return filepath.Join(w.home, ".config", "switchboard", "config.json")
}

func (w *cliWorld) envFor(args ...string) (*Env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &Env{
		Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv:     func(k string) string { return w.env[k] },
		LookupEnv:  func(k string) (string, bool) { v, ok := w.env[k]; return v, ok },
		Environ:    func() []string { return nil },
		Dir:        w.dir,
		Executable: "/nonexistent/switchboard",
	}, &out, &errb
}

// run runs switchboard args and returns the exit code and both outputs.
func (w *cliWorld) run(args ...string) (int, string, string) {
	e, out, errb := w.envFor(args...)
	code := Main(context.Background(), e)
	return code, out.String(), errb.String()
}

func (w *cliWorld) mustRun(args ...string) string {
	w.t.Helper()
	code, out, errOut := w.run(args...)
	if code != 0 {
		w.t.Fatalf("switchboard %q: exit %d\nstdout:\n%s\nstderr:\n%s", args, code, out, errOut)
	}
	return out
}

func (w *cliWorld) write(path, content string) {
	w.t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o700)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		w.t.Fatal(err)
	}
}

func (w *cliWorld) read(path string) string {
	w.t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		w.t.Fatal(err)
	}
	return string(b)
}

func (w *cliWorld) parse(path string) *config.File {
	w.t.Helper()
	f, err := config.Parse(path, []byte(w.read(path)))
	if err != nil {
		w.t.Fatalf("%s does not parse: %v\n%s", path, err, w.read(path))
	}
	return f
}

func TestAdd_WritesANewUserConfigThatLoads(t *testing.T) {
	w := newCLIWorld(t)
	out := w.mustRun("add", "memory", "--env", "MEMORY_FILE=/tmp/m.json", "--", "npx", "-y", "@modelcontextprotocol/server-memory")
	if !strings.Contains(out, `added server "memory" (stdio, runs npx) in `+w.user()) {
		t.Errorf("output: %s", out)
	}
	s := w.parse(w.user()).Servers["memory"]
	if s == nil || s.Command != "npx" || !slices.Equal(s.Args, []string{"-y", "@modelcontextprotocol/server-memory"}) || s.Env["MEMORY_FILE"] != "/tmp/m.json" || s.Type != config.Stdio {
		t.Fatalf("server: %+v", s)
	}
	if fi, _ := os.Stat(w.user()); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %o", fi.Mode().Perm())
	}
	w.mustRun("add", "linear", "--url", "https://mcp.linear.app/sse", "--transport", "sse", "--header", "X-Team: core")
	f := w.parse(w.user())
	if s := f.Servers["linear"]; s == nil || s.Type != config.SSE || s.URL != "https://mcp.linear.app/sse" || s.Headers["X-Team"] != "core" {
		t.Errorf("remote server: %+v", s)
	}
	if !slices.Equal(f.Order, []string{"memory", "linear"}) {
		t.Errorf("order %v", f.Order)
	}
}

// commented is a user config as a person writes it: our own layout, the
// keys our parser lets through for notes, settings.
const commented = `{
    "$schema": "https://example.com/schema.json",
    "_comment": "my servers",
    "mcpServers": {
        "git": {"command": "uvx", "args": ["mcp-server-git"]}
    },
    "settings": {"callTimeout": "20s"}
}
`

func TestAdd_KeepsCommentsAndContentAndBacksUp(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), commented)
	out := w.mustRun("add", "fs", "--", "npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp")
	got := w.read(w.user())
	for _, keep := range []string{`    "$schema": "https://example.com/schema.json",`, `    "_comment": "my servers",`, `        "git": {"command": "uvx", "args": ["mcp-server-git"]},`, "\n        \"fs\": {\n            \"command\": \"npx\",", `    "settings": {"callTimeout": "20s"}`} {
		if !strings.Contains(got, keep) {
			t.Errorf("lost %q:\n%s", keep, got)
		}
	}
	f := w.parse(w.user())
	if !slices.Equal(f.Order, []string{"git", "fs"}) || f.Settings.CallTimeout.D() != 20*time.Second {
		t.Errorf("order %v, settings %+v\n%s", f.Order, f.Settings, got)
	}
	_, backup, ok := strings.Cut(out, "previous content: ")
	if !ok {
		t.Fatalf("no backup named: %s", out)
	}
	if b := w.read(strings.TrimSpace(backup)); b != commented {
		t.Errorf("backup holds:\n%s", b)
	}
}

func TestAdd_RefusesAnExistingNameWithoutForce(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), commented)
	code, _, errOut := w.run("add", "git", "--", "git-mcp")
	if code == 0 || !strings.Contains(errOut, `server "git" is already in`) || !strings.Contains(errOut, "--force") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	if w.read(w.user()) != commented {
		t.Error("the refused add changed the file")
	}
	out := w.mustRun("add", "git", "--force", "--", "git-mcp", "--repo", ".")
	if !strings.Contains(out, "replaced") {
		t.Errorf("output: %s", out)
	}
	got := w.read(w.user())
	if s := w.parse(w.user()).Servers["git"]; s.Command != "git-mcp" || !slices.Equal(s.Args, []string{"--repo", "."}) || !strings.Contains(got, `"_comment": "my servers"`) {
		t.Errorf("replaced: %+v\n%s", s, got)
	}
}

func TestAdd_InvalidResultChangesNothingAndNamesTheField(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), commented)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"add", "empty", "--", ""}, "mcpServers.empty.command"},
		{[]string{"add", "x", "--url", "https://h/mcp", "--", "cmd"}, "not both"},
		{[]string{"add", "x"}, "needs a command"},
		{[]string{"add", "x", "--url", "https://h/mcp", "--transport", "ws"}, `--transport "ws"`},
		{[]string{"add", "x", "--header", "A=b", "--", "cmd"}, "--header applies to remote servers"},
		{[]string{"add", "x", "--env", "=v", "--", "cmd"}, "want NAME=VALUE"},
	} {
		code, out, errOut := w.run(tc.args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr:\n%s", tc.args, code, out, errOut)
		}
	}
	if w.read(w.user()) != commented {
		t.Error("a failed add changed the file")
	}
	// A file that is already broken is named and left alone.
	w.write(w.user(), `{"mcpServers": {"a": {"command": "x"}}, "colour": 1}`)
	code, _, errOut := w.run("add", "b", "--", "y")
	if code == 0 || !strings.Contains(errOut, "colour") || !strings.Contains(errOut, "unchanged") {
		t.Errorf("broken file: exit %d: %s", code, errOut)
	}
}

func TestAdd_NeverEchoesSecretValues(t *testing.T) {
	w := newCLIWorld(t)
	const tok = "ghp_abcdefghijklmnopqrstuvwxyz012345"
	code, out, errOut := w.run("add", "github", "--env", "GITHUB_TOKEN="+tok, "--", "npx", "-y", "@modelcontextprotocol/server-github")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out+errOut, tok) {
		t.Errorf("the token was printed:\n%s%s", out, errOut)
	}
	if !strings.Contains(errOut, "'GITHUB_TOKEN=${env:GITHUB_TOKEN}'") {
		t.Errorf("no ${env:} hint: %s", errOut)
	}
	code, out, errOut = w.run("add", "r", "--url", "https://h/mcp", "--header", "Authorization: Bearer "+tok)
	if code != 0 || strings.Contains(out+errOut, tok) || !strings.Contains(errOut, "Authorization=Bearer ${env:AUTHORIZATION}") {
		t.Errorf("header: exit %d\n%s%s", code, out, errOut)
	}
	// A credential in the URL's query, by name or by shape: never echoed,
	// and the note says how to read it from the environment.
	code, out, errOut = w.run("add", "q", "--url", "https://h/mcp?page=2&api_key=s3cr3tvalue&x="+tok)
	if code != 0 || strings.Contains(out+errOut, tok) || strings.Contains(out+errOut, "s3cr3tvalue") ||
		!strings.Contains(errOut, "parameters api_key, x are stored in") || !strings.Contains(errOut, "--url 'https://h/mcp?api_key=${env:API_KEY}&page=2&x=${env:X}' reads them") {
		t.Errorf("URL query: exit %d\n%s%s", code, out, errOut)
	}
	// A reference is not a secret: no note (of a set variable: one unset
	// is noted as unset, round 121).
	w.env["GITHUB_TOKEN"] = "x"
	_, _, errOut = w.run("add", "gh2", "--env", "GITHUB_TOKEN=${env:GITHUB_TOKEN}", "--", "npx", "gh")
	if strings.Contains(errOut, "note:") {
		t.Errorf("note for a reference: %s", errOut)
	}
	if s := w.parse(w.user()).Servers["gh2"]; s.Env["GITHUB_TOKEN"] != "${env:GITHUB_TOKEN}" {
		t.Errorf("reference stored as %q", s.Env["GITHUB_TOKEN"])
	}
}

func TestAdd_ProjectFileItCreatesIsTrusted(t *testing.T) {
	w := newCLIWorld(t)
	store := allow.StorePath(filepath.Join(w.env["XDG_STATE_HOME"], "switchboard"))
	proj := filepath.Join(w.dir, config.ProjectFile)
	os.Mkdir(filepath.Join(w.dir, "sub"), 0o700) // add refuses a --cwd that is not a directory
	w.mustRun("add", "--project", "tool", "--cwd", "sub", "--", "node", "tool.js")
	data := w.read(proj)
	if st, err := allow.Check(store, proj, []byte(data)); err != nil || st != allow.Trusted {
		t.Errorf("created project file: %v, %v", st, err)
	}
	if !strings.Contains(data, `"cwd": "sub"`) {
		t.Errorf("project file %s: want the cwd kept relative to the project", data)
	}
	if s := w.parse(proj).Servers["tool"]; s.Cwd != filepath.Join(filepath.Dir(proj), "sub") {
		t.Errorf("project cwd %q, want the project's sub directory", s.Cwd)
	}
	if _, err := os.Stat(w.user()); err == nil {
		t.Error("--project wrote the user config")
	}
	// The next edit keeps it trusted.
	w.mustRun("disable", "--project", "tool")
	if st, _ := allow.Check(store, proj, []byte(w.read(proj))); st != allow.Trusted {
		t.Errorf("after disable: %v", st)
	}

	// A file that was there, untrusted, is not trusted by an add.
	other := filepath.Join(t.TempDir(), config.ProjectFile)
	w.write(other, `{"mcpServers": {"evil": {"command": "curl"}}}`)
	_, _, errOut := w.run("add", "--project="+other, "mine", "--", "x")
	if st, _ := allow.Check(store, other, []byte(w.read(other))); st == allow.Trusted {
		t.Error("an untrusted project file became trusted")
	}
	if !strings.Contains(errOut, "switchboard trust") {
		t.Errorf("no trust note: %s", errOut)
	}
}

func TestRemove_KeepsTheRestAndListsNamesWhenMissing(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), commented)
	w.mustRun("add", "fs", "--", "fs-mcp")
	w.mustRun("remove", "git")
	got := w.read(w.user())
	if f := w.parse(w.user()); !slices.Equal(f.Order, []string{"fs"}) || !strings.Contains(got, `"_comment": "my servers"`) || strings.Contains(got, "uvx") {
		t.Errorf("after remove:\n%s", got)
	}
	code, _, errOut := w.run("remove", "nope")
	if code == 0 || !strings.Contains(errOut, `no server "nope"`) || !strings.Contains(errOut, "configured there: fs") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

func TestEnableDisable_ToggleTheDisabledField(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), commented)
	out := w.mustRun("disable", "git")
	// Its backup is named, as add's and remove's are, and holds the file
	// as it was (round eighty-five: it was made but never said).
	_, bk, ok := strings.Cut(out, "previous content: ")
	if !ok {
		t.Fatalf("disable did not name its backup: %s", out)
	}
	if b, err := os.ReadFile(strings.TrimSpace(bk)); err != nil || string(b) != commented {
		t.Errorf("disable's backup %s: %q %v", bk, b, err)
	}
	if s := w.parse(w.user()).Servers["git"]; !s.Disabled {
		t.Errorf("not disabled:\n%s", w.read(w.user()))
	}
	if out := w.mustRun("disable", "git"); !strings.Contains(out, "already disabled") {
		t.Errorf("second disable: %s", out)
	}
	w.mustRun("enable", "git")
	if got := w.read(w.user()); got != commented {
		t.Errorf("enable did not restore the file:\n%s", got)
	}
	// A file that spells it "enabled" keeps that spelling.
	w.write(w.user(), `{"mcpServers": {"a": {"command": "x", "enabled": true}}}`)
	w.mustRun("disable", "a")
	if got := w.read(w.user()); !strings.Contains(got, `"enabled": false`) || strings.Contains(got, "disabled") {
		t.Errorf("enabled spelling: %s", got)
	}
	if code, _, errOut := w.run("enable", "zzz"); code == 0 || !strings.Contains(errOut, `no server "zzz"`) {
		t.Errorf("unknown: %d %s", code, errOut)
	}
}

// A running Switchboard (the daemon's hub, here in process) picks up what
// add and remove write.
func TestAdd_RunningHubPicksUpTheChange(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	e, _, _ := w.envFor()
	st, err := e.openStack(&configFlags{}, false, stackOptions{inProcessScripts: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	waitFor := func(what string, ok func([]string) bool) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for !ok(st.currentCat().Servers()) {
			if time.Now().After(deadline) {
				t.Fatalf("the running hub never saw %s: servers %v", what, st.currentCat().Servers())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	w.mustRun("add", "b", "--", "b-cmd")
	waitFor("the added server", func(s []string) bool { return slices.Contains(s, "b") })
	w.mustRun("remove", "a")
	waitFor("the removal", func(s []string) bool { return !slices.Contains(s, "a") })
}

// A name given twice in --env or --header (any case, for a header) is an
// error naming it, never its values, and changes nothing; the second
// value silently won.
func TestAdd_NameGivenTwiceIsRefused(t *testing.T) {
	const tok = "ghp_abcdefghijklmnopqrstuvwxyz012345"
	w := newCLIWorld(t)
	w.write(w.user(), commented)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"add", "gh", "--env", "GITHUB_TOKEN=" + tok, "--env", "A=1", "--env", "GITHUB_TOKEN=${env:GITHUB_TOKEN}", "--", "npx", "gh"},
			`switchboard add: --env "GITHUB_TOKEN" given twice: give it once, with the value you mean` + "\n"},
		{[]string{"add", "r", "--url", "https://h/mcp", "--header", "Authorization: Bearer " + tok, "--header", "authorization=x"},
			`switchboard add: --header "authorization" given twice (as "Authorization" first; header names ignore case): give it once, with the value you mean` + "\n"},
	} {
		code, out, errOut := w.run(tc.args...)
		if code != 1 || errOut != tc.want || strings.Contains(out+errOut, tok) {
			t.Errorf("%q: exit %d\nstdout %q\nstderr %q\nwant %q", tc.args, code, out, errOut, tc.want)
		}
	}
	if w.read(w.user()) != commented {
		t.Error("a refused add changed the file")
	}
	// Distinct env names that differ in case are two variables.
	w.mustRun("add", "ok", "--env", "a=1", "--env", "A=2", "--", "cmd")
	if s := w.parse(w.user()).Servers["ok"]; s.Env["a"] != "1" || s.Env["A"] != "2" {
		t.Errorf("env %v", s.Env)
	}
}

// A --cwd that is not a directory is refused, naming it and the command
// that makes it; a project file's relative --cwd is taken from the
// project's directory. Nothing is written.
func TestAdd_CwdThatIsNoDirectoryIsRefused(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), commented)
	missing := filepath.Join(w.dir, "no", "such")
	file := filepath.Join(w.dir, "file")
	w.write(file, "x")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"add", "a", "--cwd", missing, "--", "cmd"}, `switchboard add: --cwd ` + missing + `: no such directory: create it (mkdir -p ` + missing + `), or give the directory the server runs in; ` + w.user() + " is unchanged\n"},
		{[]string{"add", "a", "--cwd", "no/such", "--", "cmd"}, `--cwd ` + missing + `: no such directory`}, // relative to the working directory
		{[]string{"add", "a", "--cwd", file, "--", "cmd"}, `switchboard add: --cwd ` + file + ` is not a directory: give the directory the server runs in`},
		{[]string{"add", "--project", "a", "--cwd", "no/such", "--", "cmd"}, `--cwd ` + missing + `: no such directory`},
	} {
		code, _, errOut := w.run(tc.args...)
		if code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: exit %d: %s\nwant %s", tc.args, code, errOut, tc.want)
		}
	}
	if w.read(w.user()) != commented {
		t.Error("a refused add changed the file")
	}
	if _, err := os.Stat(filepath.Join(w.dir, config.ProjectFile)); err == nil {
		t.Error("a refused add --project wrote the project file")
	}
	// A reference is known only when the server starts: not checked.
	w.mustRun("add", "ref", "--cwd", "${env:WORK}", "--", "cmd")
}

// A command that cannot be found is added, with a warning naming it and
// saying the server will not start until it is installed.
func TestAdd_CommandNotFoundIsAddedWithAWarning(t *testing.T) {
	w := newCLIWorld(t)
	bin := filepath.Join(w.home, "bin")
	w.write(filepath.Join(bin, "have-mcp"), "#!/bin/sh\n")
	os.Chmod(filepath.Join(bin, "have-mcp"), 0o755)
	w.write(filepath.Join(bin, "plain"), "not executable")
	w.env["PATH"] = bin
	for _, tc := range []struct {
		args []string
		warn string // "" for none
	}{
		{[]string{"add", "a", "--", "npx-missing", "-y", "pkg"}, `warning: "npx-missing" is not on PATH: server "a" will fail to start until it is installed (or give its absolute path; switchboard doctor checks again)` + "\n"},
		{[]string{"add", "b", "--", "have-mcp"}, ""},
		{[]string{"add", "c", "--", "plain"}, `warning: "plain" is not on PATH`},
		{[]string{"add", "d", "--env", "PATH=" + w.dir, "--", "have-mcp"}, `warning: "have-mcp" is not on PATH`}, // the server's own PATH
		{[]string{"add", "e", "--", filepath.Join(bin, "gone")}, `warning: ` + filepath.Join(bin, "gone") + ` is not an executable file: server "e" will fail to start until it is installed there (or give where it is; switchboard doctor checks again)` + "\n"},
		{[]string{"add", "f", "--", filepath.Join(bin, "have-mcp")}, ""},
		{[]string{"add", "g", "--cwd", bin, "--", "./plain"}, `warning: ` + filepath.Join(bin, "plain") + ` is not an executable file`},
		{[]string{"add", "h", "--", "${env:TOOL}"}, `note: ${env:TOOL} (command of server "h") is not set here`}, // no PATH warning: known only at the start
		{[]string{"add", "i", "--url", "https://h/mcp"}, ""},
	} {
		code, out, errOut := w.run(tc.args...)
		if code != 0 || !strings.Contains(out, "added server") {
			t.Errorf("%q: exit %d, not added:\n%s%s", tc.args, code, out, errOut)
		}
		if tc.warn == "" && errOut != "" || tc.warn != "" && !strings.Contains(errOut, tc.warn) {
			t.Errorf("%q: stderr %q, want %q", tc.args, errOut, tc.warn)
		}
	}
}
