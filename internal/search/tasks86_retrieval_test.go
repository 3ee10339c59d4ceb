package search

import "testing"

// TestRetrievalTasks86 scores tasks86, round eighty-six's own held-out
// set: 50 tasks of two steps, each step with a close sibling in its
// backend (read against write, get against list, logs against status,
// search against list: "Look at GitLab MR !42 ... and leave a note on
// it"), written from the corpus's server files alone before the round
// changed any scoring, never learned from (learnedgen's heldOut, cvHeld).
// Only its aggregates are logged. At the start of the round (9d4f090):
// hit@1 43, hit@5 44 of 50; after round86.go's plainRead 44 and 46, its
// floors.
func TestRetrievalTasks86(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/tasks86-queries.jsonl"), func(string) {})
	n := float64(s.n)
	h1, h5, any5 := int(s.hit1*n+0.5), int(s.hit5*n+0.5), int(s.anyHit5*n+0.5)
	t.Logf("tasks86: hit@1 %d, hit@5 %d, any expected tool in the top 5 %d of %d; wrongly none %d", h1, h5, any5, s.n, s.falseNone)
	if h1 < 44 || h5 < 46 {
		t.Errorf("tasks86 below round eighty-six: hit@1 44, hit@5 46 of 50 (43 and 44 before it)")
	}
}
