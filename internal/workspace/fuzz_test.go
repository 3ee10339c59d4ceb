package workspace

import (
	"encoding/json"
	"testing"
)

// FuzzParse: any JSON is a predicate or an error, never a panic, and a
// parsed one evaluates.
func FuzzParse(f *testing.F) {
	for _, s := range goldenPredicates {
		f.Add(s)
	}
	f.Add(`{"any": [{"not": {"all": [{"path": "[a-"}]}}]}`)
	w := New("testdata/projects/none")
	f.Fuzz(func(t *testing.T, src string) {
		var v any
		if json.Unmarshal([]byte(src), &v) != nil {
			return
		}
		p, err := Parse(v)
		if err != nil {
			return
		}
		_ = p.String()
		w.Eval(p, nil)
	})
}

// FuzzRanges: ranges and versions of every ecosystem never panic.
func FuzzRanges(f *testing.F) {
	f.Add(">=4.2,<5", "4.2.11")
	f.Add("~=2.2", "1!2.0.post1.dev3+local")
	f.Add("^0.7 || 1.x", "0.7.4")
	f.Add(">=v5.4.0, <v6", "v5.5.4")
	f.Fuzz(func(t *testing.T, rng, ver string) {
		for _, e := range []Ecosystem{Crate, NPM, GoModule, Python} {
			if test, err := compileRange(e, rng); err == nil {
				test(ver)
			}
			matchDep(e, rng, &Dep{Name: "x", Reqs: []string{rng, ver}})
		}
		lowest(rng)
	})
}

// FuzzLineFormats: requirements files and yarn.lock never panic.
func FuzzLineFormats(f *testing.F) {
	f.Add("flask==3.0.2\nrequests>=2.31  # c\n-r x.txt\n")
	f.Add("\"pg@^8.0.0\", pg@^8.7:\n  version \"8.7.3\"\n")
	f.Fuzz(func(t *testing.T, s string) {
		fa := &facts{}
		addRequirements(fa, "r.txt", []byte(s))
		readYarnLock(fa, []byte(s))
		pep508(s)
	})
}
