package search

import (
	"os"
	"strings"
	"testing"
)

// TestR88Facet (R88Q='<request>|...') prints what round eighty-eight's
// rule reads of each request.
func TestR88Facet(t *testing.T) {
	qs := os.Getenv("R88Q")
	if qs == "" {
		t.Skip("R88Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, query := range strings.Split(qs, "|") {
		vp := ix.vendorProducts(query)
		named, naming := ix.namedServersWith(query, vp)
		q := requestPart(operationRequest(query))
		v, _ := requestVerbPlace(q)
		t.Logf("%q v=%q obj=%v to=%v as=%v named=%d facets=%v undone=%v", query, v, requestObject(q, v, naming), requestObject(q, "to", naming), requestObject(q, "as", naming), len(named), facetsAsked(query, naming), ix.facetUndone(query, naming, named))
		for _, s := range named {
			for _, w := range []string{"bill", "plan", "replic"} {
				t.Logf("  %s has %s: %v", ix.servers[s], w, ix.backendHasAny(s, w))
			}
		}
	}
}

// TestR88Runs lists the backends runsAnything takes as running code.
func TestR88Runs(t *testing.T) {
	if os.Getenv("R88RUNS") == "" {
		t.Skip("R88RUNS unset")
	}
	ix := New(corpusDocs(t), nil)
	for s := range ix.servers {
		if ix.runsAnything(int32(s)) {
			t.Logf("runs: %s", ix.servers[s])
		}
	}
}
