package search

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestR101Sets (R101SETS=1) prints every set's counts, one line a set,
// for comparing builds.
func TestR101Sets(t *testing.T) {
	if os.Getenv("R101SETS") == "" {
		t.Skip()
	}
	ix := New(corpusDocs(t), nil)
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	sort.Strings(files)
	var s1, s5, m1, m5, mn, sn, nr, nn int
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		s := evaluate(ix, readQueries(t, f), func(string) {})
		fmt.Printf("%-12s single %d/%d/%d multi %d/%d/%d none %d/%d\n", name, s.single1, s.single5, s.single, s.multi1, s.multi5, s.multi, s.noneRight, s.nNone)
		s1 += s.single1
		s5 += s.single5
		sn += s.single
		m1 += s.multi1
		m5 += s.multi5
		mn += s.multi
		nr += s.noneRight
		nn += s.nNone
	}
	fmt.Printf("TOTAL single %d/%d/%d multi %d/%d/%d none %d/%d\n", s1, s5, sn, m1, m5, mn, nr, nn)
}

// TestR101First (R101FIRST=<set files, comma-separated>) prints each
// request's first hit, for comparing builds.
func TestR101First(t *testing.T) {
	v := os.Getenv("R101FIRST")
	if v == "" {
		t.Skip()
	}
	ix := New(corpusDocs(t), nil)
	for _, f := range strings.Split(v, ",") {
		for _, q := range readQueries(t, f) {
			hs := ix.Search(q.Query, 5)
			var ts []string
			for _, h := range hs {
				ts = append(ts, h.Tool)
			}
			fmt.Printf("%s %s\n", q.ID, strings.Join(ts, " "))
		}
	}
}
