package search

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// qterm is one distinct query term with its expansions.
type qterm struct {
	term   string
	weight float64
	// idf is the term's tool-level IDF, or the index's largest IDF when no
	// tool contains it (an unknown word is strong evidence of something the
	// catalog cannot do).
	idf  float64
	exps []expansion
}

// expansion is a term a query term may match, at a weight.
type expansion struct {
	id  int32 // tool-level term id, or -1
	sid int32 // server-level term id, or -1
	w   float64
	// only, when not nil, holds the backends (by number) whose tools the
	// expansion reaches: a product's own noun (round68.go).
	only []bool
	post []posting // with only: the postings of id within only
	// wordnet is set for an expansion from the generated WordNet tables:
	// it ranks and counts in a tool's coverage of the query, but not in
	// the evidence mass or the matched terms that let a query with low
	// coverage through (see relevant): English synonyms of everyday words
	// ("buy" -> "purchase") reach tools as easily for requests no tool
	// serves as for those some do.
	wordnet bool
}

// ranking is the full result of one query before the limit and the
// relevance cut are applied.
type ranking struct {
	hits     []Hit
	coverage float64 // of hits[0]
	relevant bool
	// the steps of a task and each step's best hits (StepLabels)
	steps    []clause
	stepHits [][]Hit
}

func (ix *Index) queryTerms(query string) []qterm {
	return ix.queryTermsWith(query, foreignWords(ix.unservedProducts(query, ix.vendorProducts(query))))
}

// unservedProducts returns the products query mentions that no backend
// serves: of DefaultProducts (outside values and paths) and vp, the
// vendors' other products it names.
func (ix *Index) unservedProducts(query string, vp [][]string) [][]string {
	var out [][]string
	query = withoutTopics(query) // round89.go
	// A product inside a quoted span is text to pass on ("swap 'kubectl
	// v1.27' for 'kubectl v1.30' in the description").
	unquoted, _ := protectQuotes(query)
	for _, p := range append(ix.products.mentioned(withoutPaths(unquoted)), vp...) {
		if !ix.served(p) && (r89Off || topicKept(query, p)) {
			out = append(out, p)
		}
	}
	// A product whose name is an English word or a command, said as a
	// label before the verb (round92.go).
	out = append(out, labelProduct(query)...)
	// Near a served domain: a product, a chart kind or a feature the
	// catalog does not serve (round74.go).
	return append(out, ix.nearUnserved(query)...)
}

// foreignWords returns the stemmed words of the products ps, or nil.
func foreignWords(ps [][]string) map[string]bool {
	if len(ps) == 0 {
		return nil
	}
	foreign := map[string]bool{}
	for _, p := range ps {
		for _, w := range p {
			foreign[stem(w)] = true
		}
	}
	return foreign
}

// queryTermsWith is queryTerms given the words of the products no backend
// serves that the whole query names (a clause's are among them).
func (ix *Index) queryTermsWith(query string, foreign map[string]bool) []qterm {
	toks, paths, names := queryTokens(query)
	var qs []qterm
	pos := map[string]int{}
	for _, t := range toks {
		if i, ok := pos[t.term]; ok {
			qs[i].weight = max(qs[i].weight, t.weight)
			continue
		}
		pos[t.term] = len(qs)
		qs = append(qs, qterm{term: t.term, weight: t.weight})
	}
	modifier := map[string]bool{}
	for i := 0; i+1 < len(toks); i++ {
		if _, ok := ix.tools.lookup(toks[i].term); ok || toks[i].weight < 1 || ix.agentBase(toks[i].term) != "" {
			continue
		}
		if id, ok := ix.tools.lookup(toks[i+1].term); ok && ix.headWord[id] {
			// A word no tool uses before the last word of a tool name,
			// what tools work on ("sushi places", "invoice
			// collection"): it says which ones, an argument.
			modifier[toks[i].term] = true
		}
	}
	ix.ofComplement(query, modifier)
	var sn scopedNaming
	for i := range qs {
		q := &qs[i]
		said := q.term
		if b := ix.agentBase(q.term); b != "" && !paths[q.term] && !names[q.term] && !foreign[q.term] {
			q.term = b
		}
		q.idf = ix.maxIDF
		if modifier[q.term] {
			q.idf *= argWeight
		}
		if id, ok := ix.tools.lookup(q.term); ok {
			q.idf = ix.tools.idf[id]
			if names[q.term] && !ix.nameWord[id] && !ix.isServerWord(q.term) {
				// A name that only descriptions use ("Times Square",
				// "Central Park" in an example): an argument too.
				q.idf *= argWeight
				q.weight *= properWeight
			}
		} else if names[q.term] && !foreign[q.term] {
			// A name no tool uses; a product no backend serves ("on
			// Bitbucket") is what the request is about and counts in
			// full.
			q.idf *= argWeight
		}
		if paths[q.term] {
			q.idf *= argWeight
		}
		if foreign[q.term] && !paths[q.term] {
			// A word of a product no backend serves ("Microsoft Teams"):
			// what the request is about, in full, and no tool's.
			q.idf = ix.maxIDF
			continue
		}
		q.exps = append(q.exps, ix.expansion(q.term, 1))
		if paths[q.term] && q.weight < 1 {
			// Only in a path or the text to pass on ("notes/todo.txt",
			// "saying the build is green"): a name, taken literally;
			// its synonyms ("note": write) are no request.
			continue
		}
		id, known := ix.tools.lookup(q.term)
		known = known && ix.nameWord[id]
		for _, s := range synonyms()[q.term] {
			if s.wordnet && known {
				continue
			}
			e := ix.expansion(s.term, s.w)
			e.wordnet = s.wordnet
			q.exps = append(q.exps, e)
		}
		q.exps = ix.appendScoped(q.exps, said, query, &sn)
	}
	return qs
}

// agentBase returns the verb of an agent noun no tool uses when a tool's
// name has the verb ("run the linter": lint-files; "the scraper",
// "the uploader"), or "". Stemming leaves "-er" alone: "user", "server" and
// "folder" are no agents of "us", "serve" or "fold" (and tools use them, so
// they never get here); a verb only descriptions use is no tool's action
// ("the office printer": get-env's "print" the environment).
func (ix *Index) agentBase(term string) string {
	b, ok := strings.CutSuffix(term, "er")
	if !ok || len(b) < 3 {
		return ""
	}
	if _, known := ix.tools.lookup(term); known {
		return ""
	}
	for _, c := range []string{b, undouble(b)} {
		if id, ok := ix.tools.lookup(c); ok && ix.nameWord[id] {
			return c
		}
	}
	return ""
}

func (ix *Index) expansion(term string, w float64) expansion {
	e := expansion{id: -1, sid: -1, w: w}
	if id, ok := ix.tools.lookup(term); ok {
		e.id = id
	}
	if id, ok := ix.srv.lookup(term); ok {
		e.sid = id
	}
	return e
}

// mentioned returns the tools whose full name (with a separator, so not a
// plain word like "count") appears as a word of query.
func (ix *Index) mentioned(query string) []int32 {
	var out []int32
	for _, w := range strings.Fields(query) {
		w = normName(strings.Trim(w, ".,;:!?()[]{}<>"))
		if !strings.ContainsAny(w, "_-./") {
			continue
		}
		out = append(out, ix.exact[w]...)
	}
	return out
}

// scorer holds the per-query scratch space.
type scorer struct {
	ix       *Index
	srvScore []float64 // backend-level score of the whole query
	srvOwn   []float64 // backend-level score of a step's own words (round73.go)
	srvBest  []float64 // scratch of addSrvScores
	score    []float64
	best     []float32
	touched  []int32
	cands    []int32   // the last query's candidates, kept for their capacity
	match    []float64 // by term id: the query's best weight for it (boost)
	matchSet []int32   // the ids set in match
}

// newScorer returns a scorer for qs, from the index's pool when it has
// one (a query over 10,000 tools allocated and zeroed 400 kB of scratch
// space); done gives it back.
func (ix *Index) newScorer(qs []qterm) *scorer {
	sc, _ := ix.scorers.Get().(*scorer)
	if sc == nil {
		sc = &scorer{
			ix:       ix,
			srvScore: make([]float64, len(ix.servers)),
			srvOwn:   make([]float64, len(ix.servers)),
			srvBest:  make([]float64, len(ix.servers)),
			score:    make([]float64, len(ix.docs)),
			best:     make([]float32, len(ix.docs)),
		}
	}
	ix.addSrvScores(qs, sc.srvScore, sc.srvBest)
	return sc
}

// addSrvScores adds to srvScore the backend-level score of qs: each term
// adds its best expansion's score. srvBest is scratch space of the same
// length.
func (ix *Index) addSrvScores(qs []qterm, srvScore, srvBest []float64) {
	for _, q := range qs {
		clear(srvBest)
		for _, e := range q.exps {
			if e.sid < 0 {
				continue
			}
			for _, p := range ix.srv.post[e.sid] {
				if e.only != nil && !e.only[p.doc] {
					continue
				}
				srvBest[p.doc] = max(srvBest[p.doc], e.w*float64(p.score))
			}
		}
		for s, v := range srvBest {
			srvScore[s] += q.weight * v
		}
	}
}

// done returns sc to its index's pool with every score zero. Nothing
// holds on to sc or its slices after the query: hits are copies.
func (sc *scorer) done() {
	clear(sc.srvScore)
	clear(sc.score)
	clear(sc.best)
	sc.touched = sc.touched[:0]
	sc.cands = sc.cands[:0]
	sc.ix.scorers.Put(sc)
}

// tools scores every tool matching qs (each term adds its best expansion's
// contribution), adds the backend's score and returns the matching tools.
// It resets the scores of the previous call.
func (sc *scorer) tools(qs []qterm, cands []int32) []int32 {
	for _, d := range cands {
		sc.score[d] = 0
	}
	cands = cands[:0]
	post := sc.ix.tools.post
	best, score, touched := sc.best, sc.score, sc.touched
	for _, q := range qs {
		// A term with one expansion adds its postings' scores straight;
		// with more, each tool takes its best expansion's.
		one := -1
		for i, e := range q.exps {
			if e.id < 0 {
				continue
			}
			if one != -1 {
				one = -2
				break
			}
			one = i
		}
		if one >= 0 {
			e := q.exps[one]
			w := float32(e.w) // rounded as the best of several is
			ps := e.postings(post)
			for _, p := range ps {
				if score[p.doc] == 0 {
					cands = append(cands, p.doc)
				}
				score[p.doc] += q.weight * float64(max(0, w*p.score))
			}
			continue
		}
		touched = touched[:0]
		for _, e := range q.exps {
			if e.id < 0 {
				continue
			}
			w := float32(e.w)
			ps := e.postings(post)
			for _, p := range ps {
				b := best[p.doc]
				if b == 0 {
					touched = append(touched, p.doc)
				}
				best[p.doc] = max(b, w*p.score)
			}
		}
		for _, d := range touched {
			if score[d] == 0 {
				cands = append(cands, d)
			}
			score[d] += q.weight * float64(best[d])
			best[d] = 0
		}
	}
	sc.touched = touched
	sw := sc.ix.opt.ServerWeight
	for _, d := range cands {
		sc.score[d] += sw * sc.srvScore[sc.ix.docServer[d]]
	}
	return cands
}

func (ix *Index) rank(query string, limit int) *ranking { return ix.rankAt(query, limit, 0) }

// maxStepDepth bounds how deep a task's steps are ranked as requests of
// their own (stepsRelevant ranks each step, whose own steps it may rank
// again): a step whose text came out as the whole request recursed
// until the stack overflowed, which no recover catches (found by
// FuzzSearch, round 108's target).
const maxStepDepth = 3

// rankAt is rank for a request depth steps below the one asked
// (stepsRelevant).
func (ix *Index) rankAt(query string, limit, depth int) *ranking {
	if len(ix.docs) == 0 || strings.TrimSpace(query) == "" {
		return nil
	}
	query = rewriteChat(query)                    // round106.go
	query = ix.withoutRefused(query)              // round107.go
	query = withLoadInto(query)                   // round107.go
	query = ix.withObjectURL(query)               // round108.go
	query = withLoadURL(query)                    // round108.go
	query = withForEach(query)                    // round108.go
	query = withoutPlaceOfFiles(query)            // round108.go
	query = withoutReason(ix.withoutDoing(query)) // round103.go
	vp := ix.vendorProducts(query)
	unserved := ix.unservedProducts(query, vp)
	foreign := foreignWords(unserved)
	all := ix.queryTermsWith(query, foreign)
	named, naming := ix.namedServersWith(query, vp)
	noneQuery := ix.productLabel(query) // round90.go: read by the "none" rules
	qs := demoteNaming(all, naming)
	sc := ix.newScorer(qs)
	defer sc.done()

	// Clauses first ("open X, fill Y, then press Z"): the best tool of each
	// clause is kept for the final list.
	var clauseHits [][]Hit
	var clauseInfo []clause
	cands := sc.cands
	defer func() { sc.cands = cands[:0] }()
	if cl, info := ix.clauses(query, qs, naming, foreign); len(cl) > 1 {
		for i := range info {
			info[i].named = ix.clauseNamed(named, info[i].text, vp)
		}
		for i, c := range cl {
			cands = sc.tools(c, cands)
			if len(cands) == 0 {
				continue
			}
			k := info[i].kinds
			nf := ix.namedFor(named, info[i].named, k)
			decided := true // the step's backend decided by its file or spelled tool
			if fs := ix.fileStep(info[i], namedSoFar(named, info, i)); fs != nil {
				nf, info[i].named = fs, fs
				if (info[i].act == 0 || info[i].act == otherAction) && pathDestination(info[i].text) {
					info[i].act = verbCreate // round89.go: it saves the file
				}
			} else if ss := ix.scriptStep(info[i], named); ss != nil {
				nf, info[i].named = ss, ss // round107.go
			} else if cs := ix.categoryStep(info[i]); cs != nil {
				nf, info[i].named = cs, cs
			} else if sp := ix.spelledStep(info[i], named, naming, foreign, cands, sc.score); sp != nil {
				sp = ix.gitlabStep(info[i], sp)
				nf, info[i].named = sp, sp
			} else {
				decided = false
				nf = ix.channelStep(info[i], nf)
				nf = ix.gitlabStep(info[i], nf)
				nf = ix.chatStep(info[i], nf)
				ix.chatPost(&info[i], nf) // round93.go
			}
			sc.boost(c, cands, nf)
			sc.kindBonus(k, cands)
			sc.localPenalty(info[i].text, k)       // round108.go
			sc.multiplePenalty(info[i].text)       // round108.go
			sc.objectURLBonus(info[i].text, cands) // round96.go
			sc.pageURL(info[i].text, cands)        // round105.go
			sc.manyBonus(manyValues(info[i].text), cands)
			if asksState(info[i].step) {
				// "check which tabs are open": the step reads a state.
				sc.questionPenalty(info[i].text, cands)
			}
			sv := info[i]
			sv.act = keepAct(sv) // round98.go
			sc.stepVerbs(sv, cands)
			sc.stateStep(info[i], cands) // round101.go
			sc.stepNumber(info[i], cands)
			sc.plainRead(info[i], c[:min(info[i].own, len(c))], cands)
			sc.antecedentFit(info[i], cands)
			sc.stepLearned(c, info[i], cands)
			sc.finderTop(info[i], cands)
			sc.newTop(info[i], cands)
			sc.appendTop(info[i], cands)      // round93.go
			sc.tableData(info[i].step, cands) // round107.go
			sc.linkPenalty(info[i].step)
			sc.urlFetch(info[i].step, cands)
			sc.propPenalty(query)
			cands = ix.demoteDeprecated(cands, sc.score)
			hs := ix.ownStep(info[i], cands, sc.score)
			if hs == nil {
				hs = ix.topK(cands, sc.score, clauseDepth)
			}
			if !decided {
				// round73.go: the step's own words name its backend.
				hs, cands = sc.ownBackendTop(c, info[i], nf, cands, hs)
			}
			clauseHits = append(clauseHits, hs)
			clauseInfo = append(clauseInfo, info[i])
		}
	}
	if stepsTrace != nil {
		stepsTrace(clauseInfo, clauseHits)
	}

	wq := qs
	catWhole := len(clauseHits) == 0 || categoryOneAction && oneAction(query)
	if catWhole {
		// round81.go: a word said only in a category phrase names the
		// product, not the request's object.
		if wq = ix.demoteCategory(query, qs, named); len(wq) > 0 && &wq[0] != &qs[0] {
			clear(sc.srvScore)
			ix.addSrvScores(wq, sc.srvScore, sc.srvBest)
		}
	}
	cands = sc.tools(wq, cands)
	cands = sc.namedTools(query, cands, named)
	sc.boost(wq, cands, named)
	var catDocs []int32
	if catWhole {
		cat, _ := ix.queryCategories(query)
		catDocs = sc.categoryBoost(cands, cat)
	}
	number := queryNumber(query)
	sc.numberBonus(number, cands)
	sc.singularPenalty(query, number, cands)
	qtoks, paths, names, kinds := queryTokensKinds(query)
	sc.kindBonus(kinds, cands)
	sc.localPenalty(query, kinds) // round108.go
	sc.multiplePenalty(query)     // round108.go
	sc.containerPenalty(query)    // round108.go
	sc.idFirst(query)             // round108.go
	sc.headBonus(query, kinds, cands)
	sc.idParamBonus(query, cands)
	sc.objectURLBonus(query, cands) // round96.go
	sc.pageURL(query, cands)        // round105.go
	sc.fillerPenalty(query, cands)  // round90.go
	sc.reversedPenalty(query, cands)
	sc.ownDocsPenalty(query, names, named, cands)
	if kinds != 0 || len(paths) > 0 || ix.unknownName(names) {
		sc.argPenalty(cands)
	}
	oneAct := len(clauseHits) == 0 || oneAction(query)
	oneStep := oneAct && ix.oneNamed(named)
	if oneStep {
		// One step, at most one backend: one kind of action.
		qv := requestVerbs(query, qtoks)
		if qv == 0 && changeFirst(query) {
			// "Change the Status property of page X to Done": "change"
			// (as often a noun as a verb) starts the request, a verb.
			qv = verbUpdate
		}
		if qv == 0 && isQuestion(query) || asksAmount(query) {
			// "how much would it cost to spin up another project",
			// "how many rows did the import add": a measure to read,
			// whatever the action it is of.
			qv = verbRead
		}
		if qv != 0 && qv != verbRead && (copulaQuestion(query) || saidQuestion(query)) {
			qv = verbRead
		}
		if qv == verbRead && isQuestion(query) {
			sc.questionPenalty(query, cands)
		}
		if lv := leadVerb(query); lv != 0 {
			// "comment 'LGTM' on MR 19", "undo my thumbs down": a
			// noun-like verb starting the request is its action.
			sc.leadPenalty(lv, cands)
		} else {
			sc.verbPenalty(qv, cands)
		}
		sc.firstRules(query, qv, cands)
		sc.addToPenalty(query, cands)
	}
	sc.wholeRules(query, cands)
	sc.pastPenalty(query)
	score := sc.score
	bonus := func(d int32, b float64) {
		if score[d] == 0 {
			cands = append(cands, d)
		}
		score[d] += b
	}
	for _, d := range ix.mentioned(query) {
		bonus(d, ix.mentionBonus())
	}
	exact := ix.exact[normName(query)]
	for _, d := range exact {
		bonus(d, exactBonus)
	}
	if len(exact) == 0 && nameLike(query) {
		for _, n := range ix.near(query, 3) {
			if n.doc >= 0 {
				bonus(int32(n.doc), misspeltBonus)
				exact = append(exact, int32(n.doc))
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	cands = ix.demoteDeprecated(cands, score)
	ix.siblings(qs, cands, score)

	hits := ix.topK(cands, score, max(limit, relevantDepth))
	r := &ranking{hits: hits, steps: clauseInfo, stepHits: clauseHits}
	if len(exact) > 0 {
		r.coverage, r.relevant = 1, true
		r.hits = hits[:min(limit, len(hits))]
		return r
	}
	for i := 0; i < len(hits) && i < relevantDepth && !r.relevant; i++ {
		r.relevant = ix.relevant(noneQuery, all, named, naming, unserved, hits[i].Doc, len(clauseHits) == 0, &r.coverage)
	}
	if !r.relevant && len(catDocs) > 0 && categoryUnboost {
		// The category's tools lifted into the first hits may have
		// pushed out the one that passes (round72.go): the ranking
		// without the bonus is judged too, and answers when it passes.
		sc.categoryAdd(catDocs, -1)
		hs := ix.topK(cands, score, max(limit, relevantDepth))
		for i := 0; i < len(hs) && i < relevantDepth && !r.relevant; i++ {
			r.relevant = ix.relevant(noneQuery, all, named, naming, unserved, hs[i].Doc, true, &r.coverage)
		}
		if r.relevant {
			hits = hs
			r.hits = hs
		} else {
			sc.categoryAdd(catDocs, 1)
		}
	}
	if !r.relevant && len(clauseHits) == 0 && ix.pairCovered(all, named, hits) && !ix.pairUndone(query, named) && !ix.featureUndone(query, naming, named) {
		r.relevant = true // two backends' tools together (round107.go)
	}
	firstUndone := len(clauseHits) > 0 && (ix.firstStepUndone(query, naming, named, clauseInfo) || ix.laterStepUndone(query, named, clauseInfo) || ix.firstFileDeleteUndone(clauseInfo, naming))
	if firstUndone {
		// "Create a private Slack channel ... and invite Maya to it":
		// the first step, which the rest needs, is one no tool of
		// the named backend does (round75.go); "... and pin it": a
		// later step's operation is none of the backend's
		// (round79.go).
		r.relevant = false
	}
	if !r.relevant && !firstUndone {
		// A task of several steps: each step may be a request of its own.
		r.relevant = depth < maxStepDepth && ix.stepsRelevant(query, unserved, clauseInfo, depth)
	}
	if r.relevant && len(clauseHits) > 0 && len(named) > 0 && len(hits) > 0 && ix.contextUndone(clauseInfo, naming, named, ix.docServer[hits[0].Doc]) {
		r.relevant = false // one step among context (round107.go)
	}
	boosted := false
	if learnedJudged && !r.relevant && len(clauseHits) == 0 && ix.learnedBoost(qs, cands, score) {
		// The tool the learned words put first is the one answered
		// first: it is judged too (round53.go, learnedJudged).
		boosted = true
		first := ix.docServer[hits[0].Doc]
		hits = ix.topK(cands, score, max(limit, relevantDepth))
		for i := 0; i < len(hits) && i < relevantDepth && !r.relevant; i++ {
			if ix.docServer[hits[i].Doc] == first || ix.learnedAgrees(qs, hits[i].Doc) {
				r.relevant = ix.relevant(noneQuery, all, named, naming, unserved, hits[i].Doc, true, &r.coverage)
			}
		}
	}
	if r.relevant && len(hits) > 0 && ix.verbObjectUndone(query, named, int32(hits[0].Doc), oneStep) {
		r.relevant = false // round108.go
	}
	if noneJudge != nil && len(hits) > 0 {
		// Test-only (none_model_test.go): the decision's inputs, and a
		// decision in place of the rules'.
		r.relevant = noneJudge(&noneCtx{ix: ix, query: query, noneQuery: noneQuery, all: all, named: named, naming: naming, unserved: unserved,
			hits: hits, score: score, oneStep: oneStep, multi: len(clauseHits) > 0, info: clauseInfo, relevant: r.relevant})
	}
	if r.relevant && !boosted && ix.learnedBoost(qs, cands, score) {
		hits = ix.topK(cands, score, max(limit, relevantDepth))
	}
	if r.relevant && oneStep && len(named) == 0 && ix.kindFirst(query, kinds, hits, score) {
		hits = ix.topK(cands, score, max(limit, relevantDepth))
	}
	if r.relevant && oneStep && len(named) == 0 && ix.phraseFirst(query, hits, score) {
		hits = ix.topK(cands, score, max(limit, relevantDepth))
	}
	if r.relevant && oneStep && len(named) == 0 && ix.vocabFirst(query, hits, score) {
		hits = ix.topK(cands, score, max(limit, relevantDepth))
	}
	if r.relevant && oneStep && ix.fitFirst(query, hits, score) {
		hits = ix.topK(cands, score, max(limit, relevantDepth))
	} else if r.relevant && oneStep && len(clauseHits) == 0 && ix.filterFirst(query, hits, score) {
		hits = ix.topK(cands, score, max(limit, relevantDepth))
	} else if r.relevant && oneStep && ix.objectFirst(query, hits, score) {
		hits = ix.topK(cands, score, max(limit, relevantDepth))
	} else if r.relevant && oneStep && len(clauseHits) == 0 && ix.stmtFirst(query, hits, score) {
		hits = ix.topK(cands, score, max(limit, relevantDepth))
	} else if r.relevant && oneStep && ix.actionFirst(query, hits, score) {
		hits = ix.topK(cands, score, max(limit, relevantDepth))
	}
	hits = hits[:min(limit, len(hits))]
	tops := ix.clauseTops(clauseHits, clauseInfo, hits[0])
	seconds := ix.stepSeconds(oneAct, clauseHits, clauseInfo, hits[0])
	shares := ix.shareSlots(query, clauseHits, clauseInfo, hits[0])
	r.hits = ix.diversify(hits, limit, score, cands, tops, seconds, named, shares)
	r.hits = ix.withPrereqs(r.hits, limit, score)
	r.hits = ix.withFinder(query, r.hits, tops, clauseInfo, score)
	r.hits = ix.withStepPrereqs(r.hits, tops, score)
	r.hits = ix.withMe(query, r.hits, tops, score)
	r.hits = ix.withOpened(query, r.hits, clauseHits, clauseInfo, tops, score)
	r.hits = ix.stepFirst(query, r.hits, clauseHits, clauseInfo)
	r.hits = ix.withFileRead(query, r.hits, limit) // round107.go
	return r
}

// oneNamed reports whether named holds at most one backend, counting
// backends one word names together ("GitLab": gitlab and zereight-gitlab)
// as one.
func (ix *Index) oneNamed(named []int32) bool {
	for _, s := range named[min(1, len(named)):] {
		if !ix.sameNamed(named[0], s) {
			return false
		}
	}
	return true
}

// clauseNamed returns the backends of named (those the query names) that
// a clause's text names itself.
func (ix *Index) clauseNamed(named []int32, text string, vp [][]string) []int32 {
	if len(named) == 0 {
		return nil
	}
	own, _ := ix.namedServersWith(text, vp)
	var out []int32
	for _, s := range own {
		if slices.Contains(named, s) {
			out = append(out, s)
		}
	}
	return out
}

// namedFor returns the backends a clause is about, of those the query
// names (named): the ones the clause names itself (own), if any ("then
// open a GitHub issue" in a query about a Sentry issue); else those with a
// tool taking a value of the kinds k the clause carries. A step whose value
// no named backend takes is another backend's ("read notes.txt and post it
// to the Slack channel": Slack reads no file).
func (ix *Index) namedFor(named, own []int32, k valueKind) []int32 {
	if len(own) > 0 {
		return own
	}
	if k == 0 || len(named) == 0 {
		return named
	}
	var out []int32
	for _, s := range named {
		if ix.srvKinds[s]&k != 0 {
			out = append(out, s)
		}
	}
	if len(out) == 0 && k == kindRepo {
		// "GitLab project tools/cli: cut a branch docs/install from
		// main": a word with a slash is as often a branch, a project
		// or a group as a repository, so it alone does not take the
		// step from the backends the request names.
		return named
	}
	return out
}

// namedTools adds to cands the tools that run queries (runsQueries) of the
// backends the query names that no word of it matched: a request to a
// backend whose tool takes a language of its own ("the five customers with
// the highest lifetime value from our Postgres database": postgres's
// `query`, "Run a read-only SQL query") shares no word with it, and is
// still that backend's to answer. They start from the backend's own score;
// the named bonus comes next. A backend some of whose tools the query's
// words found keeps to those, and a named backend's other tools stay out:
// its name alone is no evidence that they do what the request asks.
func (sc *scorer) namedTools(query string, cands, named []int32) []int32 {
	ix := sc.ix
	query = afterPlace(query) // round109.go
	if rv := requestVerb(query); len(named) == 0 || verbStems()[rv]&verbRead == 0 && !computeFirst(query) && !(computeVerbs()[rv] && !r73Off) && !asksAmount(query) && !storeSource(query) && !rankingRead(query) && !rankingQuestion(query) {
		// Only a request to read ("list the five customers ...", "how
		// many rows are in the invoices table?") or to compute an
		// amount ("count signups per month in postgres", round73.go)
		// is a query's to answer; "back up the postgres database" is not, and a question
		// without a verb of reading ("what version of postgres is
		// this?") is left to the words it shares with tools.
		return cands
	}
	sw := ix.opt.ServerWeight
	for _, s := range named {
		docs := ix.srvDocs[s]
		if slices.ContainsFunc(docs, func(d int32) bool { return sc.score[d] != 0 }) {
			continue // the query's words found the backend's tools
		}
		for _, d := range docs {
			if ix.runsQueries(d) {
				sc.score[d] = math.SmallestNonzeroFloat32 + sw*sc.srvScore[s]
				if len(docs) == 1 {
					// The backend's one tool: what the request names
					// can only be done with it ("how many rows are in the
					// invoices table" of our Postgres: its query), however
					// many words other tools share with the request.
					sc.score[d] += ix.mentionBonus()
				}
				cands = append(cands, d)
			}
		}
	}
	return cands
}

// boost adds to the scores of cands the bonus for a name the query spells
// out and the bonus for a backend the query names.
func (sc *scorer) boost(qs []qterm, cands []int32, named []int32) {
	ix := sc.ix
	if sc.match == nil {
		sc.match = make([]float64, len(ix.tools.idf))
	}
	sc.matchSet = matchWeights(qs, sc.match, sc.matchSet[:0])
	nb := ix.maxIDF * nameCoverageIDF
	scoped := scopedBackends(qs)
	for _, d := range cands {
		c := ix.nameCoverage(d, sc.match)
		if scoped != nil && scoped[ix.docServer[d]] {
			// A product's own noun reaches its backend's names only.
			c = max(c, ix.queryNameCoverage(qs, d))
		}
		sc.score[d] += nb * c * c
	}
	for _, id := range sc.matchSet {
		sc.match[id] = 0
	}
	if len(named) == 0 {
		return
	}
	b := ix.namedBonus()
	for _, d := range cands {
		if slices.Contains(named, ix.docServer[d]) {
			sc.score[d] += b
		}
	}
}

// diversify makes room in hits for the best tool of each clause and of each
// backend the query names, right after the first hit, so that every step of
// a multi-step query is in the list and the top of the whole-query ranking
// keeps its place; then for the steps' second candidates (seconds,
// stepSeconds), before the rest of hits, whose slots the steps share
// (shares, shareSlots) when not nil.
func (ix *Index) diversify(hits []Hit, limit int, score []float64, cands, clauseTops, seconds []int32, named []int32, shares *stepSlots) []Hit {
	extra := slices.Clone(clauseTops)
	var missing []int32
	for _, s := range named {
		// A backend counts as present when one sharing its naming word is
		// ("GitLab" names both gitlab and zereight-gitlab: one is enough).
		if !slices.ContainsFunc(hits, func(h Hit) bool { return ix.sameNamed(ix.docServer[h.Doc], s) }) {
			missing = append(missing, s)
		}
	}
	if len(missing) > 0 {
		best := make(map[int32]int32, len(missing))
		for _, s := range missing {
			best[s] = -1
		}
		for _, d := range cands {
			s := ix.docServer[d]
			if b, ok := best[s]; ok && (b < 0 || score[d] > score[b] || (score[d] == score[b] && d < b)) {
				best[s] = d
			}
		}
		for _, s := range missing {
			if best[s] < 0 && len(named) > 1 && !r107Off {
				// A backend the request names beside another, none of
				// whose tools its words found: its tool running queries
				// is its step ("postgres top 10 customers by revenue as
				// horizontal bar chart"; round107.go).
				best[s] = ix.queryTool(s)
			}
			if best[s] >= 0 {
				extra = append(extra, best[s])
			}
		}
	}
	extra = append(extra, seconds...)
	if len(extra) == 0 {
		return hits
	}
	out := make([]Hit, 0, limit)
	seen := map[int]bool{}
	add := func(d int) {
		if !seen[d] && len(out) < limit {
			seen[d] = true
			out = append(out, Hit{Doc: d, Server: ix.docs[d].Server, Tool: ix.docs[d].Tool, Score: score[d]})
		}
	}
	add(hits[0].Doc)
	for _, d := range extra {
		add(int(d))
	}
	if shares != nil {
		placed := make([]int, len(out))
		for i, h := range out {
			placed[i] = h.Doc
		}
		for _, d := range shares.fill(placed, hits[1:], limit) {
			add(d)
		}
	}
	for _, h := range hits[1:] {
		add(h.Doc)
	}
	return out
}

// The steps of one task usually run on one backend ("open the page, then
// take a screenshot" in the same browser). A clause's best tool gives way to
// the best one of the backend of the whole query's first hit when that one
// scores at least coherence of it; clauseDepth is how far down a clause's
// ranking that tool is looked for.
const (
	coherence   = 0.8
	clauseDepth = 10
)

// clauseTops returns the tool kept for each clause, given each clause's
// best hits and what it says (info), and the whole query's first hit. A
// tool of the first hit's backend does not take the place of one of a
// backend the clause names itself, nor of one that takes the clause's
// value when it takes none ("read notes.txt and post it to #general":
// Slack reads no file).
func (ix *Index) clauseTops(clauseHits [][]Hit, info []clause, first Hit) []int32 {
	var tops []int32
	for i, hs := range clauseHits {
		top := ix.stepTop(hs, info[i], first)
		if !slices.Contains(tops, int32(top.Doc)) {
			tops = append(tops, int32(top.Doc))
		}
	}
	return tops
}

// stepTop returns the tool kept for one clause (clauseTops), given its
// best hits hs.
func (ix *Index) stepTop(hs []Hit, info clause, first Hit) Hit {
	top := hs[0]
	k := info.kinds & ix.kinds[top.Doc]
	if top.Server != first.Server && !slices.Contains(info.named, int32(ix.docServer[top.Doc])) {
		for _, h := range hs[1:] {
			if k != 0 && ix.kinds[h.Doc]&k == 0 {
				continue
			}
			if ix.channelKept(info, top, h) {
				continue
			}
			if h.Server == first.Server && h.Score >= coherence*top.Score {
				return h
			}
		}
	}
	return top
}

// contextWeight is the weight a clause gives the terms of the rest of the
// query, so "look at its diffs" in a query about a merge request still
// prefers merge request diffs.
const contextWeight = 0.3

// clauses splits a query into the term lists of its parts: at a comma,
// semicolon, colon or sentence end followed by a space (so URLs and paths stay
// whole) and at the words "then", "and", "also" and the like. A part with
// fewer than two terms joins the one before it (or after it, if first). Each
// clause also carries the other terms of the whole query qs at contextWeight.
func (ix *Index) clauses(query string, qs []qterm, naming, foreign map[string]bool) ([][]qterm, []clause) {
	query, quotes := protectQuotes(query)
	var parts []string
	var cur []string
	for _, f := range strings.Fields(query) {
		t := strings.TrimRight(f, ",;:!?.")
		if strings.ContainsAny(f[len(t):], ",;:!?.") {
			parts = append(parts, strings.Join(append(cur, t), " "))
			cur = cur[:0]
			continue
		}
		cur = append(cur, f)
	}
	parts = append(parts, strings.Join(cur, " "))
	var split []string
	for _, p := range parts {
		// "look at its headers and response body": one step
		// (joinThings, round64.go).
		for _, q := range joinThings(p, splitWords(p, "then", "and", "also", "plus", "afterwards", "finally")) {
			if len(split) > 0 && modifierPart(q) {
				// "Create a v3.0 milestone on GitHub, due on June 30":
				// a date or condition of the step before (round109.go).
				split[len(split)-1] += " " + q
				continue
			}
			if len(split) > 0 && (onlyValues(q) && manyValues(split[len(split)-1]+" "+q) != 0 || valueListGoesOn(split[len(split)-1], q) || sourceSaid(q) || inclusionSaid(q)) {
				// "Read docs/setup.md, docs/deploy.md and docs/faq.md":
				// a list of values is one step's, not a step each.
				split[len(split)-1] += " " + q
				continue
			}
			split = append(split, q)
		}
	}
	split = joinSetting(parts, split)
	split = ix.splitCopy(split, naming)                 // round107.go
	split = ix.splitDestination(split, naming, foreign) // round93.go
	var groups [][]qterm
	var info []clause
	pending := []qterm(nil)
	var pendingText []string
	for _, p := range split {
		p = restoreQuotes(p, quotes)
		t := demoteNaming(ix.queryTermsWith(p, foreign), naming)
		if len(t) == 0 {
			continue
		}
		if len(t) < 2 && len(groups) > 0 && pending == nil && backRef(p) || len(groups) > 0 && pending == nil && detailsOnly(p) {
			// "look up issue 77, then close it": the step's object is
			// the one before it (round forty-eight, backref48.go).
			ante := antecedent(groups[len(groups)-1], t)
			groups = append(groups, append(t, ante...))
			info = append(info, clause{text: p, step: p, ante: ante})
			continue
		}
		if len(t) < 2 {
			if len(groups) > 0 {
				groups[len(groups)-1] = append(groups[len(groups)-1], t...)
				info[len(info)-1].text += " " + p
			} else {
				pending = append(pending, t...)
				pendingText = append(pendingText, p)
			}
			continue
		}
		groups = append(groups, append(pending, t...))
		info = append(info, clause{text: strings.Join(append(pendingText, p), " "), step: p})
		pending, pendingText = nil, nil
	}
	if len(groups) < 2 {
		return nil, nil
	}
	for i := range info {
		_, _, _, info[i].kinds = queryTokensKinds(info[i].text)
		info[i].act = partAction(info[i].step)
		if i > 0 {
			info[i].pathBefore = info[i-1].pathBefore || info[i-1].kinds&kindPath != 0
		}
	}
	for i, g := range groups {
		info[i].own = len(g)
		in := map[string]bool{}
		for _, t := range g {
			in[t.term] = true
		}
		for _, t := range qs {
			if !in[t.term] {
				t.weight *= contextWeight
				g = append(g, t)
			}
		}
		groups[i] = g
	}
	return groups, info
}

// clause is what a part of a query says besides its terms: its text and
// the kinds of value it carries.
type clause struct {
	text  string
	kinds valueKind
	named []int32    // the backends the query names that the clause names itself
	step  string     // the part of text that is the step, without a part joined before it
	own   int        // how many of the clause's terms are its own, before the other parts' terms
	act   verbFamily // the action its step asks for (partAction)
	// pathBefore: an earlier clause carries a path (thatFile, round64.go)
	pathBefore bool
	// ante: the terms a step naming its object by a pronoun borrows from
	// the step before ("close it": backref48.go), nil for other steps
	ante []qterm
}

// protectQuotes replaces each quoted span of query (text to pass on, such
// as an error message with a colon or an "and" in it) with one placeholder
// word, so that no clause boundary falls inside it; restoreQuotes puts them
// back.
func protectQuotes(query string) (string, []string) {
	fields := strings.Fields(query)
	var out, quotes []string
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if len(f) < 2 || !strings.ContainsAny(f[:1], "'\"`“‘") || closesQuote(f[1:]) {
			out = append(out, f)
			continue
		}
		j := i + 1
		for j < len(fields) && !closesQuote(fields[j]) {
			j++
		}
		if j == len(fields) { // never closed: no quotation
			out = append(out, f)
			continue
		}
		span := strings.Join(fields[i:j+1], " ")
		// The punctuation after the closing quote still ends a clause.
		t := strings.TrimRight(span, ".,;:!?")
		out = append(out, fmt.Sprintf("\x00%d\x00", len(quotes))+span[len(t):])
		quotes = append(quotes, t)
		i = j
	}
	return strings.Join(out, " "), quotes
}

func restoreQuotes(s string, quotes []string) string {
	for i, q := range quotes {
		s = strings.Replace(s, fmt.Sprintf("\x00%d\x00", i), q, 1)
	}
	return s
}

// splitWords splits s at any of the given whole words.
func splitWords(s string, words ...string) []string {
	var out []string
	var cur []string
	for _, w := range strings.Fields(s) {
		if slices.Contains(words, strings.ToLower(w)) {
			out = append(out, strings.Join(cur, " "))
			cur = cur[:0]
			continue
		}
		cur = append(cur, w)
	}
	return append(out, strings.Join(cur, " "))
}

// topK returns the best k candidates in hit order.
func (ix *Index) topK(cands []int32, score []float64, k int) []Hit {
	hits := make([]Hit, 0, min(k, len(cands))+1)
	less := func(a, b *Hit) bool { // a ranks before b
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		if a.Server != b.Server {
			return a.Server < b.Server
		}
		return a.Tool < b.Tool
	}
	for _, d := range cands {
		if len(hits) == k && score[d] < hits[k-1].Score {
			continue // the common case, decided without building a Hit
		}
		h := Hit{Doc: int(d), Server: ix.docs[d].Server, Tool: ix.docs[d].Tool, Score: score[d]}
		if len(hits) == k && !less(&h, &hits[k-1]) {
			continue
		}
		i := sort.Search(len(hits), func(i int) bool { return less(&h, &hits[i]) })
		hits = append(hits, Hit{})
		copy(hits[i+1:], hits[i:])
		hits[i] = h
		if len(hits) > k {
			hits = hits[:k]
		}
	}
	return hits
}

// properWeight scales the query weight of a capitalised name that some
// description uses but no tool or backend name does.
const properWeight = 0.3

// relevantDepth is how many of the best hits may show that the query is
// answerable: a query is relevant when one of them covers enough of it,
// not only the first (whose lead may come from the backend's score or a
// name bonus rather than from the words of the query).
const relevantDepth = 1

// relevant decides whether doc, the best hit, answers the query at all.
func (ix *Index) relevant(query string, qs []qterm, named []int32, naming map[string]bool, unserved [][]string, doc int, oneStep bool, cov *float64) bool {
	if !slices.Contains(named, ix.docServer[doc]) {
		// A product's own nouns are evidence where the query names the
		// product ("the rows of my Notion database"); elsewhere they
		// only rank ("translate this paragraph": no Notion block).
		qs = withoutScoped(qs)
	}
	qs = ix.categoryEvidenced(query, qs, doc)
	c0, m := ix.evidence(qs, doc)
	*cov = c0
	o := &ix.opt
	if o.MinCoverage < 0 {
		return true
	}
	if oneStep && (ix.fileDeleteUndone(query, naming) || ix.fileModeUndone(query) || ix.formatUndone(query)) {
		// "Delete /tmp/cache/old.log", "chmod +x deploy.sh": no tool
		// for files deletes or changes a mode (round106.go).
		return false
	}
	// cL counts a query word that the requests labelled with doc used
	// (learned.go) as evidence: a request like those is one doc serves.
	// fc, the coverage a product no backend serves is held to, leaves
	// them out: "post a message to the team's Mattermost channel" uses
	// the words of requests to Slack's tools, and is none of them.
	cL, fc, c := c0, c0, c0
	if learnedEvidence > 0 {
		cL, _ = ix.evidenceLearned(qs, doc, learnedEvidence)
	}
	if learnedScope != 1 {
		c = cL
	}
	if learnedScope == 0 {
		fc = cL
	}
	if slices.Contains(named, ix.docServer[doc]) {
		// The query names the backend of its best tool: little doubt
		// left, unless the backend does not do what the request's verb
		// asks (action.go).
		if ix.unservedAction(query, qs, naming, doc, m) {
			return false
		}
		if oneStep && ix.namedStepUndone(query, naming, named, ix.docServer[doc]) {
			return false
		}
		return cL >= o.MinCoverage*namedShare || m >= o.MinEvidence*ix.maxIDF*namedShare
	}
	if oneStep && (ix.namedUndone(query, named) || ix.objectUndone(query, naming, named)) {
		// "drop the users table in postgres" answered by MongoDB's
		// drop-database: the backend the request names does not do
		// it, and another's tool doing it elsewhere is no answer.
		return false
	}
	_, _, _, kinds := queryTokensKinds(query)
	if kinds&kindPhone != 0 && ix.allKinds&kindPhone == 0 {
		// A phone number and no tool that takes one: like a product no
		// backend serves ("text +1 555 0100" with only chat backends).
		return fc >= o.ForeignCoverage
	}
	if ix.foreignChannel(query) {
		// "Email the team" with no tool that sends email: like a product
		// no backend serves.
		return fc >= o.ForeignCoverage
	}
	if len(named) == 0 && ix.textChannel(query) {
		// "Text the on-call engineer that the site is down": a text
		// message, which no tool sends (round74.go).
		return fc >= o.ForeignCoverage
	}
	if len(named) > 0 && oneStep {
		// "mute alerts for the checkout project in sentry" answered by
		// azure-devops's advsec_get_alerts: the request says where to
		// look, and another backend's tool answers it only when it
		// covers the request, not on a few of its words.
		return c >= o.MinCoverage
	}
	if !r110Off && oneStep && len(named) == 0 && ix.categoryNames(query, doc) && ix.readOnlyUndone(query, []int32{int32(ix.docServer[doc])}) {
		// "Rename the layer ... in the landing page design file": the
		// backend a category phrase names only reads (round104.go).
		return false
	}
	if oneStep && len(named) == 0 && ix.impliedOperationUndone(query, naming, int32(doc)) {
		return false // round109.go
	}
	if oneStep && len(named) == 0 && ix.objectThingUndone(query, naming, []int32{int32(ix.docServer[doc])}, true, true) {
		// "Remove the send-welcome-email edge function": the backend
		// of its best tool, as if named, when the thing is one of its
		// (round109.go).
		return false
	}
	if len(named) == 0 {
		if oneStep && ix.kindUndrawn(query) {
			// "a heatmap of tickets by hour": no chart tool draws
			// it, whatever else matches (round74.go).
			return false
		}
		if len(unserved) > 0 {
			return fc >= o.ForeignCoverage
		}
		if ix.productArticle(query) {
			return fc >= o.ForeignCoverage
		}
	}
	// Evidence alone needs two of the query's words: one rare word a
	// description happens to use ("online") is not a task.
	// Three of the query's words in one tool are a task too, even when
	// the query's other words (places, names, the text to type) are many.
	// So is most of one tool's name spelt out ("find pizza places":
	// search_places), even when the query's other words are many.
	// A value of a kind the tool takes (a path for a tool reading files,
	// SQL for one running it, a URL, a key) is a request for it: the
	// value's words, which count in the query's mass but name no tool,
	// do not make it unanswerable.
	if oneStep && len(named) == 0 && ix.categoryNames(query, doc) && ix.categoryUndone(query, doc) {
		// "Cancel our subscription to the error tracker": the backend
		// a category phrase names, judged as when its name is said
		// (round83.go).
		return false
	}
	// Coverage lent by learned words does not answer a verb the
	// catalog knows nowhere ("Transcribe the audio recording ...";
	// round94.go).
	if c >= o.MinCoverage && !(c0 < o.MinCoverage && ix.learnedVerbUndone(query, doc, oneStep)) {
		return true
	}
	if oneStep && categoryShare && cL >= o.MinCoverage*namedShare && ix.categoryNames(query, doc) && !ix.verbUndone(query, doc, oneStep) {
		// round81.go: a backend named by its category is held to a
		// named backend's share of the coverage.
		return true
	}
	if ix.verbUndone(query, doc, oneStep) {
		// "merge these two PDFs", "split the bill": what the request
		// asks no tool of this backend does, and its other words are
		// only about what it asks it of; coverage alone decides. So
		// for any verb of a one-step request ("book two tickets for
		// the 7pm showing": the first hit matched "two" and "show";
		// round69.go).
		return false
	}
	nm := ix.matchedTerms(qs, doc)
	return m >= o.MinEvidence*ix.maxIDF && nm >= 2 ||
		c >= manyTermsCoverage && (nm >= 3 || ix.queryNameCoverage(qs, int32(doc)) >= spelledName) ||
		c >= valueCoverage && nm >= 2 && kinds&ix.kinds[doc] != 0
}

// namedStepUndone reports whether a one-step request (query) that names
// the backend srv of its best tool asks what no tool of the backends it
// names (named, by the words naming) does: its channel, object,
// operation, state, facet, feature, timing, pairing, members, move,
// chart kind, a write to a read-only product, or the account.
func (ix *Index) namedStepUndone(query string, naming map[string]bool, named []int32, srv int32) bool {
	if ix.foreignChannel(query) {
		// "email me a weekly summary of my sentry issues": a
		// request by a channel no tool offers, whatever it is
		// about, as when no backend is named.
		return true
	}
	if ix.objectUndone(query, naming, named) {
		// "delete the Supabase project": no tool for projects
		// deletes (nearmiss29.go).
		return true
	}
	if ix.operationUndone(query, named) {
		// "Star octo/widgets on GitHub": no tool of the
		// product stars anything (round79.go).
		return true
	}
	if ix.stateUndone(query, named) {
		// "Make the GitHub repo acme/site public": no tool
		// of the product sets that state (round87.go).
		return true
	}
	if ix.facetUndone(query, naming, named) {
		// "Set up an incoming webhook for #alerts in Slack": no
		// tool of the product says webhooks (round88.go).
		return true
	}
	if ix.featureUndone(query, naming, named) {
		// "Enable 2FA for the acme org on GitHub": no tool of the
		// product says the feature (round92.go).
		return true
	}
	if ix.laterUndone(query, named) {
		// "send it to #standup on Slack at 9:00 on Monday": a
		// message scheduled, which no tool of the product does
		// (round105.go).
		return true
	}
	if ix.pairUndone(query, named) {
		// "Link HubSpot to our Notion workspace": an integration
		// of two products, which no tool sets up (round92.go).
		return true
	}
	if ix.accessUndone(query, named) {
		// "Give bob@acme.io edit access to the page in Notion": no
		// tool of the product shares or sets permissions (round108.go).
		return true
	}
	if ix.memberUndone(query, named) {
		// "Invite Dana to our Slack workspace": no tool of the
		// product adds people (round92.go).
		return true
	}
	if ix.relocateUndone(query, named) {
		// "Transfer GitHub issue #31 to the acme/api repository":
		// no tool of the product moves anything to a repository
		// (round83.go).
		return true
	}
	if ix.kindUndrawn(query) {
		// "a candlestick chart" names antv-chart by its word
		// "chart", and no chart tool draws it (round74.go).
		return true
	}
	if ix.readOnlyUndone(query, named) {
		// "Save the Louvre to my starred places in Google
		// Maps": every tool of the product reads (round104.go).
		return true
	}
	if ix.accountUndone(query, naming, srv) {
		// "change my sentry password": the account, not what the
		// backend holds (account.go).
		return true
	}
	if ix.readFacetUndone(query, named) {
		// "How many Firecrawl credits do we have left?": no tool of
		// the product reads its balance (round107.go).
		return true
	}
	if ix.objectThingUndone(query, naming, named, true, false) {
		return true // round109.go
	}
	if ix.publicUndone(query, named) {
		// "Publish the Notion page 'Roadmap 2025' to the web": no
		// tool of the product makes anything public (round107.go).
		return true
	}
	return false
}

// namedShare is the share of MinCoverage and MinEvidence enough for the
// best tool of a backend the query names. It was 0.5 before the learned
// words counted as evidence; TestNoneSweep chose 0.72 with them by
// leave-one-set-out cross-validation over the tuned-on sets.
var namedShare = 0.72

// valueCoverage is the coverage enough for a tool that takes a kind of
// value the query carries and matches two of its terms.
var valueCoverage = 0.15

// spelledName is the name coverage (nameCoverage) at which a tool's name
// counts as spelt out by the query.
const spelledName = 0.65

// queryNameCoverage is nameCoverage for the terms qs.
func (ix *Index) queryNameCoverage(qs []qterm, doc int32) float64 {
	ts := ix.nameTerms[doc]
	if len(ts) == 0 {
		return 0
	}
	var got float64
	for _, id := range ts {
		var best float64
		for _, q := range qs {
			for _, e := range q.exps {
				if e.id == id && ix.reaches(e, doc) {
					best = max(best, e.w*min(q.weight, 1))
				}
			}
		}
		got += best
	}
	return got / float64(len(ts))
}

// manyTermsCoverage is the coverage enough for a tool matching three or
// more of the query's words.
var manyTermsCoverage = 0.25

// channelVerbs are the ways of reaching someone that a request may start
// with as its verb ("Email the team", "SMS the on-call").
var channelVerbs = setOf(`email mail sms fax tweet`)

// foreignChannel reports whether query starts with a channel verb that no
// tool's name has: a request by a channel the catalog does not offer.
// So does a sending verb whose object, within two words, is such a channel
// ("Post a tweet saying ...", "send an SMS to ...").
func (ix *Index) foreignChannel(query string) bool {
	if !r103Off {
		// A quoted span is the text sent ("post 'the marketing email
		// went out' to #growth"), not its channel.
		query, _ = protectQuotes(query)
	}
	ws := lowerWords(query)
	if len(ws) == 0 {
		return false
	}
	foreign := func(w string) bool {
		id, ok := ix.tools.lookup(stem(w))
		return !ok || !ix.nameWord[id]
	}
	if channelVerbs[ws[0]] {
		return foreign(ws[0])
	}
	if !sendVerbs[ws[0]] {
		return false
	}
	for i, w := range ws[1:] {
		if channelVerbs[w] || channelNouns[w] {
			return foreign(w)
		}
		// The object's phrase, to its first preposition ("send the
		// 'Spring promo' marketing email from HubSpot to ...";
		// round103.go), or three words.
		if objectEnds[w] || i >= 2 && (r103Off || i >= 7) {
			break
		}
	}
	return false
}

// sendVerbs send something by a channel; channelNouns are the things sent
// that name one.
var (
	sendVerbs    = setOf(`send post publish write`)
	channelNouns = setOf(`tweet tweets sms text fax email`)
)

// matchedTerms counts the terms of qs that doc (or its backend's name)
// matches, not counting matches through the WordNet tables only.
func (ix *Index) matchedTerms(qs []qterm, doc int) int {
	n := 0
	for i := range qs {
		if _, m := ix.evidence(qs[i:i+1], doc); m > 0 {
			n++
		}
	}
	return n
}

// coverage is the share of the query's IDF mass that doc (or its backend's
// name) matches. A term matched only through a synonym counts at the synonym
// weight, one matched only in a parameter counts half.
func (ix *Index) coverage(qs []qterm, doc int) float64 {
	c, _ := ix.evidence(qs, doc)
	return c
}

// evidence returns coverage and the matched IDF mass itself; the mass leaves
// out what only the WordNet tables match (they count in coverage).
func (ix *Index) evidence(qs []qterm, doc int) (float64, float64) {
	return ix.evidenceLearned(qs, doc, 0)
}

// learnedEvidence is the evidence, in relevant, of a query term that the
// best tool's learned words hold, as much as a term found only in a
// parameter (0: they are no evidence of relevance).
var learnedEvidence = 0.5

// learnedScope is where learnedEvidence counts: 0 everywhere, 1 only for
// a backend the query names, 2 but for ForeignCoverage.
var learnedScope = 2

// evidenceLearned is evidence, a term among doc's learned words counting
// at least lw.
func (ix *Index) evidenceLearned(qs []qterm, doc int, lw float64) (float64, float64) {
	var total, got, plain float64
	for _, q := range qs {
		mass := q.weight * q.idf
		total += mass
		m, mp := ix.termEvidence(q, doc, lw)
		got += mass * m
		plain += mass * mp
	}
	if total == 0 {
		return 0, 0
	}
	return got / total, plain
}

// termEvidence is the evidence doc holds of the query term q (m), and
// the same without the WordNet expansions (mp); a term among doc's
// learned words counts at least lw.
func (ix *Index) termEvidence(q qterm, doc int, lw float64) (m, mp float64) {
	srv := int32(ix.docServer[doc])
	for _, e := range q.exps {
		if !ix.reaches(e, int32(doc)) {
			continue
		}
		if p, ok := find(ix.tools.post, e.id, int32(doc)); ok {
			f := e.w
			switch {
			case !p.core:
				f *= paramEvidence
			case !p.lead:
				f *= deepEvidence
			}
			if e.wordnet {
				m = max(m, f)
			} else {
				m, mp = max(m, f), max(mp, f)
			}
		}
		if p, ok := find(ix.srv.post, e.sid, srv); ok && p.named {
			m, mp = max(m, e.w), max(mp, e.w)
		}
	}
	if lw > m {
		if id, ok := ix.learned.lookup(q.term); ok {
			if _, ok := find(ix.learned.post, id, int32(doc)); ok {
				m = lw
			}
		}
	}
	return m, mp
}

// paramEvidence and deepEvidence scale the evidence of a term found only in
// a parameter, or only deep in a description (past its first leadTerms
// terms): long descriptions mention many words in passing, in examples and
// caveats, that do not say what the tool does.
const (
	paramEvidence = 0.5
	deepEvidence  = 0.5
)

// find returns the posting of doc in term id's list (sorted by doc).
func find(post [][]posting, id, doc int32) (posting, bool) {
	if id < 0 {
		return posting{}, false
	}
	ps := post[id]
	i := sort.Search(len(ps), func(i int) bool { return ps[i].doc >= doc })
	if i < len(ps) && ps[i].doc == doc {
		return ps[i], true
	}
	return posting{}, false
}

// ofComplement marks in modifier the words no tool uses that follow "of"
// after the last word of a tool name, up to the end of the clause ("a
// line graph of monthly signups", "a map of our road trip"): what the
// thing is made of or shows, an argument like a modifier before it.
func (ix *Index) ofComplement(query string, modifier map[string]bool) {
	if !containsFold(query, " of ") {
		return
	}
	ws := strings.Fields(strings.ToLower(rewritePhrases(query)))
	for i := 0; i+2 < len(ws); i++ {
		if ws[i+1] != "of" {
			continue
		}
		id, ok := ix.tools.lookup(stem(strings.Trim(ws[i], ".,;:!?()\"'`")))
		if !ok || !ix.headWord[id] {
			continue
		}
		for _, w := range ws[i+2:] {
			t := strings.Trim(w, ".,;:!?()\"'`")
			if clauseWords[t] {
				break
			}
			if st := stem(t); !stopWords[t] {
				if _, known := ix.tools.lookup(st); !known {
					modifier[st] = true
				}
			}
			if t != w && strings.ContainsAny(w[len(w)-1:], ",.;:!?") {
				break
			}
		}
	}
}

// A query asking for "the runs of workflow 17", "the schema of the events
// collection" or "the actor for Google Maps reviews" wants runs, a schema,
// an actor: the word before "of" or "for" is the thing to return, what
// follows says which. A tool whose head word (the last word of its name,
// what it returns) is that word, or a hand-written synonym of it, gains
// headIDF times the index's largest IDF (times the synonym's weight), so
// n8n_executions passes n8n_get_workflow.
const headIDF = 0.6

// genericHeads say how much of a thing a query wants, not which thing:
// "the details of workflow 8812" wants the workflow.
var genericHeads = setOf(`details detail info information contents list`)

// headPreps follow the word that names the thing a query wants.
var headPreps = setOf(`of for`)

// headBonus adds to the scores of cands the bonus for a head word that is
// the thing the query wants.
func (sc *scorer) headBonus(query string, kinds valueKind, cands []int32) {
	if kinds != 0 || !containsFold(query, " of ") && !containsFold(query, " for ") {
		// "the place of ana@example.org": the value's kind says more.
		return
	}
	ix := sc.ix
	ws := strings.Fields(strings.ToLower(rewritePhrases(query)))
	want := map[int32]float64{}
	for i := 0; i+1 < len(ws); i++ {
		if !headPreps[ws[i+1]] {
			continue
		}
		w := strings.Trim(ws[i], "()\"'`")
		if stopWords[w] || genericHeads[w] || strings.ContainsAny(w, ".,;:!?") {
			continue
		}
		if i > 0 && (ws[i-1] == "and" || ws[i-1] == "or" || strings.HasSuffix(ws[i-1], ",")) {
			// "the opening hours, phone number and reviews of the
			// place": the last of a list of fields is no more the
			// thing wanted than the others; the place is.
			continue
		}
		t := stem(w)
		if id, ok := ix.tools.lookup(t); ok {
			want[id] = 1
		}
		for _, s := range synonyms()[t] {
			if s.wordnet {
				continue
			}
			if id, ok := ix.tools.lookup(s.term); ok {
				want[id] = max(want[id], s.w)
			}
		}
	}
	if len(want) == 0 {
		return
	}
	b := headIDF * ix.maxIDF
	for _, d := range cands {
		if h := ix.heads[d]; h.id >= 0 && want[h.id] > 0 {
			sc.score[d] += b * want[h.id]
		}
	}
}

// idParamBonus lifts the tools taking the id of the thing a query gives an
// id of ("the place with ID ChIJN1t...", "workflow id 42": place_id,
// workflowId) by headIDF of the largest IDF: the tool that is given a
// thing's id works on that thing.
func (sc *scorer) idParamBonus(query string, cands []int32) {
	if !containsFold(query, " id") {
		return
	}
	ix := sc.ix
	ws := strings.Fields(strings.ToLower(query))
	var want []string
	for i := 1; i+1 < len(ws); i++ {
		if ws[i] != "id" {
			continue
		}
		j := i - 1
		if ws[j] == "with" || ws[j] == "of" {
			j--
		}
		if j < 0 {
			continue
		}
		w := strings.Trim(ws[j], "()\"'`")
		if w == "" || stopWords[w] || strings.ContainsAny(w, ".,;:!?") {
			continue
		}
		want = append(want, stem(w))
	}
	if len(want) == 0 {
		return
	}
	b := headIDF * ix.maxIDF
	for _, d := range cands {
		for _, p := range ix.docs[d].Params {
			// An id parameter as paramKinds reads one ("place_id",
			// "workflowId"): the words before its id word name the thing.
			pw := nameWordsCased(p.Name)
			if len(pw) > 1 && idWords[pw[len(pw)-1]] && slices.Contains(want, stem(strings.Join(pw[:len(pw)-1], ""))) {
				sc.score[d] += b
				break
			}
		}
	}
}

// noneJudge, set by tests only, sees the inputs of the "no tool matches"
// decision and makes it (none_model_test.go, round ninety-seven).
var noneJudge func(*noneCtx) bool

// noneCtx is what noneJudge sees.
type noneCtx struct {
	ix               *Index
	query, noneQuery string
	all              []qterm
	named            []int32
	naming           map[string]bool
	unserved         [][]string
	hits             []Hit
	score            []float64
	oneStep, multi   bool
	info             []clause
	relevant         bool
}
