package agentconf

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden outputs")

// goldenAgent maps a golden case (its name up to the first '.' or the
// first '-' when that names no case) to the agent and scope it is for.
var goldenAgent = map[string]struct {
	agent string
	scope Scope
}{
	"claude-code":    {"claude-code", Project},
	"claude-user":    {"claude-code", User},
	"claude-desktop": {"claude-desktop", User},
	"cursor":         {"cursor", Project},
	"vscode":         {"vscode", Project},
	"codex":          {"codex", User},
	"codex-inline":   {"codex", User},
	"gemini":         {"gemini", Project},
	"windsurf":       {"windsurf", User},
	"zed":            {"zed", Project},
	"opencode":       {"opencode", Project},
	"kiro":           {"kiro", Project},
	"goose":          {"goose", User},
	"cline":          {"cline", User},
	"roo":            {"roo", Project},
	"continue":       {"continue", User},
	"amazonq":        {"amazonq", Project},
}

// byExt picks an agent for format-only cases (empty, invalid, ...).
var byExt = map[string]string{".json": "cursor", ".toml": "codex", ".yaml": "goose"}

const goldenExe = "/usr/local/bin/switchboard"

// TestGolden places each testdata/golden/NAME.in.EXT where its agent
// looks, plans init, and compares the new file (NAME.out.EXT) and what
// was imported or reported (NAME.result.txt).
func TestGolden(t *testing.T) {
	ins, _ := filepath.Glob("testdata/golden/*.in.*")
	if len(ins) < 20 {
		t.Fatalf("found %d golden inputs", len(ins))
	}
	for _, in := range ins {
		base := filepath.Base(in)
		name, ext := base[:strings.Index(base, ".in.")], filepath.Ext(base)
		t.Run(name, func(t *testing.T) {
			ga, ok := goldenAgent[name]
			if !ok {
				ga.agent, ga.scope = byExt[ext], Project
				if ga.agent == "codex" || ga.agent == "goose" {
					ga.scope = User
				}
			}
			dir := t.TempDir()
			proj, home := filepath.Join(dir, "proj"), filepath.Join(dir, "home")
			env := map[string]string{"HOME": home, "SB_GOLDEN_SET": "1"}
			o := &Options{Scope: ga.scope, Root: proj, Getenv: func(k string) string { return env[k] }, Executable: goldenExe, GOOS: "linux"}
			a, _ := FindAgent(ga.agent)
			target := a.Files(o)[0]
			if name == "claude-user" {
				// Also exercise the project's local entries in ~/.claude.json.
				target = filepath.Join(home, ".claude.json")
			}
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			data = []byte(strings.ReplaceAll(string(data), "$PROJ", proj))
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(target, data, 0o644); err != nil {
				t.Fatal(err)
			}
			plan, err := MakePlan(o)
			if err != nil {
				t.Fatal(err)
			}
			clean := func(s string) string {
				return strings.NewReplacer(proj, "$PROJ", home, "$HOME").Replace(s)
			}
			var res strings.Builder
			for _, imp := range plan.Imported {
				b, _ := json.Marshal(imp.Server)
				fmt.Fprintf(&res, "import %s: %s\n", imp.Name, b)
			}
			for _, l := range plan.Left {
				fmt.Fprintf(&res, "left %s in %s: %s\n", l.Name, clean(l.File), l.Reason)
			}
			for _, n := range plan.Notes {
				fmt.Fprintf(&res, "note: %s\n", clean(n))
			}
			for _, p := range plan.Problems {
				fmt.Fprintf(&res, "problem: %s\n", clean(p.Error()))
			}
			out := data
			changed := false
			for _, c := range plan.Changes {
				if c.Path == target {
					out, changed = c.New, true
				}
			}
			fmt.Fprintf(&res, "changed: %v\n", changed)
			outFile := strings.Replace(in, ".in.", ".out.", 1)
			resFile := strings.TrimSuffix(strings.Replace(in, ".in.", ".result.", 1), ext) + ".txt"
			check(t, outFile, []byte(clean(string(out))))
			check(t, resFile, []byte(res.String()))
		})
	}
}

func check(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs:\n%s", path, Diff(path, want, got))
	}
}
