package search

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestR70Trace prints, for each single request of the set R70_SET (a
// tuned-on set only: never a held-out one), the request's terms (term:idf/
// weight), the backends it names, the first hit and the expected tool with
// their coverage and evidence, the expected tool's rank with no relevance
// check, and whether the search answers "none" (round seventy's diagnosis).
func TestR70Trace(t *testing.T) {
	set := os.Getenv("R70_SET")
	if set == "" {
		t.Skip("set R70_SET=testdata/<tuned-on set> to trace its single requests")
	}
	if strings.Contains(set, "indirect70-") || strings.Contains(set, "extra5") || strings.Contains(set, "extra4") || strings.Contains(set, "extra38") || strings.Contains(set, "extra39") {
		t.Fatal("held-out sets are not traced")
	}
	docs := corpusDocs(t)
	r70CVTable(t, docs, set)
	ix := New(docs, nil)
	open := New(docs, &Options{MinCoverage: -1})
	only := os.Getenv("R70_MISSES") != ""
	for _, q := range readQueries(t, set) {
		if q.Kind != "single" {
			continue
		}
		want := append([][]ref{q.Expected}, q.Alternatives...)
		is := func(h Hit) bool {
			return slices.ContainsFunc(want, func(s []ref) bool { return s[0].Server == h.Server && s[0].Tool == h.Tool })
		}
		hits := ix.Search(q.Query, 5)
		ok1 := len(hits) > 0 && is(hits[0])
		if only && ok1 {
			continue
		}
		r := open.rank(q.Query, 30)
		qs := open.queryTerms(q.Query)
		var terms []string
		for _, x := range qs {
			terms = append(terms, fmt.Sprintf("%s:%.1f/%.2f", x.term, x.idf, x.weight))
		}
		named, _ := open.namedServersWith(q.Query, open.vendorProducts(q.Query))
		var ns []string
		for _, n := range named {
			ns = append(ns, open.servers[n])
		}
		rank := -1
		var wdoc int
		for i, h := range r.hits {
			if is(h) {
				rank, wdoc = i+1, h.Doc
				break
			}
		}
		status := "ok"
		if hits == nil {
			status = "NONE"
		} else if !ok1 {
			status = "MISS"
		}
		top := r.hits[0]
		c, m := open.evidence(qs, top.Doc)
		line := fmt.Sprintf("%s %s %q\n   terms [%s] named %v\n   top %s/%s cov %.2f m %.1f", q.ID, status, q.Query, strings.Join(terms, " "), ns, top.Server, top.Tool, c, m)
		if rank > 0 {
			c2, m2 := open.evidence(qs, wdoc)
			line += fmt.Sprintf(" | want %s/%s rank %d cov %.2f m %.1f nm %d", q.Expected[0].Server, q.Expected[0].Tool, rank, c2, m2, open.matchedTerms(qs, wdoc))
		} else {
			line += fmt.Sprintf(" | want %s/%s not in 30", q.Expected[0].Server, q.Expected[0].Tool)
		}
		fmt.Println(line)
	}
}

// TestR70Why (R70_Q=<request>, or R70_SET=<tuned-on set> for each of its
// single requests answered "none") prints why the search answers "none":
// the first hits before the learned words reorder them and, for each, the
// relevance check's inputs.
func TestR70Why(t *testing.T) {
	query, set := os.Getenv("R70_Q"), os.Getenv("R70_SET")
	if query == "" && set == "" {
		t.Skip("set R70_Q or R70_SET")
	}
	docs := corpusDocs(t)
	r70CVTable(t, docs, set)
	ix := New(docs, nil)
	if query != "" {
		r70Why(ix, query)
		return
	}
	if strings.Contains(set, "indirect70-") {
		t.Fatal("held-out sets are not traced")
	}
	for _, q := range readQueries(t, set) {
		if q.Kind == "single" && ix.Search(q.Query, 5) == nil {
			fmt.Printf("%s want %s/%s\n", q.ID, q.Expected[0].Server, q.Expected[0].Tool)
			r70Why(ix, q.Query)
		}
	}
}

func r70Why(ix *Index, query string) {
	w := learnedWeight
	learnedWeight = 0
	pre := ix.rank(query, 3)
	learnedWeight = w
	r := ix.rank(query, 3)
	if r == nil || pre == nil {
		fmt.Println("rank nil")
		return
	}
	vp := ix.vendorProducts(query)
	unserved := ix.unservedProducts(query, vp)
	all := ix.queryTermsWith(query, foreignWords(unserved))
	named, naming := ix.namedServersWith(query, vp)
	var terms []string
	for _, x := range all {
		terms = append(terms, fmt.Sprintf("%s:%.1f/%.2f", x.term, x.idf, x.weight))
	}
	fmt.Printf("%q relevant %v named %v unserved %v productArticle %v\n  terms [%s]\n", query, r.relevant, named, unserved, ix.productArticle(query), strings.Join(terms, " "))
	show := func(what string, hs []Hit) {
		for _, h := range hs {
			c, m := ix.evidence(all, h.Doc)
			cL, _ := ix.evidenceLearned(all, h.Doc, learnedEvidence)
			var cov float64
			rel := ix.relevant(query, all, named, naming, unserved, h.Doc, true, &cov)
			fmt.Printf("  %s %s/%s %.2f cov %.2f covL %.2f m %.1f nm %d rel %v\n", what, h.Server, h.Tool, h.Score, c, cL, m, ix.matchedTerms(all, h.Doc), rel)
		}
	}
	show("pre", pre.hits)
	show("post", r.hits)
}

// r70CVTable, with R70_CV set, makes the learned table the one the
// cross-validation scores set with (learned from every other set).
func r70CVTable(t *testing.T, docs []Doc, set string) {
	if os.Getenv("R70_CV") == "" || set == "" {
		return
	}
	keyOf, files := cvSetup(docs)
	tbl := learnedTable
	t.Cleanup(func() { learnedTable = tbl })
	learnedTable = cvTable(t, files, set, cvOpts{tf: true, minReq: 1}, keyOf)
}

// TestR70Unknown (R70_UNKNOWN=1) counts, over the readable tuned-on sets,
// the request words no tool's text has (they weigh the index's largest
// IDF), by whether the request is answerable or "none".
func TestR70Unknown(t *testing.T) {
	if os.Getenv("R70_UNKNOWN") == "" {
		t.Skip("set R70_UNKNOWN=1")
	}
	ix := New(corpusDocs(t), nil)
	_, files := cvSetup(corpusDocs(t))
	ans, none := map[string]int{}, map[string]int{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		if !r65Readable(name) {
			continue
		}
		for _, q := range readQueries(t, f) {
			seen := map[string]bool{}
			for _, x := range ix.queryTerms(q.Query) {
				if x.idf < ix.maxIDF || x.weight < 1 || seen[x.term] {
					continue
				}
				seen[x.term] = true
				if q.Kind == "none" {
					none[x.term]++
				} else {
					ans[x.term]++
				}
			}
		}
	}
	var ws []string
	for w := range ans {
		ws = append(ws, w)
	}
	for w := range none {
		if ans[w] == 0 {
			ws = append(ws, w)
		}
	}
	slices.SortFunc(ws, func(a, b string) int { return (ans[b] + none[b]) - (ans[a] + none[a]) })
	for _, w := range ws {
		fmt.Printf("%s %d %d\n", w, ans[w], none[w])
	}
}
