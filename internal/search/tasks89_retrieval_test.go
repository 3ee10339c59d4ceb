package search

import "testing"

// TestRetrievalTasks89 scores tasks89, round eighty-nine's own held-out
// set: 58 tasks of two or three steps (a thing found by a property or a
// description, implied posting and filing steps, steps naming a second
// product, a URL opened in a browser), written from the corpus's server
// files alone before the round changed any scoring, never learned from
// (learnedgen's heldOut, cvHeld). Only its aggregates are logged. At the
// start of the round (de7a722): hit@1 46, hit@5 51 of 58; after
// round89.go's rules 47 and 54, its floors.
func TestRetrievalTasks89(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/tasks89-queries.jsonl"), func(string) {})
	n := float64(s.n)
	h1, h5, any5 := int(s.hit1*n+0.5), int(s.hit5*n+0.5), int(s.anyHit5*n+0.5)
	t.Logf("tasks89: hit@1 %d, hit@5 %d, any expected tool in the top 5 %d of %d; wrongly none %d", h1, h5, any5, s.n, s.falseNone)
	if h1 < 47 || h5 < 54 {
		t.Errorf("tasks89 below round eighty-nine: hit@1 47, hit@5 54 of 58 (46 and 51 before it)")
	}
}
