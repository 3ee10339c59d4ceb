package search

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// firstCount is a query set's tasks scored by their first hit: the first
// step's tool (first), any step's tool (any); and its single requests'
// hit@1 and hit@5.
type firstCount struct{ tasks, first, any, single, s1, s5 int }

func (c firstCount) String() string {
	return fmt.Sprintf("tasks first step at 1 %d, any step %d of %d; single hit@1 %d, hit@5 %d of %d", c.first, c.any, c.tasks, c.s1, c.s5, c.single)
}

func countFirst(ix *Index, qs []evalQuery, c *firstCount, log func(string)) {
	for _, q := range qs {
		if q.Kind == "none" {
			continue
		}
		hits := ix.Search(q.Query, 5)
		sets := append([][]ref{q.Expected}, q.Alternatives...)
		if q.Kind == "single" {
			c.single++
			k1 := slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 1, true) })
			if k1 {
				c.s1++
			}
			if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, true) }) {
				c.s5++
			}
			if !k1 && log != nil {
				log(fmt.Sprintf("%s single %q want %v\n    -> %s", q.ID, q.Query, q.Expected, fmtHits(hits)))
			}
			continue
		}
		c.tasks++
		first := len(hits) > 0 && slices.ContainsFunc(sets, func(set []ref) bool { return ref{hits[0].Server, hits[0].Tool} == set[0] })
		if first {
			c.first++
		}
		anyStep := slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 1, false) })
		if anyStep {
			c.any++
		}
		if !first && log != nil {
			log(fmt.Sprintf("%s multi any=%v %q want %v\n    -> %s", q.ID, anyStep, q.Query, q.Expected, fmtHits(hits)))
		}
	}
}

// TestTasksFirst (TASKS_FIRST=1) counts the tasks whose first hit is their
// first step's tool on the tuned-on sets (TASKS_FIRST_MISSES=1 logs their
// misses) and, as aggregates only, on the held-out sets.
func TestTasksFirst(t *testing.T) {
	if os.Getenv("TASKS_FIRST") == "" {
		t.Skip("TASKS_FIRST unset")
	}
	docs := corpusDocs(t)
	ix := New(docs, nil)
	_, files := cvSetup(docs)
	var log func(string)
	if os.Getenv("TASKS_FIRST_MISSES") != "" {
		log = func(m string) { t.Log(m) }
	}
	var c firstCount
	for _, f := range files {
		countFirst(ix, readQueries(t, f), &c, log)
	}
	t.Logf("tuned: %v", c)
	groups := []struct {
		name string
		sets []string
	}{
		{"older held-out", []string{"extra11", "extra12", "extra13", "extra14", "extra15", "extra16", "extra17", "extra18", "extra19", "extra21", "extra22", "extra23", "extra24", "extra25", "nearmiss32"}},
		{"blind", []string{"extra30", "extra31", "extra32", "extra33", "extra34", "extra35", "extra36", "extra37"}},
		{"fresh", []string{"extra38", "extra39", "extra40", "extra41", "nearmiss37"}},
		{"round sets", []string{"ties35", "tasks36", "backends38", "verbs39", "steps40"}},
		{"tasks44", []string{"tasks44"}},
	}
	for _, g := range groups {
		var c firstCount
		for _, name := range g.sets {
			countFirst(ix, readQueries(t, filepath.Join("testdata", name+"-queries.jsonl")), &c, nil)
		}
		t.Logf("%s: %v", g.name, c)
	}
}
