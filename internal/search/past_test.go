package search

import (
	"maps"
	"slices"
	"testing"
)

func TestPastOnly(t *testing.T) {
	for q, want := range map[string][]string{
		"is the release branch protected?":             {"protect"},
		"bring my paused project back":                 {"paus"},
		"add an index on created_at to the orders":     nil, // a value's word
		"protect the branch that was protected before": nil, // base form too
		"list the feeds I need":                        nil,
	} {
		got := slices.Sorted(maps.Keys(pastOnly(q)))
		if !slices.Equal(got, want) {
			t.Errorf("pastOnly(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestSearch_PastFormPenalty: "the protected branch" (a state) and "the
// protect branch" have the same terms; the tool named for protecting loses
// ground to the one reading protection only for the first.
func TestSearch_PastFormPenalty(t *testing.T) {
	docs := []Doc{
		{Server: "git", Tool: "protect_branch", Description: "Branch protection rules: who may push and merge."},
		{Server: "git", Tool: "get_protected_branch", Description: "Branch protection rules: who may push and merge."},
	}
	for _, w := range []string{"chart", "map", "page", "file", "issue", "user", "table", "query"} {
		docs = append(docs, Doc{Server: "other", Tool: "get_" + w, Description: "Gets a " + w + "."})
	}
	ix := New(docs, nil)
	if ix.nameVerbs[0] != "protect" || ix.nameVerbs[1] != "get" {
		t.Errorf("nameVerbs = %q, want protect and get", ix.nameVerbs[:2])
	}
	lead := func(q string) float64 {
		s := map[string]float64{}
		for _, h := range ix.Search(q, 2) {
			s[h.Tool] = h.Score
		}
		return s["protect_branch"] - s["get_protected_branch"]
	}
	past, base := lead("who may push to the protected main branch?"), lead("who may push to the protect main branch?")
	if past >= base {
		t.Errorf("protect_branch leads by %.2f for a protected branch, by %.2f for protect: want less", past, base)
	}
}
