package search

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestR61Dump writes, for every single request of the tuned sets scored
// leave-one-set-out (as TestLearnedCV does), its first ten hits with their
// scores and the tools it wants (R61_DUMP=file; R61_SETS=a,b,... scores
// those files with the full table instead); round sixty-one's diagnosis of
// near ties, compared between builds by a script.
func TestR61Dump(t *testing.T) {
	out := os.Getenv("R61_DUMP")
	if out == "" {
		t.Skip("R61_DUMP unset")
	}
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	if extra := os.Getenv("R61_SETS"); extra != "" {
		files = strings.Split(extra, ",")
	}
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	type hit struct {
		S, T  string
		Score float64
	}
	for _, fn := range files {
		qs := readQueries(t, fn)
		if os.Getenv("R61_SETS") == "" {
			learnedTable = cvTable(t, files, fn, cvOpts{minReq: 1}, keyOf)
		}
		ix := New(docs, nil)
		for _, q := range qs {
			if q.Kind != "single" {
				continue
			}
			var want []ref
			for _, s := range append([][]ref{q.Expected}, q.Alternatives...) {
				want = append(want, s[0])
			}
			var hs []hit
			for _, h := range ix.Search(q.Query, 10) {
				hs = append(hs, hit{h.Server, h.Tool, h.Score})
			}
			enc.Encode(map[string]any{"set": strings.TrimSuffix(filepath.Base(fn), "-queries.jsonl"), "id": q.ID, "q": q.Query, "want": want, "hits": hs})
		}
	}
}
