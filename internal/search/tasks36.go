package search

import "slices"

// Round thirty-six (bench/retrieval-notes.md): a step's own action, its
// request's backend, and its near ties' slots.
//
// A task is answered at five only when every step's tool is among them,
// and on the sets written blind four in five tasks had every tool in the
// first ten but three in five in the first five. Counted over those
// misses (aggregates only, never a request read), the missing tool was
// most often one its step ranks second to fourth, at 0.85 or more of the
// step's top (a near tie its words do not decide), while the slots went
// to step tops that were wrong and to the runners-up of other steps, in
// step order; read on the tuned-on sets, a step's top was often of
// another action than the step's verb, or of the rival of the backend the
// request names. Three rules:
//
//   - A step whose part asks for an action (partAction, not a question)
//     lowers its tools of another verb family, as a request of one step
//     does (stepVerbs): "comment on issue 4" creates, and
//     list_issue_discussions, reading, no longer comes before
//     create_issue_note.
//   - A step's words that spell out the tool of a backend the request does
//     not name (spelledStep) do not take the step away from a named
//     backend whose rival it is (rivals: they share tool names, as GitHub
//     and GitLab do): "list the labels in gitlab project 9, then comment
//     on issue 4" spells GitHub's add_issue_comment, but GitLab calls a
//     comment a note and the step is GitLab's.
//   - The slots after the first hit and the steps' tops (and the near-tie
//     seconds, tasks31.go) go to the steps' next candidates in the order
//     of how close each comes to its step's top, the closest first, while
//     it scores at least nearCloseness of it; the last slot, and any a
//     step's candidate does not claim, stays the whole request's
//     (stepSlots.fill). A step whose top is clear claims no slot, and one
//     whose top ties with two others may claim two.

// nearCloseness is how close to its step's top a step's next candidate
// must score to claim a slot (round thirty-three's closeness; 0.9 gained
// one tuned-on task more and lost the mind map of "find the mongo
// collection schema for invoices, then draw it as a mind map").
const nearCloseness = 0.85

// rivalNames is how many tool names two backends must share to be rivals
// (GitHub and GitLab share create_issue, create_branch, fork_repository
// and more; a browser's list_pages and a diagram editor's share one).
const rivalNames = 3

// stepVerbs lowers the tools of cands whose verb the action of a task's
// step excludes (c.act, partAction of its part without a part joined
// before it), as verbPenalty does for a request of one step. A question,
// and a verb of no family, lower none.
func (sc *scorer) stepVerbs(c clause, cands []int32) {
	if c.act == 0 || c.act == otherAction || isQuestion(c.step) {
		return
	}
	sc.stepVerbPenalty(c.act, cands)
}

// rivals reports whether backends a and b (server indexes) are rivals:
// two backends sharing at least rivalNames tool names serve the same kind
// of thing, each in its own words. A backend is not its own rival.
func (ix *Index) rivals(a, b int32) bool {
	if a == b {
		return false
	}
	n := 0
	for _, d := range ix.srvDocs[a] {
		tool := ix.docs[d].Tool
		if slices.ContainsFunc(ix.srvDocs[b], func(e int32) bool { return ix.docs[e].Tool == tool }) {
			if n++; n >= rivalNames {
				return true
			}
		}
	}
	return false
}

// fill returns the tools for the slots of a task's list after placed (the
// tools already in it, the first hit first), up to limit in all. While
// more than one slot is free, the step whose next candidate (its best hit
// not yet placed) scores closest to its top, at least nearCloseness of
// it, takes the next slot with that candidate (the first step on a tie);
// then the next of rest (the whole ranking's hits after its first), whose
// words are every step's and find what one step's words miss. Only in a
// task every part of which asks for an action (acting); else rest alone.
func (s *stepSlots) fill(placed []int, rest []Hit, limit int) []int {
	in := slices.Clone(placed)
	var out []int
	take := func(d int) {
		in = append(in, d)
		out = append(out, d)
	}
	for len(in) < limit-1 {
		d := s.closest(in)
		if d < 0 || len(out) == 0 && !s.acting() {
			break // acting, the dearest check, asked only for a candidate
		}
		take(d)
	}
	for len(in) < limit {
		for len(rest) > 0 && slices.Contains(in, rest[0].Doc) {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			break
		}
		take(rest[0].Doc)
	}
	return out
}

// closest returns the next candidate, of all the steps' (each step's best
// hit that in lacks), scoring closest to its step's top and at least
// nearCloseness of it; -1 when none does.
func (s *stepSlots) closest(in []int) int {
	best, d := 0.0, -1
	for i, hs := range s.steps {
		j := slices.IndexFunc(hs, func(h Hit) bool { return !slices.Contains(in, h.Doc) })
		if j < 0 || s.tops[i].Score <= 0 {
			continue
		}
		if r := hs[j].Score / s.tops[i].Score; r >= nearCloseness && r > best {
			best, d = r, hs[j].Doc
		}
	}
	return d
}
