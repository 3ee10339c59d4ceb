package search

import (
	"os"
	"strings"
	"testing"
)

// TestR89Empty (R89Q='<request>|...') says, for each request answered with
// nothing, whether a step rule said "none" (firstStepUndone,
// laterStepUndone) or no step was relevant.
func TestR89Empty(t *testing.T) {
	qq := os.Getenv("R89Q")
	if qq == "" {
		t.Skip("R89Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qq, "|") {
		r79Trace = func(s string) { t.Logf("r79 fires: %s", s) }
		hits := ix.Search(q, 5)
		r79Trace = nil
		vp := ix.vendorProducts(q)
		named, naming := ix.namedServersWith(q, vp)
		r := ix.rank(q, 5)
		f := ix.firstStepUndone(q, naming, named, r.steps)
		l := ix.laterStepUndone(q, named, r.steps)
		t.Logf("%q hits=%d first=%v later=%v steps=%d whole=%v", q, len(hits), f, l, len(r.steps), r.relevant)
		for _, c := range r.steps {
			sr := ix.rank(c.text, 1)
			ok := sr != nil && sr.relevant && len(sr.hits) > 0
			top := ""
			nm := -1
			if sr != nil && len(sr.hits) > 0 {
				top = ix.docs[sr.hits[0].Doc].Tool
				var own []qterm
				for _, qt := range ix.queryTerms(c.text) {
					if qt.weight >= 1 {
						own = append(own, qt)
					}
				}
				nm = ix.matchedTerms(own, sr.hits[0].Doc)
			}
			t.Logf("   step %q relevant=%v top=%s matched=%d verb=%q", c.text, ok, top, nm, requestVerb(c.text))
		}
	}
}

// TestR89Finder (R89F='<step>|...') shows finderStep's parts.
func TestR89Finder(t *testing.T) {
	qq := os.Getenv("R89F")
	if qq == "" {
		t.Skip("R89F unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qq, "|") {
		c := clause{step: q, text: q, act: partAction(q)}
		fs, pk := finderStep(c)
		ft, ok := foundThing(q)
		t.Logf("%q namesOne=%v act=%v finder=%v picked=%v thing=%+v ok=%v", q, namesOne(q), c.act, fs, pk, ft, ok)
		for s := range ix.srvDocs {
			if p := ix.namePrefix(int32(s)); p != "" {
				t.Logf("  prefix %s: %s", ix.servers[s], p)
			}
		}
	}
}

// TestR89Fires (R89SET=<set>) prints the lifts finderTop makes in a set's
// requests.
func TestR89Fires(t *testing.T) {
	set := os.Getenv("R89SET")
	if set == "" {
		t.Skip("R89SET unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range readQueries(t, "testdata/"+set+"-queries.jsonl") {
		r89Trace = func(s string) { t.Logf("%s %q: %s", q.ID, q.Query, s) }
		ix.Search(q.Query, 5)
	}
	r89Trace = nil
}

// TestR89Toggle (R89SETS=<set>,...) prints the requests whose first hit
// or whose expected tools' presence in the five round eighty-nine's rule
// changes.
func TestR89Toggle(t *testing.T) {
	sets := os.Getenv("R89SETS")
	if sets == "" {
		t.Skip("R89SETS unset")
	}
	ix := New(corpusDocs(t), nil)
	defer func() { r89Off = false }()
	for _, set := range strings.Split(sets, ",") {
		for _, q := range readQueries(t, "testdata/"+set+"-queries.jsonl") {
			r89Off = true
			a := ix.Search(q.Query, 5)
			r89Off = false
			b := ix.Search(q.Query, 5)
			f := func(h []Hit) string {
				if len(h) == 0 {
					return "-"
				}
				return h[0].Tool
			}
			in5 := func(h []Hit) bool { return inTop(h, q.Expected, 5, true) }
			if f(a) != f(b) || in5(a) != in5(b) {
				t.Logf("%s %q: first %s -> %s; all in five %v -> %v; want %v", q.ID, q.Query, f(a), f(b), in5(a), in5(b), q.Expected)
			}
		}
	}
}

// TestR89Why51 (R89W='<request>') shows what rules a request out before
// its steps are judged: the products no backend serves it names, a
// channel of another product, a product's article.
func TestR89Why51(t *testing.T) {
	q := os.Getenv("R89W")
	if q == "" {
		t.Skip("R89W unset")
	}
	ix := New(corpusDocs(t), nil)
	vp := ix.vendorProducts(q)
	t.Logf("unserved=%v foreign=%v article=%v", ix.unservedProducts(q, vp), ix.foreignChannel(q), ix.productArticle(q))
}
