package search

import (
	"fmt"
	"testing"
)

// A query of only numbers and stop words ("thing 42") over 10,000 tools
// that differ only by their numbers finds the tool with those words, its
// name's number first: the ranking drops numbers and "thing", and it
// found nothing (rounds 107 and 110). Words every tool has alike ("does
// thing") still find nothing, and a query with a term is the ranking's.
func TestSearch_AQueryOfOnlyNumbersAndStopWordsFindsTheToolWithThem(t *testing.T) {
	var docs []Doc
	for i := range 10000 {
		docs = append(docs, Doc{Server: "many", Tool: fmt.Sprintf("t%05d", i), Description: fmt.Sprintf("tool number %d does thing %d", i, i%97), Params: []Param{{Name: "x"}}})
	}
	ix := New(docs, nil)
	for q, want := range map[string][]string{
		"thing 42": {"t00042", "t00139", "t00236"},
		"42":       {"t00042", "t00139", "t00236"},
		"THING 4":  {"t00004", "t00101", "t00198"},
	} {
		hits := ix.Search(q, 3)
		if len(hits) != len(want) {
			t.Errorf("%q: %d hits %v, want %v", q, len(hits), hits, want)
			continue
		}
		for i, w := range want {
			if hits[i].Tool != w {
				t.Errorf("%q: hit %d is %s, want %s (%v)", q, i, hits[i].Tool, w, hits)
			}
		}
	}
	for _, q := range []string{"does thing", "thing", "   ", "thing 99999", "the and of to"} {
		if hits := ix.Search(q, 3); len(hits) != 0 {
			t.Errorf("%q: %v, want none", q, hits)
		}
	}
}

func TestLiteralWords(t *testing.T) {
	got := fmt.Sprint(literalWords("t00042 does-Thing 42, v2beta 000 caf\u00e9"))
	if want := "[t 42 does thing v 2 beta 0 caf\u00e9]"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
