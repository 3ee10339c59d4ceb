package search

import (
	"slices"
	"strings"
	"sync"
)

// Round 109: a thing no tool of the named backend (or of the backend a
// request names by its things) deletes or makes, an operation of the
// latter, a part of a request that only dates the step before it, and a
// ranking asked of a named backend that runs queries.

// objectThingUndone reports whether a one-step request to delete or make a
// thing of the one backend it names asks for what no tool of that backend
// doing so says: no word of the request's object is one of the own words
// (thingHas: name, description, learned words) of a tool of the backend
// that deletes (makes), or whose description starts with the request's
// verb ("Delete the
// comment I left on the Notion page": Notion deletes blocks; "Publish my
// Apify actor to the Apify Store"; "Add contractor j.ng@vendor.com to our
// Azure DevOps organization"). A tool named for deleting and nothing else
// ("delete", "delete-many") deletes whatever the store holds. Only the
// plain verbs count (plainDelete but "wipe", which resets as often;
// plainCreateWords): "send", "load", "generate" or "deploy" carry a value
// more than they make a thing. implied: the request names no backend, and
// named holds its best tool's; the rule then needs the thing to be one of
// that backend's (backendsThing: "Delete the duplicate contact from our
// CRM", "Remove the legacy-mobile team from our error tracker"), so that
// "add an emoji to the issue comment" is not judged by GitHub's tools.
func (ix *Index) objectThingUndone(query string, naming map[string]bool, named []int32, oneStep, implied bool) bool {
	if r109Off || !oneStep || len(named) != 1 || ix.srvOpen[named[0]] || whQuestion(query) {
		return false
	}
	// The family of the request's verb itself: the request's other verbs
	// may be a name's ("the send-welcome-email function").
	v, _ := requestVerbPlace(query)
	f := verbStems()[v]
	var op string
	switch {
	case v == "":
		return false
	case f == verbDelete && plainDelete(query) && !slices.Contains(lowerWords(query), "wipe"):
		op = "delete"
	case f == verbCreate && plainCreateWords[v]:
		op = "create"
	default:
		return false
	}
	obj := requestObject(query, v, naming)
	if len(obj) == 0 {
		switch after := wordsAfterVerb(query, v); {
		case len(after) > 1 && demonstratives[after[0]] && !objectEnds[after[1]]:
			// "delete that Slack message": "that" is no end of the
			// object here.
			obj = phraseThing(after[1:], naming)
		case len(after) > 0 && (after[0] == "it" || after[0] == "them" || demonstratives[after[0]]) && !opensWithVerb(query, v):
			// "The feature/login branch in acme/web is merged now;
			// get rid of it": the thing is the statement's.
			obj = phraseThing(strings.Fields(strings.ToLower(query)), naming)
		}
	}
	if len(obj) == 0 {
		return false
	}
	for _, w := range obj {
		if strings.Contains(w, "-") {
			// "a follow-up to-do": the word joined and its parts.
			obj = append(obj, stem(strings.ReplaceAll(w, "-", "")))
			for _, p := range strings.Split(w, "-") {
				obj = append(obj, stem(p))
			}
		}
	}
	if implied && !ix.backendsThing(named[0], obj) {
		return false
	}
	for _, d := range ix.srvDocs[named[0]] {
		var does bool
		if ix.descVerb[d] == v {
			// "get-sum": "Add two numbers."
			does = true
		} else {
			does = ix.verbs[d]&f != 0 || op == "delete" && ix.closeTools[d]
			if !does {
				_, does = ix.opsDo(d, op, f)
			}
		}
		if !does {
			continue
		}
		if f == verbDelete && ix.plainTools[d] {
			return false
		}
		for _, t := range obj {
			if ix.thingHas(int32(d), t) {
				return false
			}
		}
	}
	return true
}

// backendsThing reports whether a word of obj is one of the own words of a
// tool of backend s (things): the thing is one of the backend's.
func (ix *Index) backendsThing(s int32, obj []string) bool {
	m := ix.things(s)
	for _, t := range obj {
		if len(m[t]) > 0 {
			return true
		}
	}
	return false
}

// demonstratives point at a thing said before, or lead its phrase.
var demonstratives = setOf(`this that these those`)

// wordsAfterVerb returns the words of query after the request's verb v,
// lowercase, as they are written (punctuation kept).
func wordsAfterVerb(query, v string) []string {
	ws := strings.Fields(strings.ToLower(rewritePhrases(query)))
	if at := verbAt(ws, v); at >= 0 {
		return ws[at+1:]
	}
	return nil
}

// opensWithVerb reports whether query, its phrases rewritten, opens with
// its verb v (no statement before the request).
func opensWithVerb(query, v string) bool {
	ws := lowerWords(rewritePhrases(query))
	return len(ws) > 0 && stem(ws[0]) == v
}

// phraseThing returns the stemmed words of the noun phrase ws opens with,
// up to a word of objectEnds or a verb of being ("The feature/login branch
// in acme/web ...": "branch"), skipping determiners, stop words, values and
// the words naming a backend.
func phraseThing(ws []string, naming map[string]bool) []string {
	var out []string
	for _, w := range ws {
		t := strings.Trim(w, ".,;:!?()[]{}<>\"'`")
		if objectEnds[t] || beVerbs[t] {
			break
		}
		if t == "" || stopWords[t] || determiners[t] || demonstratives[t] || strings.ContainsAny(t, "0123456789/:#!@$_.'\"`") {
			continue
		}
		if st := stem(t); !naming[st] && !naming[t] {
			out = append(out, st)
		}
		if strings.ContainsAny(w[len(t):], ".,;:!?") {
			break
		}
	}
	return out
}

// beVerbs end the subject of a statement.
var beVerbs = setOf(`is was are were has have had got gets`)

// plainCreateWords are the verbs that make a thing and say nothing else.
var plainCreateWords = setOf(`create add publish upload`)

// modifierLeads start a part that only dates or bounds the step before it:
// "due on June 30", "by Friday", "before the release".
var modifierLeads = setOf(`due by before until till effective`)

// modifierPart reports whether a part of a request only dates or bounds the
// step before it: a modifierLeads word first and no verb after ("Create a
// v3.0 milestone in acme/mobile on GitHub, due on June 30" is one step).
func modifierPart(part string) bool {
	if r109Off {
		return false
	}
	ws := lowerWords(part)
	if len(ws) == 0 || !modifierLeads[ws[0]] {
		return false
	}
	for _, w := range ws[1:] {
		if verbStems()[stem(w)] != 0 {
			return false
		}
	}
	return true
}

// buildRound109 records, per tool, whether its name is only verbs and its
// backend's words (plainTools), its name says close (closeTools) and the
// stem of its description's first word (descVerb), so that
// objectThingUndone splits no name per query.
func (ix *Index) buildRound109() {
	ix.plainTools = make([]bool, len(ix.docs))
	ix.descVerb = make([]string, len(ix.docs))
	ix.closeTools = make([]bool, len(ix.docs))
	ix.thingOnce = make([]sync.Once, len(ix.servers))
	ix.thingSrv = make([]map[string][]int32, len(ix.servers))
	for d := range ix.docs {
		s := ix.docServer[d]
		plain := true
		for _, w := range lowerWords(ix.docs[d].Tool) {
			t := stem(w)
			if w == "close" {
				ix.closeTools[d] = true // a page or tab closed is gone
			}
			if verbStems()[t] == 0 && !slices.ContainsFunc(ix.srvWords[s], func(w string) bool { return stem(w) == t }) {
				plain = false
			}
		}
		ix.plainTools[d] = plain
		ix.descVerb[d] = descFirstStem(ix.docs[d].Description)
	}
}

// descFirstStem returns the stem of the first word of a description, its
// own string (not a slice of the lowercased whole, which it would keep).
func descFirstStem(desc string) string {
	i := strings.IndexFunc(desc, isWordRune)
	if i < 0 {
		return ""
	}
	n := strings.IndexFunc(desc[i:], func(r rune) bool { return !isWordRune(r) })
	if n < 0 {
		n = len(desc) - i
	}
	return strings.Clone(stem(strings.ToLower(desc[i : i+n])))
}

// thingHas reports whether the stemmed word t is one of tool d's own: in
// its name, description or learned words.
func (ix *Index) thingHas(d int32, t string) bool {
	_, found := slices.BinarySearch(ix.things(ix.docServer[d])[t], d)
	return found
}

// things returns, for backend s, the tools having each stemmed word of
// their names, descriptions and learned words, built on first use: only a
// request deleting or making a thing of a backend reads them, and building
// them for every backend cost a tenth of an index's build at 10,000 tools.
func (ix *Index) things(s int32) map[string][]int32 {
	ix.thingOnce[s].Do(func() {
		m := map[string][]int32{}
		add := func(d int32, w string) {
			t := stem(w)
			if ds := m[t]; len(ds) == 0 || ds[len(ds)-1] != d {
				m[t] = append(ds, d)
			}
		}
		for _, d := range ix.srvDocs[s] {
			for _, w := range lowerWords(ix.docs[d].Tool) {
				add(d, w)
			}
			for _, w := range strings.Fields(learnedText(&ix.docs[d])) {
				add(d, w)
			}
			for _, w := range lowerWords(ix.docs[d].Description) {
				add(d, w)
			}
		}
		for t, ds := range m {
			slices.Sort(ds)
			m[t] = slices.Compact(ds)
		}
		ix.thingSrv[s] = m
	})
	return ix.thingSrv[s]
}

// impliedOperationUndone is operationUndone, accessUndone, accountUndone
// and publicUndone for a request naming no backend, judged by its best
// tool's backend when the request's object is a thing of that backend's
// ("Merge the two PDFs in ~/Downloads into one file", "Make the handbook
// page in our wiki viewable by anyone on the web").
func (ix *Index) impliedOperationUndone(query string, naming map[string]bool, doc int32) bool {
	if r109Off {
		return false
	}
	s := ix.docServer[doc]
	v, _ := requestVerbPlace(query)
	if v == "" {
		return false
	}
	obj := requestObject(query, v, naming)
	if len(obj) == 0 || !ix.backendsThing(s, obj) {
		return false
	}
	named := []int32{s}
	// Of the other rules of namedStepUndone, those that lose nothing so:
	// the object of every other one is as often another product's.
	return ix.operationUndone(query, named) || ix.accessUndone(query, named) ||
		ix.accountUndone(query, naming, s) || ix.publicUndone(query, named)
}

// afterPlace returns what follows a request's first comma when what is
// before it only says where ("Using our local Postgres, which five tables
// have the most live rows?", "In the app database, how many ..."): the
// request proper, whose verb or question says what is asked; else query.
func afterPlace(query string) string {
	if r109Off {
		return query
	}
	before, after, ok := strings.Cut(query, ",")
	if !ok || len(strings.Fields(before)) > 6 {
		return query
	}
	if ws := lowerWords(before); len(ws) > 1 && placeLeads[ws[0]] {
		return strings.TrimSpace(after)
	}
	return query
}

// rankingQuestion reports whether a request asks which things rank first
// ("which five tables have the most live rows"): "which" or "what" first
// and a superlative among its next words: a read, as rankingRead's.
func rankingQuestion(query string) bool {
	if r109Off {
		return false
	}
	ws := lowerWords(query)
	if len(ws) < 3 || ws[0] != "which" && ws[0] != "what" {
		return false
	}
	for _, w := range ws[1:min(len(ws), 8)] {
		if superlatives[w] {
			return true
		}
	}
	return false
}

// placeLeads start a phrase saying where a request is to be done.
var placeLeads = setOf(`using in on with from via through`)

// r109Off turns the round off (tests measure what it changed).
var r109Off = false
