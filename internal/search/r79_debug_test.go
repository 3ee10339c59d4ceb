package search

import (
	"os"
	"strings"
	"testing"
)

// TestR79Why (R79Q='<request>|<request>...') shows, for each request and
// named backend, the object's heads, the tools named for each and whether
// the backend is judged by its tools for the verb (actionsApart), then
// whether the object rule undoes the request.
func TestR79Why(t *testing.T) {
	qq := os.Getenv("R79Q")
	if qq == "" {
		t.Skip("R79Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qq, "|") {
		vp := ix.vendorProducts(q)
		named, naming := ix.namedServersWith(q, vp)
		v, at := requestVerbAt(q)
		heads := objectHeads(q, at, naming)
		if len(heads) == 0 {
			heads = objectHeadsAfterValue(q, at, naming)
		}
		for _, s := range named {
			for _, h := range heads {
				var tn []string
				for _, d := range ix.objectToolsOrLead(s, h.word) {
					tn = append(tn, ix.docs[d].Tool)
				}
				t.Logf("%q v=%q %s head=%s after=%s tools=%v apart=%v", q, v, ix.servers[s], h.word, ix.nameAfterObject(h, named).word, tn, ix.actionsApart(s, h.word, v))
			}
		}
		t.Logf("undone=%v", ix.objectUndone(q, naming, named))
	}
}

// TestR79Fires (R79F=<set>) runs a set's requests and prints, by structure
// only, those whose later step laterStepUndone judges undone: the id, the
// kind, the step's verb and the word after it.
func TestR79Fires(t *testing.T) {
	set := os.Getenv("R79F")
	if set == "" {
		t.Skip("R79F unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range readQueries(t, "testdata/"+set+"-queries.jsonl") {
		r79Trace = func(s string) { t.Logf("%s kind=%s fires: %s", q.ID, q.Kind, s) }
		ix.Search(q.Query, 5)
	}
	r79Trace = nil
}

// TestR79Op (R79OP='<request>|...') shows operationUndone's parts.
func TestR79Op(t *testing.T) {
	qq := os.Getenv("R79OP")
	if qq == "" {
		t.Skip("R79OP unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qq, "|") {
		vp := ix.vendorProducts(q)
		named, _ := ix.namedServersWith(q, vp)
		v, _ := requestVerbPlace(q)
		var und []bool
		for _, s := range named {
			und = append(und, ix.stepVerbUndone(s, v))
		}
		r := ix.rank(q, 5)
		t.Logf("%q v=%q op=%v said=%v stepUndone=%v opUndone=%v relevant=%v", q, v, operationVerb(v), verbSaid(requestPart(q), v), und, ix.operationUndone(q, named), r != nil && r.relevant)
	}
}
