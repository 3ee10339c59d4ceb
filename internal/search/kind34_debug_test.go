package search

import (
	"fmt"
	"os"
	"slices"
	"testing"
)

// TestDebugKinds prints the tuning sets' hit counts by kind (single
// hit@1/hit@5, tasks hit@1/hit@5, none) and, with SEARCH_MISS1 set, each
// single request's hit@1 miss with the wanted tool's place.
func TestDebugKinds(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to print the tuning sets' counts by kind")
	}
	ix := New(corpusDocs(t), nil)
	var s1, s5, sn, m1, m5, mn, none, nn int
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			hits := ix.Search(q.Query, 10)
			top5 := hits[:min(5, len(hits))]
			if q.Kind == "none" {
				nn++
				if hits == nil {
					none++
				}
				continue
			}
			sets := append([][]ref{q.Expected}, q.Alternatives...)
			if q.Kind == "single" {
				sn++
				k1 := slices.ContainsFunc(sets, func(set []ref) bool { return inTop(top5, set, 1, true) })
				if k1 {
					s1++
				}
				if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(top5, set, 5, true) }) {
					s5++
				}
				if !k1 && os.Getenv("SEARCH_MISS1") != "" {
					pos := -1
					for i, h := range hits {
						if slices.ContainsFunc(sets, func(set []ref) bool { return len(set) == 1 && set[0] == ref{h.Server, h.Tool} }) {
							pos = i + 1
							break
						}
					}
					fmt.Printf("MISS1 %s pos=%d %q want %v -> %s\n", q.ID, pos, q.Query, q.Expected, fmtHits(hits[:min(len(hits), max(pos, 3))]))
				}
				continue
			}
			mn++
			if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(top5, set, 1, false) }) {
				m1++
			}
			if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(top5, set, 5, true) }) {
				m5++
			}
		}
	}
	fmt.Printf("KINDS single %d / %d of %d, tasks %d / %d of %d, none %d of %d\n", s1, s5, sn, m1, m5, mn, none, nn)
}
