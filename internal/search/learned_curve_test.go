package search

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// newestBlind are the newest fresh sets (learnedgen's heldOut since round
// 110; extra38 to extra49 before it): the measure of unseen
// requests that no table here is ever trained on.
var newestBlind = []string{"extra82", "extra83", "tasks109", "none110", "extra84", "extra85", "none111", "extra86", "extra87", "none112", "extra88", "extra89", "none113", "extra90", "extra91", "none114"}

// olderGroups are the older held-out sets, in groups.
var olderGroups = map[string][]string{
	"extra11-25": {"extra11", "extra12", "extra13", "extra14", "extra15", "extra16", "extra17", "extra18", "extra19", "extra21", "extra22", "extra23", "extra24", "extra25"},
	"extra30-37": {"extra30", "extra31", "extra32", "extra33", "extra34", "extra35", "extra36", "extra37"},
	"rounds":     {"ties35", "tasks36", "backends38", "verbs39", "steps40", "tasks44", "tasks48", "ties45", "nearmiss46", "names49", "pairs51", "words53", "steps52", "single57", "far59", "vocab58"},
}

func setFile(name string) string { return "testdata/" + name + "-queries.jsonl" }

type curveScore struct {
	n, h1, h5, nNone, none, single, s1, s5 int
	multi, m1, m5                          int   // tasks of several steps
	out                                    []int // per request: 1 hit@1, 2 hit@5, 4 none right
}

// vs is the paired count of requests c wins and loses against b.
func (c curveScore) vs(b curveScore) string {
	var w1, l1, w5, l5, wn, ln int
	for i, o := range c.out {
		p := b.out[i]
		d := func(bit int, w, l *int) {
			if o&bit != 0 && p&bit == 0 {
				*w++
			}
			if o&bit == 0 && p&bit != 0 {
				*l++
			}
		}
		d(1, &w1, &l1)
		d(2, &w5, &l5)
		d(4, &wn, &ln)
	}
	return fmt.Sprintf("vs as it is: hit@1 +%d -%d, hit@5 +%d -%d, none +%d -%d", w1, l1, w5, l5, wn, ln)
}

func (c curveScore) String() string {
	return fmt.Sprintf("hit@1 %d hit@5 %d of %d; none %d of %d; single hit@1 %d hit@5 %d of %d; tasks %d / %d of %d", c.h1, c.h5, c.n, c.none, c.nNone, c.s1, c.s5, c.single, c.m1, c.m5, c.multi)
}

func scoreSets(t *testing.T, ix *Index, names []string) curveScore {
	var c curveScore
	for _, name := range names {
		for _, q := range readQueries(t, setFile(name)) {
			s := evaluate(ix, []evalQuery{q}, func(string) {})
			c.out = append(c.out, int(s.hit1)|int(s.hit5)<<1|int(s.none+0.5)<<2)
			if q.Kind == "none" {
				c.nNone++
				c.none += int(s.none + 0.5)
				continue
			}
			c.n++
			c.h1 += int(s.hit1)
			c.h5 += int(s.hit5)
			if q.Kind == "single" {
				c.single++
				c.s1 += int(s.hit1)
				c.s5 += int(s.hit5)
			} else {
				c.multi++
				c.m1 += int(s.hit1)
				c.m5 += int(s.hit5)
			}
		}
	}
	return c
}

func curveOpts() cvOpts {
	o := cvOpts{tf: os.Getenv("CV_TF") != "0", minReq: 1}
	if v := os.Getenv("CV_MIN"); v != "" {
		o.minReq, _ = strconv.Atoi(v)
	}
	if v := os.Getenv("CV_DFMAX"); v != "" {
		o.dfMax, _ = strconv.Atoi(v)
	}
	if v := os.Getenv("CV_TFMAX"); v != "" {
		o.tfMax, _ = strconv.Atoi(v)
	}
	if os.Getenv("CV_STEPS") == "0" {
		o.noSteps = true // the tasks' steps left out of the table (round sixty-six)
	}
	if os.Getenv("CV_STEPHALF") != "" {
		cvStepHalf = true
	}
	if v := os.Getenv("CV_STEPN"); v != "" {
		cvStepCount, _ = strconv.Atoi(v)
	}
	return o
}

// curveWeights sets the weights CV_W and CV_B ask for and returns a
// function that scores sets under the weights and table as they were.
func curveWeights(t *testing.T) func(docs []Doc, names []string) curveScore {
	w0, b0 := learnedWeight, learnedB
	t.Cleanup(func() { learnedWeight, learnedB = w0, b0 })
	if v := os.Getenv("CV_W"); v != "" {
		learnedWeight, _ = strconv.ParseFloat(v, 64)
	}
	sw := learnedStepWeight
	t.Cleanup(func() { learnedStepWeight = sw })
	if v := os.Getenv("CV_SW"); v != "" {
		learnedStepWeight, _ = strconv.ParseFloat(v, 64)
	}
	if v := os.Getenv("CV_SB"); v != "" {
		learnedB[learnedStepField], _ = strconv.ParseFloat(v, 64)
	}
	if v := os.Getenv("CV_B"); v != "" {
		b, _ := strconv.ParseFloat(v, 64)
		learnedB[fDesc] = b
	}
	tbl0 := learnedTable
	return func(docs []Doc, names []string) curveScore {
		w, b, tbl := learnedWeight, learnedB, learnedTable
		learnedWeight, learnedB, learnedTable = w0, b0, tbl0
		defer func() { learnedWeight, learnedB, learnedTable = w, b, tbl }()
		return scoreSets(t, New(docs, nil), names)
	}
}

func countSingles(t *testing.T, files []string) int {
	n := 0
	for _, f := range files {
		for _, q := range readQueries(t, f) {
			if q.Kind == "single" && len(q.Expected) == 1 {
				n++
			}
		}
	}
	return n
}

// curveFiles are the files learned from before round sixty (prior: the
// tuned-on sets and the dev slice but nearmiss29 and the older sets) and
// the older held-out sets that round sixty added (older).
func curveFiles(files []string) (prior, older []string) {
	old := map[string]bool{}
	for _, g := range []string{"extra11-25", "extra30-37", "rounds"} {
		for _, n := range olderGroups[g] {
			old[setFile(n)] = true
			older = append(older, setFile(n))
		}
	}
	for _, f := range files {
		if !old[f] && !curveNotLearned(f) {
			prior = append(prior, f)
		}
	}
	return prior, older
}

// curveNotLearned is learnedgen's notLearned (nearmiss29, nearmiss32,
// outside69t, indirect70t, nearnone74t).
func curveNotLearned(f string) bool {
	return f == setFile("nearmiss29") || f == setFile("nearmiss32") || f == setFile("outside69t") || f == setFile("indirect70t") || f == setFile("nearnone74t") || f == setFile("category72t")
}

func shuffled(files []string, seed uint64) []string {
	fs := slices.Clone(files)
	r := rand.New(rand.NewPCG(seed, 60))
	r.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
	return fs
}

// TestLearned_TableIsCVTable checks that cvTable with its default options
// builds learnedgen's table from the files learnedgen reads, so that the
// cross-validation measures the table the index uses.
func TestLearned_TableIsCVTable(t *testing.T) {
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	var read []string
	for _, f := range files {
		if !curveNotLearned(f) {
			read = append(read, f)
		}
	}
	tb := cvTable(t, read, "", cvOpts{tf: true, minReq: 1}, keyOf)
	diff := 0
	for k, v := range tb {
		if learnedTable[k] != v {
			diff++
		}
	}
	if diff > 0 || len(tb) != len(learnedTable) {
		t.Errorf("cvTable of the tuned-on files differs from learnedTable in %d of %d keys (%d in learnedTable): run `go run learnedgen/gen.go` in internal/search, or align cvTable with it", diff, len(tb), len(learnedTable))
	}
}

// TestLearnedCurve is round sixty's learning curve: the newest blind sets
// (freshSets) scored with tables built as cvTable builds them from less
// and more labelled requests: the files learned from before round sixty,
// random halves of them, with each group of the older held-out sets, with
// random halves of those, with all of them (what learnedgen reads since
// round sixty), and random halves of that. Each line counts the requests
// it wins and loses against the generated table as it is (LEARNED_CURVE=1
// runs it; CV_TF=0, CV_MIN, CV_DFMAX, CV_TFMAX, CV_W and CV_B set the
// variant, CURVE_QUICK only the two ends).
func TestLearnedCurve(t *testing.T) {
	if os.Getenv("LEARNED_CURVE") == "" {
		t.Skip("LEARNED_CURVE unset")
	}
	asIs := curveWeights(t)
	o := curveOpts()
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	if os.Getenv("CURVE_DEDUP") != "" {
		// the few requests of older sets that a newest blind set repeats
		cvSkipQuery = map[string]bool{}
		defer func() { cvSkipQuery = nil }()
		for _, name := range newestBlind {
			for _, q := range readQueries(t, setFile(name)) {
				cvSkipQuery[strings.ToLower(strings.TrimSpace(q.Query))] = true
			}
		}
	}
	today := asIs(docs, newestBlind)
	t.Logf("%-30s: %s", "as it is", today)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	prior, older := curveFiles(files)
	all := append(slices.Clone(prior), older...)
	run := func(label string, fs []string) {
		learnedTable = cvTable(t, fs, "", o, keyOf)
		c := scoreSets(t, New(docs, nil), newestBlind)
		t.Logf("%-30s files %3d singles %4d: %s; %s", label, len(fs), countSingles(t, fs), c, c.vs(today))
	}
	learnedTable = nil
	t.Logf("%-30s: %s", "no learned words", scoreSets(t, New(docs, nil), newestBlind))
	run("before round sixty", prior)
	if os.Getenv("CURVE_QUICK") != "" {
		run("with the older sets", all)
		return
	}
	for seed := range uint64(3) {
		fs := shuffled(prior, seed+1)
		run(fmt.Sprintf("before, half %d", seed+1), fs[:len(fs)/2])
	}
	for _, g := range []string{"extra11-25", "extra30-37", "rounds"} {
		fs := slices.Clone(prior)
		for _, n := range olderGroups[g] {
			fs = append(fs, setFile(n))
		}
		run("before + "+g, fs)
	}
	for seed := range uint64(2) {
		ol := shuffled(older, seed+7)
		run(fmt.Sprintf("before + older half %d", seed+1), append(slices.Clone(prior), ol[:len(ol)/2]...))
	}
	run("with the older sets", all)
	for seed := range uint64(3) {
		fs := shuffled(all, seed+11)
		run(fmt.Sprintf("with them, half %d", seed+1), fs[:len(fs)/2])
	}
}

// TestLearnedCurveCV is TestLearnedCV on the files learned from before
// round sixty as folds (or with CURVE_CV_ALL every tuned-on set), each
// scored with a table from the other folds and, unless CURVE_CV_PRIOR is
// set, the older held-out sets (LEARNED_CURVE_CV=1 runs it).
func TestLearnedCurveCV(t *testing.T) {
	if os.Getenv("LEARNED_CURVE_CV") == "" {
		t.Skip("LEARNED_CURVE_CV unset")
	}
	curveWeights(t)
	o := curveOpts()
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	prior, older := curveFiles(files)
	// the CV's folds have always included nearmiss29, learned from in them
	folds := append(slices.Clone(prior), setFile("nearmiss29"))
	all := slices.Clone(folds)
	if os.Getenv("CURVE_CV_PRIOR") == "" {
		all = append(all, older...)
	}
	if os.Getenv("CURVE_CV_ALL") != "" {
		folds = all
	}
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	var c, oldC curveScore
	for _, f := range folds {
		learnedTable = cvTable(t, all, f, o, keyOf)
		s := evaluate(New(docs, nil), readQueries(t, f), func(string) {})
		for _, x := range []*curveScore{&c, &oldC} {
			if x == &oldC && !slices.Contains(older, f) {
				continue
			}
			x.n += s.n
			x.h1 += int(s.hit1*float64(s.n) + 0.5)
			x.h5 += int(s.hit5*float64(s.n) + 0.5)
			x.nNone += s.nNone
			x.none += int(s.none*float64(s.nNone) + 0.5)
			x.single += s.single
			x.s1 += s.single1
		}
	}
	t.Logf("CV %+v w=%.2f b=%.2f, folds %d, trained on %d files: hit@1 %d hit@5 %d of %d; none %d of %d; single hit@1 %d of %d", o, learnedWeight, learnedB[fDesc], len(folds), len(all), c.h1, c.h5, c.n, c.none, c.nNone, c.s1, c.single)
	if oldC.n > 0 {
		t.Logf("of which the older sets as folds: hit@1 %d hit@5 %d of %d; none %d of %d; single hit@1 %d of %d", oldC.h1, oldC.h5, oldC.n, oldC.none, oldC.nNone, oldC.s1, oldC.single)
	}
}
