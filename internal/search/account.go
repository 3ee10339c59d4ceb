package search

import (
	"strings"
	"unicode"
)

// A backend's MCP tools work on what the backend holds (issues, pages,
// keys, runs), never on the account one signs in to it with: a password,
// two-factor sign-in, single sign-on, an avatar, billing, invoices, a
// subscription or credits are managed in the vendor's own settings ("change
// my sentry password", "show my tavily invoice"). A request to a named
// backend whose object is one of these, said of the user's own account
// ("my", "our", or the word "account"), is one the backend does not serve
// when none of its tools has the word in any field; hubspot's tools list
// subscriptions among its objects, and keep them.
var accountWords = stemSet(`password passphrase 2fa two-factor mfa sso avatar billing invoice subscription credits`)

// ownAccount are the words saying a request is about the user's own
// account.
var ownAccount = setOf(`my our account`)

// stemSet is setOf with each word stemmed.
func stemSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[stem(w)] = true
	}
	return m
}

// accountUndone reports whether the request asks backend s, which it
// names, for something of the user's account with it that no tool of s
// has a word of.
func (ix *Index) accountUndone(query string, naming map[string]bool, s int32) bool {
	own := false
	for _, w := range lowerWords(query) {
		if ownAccount[w] {
			own = true
			break
		}
	}
	if !own {
		return false
	}
	v, _ := requestVerbPlace(query)
	if v == "" {
		return false
	}
	for _, w := range requestObject(query, v, naming) {
		if accountWords[w] && !ix.backendHasAny(s, w) {
			return true
		}
	}
	return false
}

// backendHasAny reports whether some tool of backend s has term in any
// field, its parameters too.
func (ix *Index) backendHasAny(s int32, term string) bool {
	id, ok := ix.tools.lookup(term)
	if !ok {
		return false
	}
	for _, p := range ix.tools.post[id] {
		if ix.docServer[p.doc] == s && !ix.aboutTools[p.doc] {
			return true
		}
	}
	return false
}

// objectEnds end a request's object.
var objectEnds = setOf(`to in on from for with into at by so and then that which as via`)

// verbAt is the index in ws (a request's words, lowercase) of its verb v,
// stemmed, hyphens and punctuation aside; -1 when it is not there.
func verbAt(ws []string, v string) int {
	for i, w := range ws {
		if stem(strings.ReplaceAll(strings.Trim(w, ".,;:!?()[]{}<>\"'`"), "-", "")) == v {
			return i
		}
	}
	return -1
}

// requestObject returns the stemmed words of the request's object: those
// after its verb v up to a word of objectEnds, but for stop words, values,
// names and the words naming a backend.
func requestObject(query, v string, naming map[string]bool) []string {
	cased := strings.Fields(rewritePhrases(query))
	ws := strings.Fields(strings.ToLower(rewritePhrases(query)))
	at := verbAt(ws, v)
	if at < 0 {
		return nil
	}
	var out []string
	quoted := false
	for i, w := range ws[at+1:] {
		// A quoted span is a value ("post 'deploy finished'").
		if quoted {
			quoted = !closesQuote(w)
			continue
		}
		if strings.ContainsAny(w[:1], "'\"`") {
			quoted = !closesQuote(w[1:])
			continue
		}
		t := strings.Trim(w, ".,;:!?()[]{}<>\"'`")
		if objectEnds[t] {
			break
		}
		if c := strings.TrimLeft(cased[at+1+i], "([{<"); c != "" && unicode.IsUpper(rune(c[0])) {
			// A name ("add Marie Curie to memory") is a value.
			continue
		}
		if t == "" || stopWords[t] || determiners[t] || strings.ContainsAny(t, "0123456789/:#!@$_.'\"`") {
			continue
		}
		s := stem(t)
		if naming[s] || naming[t] {
			continue
		}
		out = append(out, s)
		if strings.ContainsAny(w[len(t):], ".,;:!?") {
			break
		}
	}
	return out
}
