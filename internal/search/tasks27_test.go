package search

import (
	"slices"
	"testing"
)

// TestSearch_StepsRelevant: a task whose steps are each a request some
// tool serves is answered even when no one tool covers enough of the
// whole; one with a step whose verb its tool does not match, a list of
// values split at "and", or naming a product no backend serves, is not.
func TestSearch_StepsRelevant(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{
		"locate the .js files under web/src and lint them with ESLint",
	} {
		if ix.Search(q, 5) == nil {
			t.Errorf("%q: no hits", q)
		}
	}
	for _, q := range []string{
		"translate this letter into Spanish and send it to Maria",
		"merge jan.pdf and feb.pdf into a single PDF",
		"open a Linear ticket for the crash and then add a comment on it",
	} {
		if hs := ix.Search(q, 5); hs != nil {
			t.Errorf("%q: answered: %s", q, fmtHits(hs))
		}
	}
}

// TestSearch_StepLearned: a step of a task is ranked with the learned
// words of its own terms, so the tool requests like it asked for is kept
// for it (the whole query's list, limited to two, has a slot for the first
// hit and one for that step's tool).
func TestSearch_StepLearned(t *testing.T) {
	docs := []Doc{
		{Server: "store", Tool: "delete_thing", Description: "Delete a thing."},
		{Server: "store", Tool: "fetch_item", Description: "Fetch an item."},
		{Server: "store", Tool: "fetch_record", Description: "Fetch a record.", Learned: "widget"},
	}
	ix := New(docs, &Options{MinCoverage: -1})
	hits := ix.Search("delete the old thing, then fetch the widget", 2)
	if len(hits) != 2 || hits[1].Tool != "fetch_record" {
		t.Errorf("want delete_thing, fetch_record: %s", fmtHits(hits))
	}
}

// TestSearch_StepPrereqs: a step's tool that needs another of its backend
// first brings that one into the list, as the first hit's does.
func TestSearch_StepPrereqs(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "Look up the docs for Drizzle ORM migrations with Context7 and apply the migration to my Supabase project"
	hits := ix.Search(q, 5)
	for _, want := range []string{"query-docs", "resolve-library-id", "apply_migration"} {
		if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == want }) {
			t.Errorf("%q: %s not in the top 5: %s", q, want, fmtHits(hits))
		}
	}
}
