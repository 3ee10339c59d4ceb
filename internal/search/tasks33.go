package search

import "strings"

// Round thirty-three (bench/retrieval-notes.md): the steps' slots.
//
// A task's list holds its first hit, each step's top (clauseTops) and the
// near-tie seconds (stepSeconds); the rest of its five came from the
// whole request's ranking, whose words are every step's, so the siblings
// of the step served best took them ("find the mongo collection schema
// for orders, then draw it as a mind map": collection-schema, find, the
// drawing step's top search_shapes, then mongodb's count and aggregate,
// and generate_mind_map, the drawing step's runner-up, sixth). So the
// slots after the tops are shared: a step's runner-up came before a
// third tool of another step and before the whole ranking's next hit
// (round thirty-six's stepSlots.fill, tasks36.go, now gives them to the
// steps' next candidates closest to their tops first). And an opening
// setting ("In Chrome DevTools, ...") is no step to take one of the five
// (joinSetting).

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
// (acting, asked only when a step's candidate would take a slot); a
// single request the splitter cuts ("show me what you know
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
		if !actsWith(s.query, c.step, c.act) {
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
	return actsWith(query, step, partAction(step))
}

// actsWith is stepActs given the part's action (partAction of step).
func actsWith(query, step string, act verbFamily) bool {
	if act == 0 || isQuestion(step) {
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
