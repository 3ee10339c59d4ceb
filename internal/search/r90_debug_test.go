package search

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestR90Misses (R90SET=<file>) prints each request of a set missed at
// one (single), at five (tasks) or answered when "none", with its five.
// R90Q='<request>|...' prints the five of each request.
func TestR90Misses(t *testing.T) {
	f := os.Getenv("R90SET")
	q := os.Getenv("R90Q")
	if f == "" && q == "" {
		t.Skip("R90SET and R90Q unset")
	}
	ix := New(corpusDocs(t), nil)
	show := func(hits []Hit) {
		for _, h := range hits {
			fmt.Printf(" %s/%s(%.2f)", h.Server, h.Tool, h.Score)
		}
		fmt.Println()
	}
	if q != "" {
		for _, r := range strings.Split(q, "|") {
			fmt.Printf("== %q\n  ", r)
			show(ix.Search(r, 5))
		}
		return
	}
	for _, q := range readQueries(t, f) {
		hits := ix.Search(q.Query, 5)
		sets := append([][]ref{q.Expected}, q.Alternatives...)
		var ok bool
		switch q.Kind {
		case "none":
			ok = len(hits) == 0
		case "multi":
			ok = slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, true) })
		default:
			ok = slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 1, false) })
		}
		if ok {
			continue
		}
		fmt.Printf("== %s %s %q want %v\n  ", q.ID, q.Kind, q.Query, q.Expected)
		show(hits)
	}
}

// TestR90Diff (R90DIFF=1, or R90SETS='extra42 extra43') lists the
// requests of every set (or the sets named) whose first five round
// ninety's rules change, marked better (+) or worse (-) where the
// request's grade moves.
func TestR90Diff(t *testing.T) {
	sets := os.Getenv("R90SETS")
	if sets == "" && os.Getenv("R90DIFF") == "" {
		t.Skip("R90DIFF and R90SETS unset")
	}
	var files []string
	if sets != "" {
		for _, n := range strings.Fields(sets) {
			files = append(files, "testdata/"+n+"-queries.jsonl")
		}
	} else {
		files, _ = filepath.Glob("testdata/*-queries.jsonl")
	}
	ix := New(corpusDocs(t), nil)
	// R90DIFF=filler compares fillerPenalty off and on (the rest on).
	filler := os.Getenv("R90DIFF") == "filler"
	defer func() { r90Off = false; lastRewrite.Store(nil) }()
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
	for _, f := range files {
		for _, q := range readQueries(t, f) {
			if filler {
				r90Filler = false
			} else {
				r90Off = true
			}
			lastRewrite.Store(nil)
			ix.lastNamed.Store(nil)
			ix.lastCat.Store(nil)
			ha := ix.Search(q.Query, 5)
			r90Off = false
			if filler {
				r90Filler = true
			}
			lastRewrite.Store(nil)
			ix.lastNamed.Store(nil)
			ix.lastCat.Store(nil)
			hb := ix.Search(q.Query, 5)
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
