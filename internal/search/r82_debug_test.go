package search

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestR82Probe (R82Q=<request>|<request>) prints each request's five.
func TestR82Probe(t *testing.T) {
	qs := os.Getenv("R82Q")
	if qs == "" {
		t.Skip("R82Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qs, "|") {
		fmt.Printf("%q -> %s\n", q, fmtHits(ix.Search(q, 5)))
	}
}

// TestR82CVMisses (R82CV=1) prints the cross-validated misses of the
// tuned-on sets, one line each, for reading the developer-worded ones.
func TestR82CVMisses(t *testing.T) {
	if os.Getenv("R82CV") == "" {
		t.Skip("R82CV unset")
	}
	o := curveOpts()
	curveWeights(t)
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	for _, f := range files {
		learnedTable = cvTable(t, files, f, o, keyOf)
		evaluate(New(docs, nil), readQueries(t, f), func(m string) { fmt.Println(m) })
	}
}

// TestR82Why (R82Q) prints the named-backend "none" rules' answers.
func TestR82Why(t *testing.T) {
	qs := os.Getenv("R82Q")
	if qs == "" {
		t.Skip("R82Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qs, "|") {
		named, naming := ix.namedServers(q)
		v, at := requestVerbAt(q)
		fmt.Printf("%q: named %v verb %q@%d objectUndone %v namedUndone %v heads %v rewritten %q\n", q, named, v, at, ix.objectUndone(q, naming, named), ix.namedUndone(q, named), objectHeads(q, at, naming), rewritePhrases(q))
	}
}
