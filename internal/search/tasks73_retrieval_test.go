package search

import "testing"

// TestRetrievalTasks73 scores tasks73, round seventy-three's own held-out
// set: 60 tasks of two or three steps (16 of three, 18 across backends,
// every one of the 32 servers used, some steps only implied: "Get me the
// current React Router docs ... from Context7" needs the library's id
// first), written from the corpus's server files alone before the round
// changed any scoring, never run one by one, nor learned from (learnedgen's
// heldOut, cvHeld). Only its aggregates are logged, never a miss. At the
// start of the round (74a85a0): hit@1 55, hit@5 54 of 60; after a step's
// own words naming its backend (round73.go), 55 and 55, its floors.
func TestRetrievalTasks73(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/tasks73-queries.jsonl"), func(string) {})
	n := float64(s.n)
	h1, h5, any5 := int(s.hit1*n+0.5), int(s.hit5*n+0.5), int(s.anyHit5*n+0.5)
	t.Logf("tasks73: hit@1 %d, hit@5 %d, any expected tool in the top 5 %d of %d; wrongly none %d", h1, h5, any5, s.n, s.falseNone)
	if h1 < 55 || h5 < 55 {
		t.Errorf("tasks73 below round seventy-three: hit@1 55, hit@5 55 of 60 (55 and 54 before it)")
	}
}
