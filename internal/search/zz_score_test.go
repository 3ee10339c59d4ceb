package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestZZ scores the sets in ZZSETS (space-separated paths), totals only.
func TestZZ(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	var sn, s1, s5, mn, m1, m5, nn, nr int
	for _, p := range strings.Fields(os.Getenv("ZZSETS")) {
		s := evaluate(ix, readQueries(t, p), func(m string) {
			if os.Getenv("ZZMISS") != "" {
				t.Log(m)
			}
		})
		t.Logf("%s: single %d/%d of %d, tasks %d/%d of %d, none %d of %d", p, s.single1, s.single5, s.single, s.multi1, s.multi5, s.multi, s.noneRight, s.nNone)
		sn, s1, s5 = sn+s.single, s1+s.single1, s5+s.single5
		mn, m1, m5 = mn+s.multi, m1+s.multi1, m5+s.multi5
		nn, nr = nn+s.nNone, nr+s.noneRight
	}
	t.Logf("TOTAL: single %d/%d of %d, tasks %d/%d of %d, none %d of %d", s1, s5, sn, m1, m5, mn, nr, nn)
}

// TestZZTot scores every set in testdata plus the corpus dev set, totals,
// and each set's line (ZZMISS=1 logs misses).
func TestZZTot(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	paths, _ := filepath.Glob("testdata/*-queries.jsonl")
	paths = append(paths, devQueries)
	var sn, s1, s5, mn, m1, m5, nn, nr int
	for _, p := range paths {
		s := evaluate(ix, readQueries(t, p), func(m string) {
			if os.Getenv("ZZMISS") != "" {
				t.Log(filepath.Base(p), m)
			}
		})
		if os.Getenv("ZZSETLINES") != "" {
			t.Logf("%s: single %d/%d of %d, tasks %d/%d of %d, none %d of %d", filepath.Base(p), s.single1, s.single5, s.single, s.multi1, s.multi5, s.multi, s.noneRight, s.nNone)
		}
		sn, s1, s5 = sn+s.single, s1+s.single1, s5+s.single5
		mn, m1, m5 = mn+s.multi, m1+s.multi1, m5+s.multi5
		nn, nr = nn+s.nNone, nr+s.noneRight
	}
	t.Logf("ALLTOTAL: single %d/%d of %d, tasks %d/%d of %d, none %d of %d", s1, s5, sn, m1, m5, mn, nr, nn)
}

// TestZZQ prints the top five for each line of ZZQ (newline-separated).
func TestZZQ(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(os.Getenv("ZZQ"), "\n") {
		if strings.TrimSpace(q) == "" {
			continue
		}
		t.Logf("%q -> %s", q, fmtHits(ix.Search(q, 5)))
	}
}
