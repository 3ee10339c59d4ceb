package search

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// Round seventy-three's diagnosis (bench/retrieval-notes.md, round
// seventy-three): TestR73Few (R73FEW=1) lists the corpus tools with at
// most one step label from the tuned-on sets' tasks, with their
// descriptions' first words, to write a tuned-on set of tasks for them.
func TestR73Few(t *testing.T) {
	if os.Getenv("R73FEW") == "" {
		t.Skip("R73FEW unset")
	}
	docs := corpusDocs(t)
	_, files := cvSetup(docs)
	n := map[ref]int{}
	for _, f := range files {
		for _, l := range stepLabelsOf(t, f) {
			n[ref{l.Server, l.Tool}]++
		}
	}
	sort.Slice(docs, func(i, j int) bool {
		if docs[i].Server != docs[j].Server {
			return docs[i].Server < docs[j].Server
		}
		return docs[i].Tool < docs[j].Tool
	})
	k := 0
	for _, d := range docs {
		c := n[ref{d.Server, d.Tool}]
		if c > 1 {
			continue
		}
		k++
		desc := strings.Join(strings.Fields(d.Description), " ")
		if len(desc) > 110 {
			desc = desc[:110]
		}
		fmt.Printf("%d\t%s\t%s\t%s\n", c, d.Server, d.Tool, desc)
	}
	fmt.Println("tools with at most one step label:", k)
}

// TestR73Set (R73SET=testdata/<set>-queries.jsonl, a tuned-on set) scores
// a set with the table as it is and prints its misses.
func TestR73Set(t *testing.T) {
	f := os.Getenv("R73SET")
	if f == "" {
		t.Skip("R73SET unset")
	}
	if cvHeld[strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")] {
		t.Fatal("a held-out set")
	}
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, f), func(m string) { fmt.Println(m) })
	n := float64(s.n)
	fmt.Printf("%s: hit@1 %d, hit@5 %d, any@5 %d of %d; wrongly none %d\n", f, int(s.hit1*n+0.5), int(s.hit5*n+0.5), int(s.anyHit5*n+0.5), s.n, s.falseNone)
}

// TestR73CV (R73CV=<out.jsonl>) is TestLearnedCV writing one line per
// request (r65Outcome), with the ranked five; R73EXCL=a,b leaves those
// sets out of every fold's table (they are still scored as folds).
func TestR73CV(t *testing.T) {
	out := os.Getenv("R73CV")
	if out == "" {
		t.Skip("R73CV unset")
	}
	o := curveOpts()
	curveWeights(t)
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	excl := map[string]bool{}
	for _, s := range strings.Split(os.Getenv("R73EXCL"), ",") {
		excl[s] = s != ""
	}
	train := slices.DeleteFunc(slices.Clone(files), func(f string) bool {
		return excl[strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")]
	})
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	r73Off = os.Getenv("R73OFF") != ""
	defer func() { r73Off = false }()
	fh, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	enc := json.NewEncoder(fh)
	for _, f := range files {
		fold := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		learnedTable = cvTable(t, train, f, o, keyOf)
		ix := New(docs, nil)
		for _, q := range readQueries(t, f) {
			s := evaluate(ix, []evalQuery{q}, func(string) {})
			hits := ix.Search(q.Query, 5)
			enc.Encode(struct {
				Fold, ID, Kind, Query string
				H1, H5, None          bool
				Five, Want            string
			}{fold, q.ID, q.Kind, q.Query, s.hit1 > 0, s.hit5 > 0, s.none > 0.5, fmtHits(hits), fmt.Sprint(q.Expected)})
		}
	}
}

func TestR73Q(t *testing.T) {
	q := os.Getenv("R73Q")
	if q == "" {
		t.Skip("R73Q unset")
	}
	ix := New(corpusDocs(t), nil)
	fmt.Printf("five: %s\n", fmtHits(ix.Search(q, 5)))
}

func TestR73Verb(t *testing.T) {
	for _, q := range []string{"sum revenue per region from the orders table in postgres", "count signups per month in postgres"} {
		v := requestVerb(q)
		ix := New(corpusDocs(t), nil)
		named, _ := ix.namedServersWith(q, ix.vendorProducts(q))
		fmt.Printf("%q verb=%q compute=%v named=%v\n", q, v, computeVerbs()[v], named)
	}
}

// TestR73Fold (R73FOLD=<set>, R73FQ=<query>) ranks a query with the table
// learned without that set, with and without ownBackendTop.
func TestR73Fold(t *testing.T) {
	fold := os.Getenv("R73FOLD")
	if fold == "" {
		t.Skip("R73FOLD unset")
	}
	o := curveOpts()
	curveWeights(t)
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	learnedTable = cvTable(t, files, "testdata/"+fold+"-queries.jsonl", o, keyOf)
	ix := New(docs, nil)
	q := os.Getenv("R73FQ")
	fmt.Printf("on, first:  %s\n", fmtHits(ix.Search(q, 5)))
	for _, x := range readQueries(t, "testdata/"+fold+"-queries.jsonl") {
		if x.Query == q {
			break
		}
		ix.Search(x.Query, 5)
	}
	fmt.Printf("on:  %s\n", fmtHits(ix.Search(q, 5)))
	fmt.Printf("on, again:  %s\n", fmtHits(ix.Search(q, 5)))
	r73Off = true
	fmt.Printf("off: %s\n", fmtHits(ix.Search(q, 5)))
	r73Off = false
}
