package search

import (
	"slices"
	"strings"
)

// Round 101 (bench/retrieval-notes.md): a task's second and third tools of
// one backend.
//
// Of the held-out task sets' missing tools, most were a step's next
// candidate after tools already in the five, at 0.95 or more of its top;
// seven fills of the five were measured (each step's own tool before
// another step's second, the last slot to a step's near tie, a step with
// no verb of a family claiming no slot or its own, ...) and each moved
// as many tasks in as out: the fill is at the plateau round seventy-six
// found. What was kept:
//
//   - stateStep: a step led by a verb of stateVerbs ("run it for
//     #rustlang", "merge it", "approve it if it looks fine", "deploy it")
//     asks for that action, and its backend's tools whose names hold the
//     verb's word are the one doing it (call-actor, merge_merge_request,
//     approve_merge_request) and the ones reading what the action makes
//     or acts on (get-actor-run, get-actor-run-list, get_merge_request,
//     get_merge_request_approval_state), which match the step's word as
//     well or better. stepVerbs does not tell them apart: it lowers
//     nothing when the verb is of no family, and when the step's family
//     comes from a clause after its verb ("if it looks fine": reading) it
//     lowers the wrong ones, so a reading tool took the step's top. Now
//     the tools named for reading whose name holds the step's verb keep
//     verbConflict of their score.
//   - The near-tie seconds (stepSeconds) take their slots closest first,
//     not in the order of the steps: a 0.99 second of the third step came
//     after two 0.97 ones of the first and second, and lost the last slot.
//   - namedLeads: a thing of a backend the request names, in its tools'
//     titles or descriptions' leads ("the page" with Puppeteer named), is
//     no object a backend the request does not name spells in a step
//     (round ninety-eight's spelledObjects): "read window.__BUILD_ID__
//     off the page" had gone to draw.io's get_page and list_pages.
//   - Vocabulary (synonyms.go): a MongoDB collection's shape is its
//     schema, a Notion database's tasks and items are pages, running an
//     Apify Actor is calling it, "make sure" checks.

// r101Off turns round 101's rules off (R101OFF=1 in the tests).
var r101Off bool

// stepStateVerb returns the stem of the verb of stateVerbs that starts a
// step (past partLeads and leadIns), "" when none does.
func stepStateVerb(step string) string {
	ws := strings.Fields(strings.ToLower(step))
	for len(ws) > 0 && (partLeads[ws[0]] || leadIns[ws[0]]) {
		ws = ws[1:]
	}
	if len(ws) < 2 {
		return ""
	}
	v := stem(strings.Trim(ws[0], ",;:!?.\"'`"))
	if !stateVerbs()[v] {
		return ""
	}
	return v
}

// stateStep lowers, in a step c led by a verb of stateVerbs and asking no
// question, the tools of cands named for reading whose name holds that
// verb's word: they keep verbConflict of their score.
func (sc *scorer) stateStep(c clause, cands []int32) {
	if r101Off || isQuestion(c.step) {
		return
	}
	v := stepStateVerb(c.step)
	if v == "" {
		return
	}
	ix := sc.ix
	id, ok := ix.tools.lookup(v)
	if !ok {
		return
	}
	for _, d := range cands {
		if ix.verbs[d] == verbRead && slices.Contains(ix.nameTerms[d], id) {
			sc.score[d] *= verbConflict
		}
	}
}

// closestFirst orders the steps' near-tie seconds (docs) by how close each
// comes to its step's top (close, in the same order), the closest first,
// the earlier step first on a tie.
func closestFirst(docs []int32, close []float64) {
	if len(docs) < 2 {
		return
	}
	idx := make([]int, len(docs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case close[a] > close[b]:
			return -1
		case close[a] < close[b]:
			return 1
		}
		return 0
	})
	sorted := make([]int32, len(docs))
	for i, j := range idx {
		sorted[i] = docs[j]
	}
	copy(docs, sorted)
}

// namedLeads reports whether a tool of one of the backends named has the
// term id in its title or its description's lead but not in its name: a
// thing of a named backend ("the page" with Puppeteer named, whose
// screenshot takes "the current page") is no other backend's to spell
// (spelledObjects: "read window.__BUILD_ID__ off the page" went to
// draw.io's get_page). A word of a named backend's tool name is weighed
// by spelledStep itself, name against name ("turn the findings into a
// mind map" with Tavily named: generate_mind_map spells two words,
// tavily_map one).
func (ix *Index) namedLeads(named []int32, id int32) bool {
	if r101Off {
		return false
	}
	for _, p := range ix.tools.post[id] {
		if p.lead && !p.named && slices.Contains(named, ix.docServer[p.doc]) {
			return true
		}
	}
	return false
}
