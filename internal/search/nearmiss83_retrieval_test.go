package search

import "testing"

// TestRetrievalNearMiss83 scores nearmiss83, round eighty-three's own
// held-out set: 37 requests that name a product we serve (or its category:
// "the error tracker", "our team chat") for an action none of its tools
// does (a thing its text mentions only in passing, moving or transferring
// a thing no tool relocates, a task's unserved step after a comma, "after
// that" or "so that"), kind none, interleaved with 24 answerable requests
// naming the same products (21 single, three tasks), some served by a
// generic update tool's field (GitHub's update_issue moving an issue to a
// milestone, n8n's partial update transferring a workflow) or by a
// capability named only in a description (draw.io's Mermaid flowcharts).
// Written from the corpus's server files before the round changed any
// scoring, never read one by one afterwards, nor learned from
// (learnedgen's heldOut, cvHeld). Only its aggregates are logged. At the
// start (e3485be): single hit@1 15, hit@5 19 of 21, tasks hit@5 3 of 3
// (wrongly none 2), none 13 of 37.
func TestRetrievalNearMiss83(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/nearmiss83-queries.jsonl"), func(string) {})
	n, h1, h5, nt, t5 := s.single, s.single1, s.single5, s.multi, s.multi5
	none, nNone, wrongNone := s.noneRight, s.nNone, s.falseNone
	t.Logf("nearmiss83: single hit@1 %d, hit@5 %d of %d; tasks hit@5 %d of %d (wrongly none %d); none %d of %d", h1, h5, n, t5, nt, wrongNone, none, nNone)
	if h1 < 15 || h5 < 19 || t5 < 3 || wrongNone > 2 || none < 20 {
		t.Errorf("nearmiss83 below round eighty-three: single 15 / 19 of 21, tasks 3 of 3 (wrongly none 2), none 20 of 37 (13 before it)")
	}
}
