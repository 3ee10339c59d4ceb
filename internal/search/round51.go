package search

import (
	"math"
	"slices"
	"strings"
)

// Round fifty-one: a learned tie-breaker between near ties of one backend.
//
// Of the tuned sets' one-step misses at the first place, about two thirds
// have the wanted tool in the first hit's backend, most at the second
// place. Rounds thirty-five (ids), forty-five (filters) and forty-nine
// (name objects) each settle such a tie by one cue. pairFirst weighs many
// cues together: when no earlier fit moved a tool, for the first hit a
// and each of its near ties b (nearTies, pairTieMargin), it computes
// pairFeatures of the request and each tool's own name, description and
// schema, and a logistic model over their difference (b's less a's) and
// the two scores' ratio gives the chance that b, not a, is the tool asked
// for; b goes first only when that chance is at least pairConfidence. The
// weights (pairWeights, pair_table.go) are fitted by pairgen/gen.go on
// the tuned sets' near-tie situations only (learnedgen's heldOut are
// never read), with this rule off while the situations are collected;
// TestLearnedCV fits them again for each fold without the fold's set.
const pairTieMargin = 0.9

// pairConfidence is a variable so that TestLearnedCV can measure others
// (CV_PAIRCONF).
var pairConfidence = 0.8

// The features of one tool for a request (pairFeatures).
const (
	pfObjMentioned   = iota // name objects the request mentions
	pfObjUnmentioned        // name objects it does not mention, even through WordNet
	pfVerbMatch             // the name's verb is of a family of the request's verbs
	pfVerbRuled             // the request's verbs rule out the name's verb family
	pfIDFilled              // identifier parameters the request fills (schemaFit)
	pfIDEmpty               // required identifier parameters it leaves empty
	pfCollOne               // a collection tool (list, search, plural object) for a request with an id
	pfCollMany              // a collection tool for a request asking for many ("all", "every", "which")
	pfDescLen               // log of the description's words
	pfDeprecated            // deprecated
	pfRequired              // required parameters
	pfDescCover             // share of the request's words its description has
	pfNameLen               // words of its name
	pfDescOnly              // request words its description has that the other's lacks
	pfNameCover             // share of its name's words the request has
	pfNameMissing           // its name's words the request lacks
	pfNameOnly              // request words (or their hand-written synonyms) in its name and not the other's
	pfCount
)

// pairFeatureNames names the features, for the generator's table.
var pairFeatureNames = [pfCount + 2]string{"obj_mentioned", "obj_unmentioned", "verb_match", "verb_ruled", "id_filled", "id_empty", "coll_one", "coll_many", "desc_len", "deprecated", "required", "desc_cover", "name_len", "desc_only", "name_cover", "name_missing", "name_only", "score_ratio", "bias"}

// PairFeatureNames returns the names of the model's inputs, in order.
func PairFeatureNames() []string { return pairFeatureNames[:] }

// pairCtx is what pairFeatures reads of the request, computed once.
type pairCtx struct {
	strict, wide []int32
	qv           verbFamily
	vals         []idValue
	one          []int32
	many         bool
	qterms       map[string]bool
}

func (ix *Index) newPairCtx(query string) *pairCtx {
	c := &pairCtx{qterms: map[string]bool{}}
	c.strict, c.wide = ix.mentionedTerms(query)
	toks := analyze(query, nil)
	c.qv = queryVerbs(toks)
	c.vals = ix.idValues(query)
	c.one = ix.singularThings(query)
	for _, w := range lowerWords(query) {
		if manyWords[w] {
			c.many = true
		}
	}
	for _, tk := range toks {
		if !stopWords[tk.term] {
			c.qterms[tk.term] = true
		}
	}
	return c
}

// manyWords ask for several things.
var manyWords = setOf(`all every each which list many any`)

// descTerms returns the terms of tool d's description (its first
// descTermCap).
func (ix *Index) descTerms(d int32) map[string]bool {
	has := map[string]bool{}
	for _, tk := range analyzeN(ix.docs[d].Description, nil, descTermCap) {
		has[tk.term] = true
	}
	return has
}

// isCollection reports whether tool d returns a collection: named for
// listing, searching or finding, or its last name object in the plural.
func (ix *Index) isCollection(d int32) bool {
	ws := nameWordsCased(ix.docs[d].Tool)
	for _, w := range ws {
		if w == "list" || w == "search" || w == "find" || w == "query" {
			return true
		}
	}
	for i := len(ws) - 1; i >= 0; i-- {
		w := ws[i]
		if stopWords[w] || objectFillers[w] || fitIDWords[w] {
			continue
		}
		return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")
	}
	return false
}

// pairFeatures returns tool d's features for the request c, given the
// description terms of its rival (other).
func (ix *Index) pairFeatures(d int32, c *pairCtx, own, other map[string]bool) [pfCount]float64 {
	var f [pfCount]float64
	for _, id := range ix.nameObjects(d) {
		if slices.Contains(c.strict, id) {
			f[pfObjMentioned]++
		} else if !slices.Contains(c.wide, id) {
			f[pfObjUnmentioned]++
		}
	}
	nv := ix.verbs[d]
	if c.qv != 0 && nv&c.qv != 0 {
		f[pfVerbMatch] = 1
	}
	if excludes(c.qv)&nv != 0 && nv&c.qv == 0 {
		f[pfVerbRuled] = 1
	}
	if len(c.vals) > 0 {
		fl, em := ix.schemaFit(d, c.vals, c.one)
		f[pfIDFilled], f[pfIDEmpty] = float64(fl), float64(em)
	}
	if ix.isCollection(d) {
		if len(c.vals) > 0 {
			f[pfCollOne] = 1
		}
		if c.many {
			f[pfCollMany] = 1
		}
	}
	f[pfDescLen] = math.Log1p(float64(len(strings.Fields(ix.docs[d].Description))))
	if ix.deprecated[d] != notDeprecated {
		f[pfDeprecated] = 1
	}
	for _, p := range ix.docs[d].Params {
		if p.Required {
			f[pfRequired]++
		}
	}
	n := 0
	for t := range c.qterms {
		if own[t] {
			n++
			if !other[t] {
				f[pfDescOnly]++
			}
		}
	}
	if len(c.qterms) > 0 {
		f[pfDescCover] = float64(n) / float64(len(c.qterms))
	}
	nw := 0
	for _, w := range nameWordsCased(ix.docs[d].Tool) {
		if stopWords[w] {
			continue
		}
		nw++
		if c.qterms[stem(w)] {
			f[pfNameCover]++
		} else {
			f[pfNameMissing]++
		}
	}
	f[pfNameLen] = float64(nw)
	if nw > 0 {
		f[pfNameCover] /= float64(nw)
	}
	return f
}

// pairInput is the model's input for near tie b against first hit a:
// the difference of their features, the scores' ratio less one, and 1.
func (ix *Index) pairInput(a, b int32, sa, sb float64, c *pairCtx) []float64 {
	da, db := ix.descTerms(a), ix.descTerms(b)
	fa := ix.pairFeatures(a, c, da, db)
	fb := ix.pairFeatures(b, c, db, da)
	fa[pfNameOnly], fb[pfNameOnly] = nameOnly(ix.nameTerms[a], ix.nameTerms[b], c.strict), nameOnly(ix.nameTerms[b], ix.nameTerms[a], c.strict)
	x := make([]float64, pfCount+2)
	for i := range pfCount {
		x[i] = fb[i] - fa[i]
	}
	x[pfCount] = sb/sa - 1
	x[pfCount+1] = 1
	return x
}

// pairProb is the model's chance that b, not a, is the tool asked for.
func pairProb(w, x []float64) float64 {
	if len(w) != len(x) {
		return 0
	}
	z := 0.0
	for i := range x {
		z += w[i] * x[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// PairSituation is one near tie a learned tie-breaker may settle: the
// first hit, a near tie of its backend, and the model's input.
type PairSituation struct {
	FirstServer, FirstTool string
	TieServer, TieTool     string
	X                      []float64
}

// pairRecord, when set, receives the situations pairFirst meets instead
// of it moving a tool (the generator's and the cross-validation's
// collection).
var pairRecord func(PairSituation)

// PairSituations runs query on ix with the tie-breaker off and returns the
// near-tie situations it met.
func PairSituations(ix *Index, query string) []PairSituation {
	var out []PairSituation
	old := pairRecord
	pairRecord = func(s PairSituation) { out = append(out, s) }
	defer func() { pairRecord = old }()
	ix.Search(query, 5)
	return out
}

// pairFirst raises the near tie of the first hit's backend the model is
// surest of, if at least pairConfidence, just above the first hit, and
// reports whether it did.
func (ix *Index) pairFirst(query string, hits []Hit, score []float64) bool {
	if len(hits) < 2 || (pairRecord == nil && len(pairWeights) == 0) {
		return false
	}
	near := ix.nearTies(hits, pairTieMargin)
	if len(near) == 0 || hits[0].Score <= 0 {
		return false
	}
	a := int32(hits[0].Doc)
	c := ix.newPairCtx(query)
	best, bestP := int32(-1), pairConfidence
	for _, b := range near {
		x := ix.pairInput(a, b, hits[0].Score, score[b], c)
		if pairRecord != nil {
			pairRecord(PairSituation{ix.docs[a].Server, ix.docs[a].Tool, ix.docs[b].Server, ix.docs[b].Tool, x})
			continue
		}
		if p := pairProb(pairWeights, x); p >= bestP {
			best, bestP = b, p
		}
	}
	if best < 0 {
		return false
	}
	score[best] = hits[0].Score * 1.0001
	return true
}

// pairLambda and pairIters are the fit's L2 penalty and steps.
var pairLambda, pairIters = 0.001, 8000

// FitPairWeights fits the logistic model's weights to inputs xs and
// labels ys (true: the near tie is the tool asked for, the first hit is
// not) by gradient descent with an L2 penalty (none on the bias, the last
// input). Deterministic.
func FitPairWeights(xs [][]float64, ys []bool) []float64 {
	if len(xs) == 0 {
		return nil
	}
	n := len(xs[0])
	w := make([]float64, n)
	const rate = 0.1
	lambda, iters := pairLambda, pairIters
	g := make([]float64, n)
	for range iters {
		clear(g)
		for i, x := range xs {
			y := 0.0
			if ys[i] {
				y = 1
			}
			d := pairProb(w, x) - y
			for j := range x {
				g[j] += d * x[j]
			}
		}
		for j := range w {
			reg := lambda * w[j]
			if j == n-1 {
				reg = 0
			}
			w[j] -= rate * (g[j]/float64(len(xs)) + reg)
		}
	}
	return w
}

// PairLabel labels situation s for a request wanting the tools want
// reports: true when the near tie is wanted and the first hit is not,
// false the other way round; ok is false when both or neither are.
func PairLabel(s PairSituation, want func(server, tool string) bool) (y, ok bool) {
	wa, wb := want(s.FirstServer, s.FirstTool), want(s.TieServer, s.TieTool)
	return wb, wa != wb
}

// nameOnly counts the ids of mentioned in own and not in other.
func nameOnly(own, other, mentioned []int32) float64 {
	n := 0.0
	for _, id := range own {
		if !slices.Contains(other, id) && slices.Contains(mentioned, id) {
			n++
		}
	}
	return n
}
