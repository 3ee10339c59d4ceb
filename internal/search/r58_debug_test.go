package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestR58Diff lists the tuned-on single requests (sets neither cvHeld nor
// blind nor fresh) whose first hit vocabFirst changes (R58_DIFF=1);
// round fifty-eight's diagnosis.
func TestR58Diff(t *testing.T) {
	if os.Getenv("R58_DIFF") == "" {
		t.Skip("R58_DIFF unset")
	}
	defer func() { vocabOff = false }()
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	files = append(files, devQueries)
	ix := New(corpusDocs(t), nil)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		if cvHeld[name] || blindSets[name] || freshSets[name] {
			continue
		}
		for _, q := range readQueries(t, f) {
			if q.Kind != "single" {
				continue
			}
			ok := func() bool {
				hits := ix.Search(q.Query, 5)
				for _, s := range append([][]ref{q.Expected}, q.Alternatives...) {
					if inTop(hits, s, 1, true) {
						return true
					}
				}
				return false
			}
			vocabOff = true
			a := ok()
			vocabOff = false
			if b := ok(); a != b {
				t.Logf("%v->%v %s %q", a, b, name, q.Query)
			}
		}
	}
}
