package search

import (
	"slices"
	"strings"
)

// Round sixty-six (bench/retrieval-notes.md): tasks.
//
// Measured over the tuned-on sets' 995 tasks, cross-validated (each set's
// requests ranked with a table learned without them), the step of a task
// whose tool was left out of the five was never one whose own ranking put
// that tool first: every step's top already has a slot (clauseTops). The
// tools left out were second to fourth in their step (55), fifth to tenth
// (40), in no step's first ten (35: a file step ranked on the backend the
// request names, an implied step), or the request was not split or
// answered with nothing (19). Slot sharing, measured again (a step's next
// candidates before the whole request's, in every task; the whole
// request's next hits that some step ranks among its first three or five
// first), lost as much as it won. What moved tasks was the steps' own
// rankings:
//
//   - The learned table learns from the steps of labelled tasks too
//     (StepLabels): in a task, which words ask for which of its tools is
//     not labelled, but the request is split into steps before it is
//     ranked and a step's words ask for one tool, so each step is paired
//     with one of the task's tools and its words are added to that tool's,
//     each once per step, less the words naming a backend (where the step
//     runs, not what it does). They are a part of the learned field of
//     their own (learnedStepField, after "|" in a learnedTable entry), at
//     the weight of the requests' words and normalised by no length:
//     added to the requests' words, a tool that many tasks use (a file
//     reader) had a learned text twice as long and lost single requests
//     its own words had won ("print the last 20 lines of logs/app.log").
//   - A step reading or saving a file with a path is the file backends'
//     unless a backend the request names in that step or an earlier one
//     has a file tool of its kind (namedSoFar): "Read config/app.yaml and
//     push it to the GitHub repo acme/infra" reads the user's own file,
//     GitHub is where it goes. "open" and "grab" read a file, as "read"
//     and "load" do (fileReadVerbs).
//   - A request that changes a thing it names by a description, not an
//     id ("Comment on the GitHub issue that tracks the login timeout bug"),
//     and asks in no step to find it, needs the tool that searches or
//     lists such things too (withFinder).

// learnedStepField is the part of the learned field that holds the words
// of the tasks' steps (after "|" in a learnedTable entry), at
// learnedStepWeight of the requests' words.
const learnedStepField = fTitle

var learnedStepWeight = 1.0

// TaskLabel is a labelled task: its request and the tools it asks for.
type TaskLabel struct {
	Query    string
	Expected []StepLabel // Server and Tool; Text unused
}

// StepLabel is one step of a labelled task: its words and its tool.
type StepLabel struct {
	Server, Tool, Text string
}

// StepLabels returns the steps of each task (split as the ranking splits
// them, by an index without learned words, so that the pairing never
// depends on the table it feeds) paired with their tools. Tasks are
// written in the order of their steps, and so are their tools (the
// tuned-on tasks split into as many steps as tools: in order as good as
// any other pairing by the steps' rankings in 799 of 822, and in most of
// the others the rankings were wrong): of the ways to pair the steps and
// the tools one to one (every tool, or every step when there are fewer),
// the one taken costs least, a pair costing the tool's place in the
// step's best hits (unplaced beyond clauseDepth: labelMiss) and each two
// tools paired against their order (a later tool with an earlier step)
// labelOrder. So a task is read in order unless its steps' own rankings
// say otherwise by more than a few places ("before you post the notes in
// #announcements, pull the latest commits"). A request not split into
// steps gives none.
func StepLabels(docs []Doc, tasks []TaskLabel) []StepLabel {
	ix := newIndex(docs, nil, true)
	var out []StepLabel
	for _, t := range tasks {
		out = append(out, ix.stepLabels(t)...)
	}
	return out
}

// labelMiss is the cost of pairing a step with a tool not among its best
// hits, labelOrder that of two tools paired against their order.
const (
	labelMiss  = clauseDepth + 2
	labelOrder = 6
)

// stepLabels is StepLabels of one task; ix is built without learned words.
func (ix *Index) stepLabels(t TaskLabel) []StepLabel {
	r := ix.rank(t.Query, DefaultLimit)
	if r == nil || len(r.steps) < 2 {
		return nil
	}
	ns, nt := len(r.steps), len(t.Expected)
	cost := func(i, j int) int {
		e := t.Expected[j]
		if k := slices.IndexFunc(r.stepHits[i], func(h Hit) bool { return h.Server == e.Server && h.Tool == e.Tool }); k >= 0 {
			return k
		}
		return labelMiss
	}
	// stepOf[j]: the step of tool j, or -1; every tool gets one when
	// there are as many steps, else every step gets a tool.
	stepOf := make([]int, nt)
	best := make([]int, nt)
	bestC := -1
	used := make([]bool, ns)
	var rec func(j, placed, c int)
	rec = func(j, placed, c int) {
		if bestC >= 0 && c >= bestC {
			return
		}
		if j == nt {
			if placed == min(ns, nt) {
				copy(best, stepOf)
				bestC = c
			}
			return
		}
		if nt-j > ns-placed {
			// more tools left than free steps: this one may go without
			stepOf[j] = -1
			rec(j+1, placed, c)
		}
		for i := range ns {
			if used[i] {
				continue
			}
			inv := 0
			for k := range j {
				if stepOf[k] > i {
					inv++
				}
			}
			used[i], stepOf[j] = true, i
			rec(j+1, placed+1, c+cost(i, j)+inv*labelOrder)
			used[i] = false
		}
		stepOf[j] = -1
	}
	rec(0, 0, 0)
	var out []StepLabel
	for j, s := range best {
		if bestC >= 0 && s >= 0 {
			// The backend a step names says where it runs, not what it
			// does: its name is left out (withoutNaming).
			out = append(out, StepLabel{Server: t.Expected[j].Server, Tool: t.Expected[j].Tool, Text: ix.withoutNaming(r.steps[s].text)})
		}
	}
	return out
}

// withoutNaming returns text without the words naming a backend.
func (ix *Index) withoutNaming(text string) string {
	_, naming := ix.namedServersWith(text, ix.vendorProducts(text))
	if len(naming) == 0 {
		return text
	}
	var out []string
	for _, w := range strings.Fields(text) {
		toks := analyze(strings.ToLower(w), nil) // "GitLab" is one word, not "git lab"
		drop := len(toks) > 0
		for _, t := range toks {
			if !naming[t.term] {
				drop = false
			}
		}
		if !drop {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// namedSoFar returns the backends of named (those a request names) that a
// step (info[i]) may run on as a file step's: all but those only later
// steps name ("Read config/app.yaml and push it to the GitHub repo
// acme/infra": the file read is the user's own, GitHub is where it goes).
func namedSoFar(named []int32, info []clause, i int) []int32 {
	var out []int32
	for _, s := range named {
		later, sofar := false, false
		for j := range info {
			if slices.Contains(info[j].named, s) {
				if j > i {
					later = true
				} else {
					sofar = true
				}
			}
		}
		if later && !sofar {
			continue
		}
		out = append(out, s)
	}
	return out
}

// describedBy are the words after a thing that describe it instead of
// naming it by an id ("the issue that tracks the login bug", "the
// workflow called Lead sync").
var describedBy = setOf(`about mentioning titled tracking called named labelled labeled that which whose where`)

// describedThing returns the head of a thing the request names by a
// description ("the GitHub issue that tracks ...": issue), or "".
func describedThing(query string) string {
	ws := strings.Fields(strings.ToLower(query))
	for i := 0; i < len(ws); i++ {
		if d := ws[i]; d != "the" && d != "every" && d != "each" {
			continue
		}
		for j := i + 1; j < len(ws)-1 && j <= i+4; j++ {
			w := ws[j]
			if strings.ContainsAny(w, ",;:.!?") {
				break
			}
			if describedBy[strings.Trim(ws[j+1], ",;:.!?")] && isPlainLower(w) && !stopWords[w] {
				return w
			}
		}
	}
	return ""
}

// withFinder gives a request that changes a thing it names by a
// description, and asks in no step to find it, the tool that lists or
// searches such things of its first hit's backend: the place of the last
// hit no step's tool holds.
func (ix *Index) withFinder(query string, hits []Hit, tops []int32, info []clause, score []float64) []Hit {
	if len(hits) < 2 {
		return hits
	}
	for _, c := range info {
		if c.act&verbRead != 0 {
			return hits
		}
	}
	head := describedThing(query)
	if head == "" || len(info) == 0 && partAction(query)&verbRead != 0 {
		return hits
	}
	hs := stem(head)
	s := ix.docServer[hits[0].Doc]
	best, bs := int32(-1), 0.0
	for _, d := range ix.srvDocs[s] {
		ws := nameWordsCased(ix.docs[d].Tool)
		finds, names := false, false
		for _, w := range ws {
			lw := strings.ToLower(w)
			if lw == "search" || lw == "list" || lw == "find" {
				finds = true
			}
			if stem(lw) == hs {
				names = true
			}
		}
		if finds && names && (best < 0 || score[d] > bs) {
			best, bs = d, score[d]
		}
	}
	if best < 0 || slices.ContainsFunc(hits, func(h Hit) bool { return h.Doc == int(best) }) {
		return hits
	}
	return ix.intoLastFree(hits, append(slices.Clone(tops), int32(hits[0].Doc)), best, score)
}
