package search

import "testing"

// TestRetrievalIndirect70 scores indirect70, round seventy's held-out set:
// 80 single requests over all 32 servers said the way a less technical
// person or a busy developer says them (everyday words, questions and
// complaints, the product vague or unnamed: "the ticket tracker", "our
// chat", "the database"), every equally fitting tool an alternative,
// written from the corpus's server files before the round changed any
// scoring, never run one by one nor learned from (learnedgen's heldOut,
// cvHeld). Only its aggregate is logged. Before the round: hit@1 36,
// hit@5 51 of 80, 15 answered "none"; after it (the learned words' first
// hit of another backend judged when they agree on it, round70.go, and
// the vocabulary of synonyms.go), 39, 55 and 12; after round eighty-one
// (round81.go) 43, 58 and 12, its floors.
func TestRetrievalIndirect70(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/indirect70-queries.jsonl"), func(string) {})
	h5 := int(s.hit5*float64(s.n) + 0.5)
	t.Logf("indirect70: hit@1 %d, hit@5 %d of %d single; wrongly none %d", s.single1, h5, s.n, s.falseNone)
	if s.single1 < 43 || h5 < 58 {
		t.Errorf("indirect70 below round eighty-one: hit@1 43, hit@5 58 of 80 (38 and 54 after round seventy; 36 and 51 before it)")
	}
}

// TestRetrievalIndirect70t scores indirect70t, round seventy's training
// set: single requests in the style of indirect70 (everyday words,
// questions and complaints, the product vague or unnamed) for other needs,
// tuned on, its misses logged. The learned table does not learn from it
// (learnedgen's notLearned): with its words, the other sets' folds lost
// eight first places for three fifth places cross-validated and indirect70
// one of each (bench/retrieval-notes.md, round seventy). So its score here
// is its cross-validated one: before the round hit@1 99, hit@5 138 of 179
// (26 answered "none"); after it 108 and 150 (16); merged with rounds
// sixty-seven to sixty-nine, 109 and 149, its floors.
func TestRetrievalIndirect70t(t *testing.T) {
	testRetrieval(t, "testdata/indirect70t-queries.jsonl", scores{hit1: 0.603, hit5: 0.832})
}
