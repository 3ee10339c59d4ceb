package search

import (
	"strings"
	"sync"
)

// A query that names a backend ("delete my Slack message", "invite
// alex@corp.com to our Slack workspace", "star facebook/react on GitHub")
// is taken as answerable on little coverage: the backend's name says where
// to look. But a backend offers some actions and not others. When the
// request's verb (its first word past "please", "can you" and the like, a
// word WordNet or the verb families know as a verb) is matched by none of
// the named backend's tools, through the word itself or a hand-written
// synonym, the backend does not do that, and the query has no answer
// there: its tools would do something else to the same things (post a
// message, list channels, fork the repository). A verb outside the
// families of verbs.go (create, read, change, delete) is often a way of
// saying what a tool does in other words ("count the errors in the
// logs", "pull the text from a page"): it rules the backend out only
// when the query's other words are little evidence too (below
// Options.MinEvidence).

// requestVerb returns the stemmed first word of a request when it is a
// verb, "" otherwise (a question, a noun phrase, a word no verb table
// knows).
func requestVerb(query string) string {
	if v, placed := requestVerbPlace(query); !placed {
		return v
	}
	return ""
}

// requestVerbPlace is requestVerb, also returning a first word no verb
// table knows when its place says it is a verb: it starts the request and
// what follows is a determiner or a value ("archive the #random channel",
// "mute #alerts", "unstar facebook/react"); placed is set for such a word.
func requestVerbPlace(query string) (v string, placed bool) {
	ws := strings.Fields(strings.ToLower(rewritePhrases(requestPart(query))))
	for i, w := range ws {
		w = strings.Trim(w, ".,;:!?()[]{}<>\"'`")
		// "re-run", "e-mail": one word.
		w = strings.ReplaceAll(w, "-", "")
		if i == 0 && (questionWords[w] || strings.HasPrefix(w, "what") || strings.HasPrefix(w, "how")) {
			return "", false
		}
		if determiners[w] || w == "a" || w == "an" {
			// "the build is broken": a noun phrase, no request verb.
			return "", false
		}
		if i == 0 && !r110Off && leadPrepositions[w] {
			// "Among the open PRs against main, find ...": a phrase
			// of place first, no verb (round110.go).
			return "", false
		}
		if w == "" || stopWords[w] || leadIns[w] {
			continue
		}
		if inflectedS(w) {
			// "slack replies channel C04QX2LMN", "the PR's reviews":
			// a request's verb is in its base form, so a word in
			// -s is a thing, not what to do (round103.go).
			return "", false
		}
		if ingModifier(w, ws[i+1:]) {
			// "walking directions from the station", "failing
			// tests on main": the -ing word says which, the noun
			// after it what; no request verb (round104.go).
			return "", false
		}
		t := stem(w)
		if (i == 0 || !r107Off && firstContent(ws[:i])) && strings.HasSuffix(w, "ly") && verbStems()[t] == 0 && !wordnetVerbs()[t] && i+1 < len(ws) && (isVerb(ws[i+1]) || i+2 < len(ws) && objectStart(ws[i+2])) {
			// "Permanently delete the GitHub repository", "so
			// permanently delete ...": the adverb says how, the verb
			// after it what.
			continue
		}
		if verbStems()[t] != 0 || wordnetVerbs()[t] {
			return t, false
		}
		if i+1 < len(ws) && (objectStart(ws[i+1]) || operationVerb(t)) {
			return t, true
		}
		return "", false
	}
	return "", false
}

// isVerb reports whether w, a word of the lowercased query, is a verb the
// families or WordNet know.
func isVerb(w string) bool {
	t := stem(strings.ReplaceAll(strings.Trim(w, ".,;:!?()[]{}<>\"'`"), "-", ""))
	return verbStems()[t] != 0 || wordnetVerbs()[t]
}

// objectStarts are the words that start a verb's object.
var objectStarts = setOf(`the a an my our your this that these those all every his her their its`)

// objectStart reports whether w (lowercase, as in the query) starts the
// object of a verb before it: a determiner, a channel, a handle or a value
// (a path, a repository, an amount).
func objectStart(w string) bool {
	w = strings.Trim(w, "\"'`")
	return objectStarts[w] || strings.HasPrefix(w, "#") || strings.HasPrefix(w, "@") || strings.HasPrefix(w, "$") ||
		strings.ContainsAny(strings.TrimRight(w, ".,;:!?"), "/.")
}

// leadIns start a request before its verb ("I'd like to", "let's", "use
// Puppeteer to open ...").
var leadIns = setOf(`i'd i'm let's lets kindly use using`)

// wordnetVerbs are the stemmed verbs of the generated WordNet hypernym
// table (each line starts with a verb).
var wordnetVerbs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for line := range strings.Lines(wordnetHypernyms) {
		if f := strings.Fields(line); len(f) > 0 {
			m[stem(f[0])] = true
		}
	}
	return m
})

// backendDoes reports whether some tool of backend s matches the verb v
// (the word, a hand-written synonym of it, or a WordNet word sharing one
// of its main senses) in its name, title or description, or takes an
// action parameter: a tool whose operations are the values of an "action"
// or "operation" parameter ("Write operations for pipelines. Use the
// action parameter ...") may do what no text of it says, what its values
// and the parameter's description say (round67.go: create, update,
// update_batch, add_child delete nothing), anything when it lists none. The action a
// verb is a kind of (WordNet's hypernym, at wordnetHyperWeight) is not
// the verb: "lock" is a kind of "move", and a backend whose tools move
// pages locks none ("lock the notion page so nobody can edit it");
// "rename" is a kind of "call".
func (ix *Index) backendDoes(s int32, v string) bool {
	if ix.srvOpen[s] || ix.srvOpsDo(s, v) || ix.srvEnds(s, v) {
		return true
	}
	if f := verbStems()[v]; f&verbRead != 0 && ix.srvQueries[s] {
		return true
	}
	if ix.findsOut(s, v) {
		return true
	}
	if f := verbStems()[v]; f != 0 {
		for d, vf := range ix.verbs {
			if vf&f != 0 && ix.docServer[d] == s {
				return true
			}
		}
	}
	terms := []string{v}
	for _, syn := range synonyms()[v] {
		if syn.w >= actionSynonym || syn.wordnet && syn.w >= wordnetWeight {
			terms = append(terms, syn.term)
		}
	}
	for _, t := range terms {
		if ix.backendHas(s, t) {
			return true
		}
	}
	// round46.go: a field the verb sets ("archive the page":
	// patch-page's archived).
	return ix.backendFieldSays(s, v)
}

// backendHas reports whether some tool of backend s has term in its name,
// title or description.
func (ix *Index) backendHas(s int32, term string) bool {
	id, ok := ix.tools.lookup(term)
	if !ok {
		return false
	}
	for _, p := range ix.tools.post[id] {
		if p.core && ix.docServer[p.doc] == s && !ix.aboutTools[p.doc] {
			return true
		}
	}
	return false
}

// actionSynonym is the weight a hand-written synonym of the request's verb
// needs to count as the same action.
const actionSynonym = 0.5

// actionParams name the parameter that selects a tool's operation.
var actionParams = setOf(`action operation op`)

// queryNames are the words of a tool name that runs a query language
// (postgres's `query`, supabase's `execute_sql`, azure-devops's `wit_query`).
var queryNames = setOf(`query sql`)

// runsQueries reports whether tool d's name says it runs a query language.
func (ix *Index) runsQueries(d int32) bool {
	for _, w := range lowerWords(ix.docs[d].Tool) {
		if queryNames[w] {
			return true
		}
	}
	return false
}

// buildActions records the backends some tool of which takes an action
// parameter, and those some tool of which runs queries: such a tool reads
// whatever a request asks to list, find, count or show ("list the five
// customers with the highest lifetime value from our Postgres database").
func (ix *Index) buildActions() {
	ix.srvActions = make([]bool, len(ix.servers))
	ix.srvQueries = make([]bool, len(ix.servers))
	for i := range ix.docs {
		if ix.runsQueries(int32(i)) {
			ix.srvQueries[ix.docServer[i]] = true
		}
		for _, p := range ix.docs[i].Params {
			if actionParams[strings.ToLower(p.Name)] && !ix.filterAction(i) {
				ix.srvActions[ix.docServer[i]] = true
			}
		}
	}
	ix.buildOps()
}

// unservedAction reports whether the backend of doc, which the query
// names, does not do what the request's verb asks. A verb the verb
// families know rules the backend out whenever none of its tools matches
// it; one only WordNet knows does so when the best tool is little
// evidence (below Options.MinEvidence) on the query's other words; one
// that only its place says is a verb ("archive the #random channel",
// "mute #alerts") when the best tool is little evidence on the words
// besides the backend's name: "archive the #random slack channel" is
// evidence for every Slack tool by "slack" and "channel" alone, and
// archives nothing. Such a verb is in no table that says which tools do
// it, so a tool matching any hand-written synonym of it does it ("store
// the value under key counter in Redis": set).
func (ix *Index) unservedAction(query string, qs []qterm, naming map[string]bool, doc int, m float64) bool {
	v, placed := requestVerbPlace(query)
	if v == "" {
		return false
	}
	s := ix.docServer[doc]
	if ix.srvQueries[s] && (asksAmount(query) || computeVerbs()[v] && !r73Off) {
		return false // "how many rows ...", "count the signups ...": a query reads it
	}
	if ix.storedInKeyValue(s, v) {
		return false // round84.go: "stash the token in Redis"
	}
	if ix.reassigned(query, v, s) {
		return false // round106.go: "move the Sentry project web to the payments team"
	}
	least := ix.opt.MinEvidence * ix.maxIDF
	switch {
	case placed:
		if ix.evidenceBesides(qs, naming, doc) >= least || ix.backendHasSynonym(s, v) {
			return false
		}
	case verbStems()[v] == 0 && m >= least && !undoVerb(v): // round108.go
		return false
	}
	return !ix.backendDoes(s, v)
}

// evidenceBesides is the evidence of doc on the terms of qs but those
// that name a backend.
func (ix *Index) evidenceBesides(qs []qterm, naming map[string]bool, doc int) float64 {
	rest := make([]qterm, 0, len(qs))
	for _, q := range qs {
		if !naming[q.term] {
			rest = append(rest, q)
		}
	}
	_, m := ix.evidence(rest, doc)
	return m
}

// backendHasSynonym reports whether some tool of backend s has a
// hand-written synonym of v, at any weight, in its name, title or
// description.
func (ix *Index) backendHasSynonym(s int32, v string) bool {
	for _, syn := range synonyms()[v] {
		if !syn.wordnet && ix.backendHas(s, syn.term) {
			return true
		}
	}
	return false
}

// placedVerbUndone reports whether the request's verb is a word that only
// its place says is one (requestVerbPlace) and no tool of doc's backend
// does it, by the word, a verb family or any hand-written synonym. The
// query need not name the backend: the best tool was found by the other
// words ("merge these two PDFs into one": firecrawl_parse by "PDF").
// relevant asks verbUndone (round69.go), which judges such a verb so in
// any request and every other verb in a one-step request.
func (ix *Index) placedVerbUndone(query string, doc int) bool {
	v, placed := requestVerbPlace(query)
	if !placed {
		return false
	}
	s := ix.docServer[doc]
	return !ix.backendDoes(s, v) && !ix.backendHasSynonym(s, v)
}

// namedUndone reports whether the query names backends and its verb, one
// of the verb families or one only its place says is a verb, is done by
// none of them (by the word, a verb family or any hand-written synonym).
// A verb only WordNet knows is often another way of saying what a tool
// does, and decides nothing here.
func (ix *Index) namedUndone(query string, named []int32) bool {
	if len(named) == 0 {
		return false
	}
	v, placed := requestVerbPlace(query)
	if v == "" || !placed && verbStems()[v] == 0 {
		return false
	}
	for _, s := range named {
		if ix.backendDoes(s, v) || ix.backendHasSynonym(s, v) {
			return false
		}
	}
	return true
}
