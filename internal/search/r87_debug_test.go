package search

import (
	"os"
	"strings"
	"testing"
)

// TestR87Probe (R87Q='<request>|...') shows the first hits of each
// request and the verb operationUndone reads (round eighty-seven's look
// at bare objects, states no field sets and channels a product lacks).
func TestR87Probe(t *testing.T) {
	qs := os.Getenv("R87Q")
	if qs == "" {
		t.Skip("R87Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qs, "|") {
		hs := ix.Search(q, 3)
		var top []string
		for _, h := range hs {
			top = append(top, h.Server+"/"+h.Tool)
		}
		v, _ := requestVerbPlace(q)
		named, _ := ix.namedServersWith(q, ix.vendorProducts(q))
		t.Logf("%q v=%q op=%v said=%v named=%v label=%q undone=%v -> %v", q, v, operationVerb(v), verbSaid(requestPart(q), v), named, afterLabel(q), ix.operationUndone(q, named), top)
	}
}

func init() {
	if os.Getenv("R87OFF") != "" {
		r87Off = true
	}
}

// TestR87Diff (R87SETS='extra42 extra43') lists the requests of the sets
// whose first five hits round eighty-seven's rules change.
func TestR87Diff(t *testing.T) {
	sets := os.Getenv("R87SETS")
	if sets == "" {
		t.Skip("R87SETS unset")
	}
	ix := New(corpusDocs(t), nil)
	defer func() { r87Off = false }()
	for _, name := range strings.Fields(sets) {
		for _, q := range readQueries(t, "testdata/"+name+"-queries.jsonl") {
			r87Off = true
			a := fmtHits(ix.Search(q.Query, 5))
			r87Off = false
			b := fmtHits(ix.Search(q.Query, 5))
			if a != b {
				t.Logf("%s %s %q want %v\n  off %s\n  on  %s", q.ID, q.Kind, q.Query, q.Expected, a, b)
			}
		}
	}
}
