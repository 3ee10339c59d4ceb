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
	ws := strings.Fields(strings.ToLower(rewritePhrases(query)))
	for i, w := range ws {
		w = strings.Trim(w, ".,;:!?()[]{}<>\"'`")
		if i == 0 && (questionWords[w] || strings.HasPrefix(w, "what") || strings.HasPrefix(w, "how")) {
			return ""
		}
		if determiners[w] || w == "a" || w == "an" {
			// "the build is broken": a noun phrase, no request verb.
			return ""
		}
		if w == "" || stopWords[w] || leadIns[w] {
			continue
		}
		t := stem(w)
		if verbStems()[t] != 0 || wordnetVerbs()[t] {
			return t
		}
		return ""
	}
	return ""
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
// (the word or a hand-written synonym of it) in its name, title or
// description, or takes an action parameter: a tool whose operations are
// the values of an "action" or "operation" parameter ("Write operations
// for pipelines. Use the action parameter ...") may do what no text of it
// says.
func (ix *Index) backendDoes(s int32, v string) bool {
	if ix.srvActions[s] {
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
		if syn.w >= actionSynonym || syn.wordnet {
			terms = append(terms, syn.term)
		}
	}
	for _, t := range terms {
		id, ok := ix.tools.lookup(t)
		if !ok {
			continue
		}
		for _, p := range ix.tools.post[id] {
			if p.core && ix.docServer[p.doc] == s {
				return true
			}
		}
	}
	return false
}

// actionSynonym is the weight a hand-written synonym of the request's verb
// needs to count as the same action.
const actionSynonym = 0.5

// actionParams name the parameter that selects a tool's operation.
var actionParams = setOf(`action operation op`)

// buildActions records the backends some tool of which takes an action
// parameter.
func (ix *Index) buildActions() {
	ix.srvActions = make([]bool, len(ix.servers))
	for i := range ix.docs {
		for _, p := range ix.docs[i].Params {
			if actionParams[strings.ToLower(p.Name)] {
				ix.srvActions[ix.docServer[i]] = true
			}
		}
	}
}
