package search

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestR92Diff (R92DIFF=1) lists the requests of every testdata set but
// the round's own held-out nearmiss92 whose first five round ninety-two's
// rules change, marked better (+) or worse (-) where the grade moves.
func TestR92Diff(t *testing.T) {
	if os.Getenv("R92DIFF") == "" {
		t.Skip("R92DIFF unset")
	}
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	ix := New(corpusDocs(t), nil)
	defer func() { r92Off = false; lastRewrite.Store(nil) }()
	grade := func(q evalQuery, hits []Hit) int {
		sets := append([][]ref{q.Expected}, q.Alternatives...)
		switch q.Kind {
		case "none":
			if len(hits) == 0 {
				return 2
			}
			return 0
		case "multi":
			if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, true) }) {
				return 2
			}
			return 0
		}
		if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 1, false) }) {
			return 2
		}
		if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, false) }) {
			return 1
		}
		return 0
	}
	search := func(q string, off bool) []Hit {
		r92Off = off
		lastRewrite.Store(nil)
		ix.lastNamed.Store(nil)
		ix.lastCat.Store(nil)
		return ix.Search(q, 5)
	}
	for _, f := range files {
		if strings.Contains(f, "nearmiss92") {
			continue
		}
		for _, q := range readQueries(t, f) {
			ha, hb := search(q.Query, true), search(q.Query, false)
			a, b := fmtHits(ha), fmtHits(hb)
			if a == b {
				continue
			}
			mark := " "
			if ga, gb := grade(q, ha), grade(q, hb); gb > ga {
				mark = "+"
			} else if gb < ga {
				mark = "-"
			}
			fmt.Printf("%s %s %s %q want %v\n  off %s\n  on  %s\n", mark, q.ID, q.Kind, q.Query, q.Expected, a, b)
		}
	}
}
