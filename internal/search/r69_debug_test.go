package search

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round sixty-nine's diagnosis (bench/retrieval-notes.md, round
// sixty-nine). TestR69Nones prints each "none" request of the readable
// tuned-on sets (r65Readable) that names no backend, answered or not, with
// the evidence its first hit has term by term; TestR69Verb prints a
// request's verb and whether the first hit's backend does it (verbUndone);
// TestR69CV is TestR65CV with verbUndone on or off (R69_OFF=1), for a
// script to compare request by request.

// TestR69Nones (R69=1; R69=all adds the single requests that name no
// backend, R69_OFF=1 switches verbUndone off).
func TestR69Nones(t *testing.T) {
	if os.Getenv("R69") == "" {
		t.Skip("set R69=1 (R69=all: the answerable single requests too)")
	}
	defer r69Switch()()
	ix := New(corpusDocs(t), nil)
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	files = append(files, devQueries)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		if !r65Readable(name) {
			continue
		}
		for _, q := range readQueries(t, f) {
			if q.Kind != "none" && (os.Getenv("R69") != "all" || q.Kind != "single") {
				continue
			}
			if named, _ := ix.namedServersWith(q.Query, ix.vendorProducts(q.Query)); len(named) > 0 {
				continue
			}
			hits := ix.Search(q.Query, 1)
			switch {
			case q.Kind == "none" && hits == nil:
				fmt.Printf("OK   %s %q\n", q.ID, q.Query)
			case hits == nil:
				fmt.Printf("FN   %s %q\n", q.ID, q.Query)
			default:
				what := "ANS "
				if q.Kind == "none" {
					what = "MISS"
				}
				fmt.Printf("%s %s %q -> %s/%s\n     %s\n", what, q.ID, q.Query, hits[0].Server, hits[0].Tool, r69Explain(ix, q.Query, hits[0].Doc))
			}
		}
	}
}

// r69Switch applies R69_OFF and returns what restores the switch.
func r69Switch() func() {
	v := undoneVerbCoverage
	if os.Getenv("R69_OFF") != "" {
		undoneVerbCoverage = false
	}
	return func() { undoneVerbCoverage = v }
}

// r69Explain describes the evidence doc has for query's terms: coverage
// without and with the learned words, the evidence mass over the largest
// IDF, the matched terms, and for each term its IDF, weight, how many
// tools have it, and where doc matches it (name or lead, deep in the
// description, a parameter, a WordNet word, the learned words).
func r69Explain(ix *Index, query string, doc int) string {
	names := map[int32]string{}
	for w, id := range ix.tools.ids {
		names[id] = w
	}
	qs := ix.queryTerms(query)
	c0, m := ix.evidence(qs, doc)
	cL, _ := ix.evidenceLearned(qs, doc, learnedEvidence)
	var b strings.Builder
	fmt.Fprintf(&b, "c=%.2f cL=%.2f m=%.2f nm=%d |", c0, cL, m/ix.maxIDF, ix.matchedTerms(qs, doc))
	for _, q := range qs {
		where := "-"
		for _, e := range q.exps {
			if p, ok := find(ix.tools.post, e.id, int32(doc)); ok {
				w := "lead"
				switch {
				case !p.core:
					w = "param"
				case !p.lead:
					w = "deep"
				}
				if e.wordnet {
					w = "wn:" + w
				}
				where = fmt.Sprintf("%s(%s %.2f)", w, names[e.id], e.w)
				break
			}
		}
		if where == "-" {
			if id, ok := ix.learned.lookup(q.term); ok {
				if _, ok := find(ix.learned.post, id, int32(doc)); ok {
					where = "learned"
				}
			}
		}
		df := 0
		if id, ok := ix.tools.lookup(q.term); ok {
			df = len(ix.tools.post[id])
		}
		fmt.Fprintf(&b, " %s[%.1f w%.2f df%d]=%s", q.term, q.idf, q.weight, df, where)
	}
	return b.String()
}

// TestR69Verb (R69_VQ, requests separated by "|") prints each request's
// verb (requestVerbPlace), its verb family, whether WordNet knows it, the
// first hit and whether that hit's backend does the verb.
func TestR69Verb(t *testing.T) {
	if os.Getenv("R69_VQ") == "" {
		t.Skip("set R69_VQ")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	for _, q := range strings.Split(os.Getenv("R69_VQ"), "|") {
		r := ix.rank(q, 1)
		if r == nil || len(r.hits) == 0 {
			fmt.Printf("%q: no hit\n", q)
			continue
		}
		v, placed := requestVerbPlace(q)
		s := ix.docServer[r.hits[0].Doc]
		fmt.Printf("%q verb=%s placed=%v family=%b wordnet=%v top=%s/%s does=%v synonym=%v undone=%v\n", q, v, placed, verbStems()[v], wordnetVerbs()[v], r.hits[0].Server, r.hits[0].Tool, ix.backendDoes(s, v), ix.backendHasSynonym(s, v), ix.verbUndone(q, r.hits[0].Doc, true))
	}
}

// TestR69CV (R69_CV=<out.jsonl>) is TestR65CV (R65_CV) with verbUndone
// switched by R69_OFF.
func TestR69CV(t *testing.T) {
	out := os.Getenv("R69_CV")
	if out == "" {
		t.Skip("R69_CV unset")
	}
	defer r69Switch()()
	t.Setenv("R65_CV", out)
	TestR65CV(t)
}

// BenchmarkSearchR69 is BenchmarkSearch with verbUndone off and on, one
// after the other in one run.
func BenchmarkSearchR69(b *testing.B) {
	v := undoneVerbCoverage
	defer func() { undoneVerbCoverage = v }()
	for _, on := range []bool{false, true, true, false} {
		undoneVerbCoverage = on
		b.Run(fmt.Sprintf("verbUndone=%v", on), BenchmarkSearch)
	}
}
