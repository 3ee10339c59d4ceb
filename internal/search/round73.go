package search

import "sync"

// Round seventy-three (bench/retrieval-notes.md): tasks whose steps ask two
// backends.
//
// Each step of a task is ranked with its own words and, at contextWeight,
// the other steps' (clauses), so that "look at its diffs" in a request
// about a merge request still prefers merge request diffs. Across backends
// the other steps' words and the whole request's backend scores take a
// step over: in "sum revenue per region from the orders table in postgres
// and make a pie chart out of it" the first step ranked the chart tools
// first (Postgres's one tool, "Run a read-only SQL query", shares no word
// with it), and in "Download the attachment 9a1f on work item 4411 and
// read it as text" the second step stayed with Azure DevOps instead of
// reading the file. So a step whose own words alone put first a
// tool of another backend than its ranking's first, by far (the first
// scoring at most ownLead of it on the step's own words), has that tool
// first: the words of the step itself say which backend does it, the
// context only which of its tools.

// ownLead is how much of the step's own best tool's score (on the step's
// own words) its ranking's first may have for the own best to go first.
const ownLead = 0.9

// ownBackendTop returns hs (a step's ranking, with the other steps' words)
// with the step's best tool on its own words c[:info.own] first when that
// is of another backend than hs[0] and hs[0] scores at most ownLead of it
// there (the same stages as the step's ranking: the backends the step is
// about nf, kinds of value, the step's verbs, its learned words); and the
// candidates, whose scores are now the own words'.
func (sc *scorer) ownBackendTop(c []qterm, info clause, nf []int32, cands []int32, hs []Hit) ([]Hit, []int32) {
	ix := sc.ix
	if r73Off || len(hs) == 0 || info.own >= len(c) {
		return hs, cands // no other step's words
	}
	own := c[:info.own]
	// The backends' scores of the step's own words too, not the whole
	// request's.
	whole := sc.srvScore
	clear(sc.srvOwn)
	ix.addSrvScores(own, sc.srvOwn, sc.srvBest)
	sc.srvScore = sc.srvOwn
	defer func() { sc.srvScore = whole }()
	cands = sc.tools(own, cands)
	// A backend the step names none of whose tools its words found: its
	// tools that run queries, as for a request of one step.
	cands = sc.namedTools(info.step, cands, info.named)
	if len(cands) == 0 {
		return hs, cands
	}
	sc.boost(own, cands, nf)
	sc.kindBonus(info.kinds, cands)
	sc.stepVerbs(info, cands)
	ix.learnedBoost(own, cands, sc.score)
	cands = ix.demoteDeprecated(cands, sc.score)
	top := ix.topK(cands, sc.score, 1)
	if len(top) == 0 || top[0].Server == hs[0].Server || top[0].Score <= 0 {
		return hs, cands
	}
	if sc.score[hs[0].Doc] > ownLead*top[0].Score {
		return hs, cands
	}
	t := top[0]
	t.Score = hs[0].Score
	out := make([]Hit, 0, len(hs)+1)
	out = append(out, t)
	for _, h := range hs {
		if h.Doc != t.Doc {
			out = append(out, h)
		}
	}
	return out[:min(len(out), clauseDepth)], cands
}

// computeVerbs are verbs of computing an amount from data ("count signups
// per month in Postgres", "sum revenue per region from the orders table
// in postgres"): a request to a named backend that runs queries is its
// query tool's to answer, as one to read is (namedTools).
var computeVerbs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words(`count sum total tally average aggregate calculate compute tabulate`) {
		m[stem(w)] = true
	}
	return m
})

// computeFirst reports whether the first word of step is a verb of
// computing an amount ("sum revenue per region ..."), which requestVerb
// may not read as a verb; r73Off turns it off.
func computeFirst(step string) bool {
	if r73Off {
		return false
	}
	ws := lowerWords(step)
	return len(ws) > 0 && computeVerbs()[stem(ws[0])]
}

// r73Off turns the round's rules off (r73_debug_test.go measures them).
var r73Off = false
