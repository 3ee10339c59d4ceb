package search

import "testing"

// TestRetrievalVerbs39 scores verbs39, round thirty-nine's own held-out
// set: 60 requests (50 of one step, 10 tasks of two) each asking for a
// tool in an everyday or phrasal verb its name does not use ("spin up a
// Supabase project", "toss draft note 5512"), written from the corpus's
// server files before the round changed any scoring, never read by it
// afterwards, nor learned from (learnedgen's heldOut, cvHeld). Only its
// aggregates are logged, never a miss.
func TestRetrievalVerbs39(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	qs := readQueries(t, "testdata/verbs39-queries.jsonl")
	var single, multi []evalQuery
	for _, q := range qs {
		if q.Kind == "multi" {
			multi = append(multi, q)
		} else {
			single = append(single, q)
		}
	}
	s := evaluate(ix, single, func(string) {})
	m := evaluate(ix, multi, func(string) {})
	t.Logf("verbs39 single: hit@1 %d, hit@5 %.0f of %d, wrongly none %d; tasks: hit@1 %.0f, hit@5 %.0f of %d, wrongly none %d",
		s.single1, s.hit5*float64(s.n), s.n, s.falseNone, m.hit1*float64(m.n), m.hit5*float64(m.n), m.n, m.falseNone)
}
