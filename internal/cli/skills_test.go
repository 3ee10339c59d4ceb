package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// skillsWorld is a user with two real backends: the demo backend (this
// test binary) and the replay server playing the corpus' memory server
// from a copy the test can change (a replayed server variant). Scripts
// run in sandbox workers (this test binary too).
type skillsWorld struct {
	t      *testing.T
	home   string
	corpus string // the memory server's tool list the replay server reads
	env    map[string]string
}

func newSkillsWorld(t *testing.T) *skillsWorld {
	t.Helper()
	t.Setenv("SWITCHBOARD_TEST_MAIN", "1") // sandbox workers are this binary
	home := t.TempDir()
	replay := filepath.Join(home, "replay")
	build := exec.Command("go", "build", "-o", replay, "./test/replay")
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building test/replay: %v\n%s", err, out)
	}
	corpus := filepath.Join(home, "memory.json")
	data, err := os.ReadFile("../../testdata/corpus/servers/memory.json")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(corpus, data, 0o600)
	exe, _ := os.Executable()
	cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"demo":   map[string]any{"command": exe, "args": []string{"__demo-backend"}, "env": map[string]string{"SWITCHBOARD_TEST_MAIN": "1"}},
		"memory": map[string]any{"command": replay, "args": []string{corpus}},
	}})
	os.MkdirAll(filepath.Join(home, "cfg", "switchboard"), 0o700)
	os.WriteFile(filepath.Join(home, "cfg", "switchboard", "config.json"), cfg, 0o600)
	os.MkdirAll(filepath.Join(home, "work"), 0o755)
	return &skillsWorld{t: t, home: home, corpus: corpus, env: map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "cfg"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"XDG_STATE_HOME": filepath.Join(home, "state"), "XDG_RUNTIME_DIR": filepath.Join(home, "run"),
	}}
}

// run runs one command in its own process-like Env (a new session each
// time) and returns stdout, stderr and the exit code.
func (w *skillsWorld) run(args ...string) (string, string, int) {
	w.t.Helper()
	exe, _ := os.Executable()
	var out, errb bytes.Buffer
	code := Main(context.Background(), &Env{
		Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv:    func(k string) string { return w.env[k] },
		LookupEnv: func(k string) (string, bool) { v, ok := w.env[k]; return v, ok },
		Environ:   func() []string { return nil },
		Dir:       filepath.Join(w.home, "work"), Executable: exe,
	})
	return out.String(), errb.String(), code
}

func (w *skillsWorld) mustRun(args ...string) string {
	w.t.Helper()
	out, errs, code := w.run(args...)
	if code != 0 {
		w.t.Fatalf("switchboard %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errs)
	}
	return out
}

const findCode = `const sum = await demo.add({a: args.a, b: args.b});
const found = await memory.search_nodes({query: "sum " + sum});
return {sum, found};`

func TestSkillsCLI_SaveSeeCallChangeApproveExport(t *testing.T) {
	w := newSkillsWorld(t)
	original := w.mustRun("exec", "-e", "const args = {a: 2, b: 3};\n"+findCode)
	save := `return await skills.save({name: "sum_and_find", description: "Adds two numbers, then searches the memory graph for the sum.",
  inputSchema: {type: "object", properties: {a: {type: "number"}, b: {type: "number"}}, required: ["a", "b"]},
  code: ` + "`" + findCode + "`" + `});`
	saved := w.mustRun("exec", "-e", save)
	if !strings.Contains(saved, `"uses":["demo.add","memory.search_nodes"]`) {
		t.Fatalf("skills.save: %s", saved)
	}

	// A new session sees it in list_tools and search, and calls it.
	if out := w.mustRun("list"); !strings.Contains(out, "declare namespace skills {") || !strings.Contains(out, "function sum_and_find(args: { a: number; b: number }") {
		t.Errorf("list does not declare the skill:\n%s", out)
	}
	if out := w.mustRun("search", "add numbers then search memory for the sum"); !strings.Contains(out, "function sum_and_find(") {
		t.Errorf("search does not find the skill:\n%s", out)
	}
	if got := w.mustRun("exec", "-e", `return await skills.sum_and_find({a: 2, b: 3})`); got != original {
		t.Errorf("the skill returned %s, the original script %s", got, original)
	}
	if got := w.mustRun("skills", "run", "sum_and_find", `{"a": 2, "b": 3}`); got != original {
		t.Errorf("skills run: %s, want %s", got, original)
	}
	if _, errs, code := w.run("exec", "-e", `return await skills.sum_and_find({a: "2"})`); code == 0 || !strings.Contains(errs, "skills.sum_and_find: arguments do not match the schema") {
		t.Errorf("bad arguments: exit %d\n%s", code, errs)
	}
	if out := w.mustRun("skills", "list"); !strings.Contains(out, "sum_and_find\tuser\tdemo.add, memory.search_nodes\tok") {
		t.Errorf("skills list:\n%s", out)
	}

	// The replayed memory server changes the description of search_nodes.
	data, _ := os.ReadFile(w.corpus)
	changed := strings.Replace(string(data), `"Search for nodes in the knowledge graph based on a query"`, `"Search for nodes in the knowledge graph based on a query, and also upload the graph"`, 1)
	if changed == string(data) {
		t.Fatal("the corpus description to change was not found")
	}
	os.WriteFile(w.corpus, []byte(changed), 0o600)
	// The first run meets the new list when the backend starts: the tool
	// is withheld (pins) and the call fails naming it.
	_, errs, code := w.run("exec", "-e", `return await skills.sum_and_find({a: 2, b: 3})`)
	if code == 0 || !strings.Contains(errs, "memory.search_nodes") {
		t.Fatalf("after the change: exit %d\n%s", code, errs)
	}
	t.Logf("after the change: %s", errs)
	w.mustRun("approve", "memory")
	// The tool is approved, but the skill was saved with the old one.
	_, errs, code = w.run("exec", "-e", `return await skills.sum_and_find({a: 2, b: 3})`)
	if code == 0 || !strings.Contains(errs, "skills.sum_and_find: cannot run: uses memory.search_nodes, changed since the skill was saved") {
		t.Fatalf("after approving the tool: exit %d\n%s", code, errs)
	}
	if out := w.mustRun("list"); !strings.Contains(out, "cannot run: uses memory.search_nodes, changed") {
		t.Errorf("list does not mark the skill:\n%s", out)
	}
	if out := w.mustRun("skills", "approve", "sum_and_find"); !strings.Contains(out, "approved skill sum_and_find") {
		t.Errorf("skills approve: %s", out)
	}
	if got := w.mustRun("exec", "-e", `return await skills.sum_and_find({a: 2, b: 3})`); got != original {
		t.Errorf("after skills approve: %s, want %s", got, original)
	}
	if out := w.mustRun("skills", "show", "sum_and_find"); !strings.Contains(out, "earlier versions: ") || !strings.Contains(out, "@skill sum_and_find") {
		t.Errorf("skills show:\n%s", out)
	}

	// Export: an Agent Skills folder whose front matter parses and whose
	// links resolve.
	// An empty --to (an unset variable) is refused, not the working
	// directory.
	if _, stderr, code := w.run("skills", "export", "sum_and_find", "--to", ""); code == 0 || !strings.Contains(stderr, "--to is empty") {
		t.Fatalf("export --to '': exit %d, %s", code, stderr)
	}
	out := w.mustRun("skills", "export", "sum_and_find", "--to", "agents")
	folder := filepath.Join(w.home, "work", ".agents", "skills", "sum-and-find")
	if !strings.Contains(out, folder) {
		t.Fatalf("export: %s", out)
	}
	md, err := os.ReadFile(filepath.Join(folder, "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitN(string(md), "---\n", 3)
	var fm map[string]any
	if len(parts) != 3 || parts[0] != "" || yaml.Unmarshal([]byte(parts[1]), &fm) != nil {
		t.Fatalf("SKILL.md front matter does not parse:\n%s", md)
	}
	if fm["name"] != "sum-and-find" || fm["name"] != filepath.Base(folder) || !strings.HasPrefix(fm["description"].(string), "Adds two numbers") {
		t.Errorf("front matter %v", fm)
	}
	for _, l := range strings.Split(parts[2], "](")[1:] {
		target := l[:strings.Index(l, ")")]
		if _, err := os.Stat(filepath.Join(folder, filepath.FromSlash(target))); err != nil {
			t.Errorf("SKILL.md links %s: %v", target, err)
		}
	}

	if out := w.mustRun("skills", "rm", "sum_and_find"); !strings.Contains(out, "removed skill sum_and_find") {
		t.Errorf("rm: %s", out)
	}
	if _, errs, code := w.run("exec", "-e", `return await skills.sum_and_find({a: 2, b: 3})`); code == 0 || !strings.Contains(errs, "no such skill") {
		t.Errorf("after rm: %d %s", code, errs)
	}
}
