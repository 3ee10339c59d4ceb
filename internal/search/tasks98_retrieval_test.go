package search

import "testing"

// TestRetrievalTasks98 scores tasks98, round ninety-eight's own held-out
// set: 60 tasks of two steps (a later step whose bare verb, "close them",
// "move them all to ...", "open a pull request", another backend's tool
// names spell; a step making "a <thing>" beside siblings named for another
// object), written from the corpus's server files alone before the round
// changed any scoring, never learned from (learnedgen's heldOut, cvHeld).
// Only its aggregates are logged. At the start of the round (its commit):
// hit@1 54, hit@5 51 of 60; after round98.go's rules 54 and 54,
// its floors.
func TestRetrievalTasks98(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/tasks98-queries.jsonl"), func(string) {})
	n := float64(s.n)
	h1, h5, any5 := int(s.hit1*n+0.5), int(s.hit5*n+0.5), int(s.anyHit5*n+0.5)
	t.Logf("tasks98: hit@1 %d, hit@5 %d, any expected tool in the top 5 %d of %d; wrongly none %d", h1, h5, any5, s.n, s.falseNone)
	if h1 < 54 || h5 < 54 {
		t.Errorf("tasks98 below round ninety-eight: hit@1 54, hit@5 54 of 60 (54 and 51 before it)")
	}
}
