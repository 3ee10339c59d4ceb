package search

import (
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// fuzzIndexes returns the indexes FuzzSearch searches: the whole corpus, one
// server's tools (list_tools with servers), two servers', and none.
func fuzzIndexes(tb testing.TB) []*Index {
	fuzzOnce.Do(func() { fuzzIxs = newFuzzIndexes(corpusDocs(tb)) })
	return fuzzIxs
}

var (
	fuzzOnce sync.Once
	fuzzIxs  []*Index
)

func newFuzzIndexes(docs []Doc) []*Index {
	var github, two []Doc
	for _, d := range docs {
		switch d.Server {
		case "github":
			github = append(github, d)
			two = append(two, d)
		case "slack":
			two = append(two, d)
		}
	}
	return []*Index{New(docs, nil), New(github, nil), New(two, nil), New(nil, nil)}
}

// fuzzQuerySeeds are the first query of each of testdata's query sets:
// nearly two hundred of the questions the ranking was written for.
func fuzzQuerySeeds(tb testing.TB) []string {
	files, err := filepath.Glob("testdata/*-queries.jsonl")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no query sets in testdata: %v", err)
	}
	sort.Strings(files)
	var out []string
	for _, f := range files {
		qs := readQueries(tb, f)
		for i := 0; i < len(qs) && i < 1; i++ {
			out = append(out, qs[i].Query)
		}
	}
	return out
}

// FuzzSearch holds Index.Search and Suggest, which list_tools runs on a
// client's query inside the daemon that serves every session, to never
// panic and to keep their promises, for any query up to list_tools'
// bound (4,000 bytes) and the limits list_tools passes (0: the default).
func FuzzSearch(f *testing.F) {
	for _, q := range fuzzQuerySeeds(f) {
		f.Add(q, uint8(0))
	}
	for _, q := range []string{
		"", " ", "get-sum", "github.create_issue", "zereight_gitlab__create_issue", "githb.create_isue",
		"put it on issue 23", "open ~/notes.txt and post it to slack", "there's a file under /home/me",
		"\"quoted span\" kubectl", "I'm writing a design doc on vector stores, so find docs",
		"a, b; c. d! e? (f) [g] {h}", "-s -- --", "\x00\xff\u2028\u200b", strings.Repeat("issue ", 200),
	} {
		for _, l := range []uint8{0, 1, 2, 3, 4} {
			f.Add(q, l)
		}
	}
	limits := []int{0, 1, 5, 100, -1}
	ixs := fuzzIndexes(f)
	f.Fuzz(func(t *testing.T, query string, l uint8) {
		if len(query) > 4000 {
			return // list_tools refuses it
		}
		limit := limits[int(l)%len(limits)]
		for i, ix := range ixs {
			hits := ix.Search(query, limit)
			max := limit
			if max <= 0 {
				max = DefaultLimit
			}
			if len(hits) > max {
				t.Fatalf("index %d: Search(%q, %d) gave %d hits", i, query, limit, len(hits))
			}
			for _, h := range hits {
				if h.Doc < 0 || h.Doc >= ix.Len() {
					t.Fatalf("index %d: Search(%q, %d) gave doc %d of %d", i, query, limit, h.Doc, ix.Len())
				}
			}
			for _, s := range ix.Suggest(query, 3) {
				if !utf8.ValidString(s) {
					t.Fatalf("index %d: Suggest(%q) gave %q", i, query, s)
				}
			}
		}
	})
}
