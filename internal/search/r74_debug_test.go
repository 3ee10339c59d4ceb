package search

import (
	"fmt"
	"os"
	"testing"
)

// BenchmarkSearchR74 is BenchmarkSearch with round seventy-four's lists
// off and on, alternating in one run.
func BenchmarkSearchR74(b *testing.B) {
	v := nearUnservedOn
	defer func() { nearUnservedOn = v }()
	for _, on := range []bool{false, true, true, false} {
		nearUnservedOn = on
		b.Run(fmt.Sprintf("nearUnserved=%v", on), BenchmarkSearch)
	}
}

// R74_OFF=1 switches round seventy-four's rules off for a whole run of the
// package's tests (the cross-validation before and after).
func init() {
	if os.Getenv("R74_OFF") != "" {
		nearUnservedOn = false
		textChannelOn = false
	}
}

// TestRetrievalNearNone74t scores nearnone74t, round seventy-four's tuned-on
// set, its misses logged.
func TestRetrievalNearNone74t(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/nearnone74t-queries.jsonl"), func(m string) { t.Log(m) })
	h5 := int(s.hit5*float64(s.n) + 0.5)
	none := int(s.none*float64(s.nNone) + 0.5)
	t.Logf("nearnone74t: hit@1 %d, hit@5 %d of %d single; none %d of %d; wrongly none %d", s.single1, h5, s.n, none, s.nNone, s.falseNone)
}
