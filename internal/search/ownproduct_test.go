package search

import "testing"

func TestOwnDocs(t *testing.T) {
	ix := New([]Doc{
		{Server: "errtrack", Tool: "search_docs", Description: "Search Errtrack documentation for setup of Next.js and Django routing.", Params: []Param{{Name: "query"}}},
		{Server: "libdocs", Tool: "query_docs", Description: "Query docs and routing for any library.", Params: []Param{{Name: "library"}}},
		{Server: "files", Tool: "read_file", Description: "Read a file.", Params: []Param{{Name: "path"}}},
	}, nil)
	if !ix.ownDocs[0] || ix.ownDocs[1] || ix.ownDocs[2] {
		t.Fatalf("ownDocs = %v, want only errtrack's search_docs", ix.ownDocs)
	}
	cands := []int32{0, 1, 2}
	for _, tt := range []struct {
		query string
		named []int32
		want  float64 // search_docs's score after the penalty, from 1
	}{
		{"Look up the Next.js docs on routing", nil, ownDocsFactor},
		{"Look up the docs of Django on routing", nil, ownDocsFactor},
		{"look up the docs on routing", nil, 1},
		{"Look up the Errtrack docs on Next.js", []int32{0}, 1},
	} {
		sc := &scorer{ix: ix, score: []float64{1, 1, 1}}
		sc.ownDocsPenalty(tt.query, properNames(tt.query), tt.named, cands)
		if sc.score[0] != tt.want || sc.score[1] != 1 {
			t.Errorf("%q: scores %v, want search_docs at %v and query_docs at 1", tt.query, sc.score, tt.want)
		}
	}
}
