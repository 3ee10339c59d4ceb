package search

import "testing"

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
