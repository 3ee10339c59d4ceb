package search

import "testing"

// TestRetrievalNearMiss92 scores nearmiss92, round ninety-two's own
// held-out set: 38 requests that name a product for an action none of the
// tools does (a feature switched on or set up: 2FA, single sign-on, dark
// mode, branch protection, auto-merge, a wiki; a role after "with"; two
// products; a facet in a product's learned words; a product we do not
// serve said as a label before the verb, "linear move ...", "npm publish
// ..."; an account or lifecycle operation: invite, transfer, archive,
// restore, rotate, pause), kind none, interleaved with 32 answerable
// lookalikes (31 single, one task) phrased as close to them as the tools
// allow. Written from the corpus's server files before the round changed
// any scoring, never read one by one afterwards, nor learned from
// (learnedgen's heldOut, cvHeld). Only its aggregates are logged. At the
// start (0d18dc4): single hit@1 25, hit@5 27 of 31, tasks hit@5 1 of 1
// (wrongly none 3), none 25 of 38; after round ninety-two's rules
// (round92.go) none 33 of 38, the rest unchanged, its floors.
func TestRetrievalNearMiss92(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/nearmiss92-queries.jsonl"), func(string) {})
	n, h1, h5 := s.single, s.single1, s.single5
	none, nNone, wrongNone := s.noneRight, s.nNone, s.falseNone
	t.Logf("nearmiss92: single hit@1 %d, hit@5 %d of %d; tasks hit@5 %d of %d (wrongly none %d); none %d of %d", h1, h5, n, s.multi5, s.multi, wrongNone, none, nNone)
	if h1 < 25 || h5 < 27 || s.multi5 < 1 || wrongNone > 3 || none < 33 {
		t.Errorf("nearmiss92 below round ninety-two: single 25 / 27 of 31, tasks 1 of 1 (wrongly none 3), none 33 of 38 (25 before it)")
	}
}
