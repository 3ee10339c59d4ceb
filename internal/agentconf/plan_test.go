package agentconf

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

type world struct {
	t          *testing.T
	proj, home string
	env        map[string]string
}

func newWorld(t *testing.T) *world {
	dir := t.TempDir()
	w := &world{t: t, proj: filepath.Join(dir, "proj"), home: filepath.Join(dir, "home")}
	w.env = map[string]string{"HOME": w.home, "XDG_STATE_HOME": filepath.Join(dir, "state")}
	return w
}

func (w *world) opts(s Scope) *Options {
	return &Options{Scope: s, Root: w.proj, Getenv: func(k string) string { return w.env[k] }, Executable: "/bin/switchboard", GOOS: "linux"}
}

func (w *world) write(path, content string, mode os.FileMode) {
	w.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) read(path string) string {
	w.t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		w.t.Fatal(err)
	}
	return string(b)
}

// initOnce plans and applies, failing on problems.
func (w *world) initOnce(o *Options) *Plan {
	w.t.Helper()
	p, err := MakePlan(o)
	if err != nil {
		w.t.Fatal(err)
	}
	if p.Failed() {
		w.t.Fatalf("problems: %v", p.Problems)
	}
	if err := Apply(o, p); err != nil {
		w.t.Fatal(err)
	}
	return p
}

func TestPlan_ClaudeCodeLocalServersGoToTheUserConfigNotTheProject(t *testing.T) {
	w := newWorld(t)
	w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
	const secret = "ghp_0123456789abcdefghijABCDEFGHIJ"
	claude := filepath.Join(w.home, ".claude.json")
	orig := `{"numStartups": 3, "projects": {"` + w.proj + `": {"allowedTools": [], "mcpServers": {"local": {"type": "stdio", "command": "loc", "env": {"GITHUB_TOKEN": "` + secret + `"}}, "remote": {"type": "http", "url": "https://x.example/mcp?token=s3cr3tvalue"}}}, "/other": {"mcpServers": {"o": {"command": "o"}}}}, "mcpServers": {"user": {"command": "u"}}}`
	w.write(claude, orig, 0o600)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"shared": {"command": "s"}}}`, 0o644)
	o := w.opts(Project)
	p := w.initOnce(o)
	if len(p.Imported) != 3 {
		t.Fatalf("imported %+v", p.Imported)
	}
	got := w.read(claude)
	want := strings.Replace(orig, `{"local": {"type": "stdio", "command": "loc", "env": {"GITHUB_TOKEN": "`+secret+`"}}, "remote": {"type": "http", "url": "https://x.example/mcp?token=s3cr3tvalue"}}`, `{}`, 1)
	if got != want {
		t.Errorf("~/.claude.json:\n%s\nwant\n%s", got, want)
	}
	if st, _ := os.Stat(claude); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
	// No secret from ~/.claude.json anywhere in the project tree.
	filepath.WalkDir(w.proj, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if b := w.read(path); strings.Contains(b, secret) || strings.Contains(b, "s3cr3tvalue") || strings.Contains(b, `"local"`) {
				t.Errorf("%s holds a private server:\n%s", path, b)
			}
		}
		return nil
	})
	user := w.decodeFile(o.UserConfigPath())
	scoped := sub(user, "projects", w.proj, "mcpServers")
	if sub(scoped, "local", "env")["GITHUB_TOKEN"] != secret || scoped["remote"] == nil || len(user) != 1 {
		t.Errorf("user config: %v", user)
	}
	if s := sub(w.decodeFile(filepath.Join(w.proj, ".switchboard.json")), "mcpServers"); len(s) != 1 || s["shared"] == nil {
		t.Errorf(".switchboard.json servers: %v", s)
	}
	note := strings.Join(p.Notes, "\n")
	if !strings.Contains(note, `server "local" from `+claude+` is private to you (Claude Code's local scope) and holds secrets (env.GITHUB_TOKEN): it went to your user config `+o.UserConfigPath()) || !strings.Contains(note, "url query token") {
		t.Errorf("notes:\n%s", note)
	}
	if p2, _ := MakePlan(o); len(p2.Changes) != 0 {
		t.Errorf("second plan changes %v", p2.Paths())
	}
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if w.read(claude) != orig {
		t.Errorf("undo did not restore ~/.claude.json:\n%s", w.read(claude))
	}
	if _, err := os.Stat(o.UserConfigPath()); err == nil {
		t.Errorf("undo left the user config: %s", w.read(o.UserConfigPath()))
	}
}

func TestPlan_ContinueProjectBlocksAreIdempotent(t *testing.T) {
	w := newWorld(t)
	block := filepath.Join(w.proj, ".continue", "mcpServers", "db.yaml")
	w.write(block, "name: DB\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: sqlite\n    command: npx\n    args: [\"-y\", \"mcp-sqlite\"]\n", 0o644)
	o := w.opts(Project)
	p := w.initOnce(o)
	if len(p.Imported) != 1 || p.Imported[0].Name != "sqlite" {
		t.Fatalf("imported %+v", p.Imported)
	}
	if sb := w.read(filepath.Join(w.proj, ".continue", "mcpServers", "switchboard.yaml")); !strings.Contains(sb, "name: switchboard") || !strings.Contains(sb, "/bin/switchboard") {
		t.Errorf("switchboard.yaml:\n%s", sb)
	}
	if p2, _ := MakePlan(o); len(p2.Changes) != 0 || p2.Failed() {
		t.Errorf("second plan: changes %v problems %v", p2.Paths(), p2.Problems)
	}
}

func TestPlan_RenamedSwitchboardEntryIsReplaced(t *testing.T) {
	w := newWorld(t)
	f := filepath.Join(w.proj, ".cursor", "mcp.json")
	w.write(f, `{"mcpServers": {"sb": {"command": "/old/switchboard", "args": ["serve"]}}}`, 0o644)
	p := w.initOnce(w.opts(Project))
	if len(p.Imported) != 0 {
		t.Errorf("imported our own entry: %+v", p.Imported)
	}
	if got := w.read(f); strings.Contains(got, `"sb"`) || !strings.Contains(got, `"switchboard"`) {
		t.Errorf("cursor: %s", got)
	}
}

func TestApply_FollowsSymlinksAndUndoRestores(t *testing.T) {
	w := newWorld(t)
	real := filepath.Join(w.home, "dotfiles", "mcp.json")
	w.write(real, `{"mcpServers": {"a": {"command": "a"}}}`, 0o640)
	link := filepath.Join(w.home, ".cursor", "mcp.json")
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	o := w.opts(User)
	w.initOnce(o)
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	if got := w.read(real); !strings.Contains(got, "switchboard") {
		t.Errorf("target not edited: %s", got)
	}
	if st, _ := os.Stat(real); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(real); got != `{"mcpServers": {"a": {"command": "a"}}}` {
		t.Errorf("after undo: %s", got)
	}
}

func TestUndo_PatchesAFileRewrittenSinceInit(t *testing.T) {
	w := newWorld(t)
	f := filepath.Join(w.proj, ".mcp.json")
	w.write(f, `{"mcpServers": {"a": {"command": "a"}}}`, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	// The agent rewrites the file: drops our entry, adds a key.
	w.write(f, `{"edited": true}`, 0o644)
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(f); got != `{"edited": true, "mcpServers": {"a": {"command": "a"}}}` {
		t.Errorf("after undo: %s", got)
	}
}

func TestApply_RefusesAFileChangedSinceThePlan(t *testing.T) {
	w := newWorld(t)
	f := filepath.Join(w.proj, ".mcp.json")
	w.write(f, `{"mcpServers": {"a": {"command": "a"}}}`, 0o644)
	o := w.opts(Project)
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	w.write(f, `{"mcpServers": {}}`, 0o644)
	if err := Apply(o, p); !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), f) {
		t.Errorf("err = %v", err)
	}
	if w.read(f) != `{"mcpServers": {}}` {
		t.Error("file overwritten")
	}
}

func TestApply_APlanMadeAgainAfterAChangeUndoesCleanly(t *testing.T) {
	w := newWorld(t)
	f := filepath.Join(w.proj, ".mcp.json")
	w.write(f, `{"mcpServers": {"a": {"command": "a"}}}`, 0o644)
	o := w.opts(Project)
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	// The agent writes between plan and apply: .switchboard.json is
	// written, .mcp.json is not.
	w.write(f, `{"mcpServers": {"a": {"command": "a"}, "b": {"command": "b"}}}`, 0o644)
	if err := Apply(o, p); !errors.Is(err, ErrChanged) {
		t.Fatalf("err = %v", err)
	}
	w.initOnce(o)
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(f); got != `{"mcpServers": {"a": {"command": "a"}, "b": {"command": "b"}}}` {
		t.Errorf("after undo: %s", got)
	}
	if _, err := os.Stat(filepath.Join(w.proj, ".switchboard.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf(".switchboard.json left: %v", err)
	}
}

func TestDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk"
	want := `--- a/x
+++ b/x
@@ -1,5 +1,5 @@
 a
-b
+B
 c
 d
 e
@@ -8,3 +8,4 @@
 h
 i
 j
+k
\ No newline at end of file
`
	if got := Diff("x", []byte(old), []byte(new)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if Diff("x", []byte(old), []byte(old)) != "" {
		t.Error("equal files diff")
	}
	if got := Diff("/n", nil, []byte("x\n")); got != "--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+x\n" {
		t.Errorf("new file:\n%s", got)
	}
}

// When every agent file init found could not be read, init changes
// nothing: it does not create an empty project config (that no agent
// runs) either.
func TestPlan_UnreadableAgentFilesCreateNoEmptyConfig(t *testing.T) {
	w := newWorld(t)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"a": {"command": "x"},}`, 0o644)
	o := w.opts(Project)
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Failed() || len(p.Changes) != 0 {
		t.Fatalf("problems %v, changes %v; want the unreadable file reported and no change", p.Problems, p.Paths())
	}
	if err := Apply(o, p); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(o.ConfigPath()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s was created (%v)", o.ConfigPath(), err)
	}
	// An agent file that can be read and has no server still gets the
	// switchboard entry, and the project config it runs is created.
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {}}`, 0o644)
	w.initOnce(o)
	if !strings.Contains(w.read(filepath.Join(w.proj, ".mcp.json")), `"switchboard"`) {
		t.Errorf(".mcp.json = %s, want the switchboard entry", w.read(filepath.Join(w.proj, ".mcp.json")))
	}
	if _, err := os.Stat(o.ConfigPath()); err != nil {
		t.Errorf("the project config serve is run with: %v", err)
	}
}

// A project's agent TOML nested millions of levels deep (the recursive
// TOML decoder's stack overflow is fatal) is skipped and reported with
// its line, like any file init cannot read.
func TestPlan_DeepTOMLIsSkippedNotACrash(t *testing.T) {
	w := newWorld(t)
	codex := filepath.Join(w.proj, ".codex", "config.toml")
	w.write(codex, "[mcp_servers.a]\ncommand = \"x\"\nargs = "+strings.Repeat("[", 2_000_000)+strings.Repeat("]", 2_000_000)+"\n", 0o644)
	p, err := MakePlan(w.opts(Project))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Failed() || !strings.Contains(errors.Join(p.Problems...).Error(), "line 3: nested deeper than 200 levels") {
		t.Errorf("problems = %v", p.Problems)
	}
}

// An agent that writes its file while init replaces it (after the
// backups and the new content are written, before the rename) keeps its
// write: Apply checks the file again just before the rename and returns
// ErrChanged. It checked only before writing the backups, and the
// agent's write in between was replaced, lost.
func TestApply_KeepsAnAgentWriteJustBeforeTheRename(t *testing.T) {
	w := newWorld(t)
	f := filepath.Join(w.proj, ".mcp.json")
	w.write(f, `{"mcpServers": {"a": {"command": "a"}}}`, 0o644)
	o := w.opts(Project)
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	agent := `{"mcpServers": {"a": {"command": "a"}}, "theme": "dark"}`
	testHookBeforeWrite = func(path string) {
		if path == f {
			w.write(f, agent, 0o644)
		}
	}
	defer func() { testHookBeforeWrite = nil }()
	if err := Apply(o, p); !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), f) {
		t.Errorf("err = %v, want ErrChanged naming %s", err, f)
	}
	if got := w.read(f); got != agent {
		t.Errorf("the agent's write was lost: %s", got)
	}
	if ents, _ := os.ReadDir(w.proj); slices.ContainsFunc(ents, func(e os.DirEntry) bool { return strings.Contains(e.Name(), ".tmp-") }) {
		t.Errorf("a temporary file was left: %v", ents)
	}
}

// An agent that writes its file while init --undo replaces it keeps its
// write: the undo checks again just before the rename and patches the
// file again from what the agent wrote.
func TestUndo_KeepsAnAgentWriteJustBeforeTheRename(t *testing.T) {
	w := newWorld(t)
	f := filepath.Join(w.proj, ".mcp.json")
	w.write(f, `{"mcpServers": {"a": {"command": "a"}}}`, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	once := false
	testHookBeforeWrite = func(path string) {
		if path == f && !once {
			once = true
			b := w.read(f)
			w.write(f, strings.Replace(b, `{"mcpServers"`, `{"theme": "dark", "mcpServers"`, 1), 0o644)
		}
	}
	defer func() { testHookBeforeWrite = nil }()
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(f); got != `{"theme": "dark", "mcpServers": {"a": {"command": "a"}}}` {
		t.Errorf("after undo: %s; want the agent's theme kept and server a back", got)
	}
}

// A project whose directory name holds glob characters reads its own
// Continue files only: filepath.Glob read "p[1]" and "p*" as patterns,
// and init moved the servers of the sibling project p1 into this one.
func TestPlan_ContinueFilesOfAProjectNamedLikeAPattern(t *testing.T) {
	dir := t.TempDir()
	block := "name: B\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: %s\n    command: c\n"
	other := filepath.Join(dir, "p1", ".continue", "mcpServers", "b.yaml")
	for _, name := range []string{"p[1]", "p*", "p?"} {
		w := newWorld(t)
		w.proj = filepath.Join(dir, name)
		w.write(other, fmt.Sprintf(block, "other"), 0o644)
		w.write(filepath.Join(w.proj, ".continue", "mcpServers", "a.yaml"), fmt.Sprintf(block, "mine"), 0o644)
		p, err := MakePlan(w.opts(Project))
		if err != nil || p.Failed() {
			t.Fatal(err, p.Problems)
		}
		var names []string
		for _, imp := range p.Imported {
			names = append(names, imp.Name+" from "+imp.From)
		}
		if want := "mine from " + filepath.Join(w.proj, ".continue", "mcpServers", "a.yaml"); len(names) != 1 || names[0] != want {
			t.Errorf("project %s imports %q, want only %q", name, names, want)
		}
		for _, c := range p.Changes {
			if !strings.HasPrefix(c.Path, w.proj+string(filepath.Separator)) {
				t.Errorf("project %s: would change %s", name, c.Path)
			}
		}
	}
}

// A Continue hub block (uses: org/block), which only Continue resolves,
// stays in the file and the other servers move: it made the whole file
// "mcpServers: item at line 7 has no name", which the user could not fix.
func TestPlan_ContinueHubBlocksStay(t *testing.T) {
	w := newWorld(t)
	cfg := filepath.Join(w.home, ".continue", "config.yaml")
	w.write(cfg, "name: My Config\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - uses: anthropic/github-mcp\n    with:\n      GITHUB_PERSONAL_ACCESS_TOKEN: ${{ secrets.GITHUB_PAT }}\n  - name: local\n    command: npx\n", 0o644)
	w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
	o := w.opts(User)
	p := w.initOnce(o)
	if len(p.Imported) != 1 || p.Imported[0].Name != "local" {
		t.Fatalf("imported %+v", p.Imported)
	}
	if got := w.read(cfg); !strings.Contains(got, "uses: anthropic/github-mcp") || !strings.Contains(got, "${{ secrets.GITHUB_PAT }}") || strings.Contains(got, "name: local") {
		t.Errorf("config.yaml:\n%s", got)
	}
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(cfg); !strings.Contains(got, "uses: anthropic/github-mcp") || !strings.Contains(got, "name: local") || strings.Contains(got, "switchboard") {
		t.Errorf("after undo:\n%s", got)
	}
}
