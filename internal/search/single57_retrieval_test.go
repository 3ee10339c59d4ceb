package search

import "testing"

// TestRetrievalSingle57 scores single57, round fifty-seven's held-out set:
// 50 single requests drawn at random (random.Random(57)) over all 32
// servers' (server, tool) pairs of the corpus, about half naming the
// product, plus 8 "none" requests for products no server has, written from
// the corpus's server files before the round changed any scoring, never run
// one by one, nor learned from until round sixty (learnedgen reads it since). Only its
// aggregate is logged. Before the round: hit@1 43, hit@5 50 of 50, none
// 8 of 8; after its own phrases (round57.go), 44, 50 and 8, its floors.
func TestRetrievalSingle57(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/single57-queries.jsonl"), func(string) {})
	h5 := int(s.hit5*float64(s.n) + 0.5)
	none := int(s.none*float64(s.nNone) + 0.5)
	t.Logf("single57: hit@1 %d, hit@5 %d of %d single; none %d of %d; wrongly none %d", s.single1, h5, s.n, none, s.nNone, s.falseNone)
	if s.single1 < 44 || h5 < 50 || none < 8 {
		t.Errorf("single57 below its floor: hit@1 44, hit@5 50 of 50, none 8 of 8 (43, 50 and 8 before round fifty-seven)")
	}
}
