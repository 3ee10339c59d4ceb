package search

import (
	"slices"
	"strings"
	"unicode"
)

// Round sixty-one: between near ties of one backend, what each tool's
// description says first. A tool's first sentence names what it does to
// what ("Creates a HubSpot engagement (Note or Task) ...", "Retrieve build
// data for a project", "Write operations for pipelines and builds"); names
// and the rest of a description often do not (hubspot-batch-create-objects
// lists notes among its object types deep in its text; azure-devops's
// `wiki` and `pipelines_build` are named for no verb).
//
// Two rules, after the fits of rounds thirty-five, forty-five and
// forty-nine and only when none of them moved a tool, for a one-step
// request whose first hit is followed, within a margin of its score and
// among the first fitDepth, by tools of its backend (nearTies):
//
//   - stmtFirst, the thing the request names. The head of the request's
//     object (objectHead: the last word of the noun phrase after its verb
//     or question word, "add a note to the Acme deal": note; "what
//     fields does a deal have": field) or a hand-written synonym of it is a
//     head of a near tie's first sentence's object (stmtInfo.obj: the last
//     word of the phrase after its verb, a word before "and" or "or" in
//     it, the words of a short list in brackets after it), and no word of
//     the first hit's name or first sentence is it or such a synonym; the
//     near tie does nothing the request's verbs rule out, is not named for
//     a word of no family the request does not say (resolve_..._thread), nor
//     for a verb of another family than the request's when the first hit is
//     named for that verb or a synonym. Requests the splitter cuts are left
//     alone.
//   - actionFirst, the action the request asks for. The request's verbs
//     (as in the one-step block of rank) rule out what the first hit does
//     and not what a near tie does, one of the two named for no verb and
//     judged by its first sentence's ("Queue a new build of pipeline 12":
//     pipelines_write writes, pipelines_build "Retrieve[s] build data").
//
// Measured (bench/retrieval-notes.md, round sixty-one): TestLearnedCV
// single hit@1 2521 → 2539 of 2920 (18 gained, none lost), tuned hit@1 3090
// → 3102, the older held-out sets 869 → 874, blind single 259 → 261; ties61,
// the round's own held-out set, unchanged at 53 of 62.
const (
	stmtMargin   = 0.9
	actionMargin = 0.85
)

// leadStatement returns what a tool's description says it does first: its
// first sentence, past a header ("🛡️ Guardrails: ... 🎯 Purpose: 1."), a
// vendor's prefix ("Notion | ") and a subject ("This tool retrieves"), and
// before an example ("such as") or an API's error list.
func leadStatement(desc string) string {
	s := desc
	if i := strings.Index(strings.ToLower(s), "purpose"); i >= 0 && i < 200 {
		s = s[i+len("purpose"):]
	}
	s = strings.TrimLeftFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '`' })
	if i := strings.Index(s, " | "); i > 0 && i < 20 && !strings.Contains(s[:i], " ") {
		s = s[i+3:]
	}
	if strings.HasPrefix(s, "DEPRECATED") {
		return ""
	}
	end := len(s)
	for _, m := range []string{". ", ".\n", "\n", "Error Responses", "such as", "e.g.", ":\n"} {
		if i := strings.Index(s, m); i >= 0 && i < end {
			end = i
		}
	}
	s = strings.TrimSuffix(strings.TrimSpace(s[:end]), ".")
	for _, p := range []string{"This tool ", "This "} {
		s = strings.TrimPrefix(s, p)
	}
	return s
}

// stmtInfo is what a tool's first sentence says it does.
type stmtInfo struct {
	verb verbFamily // the families of the verbs it starts with ("List, create, close, or select a browser tab")
	obj  []int32    // the heads of its object
	all  []int32    // every term of the sentence and of the name
}

// phraseFillers say which or how much of a thing, not what thing; a phrase
// of only these continues after "of" ("details of a merge request", "a
// complete catalog of properties").
var phraseFillers = setOf(`details detail info information data list catalog set number contents content statistics stats metadata summary overview operations operation kind kinds type types`)

// phraseSkips are the words of a noun phrase that name nothing.
var phraseSkips = setOf(`the a an my our your this that these those all every his her their its any some each one single specific existing multiple given new current latest full complete`)

// phraseEnds end a noun phrase.
var phraseEnds = setOf(`for in from to with by on between into using across within under via at against that which based as where when whose who is are was were does do did has have can will should so if than about after before without called named titled saying`)

// buildStmts records what each tool's first sentence says it does.
func (ix *Index) buildStmts() {
	ix.stmts = make([]stmtInfo, len(ix.docs))
	for d := range ix.docs {
		ix.stmts[d] = ix.stmtOf(int32(d))
	}
}

// stmtOf reads tool d's first sentence.
func (ix *Index) stmtOf(d int32) stmtInfo {
	st := leadStatement(ix.docs[d].Description)
	var info stmtInfo
	ws := strings.Fields(st)
	i := 0
	for i < len(ws) {
		w := strings.ToLower(strings.Trim(ws[i], ".,;:!?()[]{}<>\"'`"))
		if i > 0 && (w == "or" || w == "and") {
			i++
			continue
		}
		if !isVerb(w) || i > 0 && !strings.HasSuffix(ws[i-1], ",") && ws[i-1] != "or" && ws[i-1] != "and" {
			break
		}
		info.verb |= verbStems()[stem(w)]
		if stem(w) == stem("write") {
			// "Write operations for ...": makes or overwrites.
			info.verb |= verbUpdate
		}
		i++
	}
	var obj, heads []string
	paren := false
	for ; i < len(ws); i++ {
		raw := ws[i]
		w := strings.ToLower(strings.Trim(raw, ".,;:!?()[]{}<>\"'`"))
		if strings.HasPrefix(raw, "(") {
			// A short list in brackets after the object says what kinds
			// of it ("an engagement (Note or Task)").
			if len(obj) == 0 || !shortList(ws[i:]) {
				break
			}
			paren = true
		}
		if !paren && w == "of" {
			if allFillers(obj) {
				obj = obj[:0]
				continue
			}
			break
		}
		if !paren && phraseEnds[w] {
			break
		}
		if w == "and" || w == "or" {
			// "pull request thread and comment data": "thread" is a
			// head too.
			if len(obj) > 0 && !paren {
				heads = append(heads, obj[len(obj)-1])
			}
			continue
		}
		if !phraseSkips[w] && !phraseFillers[w] && !pastForm(w) {
			// "a paginated list of objects", "changed file paths": a
			// past form says which, the noun after it what.
			obj = append(obj, w)
			if paren {
				heads = append(heads, w)
			}
		}
		if strings.HasSuffix(raw, ")") || !paren && strings.ContainsAny(raw[len(raw)-1:], ",.;:") {
			break
		}
	}
	if !paren {
		if k := len(obj) - 1; k >= 0 {
			heads = append(heads, obj[k])
		}
	} else {
		// the last word before the brackets
		for k := len(obj) - 1; k >= 0; k-- {
			if !slices.Contains(heads, obj[k]) {
				heads = append(heads, obj[k])
				break
			}
		}
	}
	info.obj = ix.textTerms(strings.Join(heads, " "))
	info.all = ix.textTerms(ix.docs[d].Tool + " " + st)
	return info
}

// textTerms returns the distinct indexed terms of text (no synonyms).
func (ix *Index) textTerms(text string) []int32 {
	var out []int32
	for _, tk := range analyze(text, nil) {
		if id, ok := ix.tools.lookup(tk.term); ok && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// shortList reports whether ws starts with a bracketed list of at most four
// words, none of them a word ending a phrase ("(Note or Task)", not "(with
// the personal project marked, ...)").
func shortList(ws []string) bool {
	for k, raw := range ws {
		if k >= 4 || strings.Contains(raw, ":") {
			return false
		}
		if phraseEnds[strings.ToLower(strings.Trim(raw, "(),."))] {
			return false
		}
		if strings.Contains(raw, ")") {
			return true
		}
	}
	return false
}

func allFillers(ws []string) bool {
	for _, w := range ws {
		if !phraseFillers[w] {
			return false
		}
	}
	return true
}

// requestLeadIns come before a request's verb or its object ("can you",
// "we need a new team").
var requestLeadIns = setOf(`please can could would will you i we i'd i'm let's lets kindly just hey need want like to go ahead and also now quickly`)

// clauseSubjects start a clause inside a noun phrase ("the screencast I
// started").
var clauseSubjects = setOf(`i we you they he she it i've i'd we've`)

// requestParticles follow a verb before its object ("show me", "pull up").
var requestParticles = setOf(`me us up out down back off over`)

// quantityNouns before "of" say how much of a thing a request wants ("a
// page of deals").
var quantityNouns = setOf(`page pages bunch couple handful lot lots few sample batch number list set group`)

// yesNoWords start a question answered yes or no.
var yesNoWords = setOf(`is are does do did can was were has have should could would will`)

// objectHead returns the term of the head of the thing a request names
// after its verb ("add a note to the Acme deal": note) or its question
// word ("what fields does a deal have": field), and the stem of its verb
// ("" after a question word); "" when it names none it can tell.
func (ix *Index) objectHead(query string) (head, verb string) {
	ws := strings.Fields(strings.ToLower(requestPart(query)))
	i := 0
	for i < len(ws) && requestLeadIns[strings.Trim(ws[i], ",.!?")] {
		i++
	}
	if i >= len(ws) {
		return "", ""
	}
	w0 := strings.Trim(ws[i], ",.!?:;\"'`")
	switch {
	case pastForm(w0) || w0 == "how" || yesNoWords[w0]:
		// "I drafted this pipeline ...": a statement; "how many ...":
		// an amount.
		return "", ""
	case w0 == "what" || w0 == "which" || w0 == "what's" || w0 == "whats" || w0 == "who":
		i++
		if i < len(ws) && (ws[i] == "is" || ws[i] == "are") {
			i++
		}
	case objectStarts[w0]:
		// "a new team in Sentry for ...": no verb, the object.
	case isVerb(w0) || leadVerbs()[stem(w0)] != 0 || stateVerbs()[stem(w0)]:
		verb = stem(w0)
		i++
		for i < len(ws) && requestParticles[ws[i]] {
			i++
		}
	default:
		return "", ""
	}
	var obj []string
	for ; i < len(ws); i++ {
		raw := ws[i]
		w := strings.Trim(raw, ".,;:!?()[]{}<>\"'`")
		if w == "of" {
			if allFillers(obj) || len(obj) == 1 && quantityNouns[obj[0]] {
				// "the details of", "a page of deals": what follows.
				obj = obj[:0]
				continue
			}
			break
		}
		if strings.ContainsAny(raw, "\"'`/#@!$") && w != raw || hasDigit(w) {
			break // a value
		}
		if pastForm(w) {
			if len(obj) == 0 {
				continue // "a saved query"
			}
			break // "the tests failed in ...", "issues assigned to me"
		}
		if w == "and" || w == "or" || strings.HasSuffix(raw, ",") {
			// "the default branch and visibility of our project": fields
			// of the thing named after "of", which is wanted.
			for _, r := range ws[i:] {
				if strings.Trim(r, ",.;:!?") == "of" {
					return "", verb
				}
				if strings.ContainsAny(r, ".;:!?") {
					break
				}
			}
			if w == "and" || w == "or" {
				break
			}
		}
		if phraseEnds[w] || clauseSubjects[w] {
			break
		}
		if !phraseSkips[w] && !phraseFillers[w] {
			obj = append(obj, w)
		}
		if strings.ContainsAny(raw[len(raw)-1:], ",.;:?!") {
			break
		}
	}
	for k := len(obj) - 1; k >= 0; k-- {
		toks := analyze(obj[k], nil)
		if len(toks) != 1 || ix.isServerWord(toks[0].term) {
			continue // "the Mongo connection": connection
		}
		if _, ok := ix.tools.lookup(toks[0].term); ok {
			return toks[0].term, verb
		}
		break
	}
	return "", verb
}

// stmtFirst puts first a near tie of the first hit's backend whose first
// sentence's object is the thing the request names (objectHead), when the
// first hit's name and first sentence never mention it, and reports
// whether it did; it raises that tool's score in score just above the
// first hit's.
func (ix *Index) stmtFirst(query string, hits []Hit, score []float64) bool {
	if len(hits) < 2 {
		return false
	}
	near := ix.nearTies(hits, stmtMargin)
	if len(near) == 0 {
		return false
	}
	head, verb := ix.objectHead(query)
	if head == "" {
		return false
	}
	h, _ := ix.tools.lookup(head)
	heads := []int32{h}
	for _, s := range synonyms()[head] {
		if id, ok := ix.tools.lookup(s.term); ok && !s.wordnet && s.w >= synonymWeight {
			heads = append(heads, id)
		}
	}
	has := func(set []int32) bool {
		return slices.ContainsFunc(heads, func(id int32) bool { return slices.Contains(set, id) })
	}
	t := int32(hits[0].Doc)
	if has(ix.stmts[t].all) {
		return false
	}
	qtoks, _, _, _ := queryTokensKinds(query)
	var ruled verbFamily
	if qv := requestVerbs(query, qtoks); qv != 0 {
		ruled = ruledBy(qv)
	}
	for _, d := range near {
		s := &ix.stmts[d]
		if !has(s.obj) {
			continue
		}
		act := ix.verbs[d]
		if act == 0 {
			act = s.verb
		}
		if act != 0 && act&ruled == act {
			continue
		}
		if act == 0 && ix.nameVerbs[d] != "" && ix.nameVerbs[d] != verb {
			// "show me discussion thread d_77": not
			// resolve_merge_request_thread, named for a word of no
			// family that the request does not say.
			continue
		}
		if verb != "" && sameVerb(verb, ix.nameVerbs[t]) && !sameVerb(verb, ix.nameVerbs[d]) && verbStems()[verb]&act == 0 {
			// "close the third tab": close_page is named for the
			// request's verb, new_page for none of its family.
			continue
		}
		score[d] = hits[0].Score * 1.0001
		return true
	}
	return false
}

// sameVerb reports whether stemmed verbs a and b are one verb or
// hand-written synonyms ("close", "resolve").
func sameVerb(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	for _, s := range synonyms()[a] {
		if s.term == b && !s.wordnet && s.w >= synonymWeight {
			return true
		}
	}
	return false
}

// actionFirst puts first a near tie of the first hit's backend when the
// request's verbs rule out what the first hit does and not what the near
// tie does, one of the two named for no verb and judged by its first
// sentence's, and reports whether it did; it raises that tool's score in
// score just above the first hit's.
func (ix *Index) actionFirst(query string, hits []Hit, score []float64) bool {
	if len(hits) < 2 {
		return false
	}
	near := ix.nearTies(hits, actionMargin)
	if len(near) == 0 {
		return false
	}
	var ruled verbFamily
	switch leadVerb(query) {
	case verbCreate:
		ruled = verbRead | verbUpdate | verbDelete
	case verbDelete:
		ruled = verbRead | verbCreate | verbUpdate
	default:
		qtoks, _, _, _ := queryTokensKinds(query)
		qv := requestVerbs(query, qtoks)
		if qv == 0 && changeFirst(query) {
			qv = verbUpdate
		}
		if qv == 0 && isQuestion(query) || asksAmount(query) {
			qv = verbRead
		}
		if qv == 0 {
			return false
		}
		ruled = ruledBy(qv)
	}
	act := func(d int32) verbFamily {
		if v := ix.verbs[d]; v != 0 || stateVerbs()[ix.nameVerbs[d]] {
			// named for a verb, of a family or not (disconnect):
			// judged by its name
			return v
		}
		return ix.stmts[d].verb
	}
	t := int32(hits[0].Doc)
	at := act(t)
	if at == 0 || at&ruled != at {
		return false
	}
	for _, d := range near {
		ad := act(d)
		if ad == 0 || ad&ruled == ad || ix.verbs[t] != 0 && ix.verbs[d] != 0 {
			continue
		}
		score[d] = hits[0].Score * 1.0001
		return true
	}
	return false
}
