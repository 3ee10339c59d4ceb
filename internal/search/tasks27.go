package search

import (
	"slices"
	"strings"
)

// A request of several steps ("run a SQL query for the monthly signups and
// chart them as a line chart") spreads its words over several tools, one
// a step, so no one tool covers much of it: the whole request's best tool
// may fall short of the relevance bounds, which are set for a request one
// tool serves, and the backend of one step need not do another step's
// verb ("find the .ts files and lint them with ESLint": ESLint finds
// nothing). stepsRelevant judges such a request step by step instead.

// stepsRelevant reports whether every step of a request of several steps
// (info, its clauses as rank split them) is answerable on its own: each
// step's text, ranked as a request of its own, has a relevant best tool
// that matches one or more of the step's own words (not only its values,
// the hints they give or the other steps' words), and, when it matches
// only one, the step's verb if it starts with one ("translate this email
// to French" is not served by a tool matching "email"). A part starting
// with a value continues the list of values of the part before ("merge
// a.pdf and b.pdf into one PDF"): the split is no evidence of two steps.
// A product, a channel or a kind of value no tool serves (unserved, the
// products the whole query names that no backend serves) still rules out
// the whole request, however its steps read.
func (ix *Index) stepsRelevant(query string, unserved [][]string, info []clause, depth int) bool {
	if len(info) < 2 || len(unserved) > 0 || ix.foreignChannel(query) || ix.productArticle(query) {
		return false
	}
	if _, _, _, kinds := queryTokensKinds(query); kinds&kindPhone != 0 && ix.allKinds&kindPhone == 0 {
		return false
	}
	failed, passed := 0, 0
	asked := askedSteps(info) // round105.go
	for i, c := range info {
		if ws := strings.Fields(c.step); i > 0 && len(ws) > 0 && valueKindOf(ws[0]) != 0 {
			return false
		}
		if i > 0 && stepStatement(c.step) && !stepStatement(info[0].step) {
			continue // round105.go: "It expires in two days": no step
		}
		r := ix.rankAt(c.text, 1, depth+1)
		if r == nil || !r.relevant || len(r.hits) == 0 {
			if failed == 0 && ix.oneStepSpared(info) && (r105Off || asked >= 3) {
				failed++
				continue
			}
			return false
		}
		var own []qterm
		for _, q := range ix.queryTerms(c.text) {
			if q.weight >= 1 {
				own = append(own, q)
			}
		}
		doc := r.hits[0].Doc
		switch nm := ix.matchedTerms(own, doc); {
		case nm == 0:
			return false
		case nm == 1:
			if v := requestVerb(c.text); v != "" && !ix.matchesTerm(own, v, doc) {
				return false
			}
		}
		passed++
	}
	return passed > 0
}

// matchesTerm reports whether doc matches the term t of qs.
func (ix *Index) matchesTerm(qs []qterm, t string, doc int) bool {
	for i := range qs {
		if qs[i].term == t {
			_, m := ix.evidence(qs[i:i+1], doc)
			return m > 0
		}
	}
	return false
}

// stepLearned adds to the ranking of one step of a task (its terms c,
// what it says info) the learned words (learned.go) of its own terms, as
// a request of one step has them: the words requests used for a tool
// reorder the tools a step's words matched. The other steps' terms, which
// the step carries at contextWeight, add none: a request for another
// step's tool used them ("get notion user u_1, then read the Status
// property of page p_9": the property's words lift the property reader
// in the first step too).
func (sc *scorer) stepLearned(c []qterm, info clause, cands []int32) {
	sc.ix.learnedBoost(c[:info.own], cands, sc.score)
}

// withStepPrereqs gives the first prerequisite (prereq.go) of each step's
// tool (tops, the tools kept for the steps of a task) that hits lack the
// place of the last hit that is none of the steps' tools nor the first hit:
// a step served by a tool that needs another first ("look up the docs for
// Prisma migrations with Context7" after resolving the library's id)
// needs both, as a request of one step does (withPrereqs).
func (ix *Index) withStepPrereqs(hits []Hit, tops []int32, score []float64) []Hit {
	kept := tops
	if !r106Off {
		// A prerequisite of a step's tool already among the hits is
		// kept as the steps' tools are: a later step's prerequisite
		// took the place of an earlier one's (round106.go).
		kept = ix.withTopsPrereqs(hits, tops)
	}
	for _, t := range tops {
		ps := ix.prereqs[t]
		if len(ps) == 0 || !slices.ContainsFunc(hits, func(h Hit) bool { return h.Doc == int(t) }) ||
			slices.ContainsFunc(hits, func(h Hit) bool { return slices.Contains(ps, int32(h.Doc)) }) {
			continue
		}
		hits = ix.intoLastFree(hits, kept, ps[0], score)
		if !r106Off {
			kept = append(kept, ps[0])
		}
	}
	return hits
}

// intoLastFree returns hits with d, scored by score, in the last place
// after the first that no step's tool (tops) holds; hits itself is not
// changed. With no such place, hits is returned as it is.
func (ix *Index) intoLastFree(hits []Hit, tops []int32, d int32, score []float64) []Hit {
	for i := len(hits) - 1; i > 0; i-- {
		if !slices.Contains(tops, int32(hits[i].Doc)) {
			hits = slices.Clone(hits)
			hits[i] = Hit{Doc: int(d), Server: ix.docs[d].Server, Tool: ix.docs[d].Tool, Score: score[d]}
			return hits
		}
	}
	return hits
}
