package search

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Round 102 (not landed; bench/retrieval-notes.md): round ninety-seven's
// learned "none" decision consulted only where it can help: the rules
// answered a one-step request that names a served product (named), so a
// request elsewhere cannot lose; the model may only call it none.
// n102Features are the candidate numbers: noneFeatures and the request's
// verb and object heads against the named backends (their tools' text,
// names and learned words; the object's modifier and head together in
// one tool). TestNone102Rows (NONE102_ROWS=file; NONE102_UNNAMED=1 gates
// the requests naming no backend too) writes every request's row, with
// features for the one-step requests naming a backend, tuned-on sets read
// with the learned table built without them (cvTable), held-out sets with
// the full table: its rules' tally reproduces TestLearnedCV. TestNone102Fit
// (NONE102_FIT=file) fits the gated rows (N102_TRAIN=named: every one-step
// request naming a backend) over ten folds of the tuned-on sets at four
// lambdas, the threshold the one maximising added nones - N102_W (2) x
// lost hit@5 out of fold; N102_HELD=1 scores the model fit on all tuned-on
// sets held out; N102_COLS names the features (default all but the
// rules' decision and the gates; N102_NORULES=1 drops the rules'
// verdicts). It also scores the non-learned tests of the same question
// (n102Tests).

var n102Extra = []string{
	"nVerbKnown", "nObjTools", "nPair", "nObjText", "nVerbWord", "hitDoesVerb", "hitHasObj",
	"srvActions", "stranger", "verbInFamily", "anyHeadTools", "hitHeadsShare", "nHeads", "headMeans",
	"headText", "headLearned", "allHeadsUnknown", "keyValue", "cmpHas", "cmpTool", "cmpLearned", "cmpModText", "cmpModLearned",
}

// n102LearnedDocHas reports whether tool d has one of terms among its
// learned words.
func (ix *Index) n102LearnedDocHas(d int32, terms []string) bool {
	for _, t := range terms {
		id, ok := ix.learned.lookup(t)
		if !ok {
			continue
		}
		for _, p := range ix.learned.post[id] {
			if p.doc == d {
				return true
			}
		}
	}
	return false
}

// n102LearnedHas reports whether a tool of backend s has term among its
// learned words.
func (ix *Index) n102LearnedHas(s int32, term string) bool {
	id, ok := ix.learned.lookup(term)
	if !ok {
		return false
	}
	for _, p := range ix.learned.post[id] {
		if ix.docServer[p.doc] == s {
			return true
		}
	}
	return false
}

// n102Known reports whether obj or a synonym of it is in the text or the
// learned words of a tool of one of the backends.
func (ix *Index) n102Known(named []int32, obj string) (text, learned bool) {
	for _, s := range named {
		for _, t := range objectTerms(obj) {
			text = text || ix.backendHasAny(s, t)
			learned = learned || ix.n102LearnedHas(s, t)
		}
	}
	return text, learned
}

// n102Features are noneFeatures and the request's verb and object against
// the named backends (not the best hit's).
func n102Features(c *noneCtx) []float64 {
	ix := c.ix
	x := noneFeatures(c)
	doc := int32(c.hits[0].Doc)
	v, at := requestVerbAt(c.noneQuery)
	ex := make([]float64, len(n102Extra))
	acts := false
	for _, s := range c.named {
		acts = acts || ix.srvActions[s]
	}
	ex[7] = b01(acts)
	for _, s := range c.named {
		if ix.keyValueStore(s) {
			ex[17] = 1
		}
	}
	if v == "" {
		return append(x, ex...)
	}
	f := verbStems()[v] | objectVerbFamilies[v]
	ex[9] = b01(f != 0)
	heads := objectHeads(c.noneQuery, at, c.naming)
	for _, s := range c.named {
		for _, d := range ix.srvDocs[s] {
			if ix.toolDoes(d, v, f) {
				ex[0] = 1
				break
			}
		}
		if ix.backendDoes(s, v) || ix.backendHasSynonym(s, v) {
			ex[4] = 1
		}
	}
	ex[5] = b01(ix.toolDoes(doc, v, f))
	ex[12] = float64(len(heads))
	if len(heads) == 0 {
		return append(x, ex...)
	}
	ex[13] = b01(heads[0].means)
	ex[8] = b01(ix.strangerUndone(v, heads, c.named))
	h := heads[0].word
	tx, lr := ix.n102Known(c.named, h)
	ex[14], ex[15] = b01(tx), b01(lr)
	if len(heads[0].rest) > 0 {
		ex[18] = 1
		m := heads[0].rest[len(heads[0].rest)-1]
		tx, lr := ix.n102Known(c.named, m)
		ex[21], ex[22] = b01(tx), b01(lr)
		for _, s := range c.named {
			for _, d := range ix.srvDocs[s] {
				if ix.docHasAny(d, objectTerms(m)) && ix.docHasAny(d, objectTerms(h)) {
					ex[19] = 1
				}
				if ix.n102LearnedDocHas(d, objectTerms(m)) && ix.n102LearnedDocHas(d, objectTerms(h)) {
					ex[20] = 1
				}
			}
		}
	}
	ex[16] = 1
	for _, hd := range heads {
		if tx, lr := ix.n102Known(c.named, hd.word); tx || lr {
			ex[16] = 0
		}
	}
	ex[6] = b01(ix.docHasAny(doc, objectTerms(h)))
	in := 0
	for _, hd := range heads {
		if ix.docHasAny(doc, objectTerms(hd.word)) {
			in++
		}
	}
	ex[11] = float64(in) / float64(len(heads))
	for _, s := range c.named {
		objs := ix.objectTools(s, h)
		if len(objs) > 0 {
			ex[1] = 1
		}
		for _, d := range objs {
			if ix.toolDoes(d, v, f) {
				ex[2] = 1
			}
		}
		if ix.backendHasAny(s, h) {
			ex[3] = 1
		}
		for _, hd := range heads {
			if len(ix.objectTools(s, hd.word)) > 0 {
				ex[10] = 1
			}
		}
	}
	return append(x, ex...)
}

// n102Unnamed (NONE102_UNNAMED=1) gates the requests naming no backend
// too.
var n102Unnamed = os.Getenv("NONE102_UNNAMED") != ""

// n102Row is one request: its label, the rules' outcome, whether the
// model is consulted (gate) and its features then.
type n102Row struct {
	Set, ID     string
	None, Multi bool
	Gate        bool // the rules answered, one step, a served product named
	Named       bool // one step, a served product named (X is set)
	RulesNone   bool
	OK5, OK1    bool // the rules' outcome scored, for an answerable request
	X           []float64
	Heads       []string // the object heads, "word text learned"
}

func n102Rows(t *testing.T, ix *Index, f string) []n102Row {
	name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
	var rows []n102Row
	defer func() { noneJudge = nil }()
	for _, q := range readQueries(t, f) {
		r := n102Row{Set: name, ID: q.ID, None: q.Kind == "none", Multi: q.Kind == "multi"}
		noneJudge = func(c *noneCtx) bool {
			if c.query != q.Query {
				return c.relevant
			}
			if !c.multi && (len(c.named) > 0 || n102Unnamed) {
				r.Gate = c.relevant
				r.Named = true
				r.X = n102Features(c)
				if v, at := requestVerbAt(c.noneQuery); v != "" {
					r.Heads = append(r.Heads, "verb "+v)
					for _, hd := range objectHeads(c.noneQuery, at, c.naming) {
						tx, lr := c.ix.n102Known(c.named, hd.word)
						r.Heads = append(r.Heads, fmt.Sprintf("%s %v %v %s %s", hd.word, tx, lr, hd.prep, strings.Join(hd.rest, "+")))
					}
				}
			}
			return c.relevant
		}
		hits := ix.Search(q.Query, 5)
		r.RulesNone = hits == nil
		if !r.None {
			sets := append([][]ref{q.Expected}, q.Alternatives...)
			r.OK5 = slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, true) })
			r.OK1 = slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 1, q.Kind != "multi") })
		}
		rows = append(rows, r)
	}
	return rows
}

func TestNone102Rows(t *testing.T) {
	out := os.Getenv("NONE102_ROWS")
	if out == "" {
		t.Skip("NONE102_ROWS unset")
	}
	o := curveOpts()
	curveWeights(t)
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	var data struct {
		Names []string
		Tuned [][]n102Row
		Held  []n102Row
	}
	data.Names = append(slices.Clone(noneFeatureNames), n102Extra...)
	for _, f := range files {
		learnedTable = cvTable(t, files, f, o, keyOf)
		data.Tuned = append(data.Tuned, n102Rows(t, New(docs, nil), f))
	}
	learnedTable = tbl0
	ix := New(docs, nil)
	all, _ := filepath.Glob("testdata/*-queries.jsonl")
	for _, f := range all {
		if cvHeld[strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")] {
			data.Held = append(data.Held, n102Rows(t, ix, f)...)
		}
	}
	b, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// n102Data is what TestNone102Rows writes.
type n102Data struct {
	Names []string
	Tuned [][]n102Row
	Held  []n102Row
}

// n102TrainNamed (N102_TRAIN=named) fits on every one-step request
// naming a served product, the ones the rules call none too; else on the
// gated rows only.
var n102TrainNamed = false

func n102Train(r n102Row) bool {
	if n102TrainNamed {
		return r.Named
	}
	return r.Gate
}

// n102Fit fits the gated rows of rows on the features cols.
func n102Fit(rows []n102Row, cols []int, lambda float64) *logit {
	var nr []noneRow
	for _, r := range rows {
		if n102Train(r) {
			nr = append(nr, noneRow{judged: true, none: r.None, x: n102Cols(r.X, cols)})
		}
	}
	return fitLogit(nr, lambda)
}

func n102Cols(x []float64, cols []int) []float64 {
	out := make([]float64, len(cols))
	for i, c := range cols {
		out[i] = x[c]
	}
	return out
}

// n102Eval is the outcome of calling none the rules' nones and the gated
// rows with p >= th.
type n102Eval struct{ none, nNone, hit5, hit1, ans, lost5, lost1, added int }

func n102Score(rows []n102Row, ps []float64, th float64) n102Eval {
	var e n102Eval
	for i, r := range rows {
		flip := r.Gate && ps[i] >= th
		if r.None {
			e.nNone++
			if r.RulesNone || flip {
				e.none++
			}
			if flip {
				e.added++
			}
			continue
		}
		e.ans++
		if flip {
			if r.OK5 {
				e.lost5++
			}
			if r.OK1 {
				e.lost1++
			}
			continue
		}
		if r.OK5 {
			e.hit5++
		}
		if r.OK1 {
			e.hit1++
		}
	}
	return e
}

// n102OOF is the out-of-fold probabilities of the tuned-on rows, the sets
// split into folds groups (0: one set a fold).
func n102OOF(tuned [][]n102Row, cols []int, lambda float64, folds int) ([]n102Row, []float64) {
	if folds == 0 {
		folds = len(tuned)
	}
	var flat []n102Row
	var ps []float64
	for k := 0; k < folds; k++ {
		var train []n102Row
		var test []n102Row
		for j := range tuned {
			if j%folds == k {
				test = append(test, tuned[j]...)
			} else {
				train = append(train, tuned[j]...)
			}
		}
		m := n102Fit(train, cols, lambda)
		for _, r := range test {
			flat = append(flat, r)
			p := 0.0
			if r.Gate {
				p = m.p(n102Cols(r.X, cols))
			}
			ps = append(ps, p)
		}
	}
	return flat, ps
}

// n102Best is the threshold maximising added nones - w * lost hit@5 -
// w1 * lost hit@1 on rows, and that gain.
func n102Best(rows []n102Row, ps []float64, w, w1 float64) (float64, float64) {
	bestTh, bestG := 1.01, 0.0
	for th := 0.99; th >= 0.3; th -= 0.01 {
		e := n102Score(rows, ps, th)
		if g := float64(e.added) - w*float64(e.lost5) - w1*float64(e.lost1); g > bestG {
			bestTh, bestG = th, g
		}
	}
	return bestTh, bestG
}

func TestNone102Fit(t *testing.T) {
	in := os.Getenv("NONE102_FIT")
	if in == "" {
		t.Skip("NONE102_FIT unset")
	}
	b, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	var d n102Data
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	noneInteract = false
	n102TrainNamed = os.Getenv("N102_TRAIN") == "named"
	var trN, trA int
	for _, rs := range d.Tuned {
		for _, r := range rs {
			if n102Train(r) {
				if r.None {
					trN++
				} else {
					trA++
				}
			}
		}
	}
	t.Logf("training rows: %d none, %d answerable", trN, trA)
	var gN, gA, gA5 int
	for _, rs := range d.Tuned {
		for _, r := range rs {
			if r.Gate {
				if r.None {
					gN++
				} else {
					gA++
					if r.OK5 {
						gA5++
					}
				}
			}
		}
	}
	t.Logf("tuned-on gated rows: %d none (the rules' misses), %d answerable (%d hit@5)", gN, gA, gA5)
	w, w1 := 2.0, 0.0
	if v := os.Getenv("N102_W"); v != "" {
		w, _ = strconv.ParseFloat(v, 64)
	}
	// Features: all but the rules' decision (always "answered" here) and
	// the constant gates.
	var all []int
	for i, n := range d.Names {
		switch n {
		case "rules", "named", "multi", "stepsRelevant", "oneStep":
			continue
		}
		if os.Getenv("N102_NORULES") != "" && i >= 21 && i < 40 {
			continue
		}
		all = append(all, i)
	}
	if v := os.Getenv("N102_COLS"); v != "" {
		all = nil
		for _, n := range strings.Split(v, ",") {
			all = append(all, slices.Index(d.Names, n))
		}
	}
	n102TestsReport(t, d)
	lambdas := []float64{0.1, 1, 10, 100}
	for _, lambda := range lambdas {
		rows, ps := n102OOF(d.Tuned, all, lambda, 10)
		th, g := n102Best(rows, ps, w, w1)
		e := n102Score(rows, ps, th)
		t.Logf("all %d features, lambda %g, 10 folds: th %.2f gain %.0f: %+v", len(all), lambda, th, g, e)
		var curve []string
		for _, th := range []float64{0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1} {
			e := n102Score(rows, ps, th)
			curve = append(curve, fmt.Sprintf("%.1f: +%d -%d/-%d", th, e.added, e.lost5, e.lost1))
		}
		t.Logf("  curve: %s", strings.Join(curve, ", "))
		if os.Getenv("N102_HELD") != "" && th <= 1 {
			var flat []n102Row
			for _, rs := range d.Tuned {
				flat = append(flat, rs...)
			}
			m := n102Fit(flat, all, lambda)
			groups := map[string][]int{}
			for i, r := range d.Held {
				g := "rounds"
				switch {
				case r.Set == "none102":
					g = "none102"
				case strings.HasPrefix(r.Set, "nearmiss") || r.Set == "nearnone74":
					g = "nearmiss"
				case freshSets[r.Set]:
					g = "fresh"
				}
				groups[g] = append(groups[g], i)
				groups["all"] = append(groups["all"], i)
			}
			for _, g := range []string{"all", "fresh", "nearmiss", "rounds", "none102"} {
				var rows []n102Row
				var ps []float64
				for _, i := range groups[g] {
					r := d.Held[i]
					rows = append(rows, r)
					p := 0.0
					if r.Gate {
						p = m.p(n102Cols(r.X, all))
					}
					ps = append(ps, p)
				}
				t.Logf("  held-out %s: rules %+v", g, n102Score(rows, ps, 2))
				t.Logf("  held-out %s: model %+v", g, n102Score(rows, ps, th))
				if os.Getenv("N102_FLIPS") != "" {
					for i, r := range rows {
						if r.Gate && ps[i] >= th && g != "all" {
							t.Logf("    flip %s %s none=%v ok5=%v p=%.2f", r.Set, r.ID, r.None, r.OK5, ps[i])
						}
					}
				}
			}
		}
	}
}

// n102Tests are non-learned tests of whether a tool of the named product
// does what the request asks, read from n102Features: the first object
// head, with its hand-written synonyms, in no text and no learned word of
// the named backends (a backend with an action parameter or a key-value
// store aside); every head so; the head and the modifier before it never
// together in one tool's text or learned words; that, the modifier
// itself unknown to the backend.
var n102Tests = []struct {
	name string
	f    func(x func(string) bool) bool
}{
	{"headUnknown", func(x func(string) bool) bool {
		return x("hasObject") && !x("headMeans") && !x("headText") && !x("headLearned") && !x("srvActions") && !x("keyValue")
	}},
	{"allHeadsUnknown", func(x func(string) bool) bool {
		return x("hasObject") && x("allHeadsUnknown") && !x("srvActions") && !x("keyValue")
	}},
	{"compoundUnseen", func(x func(string) bool) bool {
		return x("cmpHas") && !x("cmpTool") && !x("cmpLearned") && !x("srvActions") && !x("keyValue")
	}},
	{"compoundUnseen, modifier unknown", func(x func(string) bool) bool {
		return x("cmpHas") && !x("cmpTool") && !x("cmpLearned") && !x("srvActions") && !x("keyValue") && !x("cmpModText") && !x("cmpModLearned")
	}},
}

func n102TestsReport(t *testing.T, d n102Data) {
	var tuned []n102Row
	for _, rs := range d.Tuned {
		tuned = append(tuned, rs...)
	}
	for _, tc := range n102Tests {
		for _, part := range []struct {
			name string
			rows []n102Row
		}{{"tuned-on", tuned}, {"held-out", d.Held}} {
			ps := make([]float64, len(part.rows))
			for i, r := range part.rows {
				if r.Gate && tc.f(func(n string) bool { return r.X[slices.Index(d.Names, n)] != 0 }) {
					ps[i] = 1
				}
			}
			t.Logf("test %s, %s: %+v", tc.name, part.name, n102Score(part.rows, ps, 1))
		}
	}
}
