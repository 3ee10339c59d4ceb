package search

import (
	"os"
	"strings"
	"testing"
)

// TestR75Q (R75Q='<request>|<request>...') shows, for each request, its
// clauses and whether the object rule undoes the first (round75.go).
func TestR75Q(t *testing.T) {
	qq := os.Getenv("R75Q")
	if qq == "" {
		t.Skip("R75Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qq, "|") {
		vp := ix.vendorProducts(q)
		named, naming := ix.namedServersWith(q, vp)
		qs := ix.queryTerms(q)
		_, info := ix.clauses(q, qs, naming, nil)
		for i, c := range info {
			v, at := requestVerbAt(c.text)
			t.Logf("%q clause %d %q act=%v verb=%q heads=%v undone=%v created=%v", q, i, c.text, c.act, v, objectHeads(c.text, at, naming), ix.objectUndone(c.text, naming, named), ix.createdUnnamed(c.text, v, objectHeads(c.text, at, naming), named))
		}
	}
}

// TestR75Toggle (R75T=1) scores tasks36 and nearmiss75 (aggregates only)
// with each of the round's rules off in turn.
func TestR75Toggle(t *testing.T) {
	if os.Getenv("R75T") == "" {
		t.Skip("R75T unset")
	}
	for _, c := range []struct{ first, caps bool }{{true, true}, {false, true}, {true, false}, {false, false}} {
		r75First, r75Caps = c.first, c.caps
		ix := New(corpusDocs(t), nil)
		for _, set := range []string{"tasks36", "nearmiss75", "tasks44", "tasks48"} {
			qs := readQueries(t, "testdata/"+set+"-queries.jsonl")
			s := evaluate(ix, qs, func(string) {})
			n := float64(s.n)
			t.Logf("first=%v caps=%v %s: hit@1 %.0f hit@5 %.0f none %.2f", c.first, c.caps, set, s.hit1*n, s.hit5*n, s.none)
		}
	}
	r75First, r75Caps = true, true
}

// TestR75Fires (R75F=<set>) counts the requests of a set for which
// firstStepUndone fires and shows only the structure of each (the first
// step's verb, object head and backend, and whether createdUnnamed or the
// tools named for the object decided), not the request.
func TestR75Fires(t *testing.T) {
	set := os.Getenv("R75F")
	if set == "" {
		t.Skip("R75F unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range readQueries(t, "testdata/"+set+"-queries.jsonl") {
		vp := ix.vendorProducts(q.Query)
		named, naming := ix.namedServersWith(q.Query, vp)
		qs := ix.queryTerms(q.Query)
		_, info := ix.clauses(q.Query, qs, naming, nil)
		for i := range info {
			info[i].named = ix.clauseNamed(named, info[i].text, vp)
		}
		if !ix.firstStepUndone(q.Query, naming, named, info) {
			continue
		}
		v, at := requestVerbAt(info[0].text)
		heads := objectHeads(info[0].text, at, naming)
		var hw []string
		for _, h := range heads {
			hw = append(hw, h.word)
		}
		var bs []string
		for _, s := range info[0].named {
			bs = append(bs, ix.servers[s])
		}
		t.Logf("%s kind=%s verb=%s heads=%v backends=%v created=%v", q.ID, q.Kind, v, hw, bs, ix.createdUnnamed(info[0].text, v, heads, info[0].named))
	}
}
