package search

import (
	"os"
	"strings"
	"testing"
)

// TestR84Why (R84Q='<request>|...') shows which of objectUndone's parts
// judge a request naming one backend (round eighty-four's look at "save X
// in Redis").
func TestR84Why(t *testing.T) {
	qs := os.Getenv("R84Q")
	if qs == "" {
		t.Skip("R84Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qs, "|") {
		named, naming := ix.namedServersWith(q, ix.vendorProducts(q))
		v, at := requestVerbAt(q)
		heads := objectHeads(q, at, naming)
		t.Logf("%q v=%q fam=%v add=%v heads=%v added=%v stranger=%v created=%v", q, v, verbStems()[v], addVerbs[v], heads,
			ix.addedToUndone(heads, named), ix.strangerUndone(v, heads, named), ix.createdUnnamed(q, v, heads, named))
	}
}

func init() {
	if os.Getenv("R84OFF") != "" {
		r84Off = true
	}
}
