package search

import "testing"

// TestRetrievalIndirect70 scores indirect70, round seventy's held-out set:
// 80 single requests over all 32 servers said the way a less technical
// person or a busy developer says them (everyday words, questions and
// complaints, the product vague or unnamed: "the ticket tracker", "our
// chat", "the database"), every equally fitting tool an alternative,
// written from the corpus's server files before the round changed any
// scoring, never run one by one nor learned from (learnedgen's heldOut,
// cvHeld). Only its aggregate is logged.
func TestRetrievalIndirect70(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/indirect70-queries.jsonl"), func(string) {})
	h5 := int(s.hit5*float64(s.n) + 0.5)
	t.Logf("indirect70: hit@1 %d, hit@5 %d of %d single; wrongly none %d", s.single1, h5, s.n, s.falseNone)
	if s.single1 < 0 || h5 < 0 {
		t.Errorf("indirect70 below its floor")
	}
}
