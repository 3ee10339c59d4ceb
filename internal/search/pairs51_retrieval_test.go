package search

import "testing"

// TestRetrievalPairs51 scores pairs51, round fifty-one's held-out set: 50
// single requests, each for a tool with a close sibling in its backend
// (same object and another action or scope, or the same action on another
// object: list_protected_branches against list_branches, get_users against
// get_user, aggregate-db against aggregate), half naming the product,
// written from the corpus's server files before the round changed any
// scoring, never run one by one, nor learned from until round sixty
// (learnedgen reads it since). Only its aggregate is logged. Before the round: hit@1 47,
// hit@5 50 of 50.
func TestRetrievalPairs51(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/pairs51-queries.jsonl"), func(string) {})
	h5 := int(s.hit5*float64(s.n) + 0.5)
	t.Logf("pairs51: hit@1 %d, hit@5 %d of %d", s.single1, h5, s.n)
	if s.single1 < 47 || h5 < 50 {
		t.Errorf("pairs51 below its floor: hit@1 47, hit@5 50 of 50")
	}
}
