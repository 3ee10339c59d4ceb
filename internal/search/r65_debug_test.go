package search

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// Round sixty-five's diagnosis of the learned table learned from learn65a-d
// (bench/retrieval-notes.md, round sixty-five): TestR65CV writes the
// leave-one-set-out outcome of every request, with or without learn65a-d
// in the tables, for a script to sum and compare; TestR65Diff prints the
// requests of the readable tuned-on sets the new sets move, with the part
// the learned words add to each tool's score; TestR65Words lists the
// learned words most tools of a backend share.

// r65Readable reports whether the misses of the set name may be read: a
// set tuned on whose misses its test prints (not a held-out, blind, fresh
// or older held-out set, nor a round's own set).
func r65Readable(name string) bool {
	if cvHeld[name] || freshSets[name] || blindSets[name] {
		return false
	}
	switch name {
	case "extra11", "extra12", "extra13", "extra14", "extra15", "extra16", "extra17", "extra18", "extra19", "extra21", "extra22", "extra23", "extra24", "extra25",
		"ties35", "tasks36", "backends38", "verbs39", "steps40", "tasks44", "tasks48", "ties45", "nearmiss46", "names49", "pairs51", "words53", "steps52", "single57", "far59", "vocab58":
		return false
	}
	return true
}

func r65Is65(f string) bool { return strings.HasPrefix(filepath.Base(f), "learn65") }

// r65Outcome is one request's result in a leave-one-set-out run.
type r65Outcome struct {
	Fold, ID, Kind string
	H1, H5, None   bool
	Top            string
}

// TestR65CV (R65_CV=<out.jsonl>) is TestLearnedCV writing one line per
// request; R65_NO65=1 leaves learn65a-d out of every fold's table (they
// are still scored as folds).
func TestR65CV(t *testing.T) {
	out := os.Getenv("R65_CV")
	if out == "" {
		t.Skip("R65_CV unset")
	}
	o := curveOpts()
	curveWeights(t)
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	train := files
	if os.Getenv("R65_NO65") != "" {
		train = slices.DeleteFunc(slices.Clone(files), r65Is65)
	}
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	fh, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	enc := json.NewEncoder(fh)
	for _, f := range files {
		fold := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		learnedTable = cvTable(t, train, f, o, keyOf)
		ix := New(docs, nil)
		for _, q := range readQueries(t, f) {
			s := evaluate(ix, []evalQuery{q}, func(string) {})
			hits := ix.Search(q.Query, 1)
			top := "nil"
			if len(hits) > 0 {
				top = hits[0].Server + "/" + hits[0].Tool
			}
			enc.Encode(r65Outcome{Fold: fold, ID: q.ID, Kind: q.Kind, H1: s.hit1 > 0, H5: s.hit5 > 0, None: s.none > 0.5, Top: top})
		}
	}
}

// r65Tables are the tables learned without and with learn65a-d.
func r65Tables(t *testing.T, docs []Doc) (map[string]string, map[string]string) {
	keyOf, files := cvSetup(docs)
	var read []string
	for _, f := range files {
		if !curveNotLearned(f) {
			read = append(read, f)
		}
	}
	o := cvOpts{tf: true, minReq: 1}
	return cvTable(t, slices.DeleteFunc(slices.Clone(read), r65Is65), "", o, keyOf), cvTable(t, read, "", o, keyOf)
}

// r65Learned is what the learned words of query add to doc, by term.
func r65Learned(ix *Index, query string, doc int) string {
	var parts []string
	var sum float64
	for _, q := range ix.queryTerms(query) {
		id, ok := ix.learned.lookup(q.term)
		if !ok {
			continue
		}
		if p, ok := find(ix.learned.post, id, int32(doc)); ok {
			v := q.weight * learnedWeight * float64(p.score)
			sum += v
			parts = append(parts, fmt.Sprintf("%s=%.1f", q.term, v))
		}
	}
	return fmt.Sprintf("%.1f [%s]", sum, strings.Join(parts, " "))
}

func r65Doc(ix *Index, r ref) int {
	for i := range ix.docs {
		if ix.docs[i].Server == r.Server && ix.docs[i].Tool == r.Tool {
			return i
		}
	}
	return -1
}

// TestR65Diff (R65_DIFF=1) prints every request of the readable tuned-on
// sets (r65Readable; R65_SETS=a,b narrows them) whose outcome differs
// between the tables without and with learn65a-d, with the learned
// words' part of the score of the first hits and the expected tools
// (R65_CVMODE=1: each set scored by tables that leave it out).
func TestR65Diff(t *testing.T) {
	if os.Getenv("R65_DIFF") == "" {
		t.Skip("R65_DIFF unset")
	}
	docs := corpusDocs(t)
	ta, tb := r65Tables(t, docs)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	learnedTable = ta
	ixA := New(docs, nil)
	learnedTable = tb
	ixB := New(docs, nil)
	keyOf, files := cvSetup(docs)
	cv := os.Getenv("R65_CVMODE") != ""
	o := cvOpts{tf: true, minReq: 1}
	only := map[string]bool{}
	for _, s := range strings.Split(os.Getenv("R65_SETS"), ",") {
		if s != "" {
			only[s] = true
		}
	}
	var won, lost [3]int
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		if !r65Readable(name) || r65Is65(f) || (len(only) > 0 && !only[name]) {
			continue
		}
		if cv {
			learnedTable = cvTable(t, slices.DeleteFunc(slices.Clone(files), r65Is65), f, o, keyOf)
			ixA = New(docs, nil)
			learnedTable = cvTable(t, files, f, o, keyOf)
			ixB = New(docs, nil)
		}
		for _, q := range readQueries(t, f) {
			a := evaluate(ixA, []evalQuery{q}, func(string) {})
			b := evaluate(ixB, []evalQuery{q}, func(string) {})
			va := [3]float64{a.hit1, a.hit5, a.none}
			vb := [3]float64{b.hit1, b.hit5, b.none}
			if va == vb {
				continue
			}
			k := 0
			if q.Kind == "multi" {
				k = 1
			} else if q.Kind == "none" {
				k = 2
			}
			sign := "+"
			if vb[0]+vb[1]+vb[2] < va[0]+va[1]+va[2] {
				sign = "-"
				lost[k]++
			} else {
				won[k]++
			}
			ha := ixA.Search(q.Query, 5)
			hb := ixB.Search(q.Query, 5)
			var sb strings.Builder
			fmt.Fprintf(&sb, "%s %s %s %s %q\n   A(%v): %s\n   B(%v): %s\n", sign, name, q.ID, q.Kind, q.Query, va, fmtHits(ha), vb, fmtHits(hb))
			show := map[ref]bool{}
			var refs []ref
			for _, h := range append(slices.Clone(hb[:min(2, len(hb))]), ha[:min(1, len(ha))]...) {
				r := ref{h.Server, h.Tool}
				if !show[r] {
					show[r] = true
					refs = append(refs, r)
				}
			}
			for _, r := range q.Expected {
				if !show[r] {
					show[r] = true
					refs = append(refs, r)
				}
			}
			for _, r := range refs {
				fmt.Fprintf(&sb, "     %s/%s: A %s | B %s\n", r.Server, r.Tool, r65Learned(ixA, q.Query, r65Doc(ixA, r)), r65Learned(ixB, q.Query, r65Doc(ixB, r)))
			}
			fmt.Print(sb.String())
		}
	}
	fmt.Printf("won single/tasks/none %v, lost %v\n", won, lost)
}

// TestR65Words (R65_WORDS=1) lists, for each backend, the learned words
// (with learn65a-d) that most of its tools have, with the share of its
// tools that have them and their counts' spread.
func TestR65Words(t *testing.T) {
	if os.Getenv("R65_WORDS") == "" {
		t.Skip("R65_WORDS unset")
	}
	docs := corpusDocs(t)
	ta, tb := r65Tables(t, docs)
	for _, tbl := range []map[string]string{ta, tb} {
		type stat struct{ tools, min, max, sum int }
		per := map[string]map[string]*stat{}
		nTools := map[string]int{}
		for _, d := range docs {
			nTools[d.Server]++
			cnt := map[string]int{}
			for _, w := range strings.Fields(tbl[LearnedKey(d.Tool, d.Params)]) {
				cnt[w]++
			}
			if per[d.Server] == nil {
				per[d.Server] = map[string]*stat{}
			}
			for w, n := range cnt {
				s := per[d.Server][w]
				if s == nil {
					s = &stat{min: n}
					per[d.Server][w] = s
				}
				s.tools++
				s.min, s.max, s.sum = min(s.min, n), max(s.max, n), s.sum+n
			}
		}
		var srvs []string
		for s := range per {
			srvs = append(srvs, s)
		}
		sort.Strings(srvs)
		for _, s := range srvs {
			var ws []string
			for w, st := range per[s] {
				if st.tools*2 >= nTools[s] && nTools[s] >= 3 {
					ws = append(ws, fmt.Sprintf("%s %d/%d (%d-%d)", w, st.tools, nTools[s], st.min, st.max))
				}
			}
			sort.Strings(ws)
			if len(ws) > 0 {
				fmt.Printf("%s: %s\n", s, strings.Join(ws, "; "))
			}
		}
		fmt.Println("----")
	}
}
