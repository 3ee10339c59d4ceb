package search

import (
	"fmt"
	"os"
	"slices"
	"testing"
)

// Round seventy-six's look at tasks (bench/retrieval-notes.md, round
// seventy-six): TestR76Set (R76SET=<file>, a set not learned from, such
// as testdata/steps73t-tasks.jsonl) prints each task missed at five, its
// five with their scores, and each step's first five with their ratio
// to the step's top.
func TestR76Set(t *testing.T) {
	f := os.Getenv("R76SET")
	if f == "" {
		t.Skip("R76SET unset")
	}
	ix := New(corpusDocs(t), nil)
	var tasks, missed int
	for _, q := range readQueries(t, f) {
		if q.Kind != "multi" {
			continue
		}
		tasks++
		hits := ix.Search(q.Query, 5)
		sets := append([][]ref{q.Expected}, q.Alternatives...)
		if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, true) }) {
			continue
		}
		missed++
		fmt.Printf("== %s %q\n   five:", q.ID, q.Query)
		for _, h := range hits {
			fmt.Printf(" %s(%.1f)", h.Tool, h.Score)
		}
		fmt.Println()
		info, ch := traceSteps(ix, q.Query)
		for i := range info {
			fmt.Printf("   step %d [%s]:", i, info[i].step)
			for j := 0; j < 5 && j < len(ch[i]); j++ {
				fmt.Printf(" %s/%s(%.2f)", ch[i][j].Server, ch[i][j].Tool, ch[i][j].Score/ch[i][0].Score)
			}
			fmt.Println()
		}
		for _, e := range q.Expected {
			if rankOf(hits, e) < 0 {
				br := -1
				for i := range info {
					if r := rankOf(ch[i], e); r >= 0 && (br < 0 || r < br) {
						br = r
					}
				}
				fmt.Printf("   MISS %s/%s step#%d\n", e.Server, e.Tool, br)
			}
		}
	}
	fmt.Printf("tasks %d missed %d\n", tasks, missed)
}
