package search

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// traceSteps returns the steps of query and each step's best hits
// (stepsTrace).
func traceSteps(ix *Index, query string) ([]clause, [][]Hit) {
	var ci []clause
	var ch [][]Hit
	done := false
	stepsTrace = func(i []clause, h [][]Hit) {
		if !done { // the request's own steps, not those of a step ranked alone (stepsRelevant)
			ci, ch, done = i, h, true
		}
	}
	ix.rank(query, 5)
	stepsTrace = nil
	return ci, ch
}

func rankOf(hs []Hit, r ref) int {
	return slices.IndexFunc(hs, func(h Hit) bool { return h.Server == r.Server && h.Tool == r.Tool })
}

// TestR64Trace (R64=testdata/<set>-queries.jsonl, a tuned-on set; R64ALL=1
// for every task) prints each task missed at five with its steps, each
// step's first hits, and each expected tool's place in the whole request's
// first 30 and in each step's first ten (-1: not there). Round sixty-four
// read tasks64a's misses here.
func TestR64Trace(t *testing.T) {
	f := os.Getenv("R64")
	if f == "" {
		t.Skip("R64 unset")
	}
	if cvHeld[strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")] {
		t.Fatal("a held-out set: its misses are not read")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range readQueries(t, f) {
		if q.Kind != "multi" {
			continue
		}
		hits := ix.Search(q.Query, 5)
		sets := append([][]ref{q.Expected}, q.Alternatives...)
		if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, true) }) && os.Getenv("R64ALL") == "" {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "== %s %q\n   top5: %s\n", q.ID, q.Query, fmtHits(hits))
		whole := ix.Search(q.Query, 30)
		info, ch := traceSteps(ix, q.Query)
		for i := range info {
			fmt.Fprintf(&b, "   step %d [%s] act=%d named=%v:", i, info[i].step, info[i].act, info[i].named)
			for j := 0; j < 4 && j < len(ch[i]); j++ {
				fmt.Fprintf(&b, " %s(%.1f)", ch[i][j].Tool, ch[i][j].Score)
			}
			b.WriteString("\n")
		}
		for _, e := range q.Expected {
			fmt.Fprintf(&b, "   want %s/%s: in5=%v whole#%d steps#", e.Server, e.Tool, rankOf(hits, e) >= 0, rankOf(whole, e))
			for i := range info {
				fmt.Fprintf(&b, " %d", rankOf(ch[i], e))
			}
			b.WriteString("\n")
		}
		fmt.Print(b.String())
	}
}

// TestR64CVTrace (R64CV=1) traces the tasks the leave-one-set-out
// cross-validation misses at five, over the tuned-on sets only.
func TestR64CVTrace(t *testing.T) {
	if os.Getenv("R64CV") == "" {
		t.Skip("R64CV unset")
	}
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	for _, f := range files {
		learnedTable = cvTable(t, files, f, cvOpts{minReq: 1}, keyOf)
		ix := New(docs, nil)
		for _, q := range readQueries(t, f) {
			if q.Kind != "multi" {
				continue
			}
			hits := ix.Search(q.Query, 5)
			sets := append([][]ref{q.Expected}, q.Alternatives...)
			if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, true) }) {
				continue
			}
			var b strings.Builder
			fmt.Fprintf(&b, "== %s %q\n   top5: %s\n", q.ID, q.Query, fmtHits(hits))
			info, ch := traceSteps(ix, q.Query)
			for i := range info {
				fmt.Fprintf(&b, "   step %d [%s] act=%d named=%v:", i, info[i].step, info[i].act, info[i].named)
				for j := 0; j < 4 && j < len(ch[i]); j++ {
					fmt.Fprintf(&b, " %s(%.1f)", ch[i][j].Tool, ch[i][j].Score)
				}
				b.WriteString("\n")
			}
			whole := ix.Search(q.Query, 30)
			for _, e := range q.Expected {
				fmt.Fprintf(&b, "   want %s/%s: in5=%v whole#%d steps#", e.Server, e.Tool, rankOf(hits, e) >= 0, rankOf(whole, e))
				for i := range info {
					fmt.Fprintf(&b, " %d", rankOf(ch[i], e))
				}
				b.WriteString("\n")
			}
			fmt.Print(b.String())
		}
	}
}

// TestR64Splits (R64S=file) prints each request's steps, one line each.
func TestR64Splits(t *testing.T) {
	f := os.Getenv("R64S")
	if f == "" {
		t.Skip("R64S unset")
	}
	if cvHeld[strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")] {
		t.Fatal("a held-out set: its misses are not read")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range readQueries(t, f) {
		info, _ := traceSteps(ix, q.Query)
		var parts []string
		for _, c := range info {
			parts = append(parts, fmt.Sprintf("[%s]%d", c.step, c.act))
		}
		fmt.Printf("%s %d/%d %s\n", q.ID, len(info), len(q.Expected), strings.Join(parts, " "))
	}
}
