package workspace

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// predicates evaluated in every scratch project of testdata/projects.
var goldenPredicates = []string{
	`{"crate": "sqlx"}`,
	`{"crate": "sqlx", "version": "0.7"}`,
	`{"crate": "sqlx", "version": ">=0.8"}`,
	`{"crate": "tokio", "version": "~1.36"}`,
	`{"crate": "pretty-assertions"}`,
	`{"crate": "nix", "version": "0.28"}`,
	`{"crate": "diesel"}`,
	`{"goModule": "github.com/jackc/pgx/v5"}`,
	`{"goModule": "github.com/jackc/pgx/v5", "version": ">=v5.5.0"}`,
	`{"goModule": "github.com/go-chi/chi/v5", "version": "v5.0.0"}`,
	`{"npm": "prisma"}`,
	`{"npm": "prisma", "version": "^5.10"}`,
	`{"npm": "prisma", "version": "^4 || ^6"}`,
	`{"npm": "react-dom", "version": "18.x"}`,
	`{"npm": "pg", "version": ">=8.7.0 <8.12.0"}`,
	`{"python": "django"}`,
	`{"python": "Django", "version": ">=4.2,<5"}`,
	`{"python": "django", "version": "~=5.0"}`,
	`{"python": "psycopg", "version": "==3.1.*"}`,
	`{"python": "ruff"}`,
	`{"python": "sqlalchemy", "version": ">=2"}`,
	`{"python": "pytest", "version": ">=8.1"}`,
	`{"python": "flask", "version": "==3.0.2"}`,
	`{"path": "migrations/*.sql"}`,
	`{"path": "Cargo.toml"}`,
	`{"env": "DATABASE_URL"}`,
	`{"env": "UNSET_VAR"}`,
	`{"any": [{"crate": "sqlx"}, {"goModule": "github.com/jackc/pgx/v5"}, {"npm": "pg"}, {"python": "psycopg"}]}`,
	`{"all": [{"npm": "prisma"}, {"env": "DATABASE_URL"}]}`,
	`{"not": {"path": "Cargo.toml"}}`,
}

func getenv(k string) (string, bool) {
	if k == "DATABASE_URL" {
		return "postgres://localhost/db", true
	}
	return "", false
}

// TestEval_Golden evaluates every predicate kind in every scratch
// project (every manifest and lock format, malformed files included)
// and compares the decisions, the predicate that decided and the files
// read with testdata/decisions.golden (go test -update rewrites it).
func TestEval_Golden(t *testing.T) {
	dirs, err := os.ReadDir("testdata/projects")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, d := range dirs {
		w := New(filepath.Join("testdata/projects", d.Name()))
		fmt.Fprintf(&b, "== %s\n", d.Name())
		for _, src := range goldenPredicates {
			p := mustParse(t, src)
			dec := w.Eval(p, getenv)
			mark := "no "
			if dec.Applies {
				mark = "YES"
			}
			fmt.Fprintf(&b, "%s %s\n    by: %s\n", mark, p, dec.By)
			if len(dec.Files) > 0 {
				fmt.Fprintf(&b, "    files: %s\n", strings.Join(dec.Files, " "))
			}
			for _, pr := range dec.Problems {
				fmt.Fprintf(&b, "    problem: %s\n", pr)
			}
		}
	}
	golden(t, "testdata/decisions.golden", b.String())
}

func golden(t *testing.T, file, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (go test -update rewrites it):\n%s", file, diff(string(want), got))
	}
}

func diff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, x, y))
			if len(out) > 10 {
				break
			}
		}
	}
	return strings.Join(out, "\n")
}

func mustParse(t testing.TB, src string) *Predicate {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(src), &v); err != nil {
		t.Fatal(err)
	}
	p, err := Parse(v)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return p
}

// The scratch projects of the brief, asserted directly (the golden file
// shows the rest).
func TestEval_ScratchProjects(t *testing.T) {
	cases := []struct {
		project, pred string
		want          bool
	}{
		{"cargo", `{"crate": "sqlx"}`, true}, // in a member crate
		{"cargo", `{"crate": "sqlx", "version": "^0.7.3"}`, true},
		{"cargo", `{"crate": "sqlx", "version": "<0.7.4"}`, false}, // Cargo.lock says 0.7.4
		{"cargo", `{"crate": "tokio"}`, true},                      // renamed, from [workspace.dependencies]
		{"cargo", `{"crate": "diesel"}`, false},                    // excluded member
		{"gomod", `{"goModule": "github.com/jackc/pgx/v5"}`, true},
		{"gomod", `{"goModule": "github.com/jackc/pgx/v5", "version": ">=v5.6.0"}`, false},
		{"gowork", `{"goModule": "github.com/jackc/pgx/v5", "version": "v5.4.0"}`, true},
		{"npm", `{"npm": "prisma"}`, true}, // devDependency of a workspace member
		{"npm", `{"npm": "prisma", "version": "5.10.2"}`, true},
		{"python", `{"python": "django"}`, true},
		{"python", `{"python": "django", "version": ">=4.2.11"}`, true}, // uv.lock
		{"python", `{"python": "django", "version": ">4.2.11"}`, false},
		{"none", `{"any": [{"crate": "sqlx"}, {"goModule": "github.com/jackc/pgx/v5"}, {"npm": "prisma"}, {"python": "django"}]}`, false},
		{"none", `{"path": "migrations/*.sql"}`, true},
		{"malformed", `{"python": "django"}`, true}, // pyproject is broken, requirements.txt still counts
		{"malformed", `{"crate": "sqlx"}`, false},
	}
	for _, c := range cases {
		w := New(filepath.Join("testdata/projects", c.project))
		d := w.Eval(mustParse(t, c.pred), nil)
		if d.Applies != c.want {
			t.Errorf("%s: %s = %v (%s), want %v", c.project, c.pred, d.Applies, d.By, c.want)
		}
	}
}

func TestEval_MalformedNamesFileAndLine(t *testing.T) {
	w := New("testdata/projects/malformed")
	for _, c := range []struct{ pred, want string }{
		{`{"crate": "sqlx"}`, "Cargo.toml:3:"},
		{`{"npm": "pg"}`, "package.json:4:"},
		{`{"goModule": "github.com/jackc/pgx/v5"}`, "go.mod:5:"},
		{`{"python": "django"}`, "pyproject.toml:"},
	} {
		d := w.Eval(mustParse(t, c.pred), nil)
		if !strings.Contains(strings.Join(d.Problems, "\n"), c.want) {
			t.Errorf("%s: problems %q, want one naming %s", c.pred, d.Problems, c.want)
		}
	}
}

func TestParse_Errors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`"sqlx"`, "must be an object"},
		{`{}`, "needs one of"},
		{`{"crate": "a", "npm": "b"}`, `"crate" and "npm" in one object`},
		{`{"crates": "a"}`, `unknown key "crates"`},
		{`{"crate": ""}`, "crate must be a non-empty string, not an empty string"},
		{`{"env": " "}`, "env must be a non-empty string, not an empty string"},
		{`{"any": []}`, "any must be a non-empty array"},
		{`{"any": [{"crate": "a"}, {"nmp": "b"}]}`, `any[1]: unknown key "nmp"`},
		{`{"not": {"env": 3}}`, "not.env must be a non-empty string"},
		{`{"path": "../x"}`, "must stay inside the workspace"},
		{`{"path": "a[b"}`, "not a valid glob"},
		{`{"env": "X", "version": "1"}`, "version applies to crate"},
		{`{"crate": "sqlx", "version": "banana"}`, "not a Cargo version requirement"},
		{`{"npm": "pg", "version": ">>8"}`, "not an npm semver range"},
		{`{"goModule": "m", "version": "5.x"}`, "not a Go module version"},
		{`{"python": "django", "version": "4.2"}`, "needs an operator"},
		{`{"python": "django", "version": "~=4"}`, "at least two release numbers"},
		{`{"python": "django", "version": ">=4.*"}`, "only with == and !="},
		// Range parsers take tabs and line breaks for spaces: these were
		// accepted.
		{`{"npm": "pg", "version": "^8\n|| ^9"}`, `version "^8\n|| ^9" holds the control or invisible character U+000A`},
		{`{"npm": "pg", "version": ">=1\r\n<2"}`, "U+000D"},
		{`{"npm": "pg", "version": "^8\t"}`, "U+0009"},
		{`{"crate": "sqlx", "version": "0.7\u000b"}`, "U+000B"},
		{`{"npm": "pg", "version": "^8\u202e"}`, "U+202E"},
		{`{"all": [{"npm": "p\u0000g"}]}`, `all[0].npm: "p\x00g" holds the control or invisible character U+0000`},
	} {
		var v any
		if err := json.Unmarshal([]byte(c.src), &v); err != nil {
			t.Fatal(err)
		}
		_, err := Parse(v)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%s) = %v, want an error containing %q", c.src, err, c.want)
		}
	}
}

func TestRanges(t *testing.T) {
	for _, c := range []struct {
		eco      Ecosystem
		rng, ver string
		want     bool
	}{
		{Crate, "0.7", "0.7.4", true},
		{Crate, "0.7", "0.8.0", false}, // bare means caret
		{Crate, "=0.7.3", "0.7.4", false},
		{Crate, ">=0.6, <0.8", "0.7.0", true},
		{Crate, "1", "1.9.0", true},
		{Crate, "*", "3.0.0", true},
		{NPM, "5.10.2", "5.10.3", false}, // bare means equal
		{NPM, "^5.10", "5.11.0", true},
		{NPM, "~5.10.0", "5.11.0", false},
		{NPM, "1.2.3 - 2.3", "2.3.9", true},
		{NPM, "^4 || ^6", "5.0.0", false},
		{GoModule, "v5.5.0", "v5.5.4", true},
		{GoModule, ">=v5.0.0, <v5.5.0", "v5.5.4", false},
		{GoModule, "v1.2.0", "v1.2.0-pre", false},
		{Python, ">=4.2,<5", "4.2.11", true},
		{Python, ">=4.2,<5", "5.0", false},
		{Python, "~=2.2", "2.9", true},
		{Python, "~=2.2.0", "2.3", false},
		{Python, "==3.1.*", "3.1.18", true},
		{Python, "!=3.1.*", "3.1.18", false},
		{Python, ">1.0", "1.0.post1", true},
		{Python, "<1.0", "1.0rc1", true},
		{Python, "<1.0a1", "1.0.dev3", true},
		{Python, "==1.0", "1.0.0+local", true},
		{Python, "===1.0", "1.0", true},
		{Python, ">=1!1.0", "2.0", false}, // epoch
	} {
		test, err := compileRange(c.eco, c.rng)
		if err != nil {
			t.Errorf("%s %q: %v", c.eco, c.rng, err)
			continue
		}
		if got := test(c.ver); got != c.want {
			t.Errorf("%s %q matches %s = %v, want %v", c.eco, c.rng, c.ver, got, c.want)
		}
	}
}

func TestFindRoot(t *testing.T) {
	tmp := t.TempDir()
	repo := filepath.Join(tmp, "repo")
	sub := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(repo, ".git"), 0o755)
	if got := FindRoot(sub, tmp); got != repo {
		t.Errorf("FindRoot = %s, want %s", got, repo)
	}
	other := filepath.Join(tmp, "plain", "x")
	os.MkdirAll(other, 0o755)
	if got := FindRoot(other, tmp); got != other {
		t.Errorf("FindRoot without a repository = %s, want %s", got, other)
	}
	// A .git at home is not a repository root for directories under it.
	os.Mkdir(filepath.Join(tmp, ".git"), 0o755)
	if got := FindRoot(other, tmp); got != other {
		t.Errorf("FindRoot stopped at home's .git: %s", got)
	}
}

// hugeDir makes root/big with one empty file more than a glob reads
// (maxGlob) and returns its path.
func hugeDir(t *testing.T, root string) string {
	t.Helper()
	big := filepath.Join(root, "big")
	if err := os.Mkdir(big, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range maxGlob + 1 {
		f, err := os.Create(filepath.Join(big, fmt.Sprintf("f%05d", i)))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return big
}

func write(t testing.TB, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Refresh sees an edited manifest and lock file, a file that appears, a
// new workspace member and a path glob; a touch that keeps the content is
// no change.
func TestRefresh_SeesChanges(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "Cargo.toml"), "[workspace]\nmembers = [\"crates/*\"]\n")
	write(t, filepath.Join(root, "crates/a/Cargo.toml"), "[package]\nname = \"a\"\n")
	w := New(root)
	sqlx := mustParse(t, `{"crate": "sqlx", "version": "0.7"}`)
	if w.Eval(sqlx, nil).Applies {
		t.Fatal("sqlx applies before it is added")
	}
	if w.Refresh() {
		t.Fatal("Refresh reports a change when nothing changed")
	}
	// A touch with the same content: no change.
	later := time.Now().Add(2 * time.Second)
	os.Chtimes(filepath.Join(root, "Cargo.toml"), later, later)
	if w.Refresh() {
		t.Fatal("a touch without a content change counts as a change")
	}
	// A new member crate with sqlx, and the lock file appears.
	write(t, filepath.Join(root, "crates/b/Cargo.toml"), "[package]\nname = \"b\"\n[dependencies]\nsqlx = \"0.7\"\n")
	write(t, filepath.Join(root, "Cargo.lock"), "[[package]]\nname = \"sqlx\"\nversion = \"0.7.4\"\n")
	g := w.Gen()
	if !w.Refresh() || w.Gen() == g {
		t.Fatal("Refresh missed a new member and a new Cargo.lock")
	}
	if d := w.Eval(sqlx, nil); !d.Applies || !strings.Contains(d.By, "0.7.4") {
		t.Fatalf("after the change: %+v", d)
	}
	// The lock file moves to 0.8: out of range.
	write(t, filepath.Join(root, "Cargo.lock"), "[[package]]\nname = \"sqlx\"\nversion = \"0.8.0\"\n")
	if !w.Refresh() || w.Eval(sqlx, nil).Applies {
		t.Fatal("an edited Cargo.lock was not seen")
	}
	// Path globs.
	mig := mustParse(t, `{"path": "migrations/*.sql"}`)
	if w.Eval(mig, nil).Applies {
		t.Fatal("no migrations yet")
	}
	write(t, filepath.Join(root, "migrations/1.sql"), "")
	if !w.RefreshAll() || !w.Eval(mig, nil).Applies {
		t.Fatal("a new path match was not seen")
	}
}

// Refresh runs path globs again at most every PathRecheck (a glob may
// walk 10,000 entries, and a session refreshes before every call), while
// manifests are checked each time; RefreshAll runs them at once.
func TestRefresh_PathGlobsAtMostEveryRecheck(t *testing.T) {
	root := t.TempDir()
	w := New(root)
	mig := mustParse(t, `{"path": "migrations/*.sql"}`)
	if w.Eval(mig, nil).Applies {
		t.Fatal("no migrations yet")
	}
	w.Refresh() // the globs ran: the next run is PathRecheck away
	write(t, filepath.Join(root, "migrations/1.sql"), "")
	if w.Refresh() || w.Eval(mig, nil).Applies {
		t.Fatal("a path glob ran again within PathRecheck")
	}
	write(t, filepath.Join(root, "package.json"), `{"dependencies": {"prisma": "5.0.0"}}`)
	prisma := mustParse(t, `{"npm": "prisma"}`)
	if !w.Eval(prisma, nil).Applies {
		t.Fatal("prisma is not seen")
	}
	write(t, filepath.Join(root, "package.json"), `{"dependencies": {}}`)
	if !w.Refresh() || w.Eval(prisma, nil).Applies {
		t.Fatal("an edited manifest waited for the path globs' interval")
	}
	w.globbed = w.globbed.Add(-PathRecheck) // the interval has passed
	if !w.Refresh() || !w.Eval(mig, nil).Applies {
		t.Fatal("a path glob did not run again after PathRecheck")
	}
	os.Remove(filepath.Join(root, "migrations/1.sql"))
	if !w.RefreshAll() || w.Eval(mig, nil).Applies {
		t.Fatal("RefreshAll did not run the path globs at once")
	}
}

// BenchmarkRefresh_Unchanged is the cost of the freshness check of an
// unchanged workspace (the Cargo workspace of testdata, all four
// ecosystems read): what list_tools and execute pay per call.
func BenchmarkRefresh_Unchanged(b *testing.B) {
	for _, project := range []string{"cargo", "npm", "python", "gomod"} {
		b.Run(project, func(b *testing.B) {
			w := New(filepath.Join("testdata/projects", project))
			preds := []*Predicate{
				mustParse(b, `{"crate": "sqlx"}`), mustParse(b, `{"npm": "prisma"}`),
				mustParse(b, `{"python": "django"}`), mustParse(b, `{"goModule": "github.com/jackc/pgx/v5"}`),
				mustParse(b, `{"path": "migrations/*.sql"}`),
			}
			for _, p := range preds {
				w.Eval(p, nil)
			}
			b.ResetTimer()
			for b.Loop() {
				if w.Refresh() {
					b.Fatal("changed")
				}
			}
		})
	}
}

// BenchmarkResolve_Cached is a whole re-resolution when nothing changed:
// Refresh plus evaluating eight servers' predicates from the cache.
func BenchmarkResolve_Cached(b *testing.B) {
	w := New("testdata/projects/cargo")
	var preds []*Predicate
	for _, src := range goldenPredicates[:8] {
		preds = append(preds, mustParse(b, src))
	}
	for b.Loop() {
		w.Refresh()
		for _, p := range preds {
			w.Eval(p, nil)
		}
	}
}

// A repository's Cargo.toml nested millions of levels deep (4 MB of
// brackets: the recursive TOML decoder's stack overflow is fatal) is a
// problem naming the file and line, not a crash of serve.
func TestEval_DeepManifestIsAProblemNotACrash(t *testing.T) {
	dir := t.TempDir()
	deep := "[package]\nname = \"x\"\n[dependencies]\nsqlx = " + strings.Repeat("[", 2_000_000) + strings.Repeat("]", 2_000_000) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "Cargo.toml"), []byte(deep), 0o644); err != nil {
		t.Fatal(err)
	}
	d := New(dir).Eval(mustParse(t, `{"crate": "sqlx"}`), nil)
	if !strings.Contains(strings.Join(d.Problems, "\n"), "Cargo.toml:4: nested deeper than 100 levels") {
		t.Errorf("problems %q", d.Problems)
	}
}

// A manifest that is there but cannot be read (over safefile's bound
// here; a FIFO or a file without read permission alike) is a problem
// naming it, not a missing file: "no package.json in DIR" sent the user
// looking for a file that was there.
func TestEval_UnreadableManifestIsAProblemNotAbsent(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(safefile.DefaultMax + 1); err != nil { // sparse: no 16 MiB written
		t.Fatal(err)
	}
	f.Close()
	d := New(dir).Eval(mustParse(t, `{"npm": "react"}`), nil)
	if d.Applies || strings.Contains(d.By, "no package.json") {
		t.Errorf("decision %v by %q, want not applying, without calling the file missing", d.Applies, d.By)
	}
	if p := strings.Join(d.Problems, "\n"); !strings.Contains(p, filepath.Join(dir, "package.json")) || !strings.Contains(p, "over the") {
		t.Errorf("problems %q, want one naming package.json and its size bound", d.Problems)
	}
}

// Workspace member globs (package.json workspaces, pnpm-workspace.yaml,
// Cargo and uv members) and path predicates stay inside the root: a
// pattern with ".." is a problem naming its file, and a symbolic link
// to outside the root matches nothing. A repository's
// "workspaces": ["../../../../../*/*/*/*/*"] walked and read the whole
// file system at each resolve; a link inside the root still counts.
func TestEval_GlobsStayInsideTheRoot(t *testing.T) {
	dir := t.TempDir()
	ws, out := filepath.Join(dir, "ws"), filepath.Join(dir, "outside")
	files := map[string]string{
		"outside/pkg/package.json":   `{"name": "o", "dependencies": {"pg": "^8"}}`,
		"outside/pkg/Cargo.toml":     "[package]\nname = \"o\"\n[dependencies]\nsqlx = \"0.7\"\n",
		"outside/pkg/pyproject.toml": "[project]\nname = \"o\"\ndependencies = [\"psycopg\"]\n",
		"outside/pkg/q.sql":          "",
		"ws/package.json":            `{"name": "w", "workspaces": ["../outside/*", "up/*", "inner/*"]}`,
		"ws/pnpm-workspace.yaml":     "packages:\n  - '../outside/**'\n",
		"ws/Cargo.toml":              "[workspace]\nmembers = [\"../outside/*\", \"up/*\"]\n",
		"ws/pyproject.toml":          "[project]\nname = \"w\"\n[tool.uv.workspace]\nmembers = [\"../outside/*\"]\n",
		"ws/real/lib/package.json":   `{"name": "l", "dependencies": {"react": "^18"}}`,
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(out, filepath.Join(ws, "up")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(ws, "inner")); err != nil {
		t.Fatal(err)
	}
	w := New(ws)
	if d := w.Eval(mustParse(t, `{"npm": "react"}`), nil); !d.Applies || !strings.Contains(d.By, "inner/lib/package.json") {
		t.Errorf("react (a member through a link inside the root): applies %v by %q", d.Applies, d.By)
	}
	for _, p := range []string{`{"npm": "pg"}`, `{"crate": "sqlx"}`, `{"python": "psycopg"}`, `{"path": "up/*/q.sql"}`} {
		if d := w.Eval(mustParse(t, p), nil); d.Applies {
			t.Errorf("%s applies, by %q: a file outside the root was read", p, d.By)
		}
	}
	d := w.Eval(mustParse(t, `{"npm": "pg"}`), nil)
	probs := strings.Join(d.Problems, "\n")
	for _, want := range []string{`package.json: workspace member "../outside/*" is outside the workspace root: not read`, `pnpm-workspace.yaml: workspace member "../outside/**" is outside`} {
		if !strings.Contains(probs, want) {
			t.Errorf("problems %q lack %q", d.Problems, want)
		}
	}
	if d := w.Eval(mustParse(t, `{"crate": "sqlx"}`), nil); !strings.Contains(strings.Join(d.Problems, "\n"), `Cargo.toml: workspace member "../outside/*" is outside`) {
		t.Errorf("crate problems %q", d.Problems)
	}
}

// A member glob that would look at more than maxGlob paths is a problem
// naming its file: with three links to "." in the root, twelve "*" held a
// CPU for minutes (3^12 paths at each resolve).
func TestEval_GlobOverTheBoundIsAProblem(t *testing.T) {
	ws := t.TempDir()
	for _, l := range []string{"a", "b", "c"} {
		if err := os.Symlink(".", filepath.Join(ws, l)); err != nil {
			t.Fatal(err)
		}
	}
	stars := strings.Repeat("*/", 11) + "*"
	if err := os.WriteFile(filepath.Join(ws, "package.json"), []byte(`{"name": "w", "workspaces": ["`+stars+`"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	d := New(ws).Eval(mustParse(t, `{"npm": "pg"}`), nil)
	want := `package.json: workspace member "` + stars + `" looks at more than 10000 paths: not read`
	if d.Applies || !strings.Contains(strings.Join(d.Problems, "\n"), want) {
		t.Errorf("applies %v, problems %q, want %q", d.Applies, d.Problems, want)
	}
	if d := New(ws).Eval(mustParse(t, `{"path": "`+stars+`/package.json"}`), nil); d.Applies || !strings.Contains(d.By, "looks at more than 10000 paths, taken as no match: name a narrower pattern") {
		t.Errorf("a path glob over the bound: applies %v, by %q", d.Applies, d.By)
	}
}

// A manifest listing more than maxPatterns members is a problem naming
// it, and the rest are not read: a package.json with 100,000 workspaces
// took 8 s to resolve.
func TestEval_TooManyMembersIsAProblem(t *testing.T) {
	ws := t.TempDir()
	pats := make([]string, 3*maxPatterns)
	for i := range pats {
		pats[i] = fmt.Sprintf(`"p%d"`, i)
	}
	os.WriteFile(filepath.Join(ws, "package.json"), []byte(`{"name": "w", "workspaces": [`+strings.Join(pats, ", ")+`]}`), 0o644)
	os.WriteFile(filepath.Join(ws, "go.work"), []byte("go 1.22\n\nuse (\n"+strings.Repeat("\t./m\n", 3*maxPatterns)+")\n"), 0o644)
	for _, tt := range []struct{ pred, file string }{{`{"npm": "pg"}`, "package.json"}, {`{"goModule": "example.com/x"}`, "go.work"}} {
		d := New(ws).Eval(mustParse(t, tt.pred), nil)
		want := fmt.Sprintf("%s: more than %d workspace members: the rest are not read", tt.file, maxPatterns)
		if p := strings.Join(d.Problems, "\n"); strings.Count(p, want) != 1 {
			t.Errorf("%s: problems %q, want one %q", tt.pred, d.Problems, want)
		}
	}
}

// Workspace member patterns with "**" match as their tools do: npm's and
// pnpm's "packages/**" is packages and every directory below it, Cargo's
// and uv's "crates/**" every directory below; a negated npm or pnpm
// pattern ("!**/test/**") and uv's exclude leave members out. npm's
// "packages/**" was cut to "packages" (none of the nested packages was
// read) and negations were skipped (their members were read).
func TestEval_MemberPatternsWithDoubleStar(t *testing.T) {
	root := t.TempDir()
	for name, content := range map[string]string{
		"package.json":                           `{"name": "w", "workspaces": ["packages/**", "!packages/legacy", "/tools/*"]}`,
		"packages/package.json":                  `{"name": "p", "dependencies": {"lodash": "^4"}}`,
		"packages/group/a/package.json":          `{"name": "a", "dependencies": {"pg": "^8"}}`,
		"packages/b/package.json":                `{"name": "b", "dependencies": {"react": "^18"}}`,
		"packages/legacy/package.json":           `{"name": "l", "dependencies": {"jquery": "^3"}}`,
		"packages/b/node_modules/x/package.json": `{"name": "x", "dependencies": {"left-pad": "^1"}}`,
		"tools/t/package.json":                   `{"name": "t", "dependencies": {"zx": "^8"}}`,
		"pnpm-workspace.yaml":                    "packages:\n  - 'apps/**'\n  - '!**/test/**'\n",
		"apps/web/package.json":                  `{"name": "web", "dependencies": {"next": "^14"}}`,
		"apps/web/test/fixture/package.json":     `{"name": "f", "dependencies": {"mocha": "^10"}}`,
		"Cargo.toml":                             "[workspace]\nmembers = [\"crates/**\"]\n",
		"crates/Cargo.toml":                      "[package]\nname = \"c\"\n[dependencies]\nanyhow = \"1\"\n",
		"crates/db/pg/Cargo.toml":                "[package]\nname = \"pg\"\n[dependencies]\nsqlx = \"0.7\"\n",
		"pyproject.toml":                         "[project]\nname = \"w\"\n[tool.uv.workspace]\nmembers = [\"libs/**\"]\nexclude = [\"libs/old/*\"]\n",
		"libs/core/deep/pyproject.toml":          "[project]\nname = \"d\"\ndependencies = [\"django\"]\n",
		"libs/old/x/pyproject.toml":              "[project]\nname = \"x\"\ndependencies = [\"flask\"]\n",
	} {
		write(t, filepath.Join(root, filepath.FromSlash(name)), content)
	}
	w := New(root)
	for pred, want := range map[string]bool{
		`{"npm": "pg"}`:        true,  // packages/group/a: two levels down
		`{"npm": "react"}`:     true,  // packages/b
		`{"npm": "lodash"}`:    true,  // packages itself
		`{"npm": "jquery"}`:    false, // !packages/legacy
		`{"npm": "left-pad"}`:  false, // node_modules is never a member
		`{"npm": "zx"}`:        true,  // "/tools/*" is the root's tools
		`{"npm": "next"}`:      true,
		`{"npm": "mocha"}`:     false, // !**/test/**
		`{"crate": "sqlx"}`:    true,  // crates/db/pg
		`{"crate": "anyhow"}`:  false, // the glob crate's crates/** is below crates
		`{"python": "django"}`: true,
		`{"python": "flask"}`:  false, // exclude
	} {
		if d := w.Eval(mustParse(t, pred), nil); d.Applies != want {
			t.Errorf("%s = %v (%s), want %v; problems %q", pred, d.Applies, d.By, want, d.Problems)
		}
	}
	// A new package deep under packages/** is seen.
	write(t, filepath.Join(root, "packages/group/c/package.json"), `{"name": "c", "dependencies": {"vue": "^3"}}`)
	if !w.Refresh() || !w.Eval(mustParse(t, `{"npm": "vue"}`), nil).Applies {
		t.Error("a new package under packages/** was not seen")
	}
}

// matchPath is a member's match against a negated or exclude pattern.
func TestMatchPath(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		npm, want     bool
	}{
		{"packages/legacy", "packages/legacy", true, true},
		{"packages/legacy", "packages/legacy/sub", true, false},
		{"packages/*", "packages/a", false, true},
		{"**/test/**", "apps/web/test/fixture", true, true},
		{"**/test/**", "test", true, true},
		{"**/test/**", "test", false, false},
		{"**/test/**", "apps/test/x", false, true},
		{"**/test/**", "apps/tests", true, false},
		{"libs/**", "libs", true, true},
		{"libs/**", "libs", false, false},
		{"a/**/b", "a/b", false, true},
		{"a/**/b", "a/x/y/b", false, true},
		{"a/**/b", "a/x/y/c", false, false},
		{strings.Repeat("**/a/", 30) + "b", strings.Repeat("a/", 200) + "c", false, false}, // no backtracking blow-up
	} {
		if got := matchPath(c.pattern, c.name, c.npm); got != c.want {
			t.Errorf("matchPath(%q, %q, npm %v) = %v, want %v", c.pattern, c.name, c.npm, got, c.want)
		}
	}
}

// Cargo's [workspace] exclude is a path, not a glob (cargo's
// WorkspaceRootConfig::is_excluded: the manifest's path starts with
// root/entry, a whole element at a time), and a members entry that is
// itself such a path keeps its member. It was exact strings only:
// exclude = ["crates"] or ["./crates/old/"] left every member in.
func TestEval_CargoExcludeIsAPathPrefix(t *testing.T) {
	for _, c := range []struct {
		members, exclude string
		want             map[string]bool // crate: applies
	}{
		{`["crates/*"]`, `["crates/old"]`, map[string]bool{"sqlx": true, "diesel": false}},
		{`["crates/*"]`, `["./crates/old/"]`, map[string]bool{"sqlx": true, "diesel": false}},
		{`["crates/*", "crates-extra/*"]`, `["crates"]`, map[string]bool{"sqlx": false, "diesel": false, "tokio": true}}, // crates-extra is not below crates
		{`["crates/*", "crates/old"]`, `["crates"]`, map[string]bool{"sqlx": false, "diesel": true}},                     // an explicit member stays
		{`["crates/*"]`, `["crates/*"]`, map[string]bool{"sqlx": true, "diesel": true}},                                  // not a glob to Cargo
		{`["crates/*"]`, `["crates/old/Cargo.toml"]`, map[string]bool{"sqlx": true, "diesel": false}},
		{`["crates/*"]`, `["../crates/old", "crates/../crates/old"]`, map[string]bool{"diesel": true}},
		{`["crates/*"]`, `["."]`, map[string]bool{"sqlx": false, "diesel": false}},
	} {
		root := t.TempDir()
		for name, content := range map[string]string{
			"Cargo.toml":                "[workspace]\nmembers = " + c.members + "\nexclude = " + c.exclude + "\n",
			"crates/db/Cargo.toml":      "[package]\nname = \"db\"\n[dependencies]\nsqlx = \"0.7\"\n",
			"crates/old/Cargo.toml":     "[package]\nname = \"old\"\n[dependencies]\ndiesel = \"2\"\n",
			"crates-extra/x/Cargo.toml": "[package]\nname = \"x\"\n[dependencies]\ntokio = \"1\"\n",
		} {
			write(t, filepath.Join(root, filepath.FromSlash(name)), content)
		}
		w := New(root)
		for crate, want := range c.want {
			if d := w.Eval(mustParse(t, `{"crate": "`+crate+`"}`), nil); d.Applies != want {
				t.Errorf("members %s, exclude %s: %s applies %v (%s), want %v; problems %q", c.members, c.exclude, crate, d.Applies, d.By, want, d.Problems)
			}
		}
	}
}

// npm's and pnpm's member globs match no directory whose name begins
// with a dot unless the pattern's segment does (minimatch and fast-glob
// without their dot option; checked with npm 11: "packages/**" leaves out
// packages/.cache and packages/x/.y/c, "packages/.*" takes
// packages/.hidden). Cargo's glob crate matches them (checked with
// cargo metadata). Both were read as Cargo reads them.
func TestEval_NPMGlobsSkipDotDirectories(t *testing.T) {
	root := t.TempDir()
	for name, content := range map[string]string{
		"package.json":                   `{"name": "w", "workspaces": ["packages/**", "tools/*", "extra/.*"]}`,
		"packages/a/package.json":        `{"name": "a", "dependencies": {"pg": "^8"}}`,
		"packages/.cache/package.json":   `{"name": "c", "dependencies": {"left-pad": "^1"}}`,
		"packages/.cache/b/package.json": `{"name": "b", "dependencies": {"lodash": "^4"}}`,
		"packages/x/.y/c/package.json":   `{"name": "xc", "dependencies": {"jquery": "^3"}}`,
		"tools/.hidden/package.json":     `{"name": "h", "dependencies": {"mocha": "^10"}}`,
		"extra/.dot/package.json":        `{"name": "d", "dependencies": {"zx": "^8"}}`,
		"pnpm-workspace.yaml":            "packages:\n  - 'apps/**'\n",
		"apps/web/package.json":          `{"name": "web", "dependencies": {"next": "^14"}}`,
		"apps/.turbo/cache/package.json": `{"name": "t", "dependencies": {"vue": "^3"}}`,
		"Cargo.toml":                     "[workspace]\nmembers = [\"crates/*\"]\n",
		"crates/.hidden/Cargo.toml":      "[package]\nname = \"h\"\n[dependencies]\nsqlx = \"0.7\"\n",
	} {
		write(t, filepath.Join(root, filepath.FromSlash(name)), content)
	}
	w := New(root)
	for pred, want := range map[string]bool{
		`{"npm": "pg"}`:       true,
		`{"npm": "left-pad"}`: false, // packages/.cache
		`{"npm": "lodash"}`:   false, // below packages/.cache
		`{"npm": "jquery"}`:   false, // packages/x/.y/c
		`{"npm": "mocha"}`:    false, // tools/* does not take tools/.hidden
		`{"npm": "zx"}`:       true,  // extra/.* does
		`{"npm": "next"}`:     true,
		`{"npm": "vue"}`:      false, // pnpm's apps/** leaves out apps/.turbo
		`{"crate": "sqlx"}`:   true,  // Cargo's crates/* takes crates/.hidden
	} {
		if d := w.Eval(mustParse(t, pred), nil); d.Applies != want {
			t.Errorf("%s = %v (%s), want %v; problems %q", pred, d.Applies, d.By, want, d.Problems)
		}
	}
}

// A member or path glob reads at most maxGlob directory entries, counting
// every name it looks at, not only matches: "big/x*" over a directory of
// more names than that was "no match" without a word (each resolve read
// the whole directory: 1.5 s for a million names), and a "**" walk read
// a whole directory before it counted its first entry. Over the bound
// is a problem naming the file and the pattern, or a path predicate's
// reason.
func TestEval_GlobOverAHugeDirectoryIsAProblem(t *testing.T) {
	root := t.TempDir()
	big := hugeDir(t, root)
	write(t, filepath.Join(root, "package.json"), `{"name": "w", "workspaces": ["big/x*"]}`)
	w := New(root)
	d := w.Eval(mustParse(t, `{"npm": "pg"}`), nil)
	if want := `package.json: workspace member "big/x*" looks at more than 10000 paths: not read; name the member directories`; !strings.Contains(strings.Join(d.Problems, "\n"), want) {
		t.Errorf("problems %q, want %q", d.Problems, want)
	}
	if d := New(root).Eval(mustParse(t, `{"path": "big/*.sql"}`), nil); d.Applies || d.By != "path big/*.sql: looks at more than 10000 paths, taken as no match: name a narrower pattern" {
		t.Errorf("path big/*.sql: applies %v, by %q", d.Applies, d.By)
	}
	// The directory shrinks below the bound: the next refresh sees it
	// (the problem stayed until a manifest changed) and reads the member.
	for i := range maxGlob + 1 {
		if err := os.Remove(filepath.Join(big, fmt.Sprintf("f%05d", i))); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(big, "x1/package.json"), `{"name": "x1", "dependencies": {"pg": "^8"}}`)
	if !w.Refresh() {
		t.Error("Refresh saw no change after the directory shrank")
	}
	if d := w.Eval(mustParse(t, `{"npm": "pg"}`), nil); !d.Applies || len(d.Problems) != 0 {
		t.Errorf("after the directory shrank: applies %v, problems %q", d.Applies, d.Problems)
	}
}

// A list of member patterns that is not an array of strings is a problem
// naming the file and the field, as npm ("workspaces config expects an
// Array"), Cargo and uv refuse it; it was left out without a word, so a
// member's dependencies went unseen and nothing said why.
func TestEval_MemberListOfTheWrongTypeIsAProblem(t *testing.T) {
	for _, c := range []struct{ file, content, pred, want string }{
		{"package.json", `{"name": "w", "workspaces": "packages/*"}`, `{"npm": "pg"}`, `package.json: workspaces must be an array of strings, not a string: its members are not read`},
		{"package.json", `{"name": "w", "workspaces": ["packages/*", 1]}`, `{"npm": "pg"}`, `package.json: workspaces must be an array of strings, not an array holding a number at [1]: its members are not read`},
		{"package.json", `{"name": "w", "workspaces": {"packages": "packages/*"}}`, `{"npm": "pg"}`, `package.json: workspaces.packages must be an array of strings, not a string`},
		{"package.json", `{"name": "w", "workspaces": {"nohoist": []}}`, `{"npm": "pg"}`, `package.json: workspaces must be an array of strings, not an object`},
		{"package.json", `{"name": "w", "workspaces": null}`, `{"npm": "pg"}`, `package.json: workspaces must be an array of strings, not null`},
		{"Cargo.toml", "[workspace]\nmembers = \"crates/*\"\n", `{"crate": "sqlx"}`, `Cargo.toml: workspace.members must be an array of strings, not a string: its members are not read`},
		{"Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\nexclude = [true]\n", `{"crate": "sqlx"}`, `Cargo.toml: workspace.exclude must be an array of strings, not an array holding a boolean at [0]`},
		{"Cargo.toml", "workspace = 3\n", `{"crate": "sqlx"}`, `Cargo.toml: workspace must be a table ([workspace]), not a number`},
		{"pyproject.toml", "[project]\nname = \"w\"\n[tool.uv.workspace]\nmembers = {a = 1}\n", `{"python": "django"}`, `pyproject.toml: tool.uv.workspace.members must be an array of strings, not an object`},
	} {
		root := t.TempDir()
		write(t, filepath.Join(root, c.file), c.content)
		write(t, filepath.Join(root, "packages/a/package.json"), `{"name": "a", "dependencies": {"pg": "^8"}}`)
		write(t, filepath.Join(root, "crates/a/Cargo.toml"), "[package]\nname = \"a\"\n[dependencies]\nsqlx = \"0.7\"\n")
		d := New(root).Eval(mustParse(t, c.pred), nil)
		if !strings.Contains(strings.Join(d.Problems, "\n"), c.want) {
			t.Errorf("%s %s: problems %q, want %q", c.file, c.content, d.Problems, c.want)
		}
	}
	// Right types are no problem.
	root := t.TempDir()
	write(t, filepath.Join(root, "package.json"), `{"name": "w", "workspaces": {"packages": ["packages/*"], "nohoist": ["**/x"]}}`)
	write(t, filepath.Join(root, "packages/a/package.json"), `{"name": "a", "dependencies": {"pg": "^8"}}`)
	if d := New(root).Eval(mustParse(t, `{"npm": "pg"}`), nil); !d.Applies || len(d.Problems) != 0 {
		t.Errorf("yarn's workspaces object: applies %v, problems %q", d.Applies, d.Problems)
	}
}

// A byte-order mark at the start of package.json, package-lock.json or
// requirements.txt is skipped, as npm and pip read them (checked with npm
// 11 and pip 23): package.json was "invalid character 'ï'" and its
// dependencies unseen, and the first requirement was no name, left out
// without a word. go.mod keeps Go's reading: the go command refuses a
// mark ("unexpected input character"), and so do we, naming the file.
func TestEval_ByteOrderMarkAsTheToolsReadIt(t *testing.T) {
	bom := "\ufeff"
	for _, c := range []struct {
		file, content, pred string
		applies             bool
	}{
		{"package.json", bom + `{"name": "w", "dependencies": {"pg": "^8"}}`, `{"npm": "pg"}`, true},
		{"requirements.txt", bom + "flask==2.0\n", `{"python": "flask", "version": "==2.0"}`, true},
		{"Cargo.toml", bom + "[package]\nname = \"a\"\n[dependencies]\nsqlx = \"0.7\"\n", `{"crate": "sqlx"}`, true},
		{"go.mod", bom + "module x\n\ngo 1.22\n\nrequire example.com/y v1.0.0\n", `{"goModule": "example.com/y"}`, false},
	} {
		root := t.TempDir()
		write(t, filepath.Join(root, c.file), c.content)
		d := New(root).Eval(mustParse(t, c.pred), nil)
		if d.Applies != c.applies || c.applies && len(d.Problems) > 0 || !c.applies && len(d.Problems) == 0 {
			t.Errorf("%s: applies %v (%s), problems %q; want applies %v", c.file, d.Applies, d.By, d.Problems, c.applies)
		}
	}
	// package-lock.json with a mark still gives the version.
	root := t.TempDir()
	write(t, filepath.Join(root, "package.json"), `{"name": "w", "dependencies": {"pg": "^8"}}`)
	write(t, filepath.Join(root, "package-lock.json"), bom+`{"packages": {"node_modules/pg": {"version": "8.11.3"}}}`)
	if d := New(root).Eval(mustParse(t, `{"npm": "pg", "version": ">=8.11"}`), nil); !d.Applies || len(d.Problems) > 0 {
		t.Errorf("package-lock.json with a mark: applies %v (%s), problems %q", d.Applies, d.By, d.Problems)
	}
}

// A directory holding more entries than a glob looks at is stamped once
// per resolve, however many member patterns name something in it, and
// listed no further than the bound: a package.json of 1,000 literal
// members in a directory of 10,001 entries listed and hashed it whole
// for each, 16 s and 2.6 GB at every resolve (a million entries, some
// seconds per pattern).
func TestEval_MemberPatternsInAHugeDirectoryCostTheBound(t *testing.T) {
	root := t.TempDir()
	big := hugeDir(t, root)
	pats := make([]string, maxPatterns)
	for i := range pats {
		pats[i] = fmt.Sprintf("big/m%d", i)
	}
	pj, _ := json.Marshal(map[string]any{"name": "w", "workspaces": pats})
	write(t, filepath.Join(root, "package.json"), string(pj))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	w := New(root)
	d := w.Eval(mustParse(t, `{"npm": "pg"}`), nil)
	runtime.ReadMemStats(&after)
	if d.Applies || len(d.Problems) != 0 {
		t.Errorf("applies %v, problems %q", d.Applies, d.Problems)
	}
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 200 {
		t.Errorf("resolving allocated %d MB: the directory was listed for each pattern", mb)
	}
	// A member appearing in it is seen (its mtime moved).
	write(t, filepath.Join(big, "m7/package.json"), `{"name": "m7", "dependencies": {"pg": "^8"}}`)
	if !w.Refresh() {
		t.Fatal("Refresh saw no change after a member appeared")
	}
	if d := w.Eval(mustParse(t, `{"npm": "pg"}`), nil); !d.Applies {
		t.Errorf("after big/m7 appeared: applies %v, by %q", d.Applies, d.By)
	}
}

// A manifest or lock file at a fixed name that is a symbolic link to a
// file outside the root is not read, with a problem naming it, as member
// globs and path predicates already refuse such links: a repository's
// Cargo.toml linked to ../../.aws/credentials had its TOML error quote
// the key it met ("expected value but found \"AKIAIOSFODNN\"") into the
// list_tools index, and pnpm-workspace.yaml linked to ~/.npmrc its first
// bytes. A link inside the root still counts.
func TestEval_AManifestLinkedOutsideTheRootIsNotRead(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	write(t, filepath.Join(dir, "creds"), "[default]\naws_secret_access_key = wJalrXUtnFEMIK\n")
	write(t, filepath.Join(dir, "npmrc"), "//registry.npmjs.org/:_authToken=npm_abcdefghij\n")
	write(t, filepath.Join(ws, "package.json"), `{"name": "w", "workspaces": ["pkgs/*"]}`)
	write(t, filepath.Join(ws, "pkgs/a/real.json"), `{"name": "a", "dependencies": {"pg": "^8"}}`)
	for link, target := range map[string]string{
		"Cargo.toml":          "../creds",
		"pnpm-workspace.yaml": "../npmrc",
		"pyproject.toml":      filepath.Join(dir, "creds"),
		"pkgs/a/package.json": "real.json", // inside: read
	} {
		if err := os.Symlink(target, filepath.Join(ws, link)); err != nil {
			t.Fatal(err)
		}
	}
	w := New(ws)
	for p, want := range map[string]string{
		`{"crate": "x"}`:  "Cargo.toml is a symbolic link to outside the workspace root: not read",
		`{"npm": "x"}`:    "pnpm-workspace.yaml is a symbolic link to outside the workspace root: not read",
		`{"python": "x"}`: "pyproject.toml is a symbolic link to outside the workspace root: not read",
	} {
		d := w.Eval(mustParse(t, p), nil)
		all := d.By + strings.Join(d.Problems, "\n")
		if !slices.Contains(d.Problems, want) || strings.Contains(all, "wJalr") || strings.Contains(all, "//regis") {
			t.Errorf("%s: by %q, problems %q; want the problem %q and nothing of the file", p, d.By, d.Problems, want)
		}
		if slices.ContainsFunc(d.Files, func(f string) bool { return !strings.HasPrefix(f, "pkgs/") && f != "package.json" }) {
			t.Errorf("%s: files read %q", p, d.Files)
		}
	}
	if d := w.Eval(mustParse(t, `{"npm": "pg"}`), nil); !d.Applies {
		t.Errorf("pg (a member's package.json linked inside the root): applies %v by %q", d.Applies, d.By)
	}
	if w.Refresh() {
		t.Error("Refresh saw a change where there was none")
	}
}

// A requirements file or yarn.lock with a line longer than the scanner
// takes is a problem naming the file and the line: the rest of the file
// was dropped without a word, and the dependencies after it went unseen.
func TestEval_AnOverlongLineIsAProblem(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "requirements.txt"), "flask==3.0.2\n# "+strings.Repeat("x", 70<<10)+"\ndjango==4.2\n")
	d := New(root).Eval(mustParse(t, `{"python": "flask"}`), nil)
	if want := "requirements.txt:2: bufio.Scanner: token too long: the rest of the file is not read"; !d.Applies || !slices.Contains(d.Problems, want) {
		t.Errorf("applies %v, problems %q; want %q", d.Applies, d.Problems, want)
	}
	write(t, filepath.Join(root, "package.json"), `{"name": "w", "dependencies": {"pg": "^8"}}`)
	write(t, filepath.Join(root, "yarn.lock"), "pg@^8:\n  version \"8.11.3\"\n\"x@"+strings.Repeat("y", 5<<20)+"\":\n")
	d = New(root).Eval(mustParse(t, `{"npm": "pg"}`), nil)
	if want := "yarn.lock:3: bufio.Scanner: token too long: the rest of the file is not read"; !d.Applies || !slices.Contains(d.Problems, want) {
		t.Errorf("applies %v by %q, problems %q; want %q", d.Applies, d.By, d.Problems, want)
	}
}

// A problem goes into the list_tools index on one line, without hidden
// characters and bounded: a YAML decoder's error runs over several lines,
// the second quoting the file as it is (zero-width characters, a bidi
// override, a long value).
func TestEval_AProblemIsOneCleanBoundedLine(t *testing.T) {
	root := t.TempDir()
	yaml := "packages: \"ab\u200bcd\u202eef" + strings.Repeat("x", 2000) + "\"\n"
	write(t, filepath.Join(root, "pnpm-workspace.yaml"), yaml)
	write(t, filepath.Join(root, "package.json"), `{"name":"r"}`)
	d := New(root).Eval(mustParse(t, `{"npm": "pg"}`), nil)
	if len(d.Problems) == 0 {
		t.Fatal("no problem for a malformed pnpm-workspace.yaml")
	}
	for _, p := range d.Problems {
		if strings.ContainsAny(p, "\n\r\u200b\u202e") || len(p) > maxProblemBytes+len("…") || !strings.HasPrefix(p, "pnpm-workspace.yaml") {
			t.Errorf("problem %q (%d bytes): want one line naming the file, no hidden characters, at most %d bytes", p, len(p), maxProblemBytes)
		}
	}
}

// Round sixty-six: a predicate whose ecosystem had two unreadable files
// said so in one "decided by" text holding a line break (errors.Join),
// whose second file began a line of its own in switchboard servers'
// listing; it is one line now, the problems apart.
func TestEval_TwoUnreadableFilesAreDecidedOnOneLine(t *testing.T) {
	ws := t.TempDir()
	write(t, filepath.Join(ws, "package.json"), `{"name": "w", "workspaces": ["../a/*"]}`)
	write(t, filepath.Join(ws, "pnpm-workspace.yaml"), "packages:\n  - \"../b/**\"\n")
	d := New(ws).Eval(mustParse(t, `{"npm": "pg"}`), nil)
	want := `npm pg: not found; unreadable: package.json: workspace member "../a/*" is outside the workspace root: not read; pnpm-workspace.yaml: workspace member "../b/**" is outside the workspace root: not read`
	if d.Applies || d.By != want {
		t.Errorf("applies %v by %q, want %q", d.Applies, d.By, want)
	}
}

// TestEval_ManyPathPredicatesShareOneBound: each path glob had a bound
// of its own only, and a plugin of 20,000 servers, each "when" a
// different "**/…" pattern, walked the tree 20,000 times on every
// resolve (41 s for `switchboard servers` over 157 paths in round
// eighty-five). The path predicates of one workspace now look at
// maxGlobAll paths in all; those past it are not run and say so, the
// same ones on every recheck (no resolve flaps between them).
func TestEval_ManyPathPredicatesShareOneBound(t *testing.T) {
	root := t.TempDir()
	for i := range 200 {
		write(t, filepath.Join(root, "d", fmt.Sprintf("s%03d", i), "a.sql"), "")
	}
	w := New(root)
	if d := w.Eval(mustParse(t, `{"path": "**/s007/a.sql"}`), nil); !d.Applies {
		t.Fatalf("a matching pattern before the bound: %s", d.By)
	}
	n, cut := 0, 0
	var firstCut string
	for i := 0; i < 2000; i++ {
		pat := fmt.Sprintf("**/*.x%d", i)
		d := w.Eval(mustParse(t, `{"path": "`+pat+`"}`), nil)
		if d.Applies {
			t.Fatalf("%s applies", pat)
		}
		n++
		if strings.Contains(d.By, "not looked at") {
			if cut == 0 {
				firstCut = pat
				if want := "path " + pat + ": " + errGlobBudget + ", taken as no match: use fewer or narrower path patterns"; d.By != want {
					t.Errorf("by %q, want %q", d.By, want)
				}
			}
			cut++
		}
	}
	if w.globSeen > maxGlobAll+maxGlob+1 || cut == 0 || cut > n-100 {
		t.Fatalf("looked at %d paths over %d patterns, %d not run (bound %d)", w.globSeen, n, cut, maxGlobAll)
	}
	// Rechecked in the order first run: nothing changed, so no new
	// generation, and the same pattern is the first not run.
	if w.RefreshAll() {
		t.Errorf("a recheck of an unchanged tree reported a change")
	}
	if d := w.Eval(mustParse(t, `{"path": "`+firstCut+`"}`), nil); !strings.Contains(d.By, "not looked at") {
		t.Errorf("after a recheck %s: %s", firstCut, d.By)
	}
	if d := w.Eval(mustParse(t, `{"path": "**/s007/a.sql"}`), nil); !d.Applies {
		t.Errorf("after a recheck, the first pattern: %s", d.By)
	}
}

// A manifest that is a symbolic link in a loop is a problem naming it,
// as an unreadable one is: it was taken as absent without a word
// (round 111).
func TestEval_AManifestLinkedToItselfIsAProblem(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("package.json", filepath.Join(dir, "package.json")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	d := New(dir).Eval(mustParse(t, `{"npm": "react"}`), nil)
	if d.Applies || strings.Contains(d.By, "no package.json") {
		t.Errorf("decision %v by %q, want not applying, without calling the file missing", d.Applies, d.By)
	}
	if p := strings.Join(d.Problems, "\n"); !strings.Contains(p, "package.json is a symbolic link in a loop") {
		t.Errorf("problems %q, want one naming package.json as a link in a loop", d.Problems)
	}
}
