package search

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// noneSetting is one point of TestNoneSweep: the bounds that decide "no
// tool matches".
type noneSetting struct {
	minCov, minEv, foreign, named, many, value, learned, scope float64
}

// TestNoneSweep scores settings of the rejection bounds by leave-one-set-out
// cross-validation over the tuned-on sets (NONE_SWEEP=1 runs it): each set
// is scored with the learned table built without it, so the answerable
// requests are matched as a held-out one would be. NONE_SWEEP_GRID names the
// settings, "minCov,minEv,foreign,named,many,value,learned,scope;..." (scope: learnedScope) (empty fields keep
// the defaults).
func TestNoneSweep(t *testing.T) {
	if os.Getenv("NONE_SWEEP") == "" {
		t.Skip("NONE_SWEEP unset")
	}
	base := noneSetting{0.4, 1, 0.6, namedShare, manyTermsCoverage, valueCoverage, learnedEvidence, float64(learnedScope)}
	grid := []noneSetting{base}
	for _, g := range strings.Split(os.Getenv("NONE_SWEEP_GRID"), ";") {
		if strings.TrimSpace(g) == "" {
			continue
		}
		s := base
		ps := []*float64{&s.minCov, &s.minEv, &s.foreign, &s.named, &s.many, &s.value, &s.learned, &s.scope}
		for i, f := range strings.Split(g, ",") {
			if f = strings.TrimSpace(f); f != "" && i < len(ps) {
				*ps[i], _ = strconv.ParseFloat(f, 64)
			}
		}
		grid = append(grid, s)
	}
	n0, m0, v0, l0, s0 := namedShare, manyTermsCoverage, valueCoverage, learnedEvidence, learnedScope
	tbl0 := learnedTable
	defer func() {
		namedShare, manyTermsCoverage, valueCoverage, learnedEvidence, learnedScope, learnedTable = n0, m0, v0, l0, s0, tbl0
	}()
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	type tally struct{ s1, s5, sn, m5, mn, none, nNone, falseNone int }
	res := make([]tally, len(grid))
	for _, f := range files {
		var single, multi, none []evalQuery
		for _, q := range readQueries(t, f) {
			switch q.Kind {
			case "single":
				single = append(single, q)
			case "multi":
				multi = append(multi, q)
			default:
				none = append(none, q)
			}
		}
		learnedTable = cvTable(t, files, f, cvOpts{minReq: 1}, keyOf)
		for i, g := range grid {
			namedShare, manyTermsCoverage, valueCoverage, learnedEvidence, learnedScope = g.named, g.many, g.value, g.learned, int(g.scope)
			ix := New(docs, &Options{MinCoverage: g.minCov, MinEvidence: g.minEv, ForeignCoverage: g.foreign})
			r := &res[i]
			s := evaluate(ix, single, func(string) {})
			r.s1 += int(s.hit1*float64(s.n) + 0.5)
			r.s5 += int(s.hit5*float64(s.n) + 0.5)
			r.sn += s.n
			r.falseNone += s.falseNone
			s = evaluate(ix, multi, func(string) {})
			r.m5 += int(s.hit5*float64(s.n) + 0.5)
			r.mn += s.n
			r.falseNone += s.falseNone
			s = evaluate(ix, none, func(string) {})
			r.none += int(s.none*float64(s.nNone) + 0.5)
			r.nNone += s.nNone
		}
	}
	for i, g := range grid {
		r := res[i]
		t.Logf("%+v: single hit@1 %d hit@5 %d of %d; multi hit@5 %d of %d; none %d of %d; answerable judged none %d",
			g, r.s1, r.s5, r.sn, r.m5, r.mn, r.none, r.nNone, r.falseNone)
	}
}
