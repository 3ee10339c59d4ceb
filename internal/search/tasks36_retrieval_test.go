package search

import "testing"

// TestRetrievalTasks36 scores tasks36, round thirty-six's own held-out
// set: 40 tasks of two or three steps (14 across two backends) written
// from the corpus's server files before the round changed any scoring,
// never read by it afterwards, nor learned from until round sixty
// (learnedgen reads it since). Only its aggregates are logged, never a miss. Before the
// round's change and after it: hit@1 36, hit@5 36 of 40 (hit@10 38).
func TestRetrievalTasks36(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	qs := readQueries(t, "testdata/tasks36-queries.jsonl")
	s := evaluate(ix, qs, func(string) {})
	n := float64(s.n)
	t.Logf("tasks36: hit@1 %.0f, hit@5 %.0f, any expected tool in the top 5 %.0f of %d", s.hit1*n, s.hit5*n, s.anyHit5*n, s.n)
	if int(s.hit1*n+0.5) < 36 || int(s.hit5*n+0.5) < 36 {
		t.Errorf("tasks36 below round thirty-six: hit@1 36, hit@5 36 of 40")
	}
}
