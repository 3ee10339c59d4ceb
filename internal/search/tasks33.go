package search

import (
	"slices"
	"strings"
)

// Round thirty-three (bench/retrieval-notes.md): the steps' slots.
//
// A task's list holds its first hit, each step's top (clauseTops) and the
// near-tie seconds (stepSeconds); the rest of its five came from the
// whole request's ranking, whose words are every step's, so the siblings
// of the step served best took them ("find the mongo collection schema
// for orders, then draw it as a mind map": collection-schema, find, the
// drawing step's top search_shapes, then mongodb's count and aggregate,
// and generate_mind_map, the drawing step's runner-up, sixth). So the
// slots after the tops are shared: a step's runner-up comes before a
// third tool of another step and before the whole ranking's next hit
// (stepSlots.fill). And an opening setting ("In Chrome DevTools, ...") is
// no step to take one of the five (joinSetting).

// stepShare is how many tools of a task's list each step is owed before
// the whole ranking fills the rest: its top and its runner-up.
const stepShare = 2

// shareCloseness is how close to its step's top a step's next candidate
// must score to be owed a slot: one far below is a guess the whole
// ranking makes better.
var shareCloseness = 0.85

// stepSlots is a task's steps as the sharing of its slots needs them.
type stepSlots struct {
	steps [][]Hit // each step's best hits
	tops  []Hit   // the tool kept for each step (stepTop)
	query string
	info  []clause // what each step says
}

// shareSlots returns the steps of a task (clauseHits, its steps' best
// hits; info, what they say; first, the whole request's first hit) whose
// slots are shared, or nil for a request of one step. Only a request every
// part of which asks for an action of its own (stepActs) shares them
// (acting, asked only when a step is owed a slot: it is the dearest
// check); a single request the splitter cuts ("show me what you know
// about Alice and Project Zephyr", "what did the page send in the POST
// to /graphql? get that request") keeps its ranking.
func (ix *Index) shareSlots(query string, clauseHits [][]Hit, info []clause, first Hit) *stepSlots {
	if len(clauseHits) < 2 {
		return nil
	}
	s := &stepSlots{steps: clauseHits, tops: make([]Hit, len(clauseHits)), query: query, info: info}
	for i, hs := range clauseHits {
		s.tops[i] = ix.stepTop(hs, info[i], first)
	}
	return s
}

// acting reports whether every step asks for an action (stepActs).
func (s *stepSlots) acting() bool {
	for _, c := range s.info {
		if !stepActs(s.query, c.step) {
			return false
		}
	}
	return true
}

// stepActs reports whether a part of query (step) asks for an action: a
// verb starts it (partAction), it asks no question (a question reads
// whatever verbs it has: "what did the page send ...?"), and a
// capitalised first word starts a sentence ("... about Alice and Project
// Zephyr": a name, not a verb).
func stepActs(query, step string) bool {
	if partAction(step) == 0 || isQuestion(step) {
		return false
	}
	ws := strings.Fields(step)
	if len(ws) == 0 || !isUpper(ws[0]) {
		return true
	}
	i := strings.Index(query, step)
	if i < 0 {
		return true
	}
	before := strings.TrimRight(query[:i], " ")
	return before == "" || strings.ContainsAny(before[len(before)-1:], ".!?:;")
}

// stepOf returns the step whose list ranks d best (the first on a tie),
// -1 when no step's does.
func (s *stepSlots) stepOf(d int) int {
	best, step := -1, -1
	for i, hs := range s.steps {
		if j := slices.IndexFunc(hs, func(h Hit) bool { return h.Doc == d }); j >= 0 && (best < 0 || j < best) {
			best, step = j, i
		}
	}
	return step
}

// fill returns the tools for the slots of a list after placed (the tools
// already in it, the first hit first), up to limit in all. Each tool
// counts for the step whose list ranks it best; the step of the first hit
// counts as served, since the whole ranking, which put its tool first,
// follows with its siblings. While a step holds fewer than stepShare
// tools, the first such step's next candidate scoring within
// shareCloseness of its top takes the next slot; else, and always for the
// last slot, the next of rest (the whole ranking's hits after its first),
// whose words are every step's and find what one step's words miss.
func (s *stepSlots) fill(placed []int, rest []Hit, limit int) []int {
	in := slices.Clone(placed)
	count := make([]int, len(s.steps))
	for _, d := range in {
		if i := s.stepOf(d); i >= 0 {
			count[i]++
		}
	}
	if len(in) > 0 {
		if i := s.stepOf(in[0]); i >= 0 {
			count[i] = stepShare
		}
	}
	next := make([]int, len(s.steps)) // how far each step's list is read
	var out []int
	acts := 0 // acting's answer: 0 not asked, 1 yes, -1 no
	for len(in) < limit {
		d := -1
		for i := 0; i < len(s.steps) && d < 0 && len(in) < limit-1 && acts >= 0; i++ {
			if count[i] < stepShare {
				d = s.candidate(i, &next[i], in)
			}
		}
		if d >= 0 && acts == 0 {
			if acts = 1; !s.acting() {
				acts, d = -1, -1
			}
		}
		if d < 0 {
			for len(rest) > 0 && slices.Contains(in, rest[0].Doc) {
				rest = rest[1:]
			}
			if len(rest) == 0 {
				break
			}
			d = rest[0].Doc
		}
		in = append(in, d)
		out = append(out, d)
		if i := s.stepOf(d); i >= 0 {
			count[i]++
		}
	}
	return out
}

// candidate returns step i's best hit after *next (how far its list is
// read) that in lacks, when it scores within shareCloseness of the step's
// top; -1 when there is none, and the step's list is then read to its end.
func (s *stepSlots) candidate(i int, next *int, in []int) int {
	hs := s.steps[i]
	for ; *next < len(hs); *next++ {
		h := hs[*next]
		if slices.Contains(in, h.Doc) {
			continue
		}
		if h.Score < shareCloseness*s.tops[i].Score {
			*next = len(hs)
			return -1
		}
		return h.Doc
	}
	return -1
}

// settingWords start an opening phrase that sets where a task's steps run
// ("In Chrome DevTools, ...", "On GitLab, ...", "For HubSpot company
// 9876543, ...", "Using Playwright, ...").
var settingWords = setOf(`in on for within inside at using via with from`)

// joinSetting joins the first part of a request (split, its parts; parts,
// its parts at punctuation) to the part after it when it ends at a
// punctuation mark, starts with a setting word and asks for no action
// (partAction, nor a verb and its object after the setting word): a
// setting is no step, and as one it took a slot of the task's five with
// a top its words alone chose ("In Chrome DevTools, ...":
// get_network_request); the step after it runs there.
func joinSetting(parts, split []string) []string {
	if len(split) < 2 || len(parts) < 2 || split[0] != parts[0] {
		return split
	}
	ws := strings.Fields(strings.ToLower(split[0]))
	if len(ws) == 0 || !settingWords[ws[0]] || partAction(split[0]) != 0 {
		return split
	}
	for i := 1; i+1 < len(ws); i++ {
		if isPlainLower(ws[i]) && !stopWords[ws[i]] && (objectStarts[ws[i+1]] || objectPronouns[ws[i+1]]) {
			return split // "In GitLab clone the repo, ...": a verb and its object
		}
	}
	return append([]string{split[0] + " " + split[1]}, split[2:]...)
}
