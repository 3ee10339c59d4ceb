package search

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Round sixty-six's diagnosis of tasks (bench/retrieval-notes.md, round
// sixty-six): TestR66Diag classifies, for each task of the tuned-on sets
// the leave-one-set-out run misses at five, each expected tool left out:
// the step ranking it first (a slot lost), second to fourth, lower, in no
// step's first ten, or a request not split into steps at all; and what
// filled the five.

func TestR66Diag(t *testing.T) {
	if os.Getenv("R66DIAG") == "" {
		t.Skip("R66DIAG unset")
	}
	o := curveOpts()
	curveWeights(t)
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	cat := map[string]int{}
	fill := map[string]int{}
	var tasks, missed int
	for _, f := range files {
		fold := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		learnedTable = cvTable(t, files, f, o, keyOf)
		ix := New(docs, nil)
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
			// the set with fewest tools missing
			best, bm := q.Expected, 99
			for _, s := range sets {
				m := 0
				for _, e := range s {
					if rankOf(hits, e) < 0 {
						m++
					}
				}
				if m < bm {
					best, bm = s, m
				}
			}
			info, ch := traceSteps(ix, q.Query)
			servers := map[string]bool{}
			for _, e := range best {
				servers[e.Server] = true
			}
			var fl []string
			for _, h := range hits {
				r := ref{h.Server, h.Tool}
				switch {
				case slices.Contains(best, r):
					fl = append(fl, "want")
				case servers[h.Server]:
					fl = append(fl, "sib")
				default:
					fl = append(fl, "other")
				}
			}
			var b strings.Builder
			fmt.Fprintf(&b, "== %s/%s n=%d steps=%d cross=%v %q\n   five: %s [%s]\n", fold, q.ID, len(best), len(info), len(servers) > 1, q.Query, fmtHits(hits), strings.Join(fl, " "))
			for i := range info {
				fmt.Fprintf(&b, "   step %d [%s] act=%d:", i, info[i].step, info[i].act)
				for j := 0; j < 4 && j < len(ch[i]); j++ {
					fmt.Fprintf(&b, " %s", ch[i][j].Tool)
				}
				b.WriteString("\n")
			}
			for _, e := range best {
				if rankOf(hits, e) >= 0 {
					continue
				}
				br := -1
				for i := range info {
					if r := rankOf(ch[i], e); r >= 0 && (br < 0 || r < br) {
						br = r
					}
				}
				c := ""
				switch {
				case len(hits) == 0:
					c = "nil"
				case len(info) == 0:
					c = "unsplit"
				case br == 0:
					c = "steptop"
				case br >= 1 && br <= 3:
					c = "step2-4"
				case br >= 4:
					c = "step5-10"
				default:
					c = "nostep"
				}
				cat[c]++
				fmt.Fprintf(&b, "   MISS %s/%s [%s] step#%d\n", e.Server, e.Tool, c, br)
			}
			for _, x := range fl {
				fill[x]++
			}
			fmt.Print(b.String())
		}
	}
	fmt.Printf("tasks %d missed %d; missing tools by class %v; the five of missed tasks %v\n", tasks, missed, cat, fill)
}

// TestR66Labels (R66L=testdata/<set>-queries.jsonl, a tuned-on set)
// prints the step labels of a set's tasks.
func TestR66Labels(t *testing.T) {
	f := os.Getenv("R66L")
	if f == "" {
		t.Skip("R66L unset")
	}
	if cvHeld[strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")] {
		t.Fatal("a held-out set")
	}
	n := 0
	for _, q := range readQueries(t, f) {
		if q.Kind == "multi" {
			n += len(q.Expected)
		}
	}
	ls := stepLabelsOf(t, f)
	for _, l := range ls {
		fmt.Printf("%s/%s <- %q\n", l.Server, l.Tool, l.Text)
	}
	fmt.Printf("%d labels of %d expected tools\n", len(ls), n)
}

// TestR66Order (R66O=1) compares, over the tuned-on sets' tasks split into
// as many steps as tools, the steps paired in order with the pairing of
// least summed rank.
func TestR66Order(t *testing.T) {
	if os.Getenv("R66O") == "" {
		t.Skip("R66O unset")
	}
	docs := corpusDocs(t)
	_, files := cvSetup(docs)
	ix := newIndex(docs, nil, true)
	var eq, same, diff, unequal int
	for _, f := range files {
		for _, q := range readQueries(t, f) {
			if q.Kind != "multi" {
				continue
			}
			r := ix.rank(q.Query, 5)
			if r == nil || len(r.steps) != len(q.Expected) {
				unequal++
				continue
			}
			eq++
			n := len(q.Expected)
			cost := func(i, j int) int {
				k := rankOf(r.stepHits[i], q.Expected[j])
				if k < 0 {
					return 12
				}
				return k
			}
			perm := make([]int, n)
			for i := range perm {
				perm[i] = i
			}
			best, bestC := slices.Clone(perm), 1<<30
			idC := 0
			for i := range n {
				idC += cost(i, i)
			}
			var rec func(k int)
			rec = func(k int) {
				if k == n {
					c := 0
					for i := range n {
						c += cost(i, perm[i])
					}
					if c < bestC {
						best, bestC = slices.Clone(perm), c
					}
					return
				}
				for i := k; i < n; i++ {
					perm[k], perm[i] = perm[i], perm[k]
					rec(k + 1)
					perm[k], perm[i] = perm[i], perm[k]
				}
			}
			rec(0)
			if idC == bestC {
				same++
				continue
			}
			diff++
			fmt.Printf("%s %q id=%d best=%d %v\n", q.ID, q.Query, idC, bestC, best)
			for i := range n {
				fmt.Printf("   [%s] -> %s (id) / %s (best)\n", r.steps[i].text, q.Expected[i].Tool, q.Expected[best[i]].Tool)
			}
		}
	}
	fmt.Printf("equal counts %d (in order as good as the best %d, worse %d); other %d\n", eq, same, diff, unequal)
}

// TestR66Q (R66Q=<request>) prints a request's five, its steps and each
// step's first ten.
func TestR66Q(t *testing.T) {
	q := os.Getenv("R66Q")
	if q == "" {
		t.Skip("R66Q unset")
	}
	curveOpts()
	curveWeights(t)
	ix := New(corpusDocs(t), nil)
	fmt.Printf("five: %s\n", fmtHits(ix.Search(q, 5)))
	fmt.Printf("ten: %s\n", fmtHits(ix.Search(q, 10)))
	info, ch := traceSteps(ix, q)
	for i := range info {
		fmt.Printf("step %d [%s] act=%d named=%v:", i, info[i].step, info[i].act, info[i].named)
		for _, h := range ch[i] {
			fmt.Printf(" %s(%.1f)", h.Tool, h.Score)
		}
		fmt.Println()
	}
}

// TestR66Coverage (R66C=1) counts the corpus tools the tuned-on tasks'
// step labels give words to.
func TestR66Coverage(t *testing.T) {
	if os.Getenv("R66C") == "" {
		t.Skip("R66C unset")
	}
	docs := corpusDocs(t)
	_, files := cvSetup(docs)
	n := map[ref]int{}
	for _, f := range files {
		for _, l := range stepLabelsOf(t, f) {
			n[ref{l.Server, l.Tool}]++
		}
	}
	hist := map[int]int{}
	srv := map[string]int{}
	for _, d := range docs {
		c := n[ref{d.Server, d.Tool}]
		hist[min(c, 10)]++
		if c == 0 {
			srv[d.Server]++
		}
	}
	fmt.Println("tools by step labels (10: ten or more):", hist)
	fmt.Println("tools without, by backend:", srv)
}
