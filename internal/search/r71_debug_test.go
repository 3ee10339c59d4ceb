package search

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round seventy-one's diagnosis (bench/retrieval-notes.md, round
// seventy-one): TestR71Flips (R71_FLIPS=<out>) writes, for every request
// of the readable tuned-on sets only (r65Readable: no held-out, fresh or
// blind set), whether it is right and its first hit, so that two builds
// can be compared request by request (R71_NOLEARN=1: without learned
// words).
func TestR71Flips(t *testing.T) {
	out := os.Getenv("R71_FLIPS")
	if out == "" {
		t.Skip("R71_FLIPS unset")
	}
	tbl := learnedTable
	if os.Getenv("R71_NOLEARN") != "" {
		// without learned words, as TestRetrievalLearned's "without"
		learnedTable = nil
	}
	ix := New(corpusDocs(t), nil)
	learnedTable = tbl
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	files = append(files, devQueries)
	var b strings.Builder
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		if !r65Readable(name) {
			continue
		}
		for _, q := range readQueries(t, f) {
			s := evaluate(ix, []evalQuery{q}, func(string) {})
			hits := ix.Search(q.Query, 5)
			top := "nil"
			if len(hits) > 0 {
				top = hits[0].Server + "/" + hits[0].Tool
			}
			ok := s.hit1 > 0
			if q.Kind == "none" {
				ok = s.none > 0.5
			}
			fmt.Fprintf(&b, "%s\t%s\t%s\t%v\t%v\t%s\t%q\n", name, q.ID, q.Kind, ok, s.hit5 > 0, top, q.Query)
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestR71Filters (R71_FILTERS=1) lists the tools whose action parameters
// filterAction takes as filters.
func TestR71Filters(t *testing.T) {
	if os.Getenv("R71_FILTERS") == "" {
		t.Skip("R71_FILTERS unset")
	}
	ix := New(corpusDocs(t), nil)
	for i := range ix.docs {
		for _, p := range ix.docs[i].Params {
			if actionParams[strings.ToLower(p.Name)] {
				t.Logf("%s/%s verbs=%v filter=%v", ix.servers[ix.docServer[i]], ix.docs[i].Tool, ix.verbs[i], ix.filterAction(i))
			}
		}
	}
}
