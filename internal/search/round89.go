package search

import (
	"slices"
	"strings"
)

// Round eighty-nine (bench/retrieval-notes.md): a task's step that finds a
// thing by a property, a name or a description ("Find the HubSpot contact
// with email jane@acme.io", "Find the n8n workflow that sends the invoice
// emails", "Find our Notion Sprint Tasks database") wants its backend's
// tool for finding such things, not the batch read, the link builder or
// the tool that acts on the thing, which the step's other words lift.

// finderStep reports whether step asks to find a thing it does not name
// by an id: it starts with a verb of finding ("find", "locate", "search",
// "look up", "look for", "track down", "hunt down", "dig up"), or reads a
// thing picked by a property ("pull the contact with email ...", "get the
// deals whose stage is ..."). picked says whether a property or a
// description picks it.
func finderStep(c clause) (finds, picked bool) {
	if namesOne(c.step) {
		return false, false
	}
	raw := strings.Fields(c.step)
	ws := make([]string, len(raw))
	for i := range raw {
		raw[i] = strings.Trim(raw[i], ",;:.!?\"'`()")
		ws[i] = strings.ToLower(raw[i])
	}
	for len(ws) > 0 && leadFillers[ws[0]] {
		ws, raw = ws[1:], raw[1:]
	}
	if len(ws) < 2 {
		return false, false
	}
	for i, w := range ws[1:] {
		if w == "with" {
			// "with email jo@acme.io", not "with Playwright", "with a
			// bit of JS".
			if i+2 < len(ws) && raw[i+2] != "" && isPlainLower(raw[i+2]) && !stopWords[ws[i+2]] {
				picked = true
			}
			continue
		}
		if pickedBy[w] || describedBy[w] {
			picked = true
		}
	}
	switch w0, w1 := ws[0], ws[1]; {
	case finderVerbs[w0],
		(w0 == "look" || w0 == "looking") && (w1 == "up" || w1 == "for"),
		(w0 == "track" || w0 == "hunt") && w1 == "down",
		w0 == "dig" && w1 == "up":
		return true, picked
	}
	return picked && (c.act&verbRead != 0 || ws[0] == "pull"), picked
}

var (
	finderVerbs = setOf(`find locate search lookup`)
	leadFillers = setOf(`please first then and also now just`)
	// pickedBy: words after a thing that pick it by a property or a name
	// (with describedBy, round66.go).
	pickedBy = setOf(`whose named called titled tagged labelled labeled`)
	// restVerbs: HTTP methods in generated tool names (Notion's
	// API-post-search), no part of what the tool finds.
	restVerbs = setOf(`get post put patch`)
)

// finderTop makes, in a step finding a thing (finderStep), the tool of the
// step's backend named for finding such things the step's top: a search
// or find tool named for the thing (search_issues for "the issue about
// ..."), else a tool listing it (n8n_list_workflows for "the n8n workflow
// that ..."), else, when a property, a name or a description picks the
// thing or it is several, a search or find tool of no thing
// (hubspot-search-objects, Notion's API-post-search). Not when the step's
// top is named for a thing nothing picks (collection-schema for "find
// the mongo collection schema for orders") or finds things itself; the
// finder must already score finderFloor of the top.
func (sc *scorer) finderTop(c clause, cands []int32) {
	if r89Off || len(cands) == 0 {
		return
	}
	finds, picked := finderStep(c)
	if !finds {
		return
	}
	ft, ok := foundThing(c.step)
	if !ok {
		return
	}
	ix := sc.ix
	top := sc.highest(cands)
	tw := toolWords(ix.docs[top].Tool)
	if !picked && ft.stem != "" && stem(tw[len(tw)-1]) == ft.stem {
		return // the top is named for a thing nothing picks ("find the mongo collection schema for orders")
	}
	srvs := c.named
	if len(srvs) == 0 {
		srvs = []int32{ix.docServer[top]}
	}
	said := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(c.step)) {
		said[stem(strings.Trim(w, ",;:.!?\"'`()"))] = true
	}
	best, rank := int32(-1), 0
	for _, s := range srvs {
		pre := ix.namePrefix(s)
		for _, d := range ix.srvDocs[s] {
			if sc.score[d] <= 0 {
				continue
			}
			r := finderRank(toolWords(ix.docs[d].Tool), pre, said, ft.stem)
			if r > rank || r == rank && r > 0 && sc.score[d] > sc.score[best] {
				best, rank = d, r
			}
		}
	}
	if best < 0 || best == top || sc.score[best] < finderFloor*sc.score[top] {
		return
	}
	if rank == 1 && !picked && ft.stem != "" && !ft.plural && !ft.nameBefore {
		return // a finder of no thing, for a thing nothing picks
	}
	if ix.docServer[top] == ix.docServer[best] && (slices.Contains(tw, "search") || slices.Contains(tw, "find") || finderRank(tw, ix.namePrefix(ix.docServer[top]), said, ft.stem) > 0) {
		return // the step's top finds too ("Search the n8n node catalogue ...": search_nodes; "Find the GitHub issues labelled flaky": list_issues)
	}
	if r89Trace != nil {
		r89Trace(ix.docs[best].Tool + " over " + ix.docs[top].Tool)
	}
	sc.score[best] = sc.score[top] * 1.001
}

// finderRank ranks a tool's name words as a finder of the thing (its stem)
// a step finds: 3 a search or find tool named for it, 2 a list tool named
// for it, 1 a search or find tool of no thing (hubspot-search-objects,
// API-post-search, MongoDB's find), 0 none. A tool's name words besides
// its verb and its backend's prefix must all be said by the step.
func finderRank(words []string, prefix string, said map[string]bool, thing string) int {
	finds, lists := false, false
	var rest []string
	for i, w := range words {
		switch {
		case i == 0 && w == prefix:
		case w == "search" || w == "find":
			finds = true
		case w == "list":
			lists = true
		case restVerbs[w]:
		default:
			rest = append(rest, w)
		}
	}
	if !finds && !lists {
		return 0
	}
	if len(rest) == 1 && (rest[0] == "objects" || rest[0] == "items") {
		rest = nil
	}
	if len(rest) > 0 && (thing == "" || stem(rest[len(rest)-1]) != thing) {
		return 0
	}
	for _, w := range rest {
		if !said[stem(w)] {
			return 0
		}
	}
	switch {
	case finds && len(rest) > 0:
		return 3
	case len(rest) > 0:
		return 2
	case finds:
		return 1
	}
	return 0
}

// found is the thing a finding step finds: its noun's stem ("" when a
// name alone says it), whether the noun is plural, and whether a
// capitalised word comes right before it ("our Notion Sprint Tasks
// database": a name).
type found struct {
	stem               string
	plural, nameBefore bool
}

// foundThing returns the thing a finding step finds: the last plain word
// before the first word ending the thing's phrase ("Find the HubSpot
// contact with email ...": contact; "Find the n8n workflow that ...":
// workflow; "Find our Notion Sprint Tasks database": database), none when
// a name alone says it ("Find Acme Robotics in HubSpot"). ok is false
// when a name follows the noun ("Find the label needs-triage in ..."):
// the thing is named, a tool reading it by its name fits as well as a
// finder.
func foundThing(step string) (f found, ok bool) {
	ws := strings.Fields(step)
	for i := range ws {
		ws[i] = strings.Trim(ws[i], ",;:.!?\"'`()")
	}
	end := len(ws)
	for i := 1; i < len(ws); i++ {
		if w := strings.ToLower(ws[i]); thingEnds[w] || pickedBy[w] || describedBy[w] {
			end = i
			break
		}
	}
	for i := end - 1; i >= 1; i-- {
		w := strings.ToLower(ws[i])
		if stopWords[w] || thingSkips[w] {
			continue
		}
		if ws[i] == "" || !isPlainLower(ws[i]) {
			if i == end-1 && i > 1 && ws[i-1] != "" && isPlainLower(ws[i-1]) && !stopWords[strings.ToLower(ws[i-1])] && !thingSkips[strings.ToLower(ws[i-1])] {
				return f, false
			}
			continue
		}
		f.stem, f.plural = stem(w), isPlural(w)
		f.nameBefore = i > 1 && ws[i-1] != "" && ws[i-1][0] >= 'A' && ws[i-1][0] <= 'Z'
		return f, true
	}
	return f, true
}

var (
	// thingEnds: words that end the phrase of a thing found.
	thingEnds = setOf(`in on of for from at under across inside within into to by near who where so and with`)
	// thingSkips: words before a thing that are none.
	thingSkips = setOf(`me us them it its every all any each some our my your their this that these those out up down for`)
)

// toolWords splits a tool's name at its separators, lower-cased
// ("n8n_list_workflows": n8n list workflows).
func toolWords(name string) []string {
	return strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' || r == ' ' || r == '.' })
}

// namePrefix returns the word most of backend s's tool names start with
// ("hubspot", "api", "n8n", "browser"), or "".
func (ix *Index) namePrefix(s int32) string {
	n := map[string]int{}
	docs := ix.srvDocs[s]
	for _, d := range docs {
		if ws := toolWords(ix.docs[d].Tool); len(ws) > 1 {
			n[ws[0]]++
		}
	}
	for w, k := range n {
		if 2*k > len(docs) {
			return w
		}
	}
	return ""
}

// finderFloor is how close to its step's top a finder must score.
const finderFloor = 0.8

// r89Trace, when set (tests), hears each lift.
var r89Trace func(string)

// r89Off turns the round's rule off (measurements).
var r89Off bool

// newTop makes, in a step saying "a new <thing>" ("summarize it in a new
// Notion page", "put them in a new Notion page under page ..."), the tool
// of the step's backend that creates such a thing (its name's verb one of
// creating, its name ending on the thing: API-post-page) the step's top,
// whatever the step's own verb (summarize, put, compile): the step makes
// the thing. It must already score finderFloor of the top.
func (sc *scorer) newTop(c clause, cands []int32) {
	if r89Off || len(cands) == 0 {
		return
	}
	thing := madeThing(c.step)
	if thing == "" && !r98Off {
		thing = madeArticle(c.step) // round98.go
	}
	if thing == "" {
		return
	}
	ix := sc.ix
	top := sc.highest(cands)
	makes := func(d int32) bool {
		if !r98Off {
			return ix.makesThing(d, thing) // round98.go
		}
		tw := toolWords(ix.docs[d].Tool)
		return ix.verbs[d] == verbCreate && stem(tw[len(tw)-1]) == thing
	}
	if makes(top) {
		return
	}
	srvs := c.named
	if len(srvs) == 0 {
		srvs = []int32{ix.docServer[top]}
	}
	best := int32(-1)
	for _, s := range srvs {
		for _, d := range ix.srvDocs[s] {
			if sc.score[d] > 0 && makes(d) && (best < 0 || sc.score[d] > sc.score[best]) {
				best = d
			}
		}
	}
	if best < 0 || sc.score[best] < finderFloor*sc.score[top] {
		return
	}
	if r89Trace != nil {
		r89Trace("new: " + ix.docs[best].Tool + " over " + ix.docs[top].Tool)
	}
	sc.score[best] = sc.score[top] * 1.001
}

// madeThing returns the stem of the noun after "new" or "fresh" in step
// ("a new Notion page": page; a capitalised name between is skipped), or
// "".
func madeThing(step string) string {
	ws := strings.Fields(step)
	for i, w := range ws {
		if lw := strings.ToLower(strings.Trim(w, ",;:.!?\"'`()")); lw != "new" && lw != "fresh" {
			continue
		}
		for j := i + 1; j < len(ws) && j <= i+3; j++ {
			raw := strings.Trim(ws[j], ",;:.!?\"'`()")
			if raw == "" || !isPlainLower(raw) || stopWords[raw] {
				continue
			}
			return stem(raw)
		}
		return ""
	}
	return ""
}

// oneStepSpared reports whether stepsRelevant may let one step of a task
// (info) that is not relevant on its own pass: a task of three steps or
// more, whose other steps are each answerable, is a task ("check the
// latest messages in #incidents, open the thread about the DB failover
// to see what people said, and reply there ..."): a step said in words
// no tool's text shares is most often one of the others' tools said
// another way, not a request no tool serves. The steps judged undone by
// the rules for a served product's missing action (firstStepUndone,
// laterStepUndone) are not spared.
func (ix *Index) oneStepSpared(info []clause) bool {
	return !r89Off && len(info) >= 3
}

// withoutTopics returns query without the topic of a message, a note or a
// search it asks for: the words after "about", "regarding" or
// "concerning", up to the end of their part (a comma, a semicolon, a
// period, "and", "then"). A product or a feature no backend serves named
// there is what the thing is about ("Search my knowledge graph for
// anything about the Kafka migration", "open the thread about the DB
// failover"), not what the request asks a tool of; one named elsewhere
// still rules the request out ("Create a Jira ticket about the login
// bug").
func withoutTopics(query string) string {
	if r89Off {
		return query
	}
	ws := strings.Fields(query)
	out := ws[:0:0]
	skip := false
	for _, w := range ws {
		lw := strings.ToLower(strings.Trim(w, "\"'`()"))
		if skip && (lw == "and" || lw == "then") {
			skip = false
		}
		if !skip {
			out = append(out, w)
		}
		if lw == "about" || lw == "regarding" || lw == "concerning" {
			skip = true
		}
		if strings.ContainsAny(w[len(w)-1:], ",;.!?") {
			skip = false
		}
	}
	return strings.Join(out, " ")
}

// topicKept reports whether a vendor's product p (vendorProducts, read
// from the whole query) is still named once its topics are left out
// (withoutTopics): its first word is in query.
func topicKept(query string, p []string) bool {
	if len(p) == 0 {
		return true
	}
	q := " " + strings.ToLower(query) + " "
	return strings.Contains(q, strings.ToLower(p[0]))
}

// pathDestination reports whether text puts something into a path: "into"
// or "to" right before a word with a path's slash and a file's extension
// ("summarise them into docs/prisma.md"): a step saving a file, whatever
// its verb (summarise, dump, compile).
func pathDestination(text string) bool {
	if r89Off {
		return false
	}
	ws := strings.Fields(text)
	for i := 0; i+1 < len(ws); i++ {
		if p := strings.ToLower(ws[i]); p != "into" && p != "to" {
			continue
		}
		w := strings.TrimRight(ws[i+1], ",;:!?.'\"`)")
		if strings.Contains(w, "/") && !strings.Contains(w, "://") && strings.Contains(w[strings.LastIndex(w, "/")+1:], ".") {
			return true
		}
	}
	return false
}

// highest is the candidate of cands (not empty) with the highest score, the
// first of equals.
func (sc *scorer) highest(cands []int32) int32 {
	top := cands[0]
	for _, d := range cands {
		if sc.score[d] > sc.score[top] {
			top = d
		}
	}
	return top
}
