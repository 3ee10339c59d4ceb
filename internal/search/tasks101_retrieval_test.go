package search

import "testing"

// TestRetrievalTasks101 scores tasks101, round one hundred and one's own
// held-out set: 68 tasks of two or three steps whose later steps are a
// second or third tool of one backend (list then act, search, details
// then act, create then link or assign, read then update) or a step said
// by its goal ("so the team sees it", "make sure it is gone"), written
// from the corpus's server files alone before the round changed any
// scoring, never learned from (learnedgen's heldOut, cvHeld). Only its
// aggregates are logged. At the start of the round (its commit): hit@1
// 58, hit@5 58 of 68; after round101.go's rules and vocabulary lines 58
// and 61, its floors.
func TestRetrievalTasks101(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/tasks101-queries.jsonl"), func(string) {})
	n := float64(s.n)
	h1, h5, any5 := int(s.hit1*n+0.5), int(s.hit5*n+0.5), int(s.anyHit5*n+0.5)
	t.Logf("tasks101: hit@1 %d, hit@5 %d, any expected tool in the top 5 %d of %d; wrongly none %d", h1, h5, any5, s.n, s.falseNone)
	if h1 < 58 || h5 < 61 {
		t.Errorf("tasks101 below round 101: hit@1 58, hit@5 61 of 68 (58 and 58 before it)")
	}
}
