package search

import "testing"

// TestR96Misses prints mixed96's misses (round ninety-six's diagnosis).
func TestR96Misses(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/mixed96-queries.jsonl"), func(m string) { t.Log(m) })
	none := int(s.none*float64(s.nNone) + 0.5)
	t.Logf("mixed96: single hit@1 %d, hit@5 %d of %d; tasks hit@1 %d hit@5 %d of %d; none %d of %d; wrongly none %d",
		s.single1, s.single5, s.single, s.multi1, s.multi5, s.multi, none, s.nNone, s.falseNone)
}
