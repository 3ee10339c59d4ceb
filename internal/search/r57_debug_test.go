package search

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestR57CVMisses dumps the single requests the leave-one-set-out CV
// misses at hit@1 (R57_DUMP=file), with the first hit and the expected
// tool's rank; round fifty-seven's diagnosis.
func TestR57CVMisses(t *testing.T) {
	out := os.Getenv("R57_DUMP")
	if out == "" {
		t.Skip("R57_DUMP unset")
	}
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	var b strings.Builder
	for _, f := range files {
		qs := readQueries(t, f)
		learnedTable = cvTable(t, files, f, cvOpts{minReq: 1}, keyOf)
		ix := New(docs, nil)
		for _, q := range qs {
			if q.Kind != "single" {
				continue
			}
			hits := ix.Search(q.Query, 30)
			sets := append([][]ref{q.Expected}, q.Alternatives...)
			if len(hits) > 0 && inTop(hits, sets[0], 1, true) {
				continue
			}
			ok := false
			for _, s := range sets {
				if inTop(hits, s, 1, true) {
					ok = true
				}
			}
			if ok {
				continue
			}
			rank := -1
			for i, h := range hits {
				for _, s := range sets {
					if s[0].Server == h.Server && s[0].Tool == h.Tool {
						if rank < 0 {
							rank = i + 1
						}
					}
				}
			}
			top := "NONE"
			same := "nil"
			if len(hits) > 0 {
				top = hits[0].Server + "/" + hits[0].Tool
				same = "other"
				for _, s := range sets {
					if s[0].Server == hits[0].Server {
						same = "same"
					}
				}
			}
			fmt.Fprintf(&b, "%s\t%s\t%s\t%d\t%s/%s\t%s\t%q\n", strings.TrimSuffix(filepath.Base(f), "-queries.jsonl"), q.ID, same, rank, q.Expected[0].Server, q.Expected[0].Tool, top, q.Query)
		}
	}
	os.WriteFile(out, []byte(b.String()), 0o644)
}
