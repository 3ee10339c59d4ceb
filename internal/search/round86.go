package search

import (
	"slices"
	"strings"
)

// Round eighty-six (bench/retrieval-notes.md): a task's step whose tool
// loses to a sibling in its backend.

// plainRead lifts, in a step that reads one thing named by its id ("Look
// at GitLab MR !42", "Look at the open pull request #212 on GitHub"), the
// tools whose names are a reading verb and words the step says, nothing
// more (get_merge_request, get_pull_request), and end on the noun of the
// thing the id is of (not get_merge_request_note, not a list of its
// parts): the step asks for the thing itself. Its siblings name a part of it the step does not say
// (get_pull_request_reviews, get_merge_request_conflicts) or an action it
// does not ask for (merge_merge_request: "merge" twice in its name from
// the "MR" synonym), and were ranked over it.
func (sc *scorer) plainRead(c clause, own []qterm, cands []int32) {
	if r86Off || c.act != verbRead || !namesOne(c.step) || asksAbout(c.step) {
		return
	}
	ix := sc.ix
	of := ix.idThings(c.step)
	if len(of) == 0 {
		return
	}
	ids := saidIDs(own)
	if len(ids) == 0 {
		return
	}
	for _, d := range cands {
		if h := ix.heads[d]; ix.verbs[d] != verbRead || len(ix.nameIDs[d]) < 2 || h.plural || !slices.Contains(of, h.id) {
			continue
		}
		rest := ix.nameIDs[d][1:]
		if !slices.ContainsFunc(rest, func(id int32) bool { return !slices.Contains(ids, id) }) {
			sc.score[d] *= plainReadLift
		}
	}
}

// asksAbout reports whether step asks something about its thing, a
// wh-word in it ("Show me what commit 9f3e2a1 changed", "See which emoji
// reactions are on MR !15"): a part of the thing, not the thing itself.
func asksAbout(step string) bool {
	for _, w := range strings.Fields(strings.ToLower(step)) {
		if whWords[strings.Trim(w, ",;:!?.\"'`()")] {
			return true
		}
	}
	return false
}

var whWords = setOf(`what which who whom whose why how when where`)

// plainReadLift is the factor plainRead gives a plain reading tool.
const plainReadLift = 1.08

// r86Off turns the round's rules off (measurements).
var r86Off bool
