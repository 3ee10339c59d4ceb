package search

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Round 103 (bench/retrieval-notes.md): what the speaker is doing, said
// before the request.
//
// "I'm writing a design doc on vector stores, so search the web for
// recent pgvector vs Qdrant benchmarks and then read the most relevant
// article in full": the leading clause is no step and no object; it says
// why. Its words were a request of their own: "writing" and "doc" a step
// for the file writer and the docs searchers, "vector stores" Apify's
// key-value stores, and the task, one step of it unanswerable, was
// "none". A leading clause in which the speaker says what they are doing
// (I'm / we're / I've been + a verb in -ing) and which ends in ", so"
// before the request is now left out of the search. A backend it names
// stays named ("I'm debugging checkout in Sentry, so show me the latest
// errors"): its name is kept after the request.

// speakerDoing matches a leading clause saying what the speaker is doing,
// through the ", so" that starts the request (and a "please" or "can
// you" after it).
var speakerDoing = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\s*(?:(?:ok|okay|so|well|hey),?\s+)?(?:(?:i'm|i’m|im|i am|we're|we’re|we are|i've been|i’ve been|we've been|we’ve been)\s+(?:\w+\s+)?\w+ing\b[^,;:!?.]*,\s*so|(?:before|while|since|as|because)\s+(?:i|we|i'm|i’m|we're|we’re)\s[^,;:!?.]*,)\s+(?:(?:please|pls|can you|could you)\s+)?`)
})

// r103Off turns round 103's rule off (in the tests).
var r103Off bool

// withoutDoing returns query without a leading clause of speakerDoing,
// with the backends that clause named and the rest does not after the
// rest; query itself when it has no such clause or little is left.
func (ix *Index) withoutDoing(query string) string {
	if r103Off {
		return query
	}
	m := speakerDoing().FindStringIndex(query)
	if m == nil {
		m = sentenceBefore(query) // round104.go
	}
	if m == nil {
		return query
	}
	rest := query[m[1]:]
	if len(strings.Fields(rest)) < 2 {
		return query
	}
	head := query[:m[1]]
	vp := ix.vendorProducts(head)
	named, _ := ix.namedServersWith(head, vp)
	if len(named) == 0 {
		return rest
	}
	kept, _ := ix.namedServersWith(rest, ix.vendorProducts(rest))
	var add []string
	for _, s := range named {
		if !slices.Contains(kept, s) {
			add = append(add, ix.servers[s])
		}
	}
	if len(add) == 0 {
		return rest
	}
	return strings.TrimRight(rest, " .!?") + " (" + strings.Join(add, ", ") + ")"
}

// inflectedS reports whether w, a lowercase word, is a verb's -s form
// ("replies", "lists", "pushes") rather than a base form that ends in s
// ("access", "focus", "alias"): its base, without the -s, -es or -ies
// (made -y), is a verb of the families or of WordNet.
func inflectedS(w string) bool {
	if r103Off || len(w) < 4 || !strings.HasSuffix(w, "s") {
		return false
	}
	switch w[len(w)-2] {
	case 's', 'u', 'i', 'a': // access, focus, analysis, alias
		return false
	}
	for _, base := range []string{w[:len(w)-1], strings.TrimSuffix(w, "es"), strings.TrimSuffix(w, "ies") + "y"} {
		if base != w && len(base) > 2 && isVerbBase(base) {
			return true
		}
	}
	return false
}

// isVerbBase reports whether w is, spelled so, a verb of the families or
// of WordNet.
func isVerbBase(w string) bool {
	t := stem(w)
	return verbStems()[t] != 0 || wordnetVerbs()[t]
}

// homePath reports whether f is a path in a home directory ("~/x",
// "/home/dev/x", "/Users/ana/x"), on the user's own machine.
func homePath(f string) bool {
	if r103Off {
		return false
	}
	for _, p := range []string{"~/", "/home/", "/Users/", "/root/"} {
		if strings.HasPrefix(f, p) && len(f) > len(p) {
			return true
		}
	}
	return false
}

// homeFileStep reports whether a step acts on a file in a home directory
// ("Open /home/me/api/.circleci/config.yml and have CircleCI check it":
// the user's own file, to read first) with a verb of files, a light verb
// ("take", "pull") or a verb no other backend's tool is named for ("Lint
// /home/dev/shop/src/cart.js": eslint's lint-files takes the path
// itself).
func (ix *Index) homeFileStep(c clause) bool {
	home := false
	for _, raw := range strings.Fields(c.text) {
		if homePath(strings.Trim(raw, ".,;:!?()\"'`")) {
			home = true
			break
		}
	}
	if !home {
		return false
	}
	v, _ := requestVerbPlace(c.step)
	if v == "" || lightVerbs[v] {
		return true
	}
	for _, w := range lowerWords(c.step) {
		if stem(w) == v && (fileReadVerbs[w] || fileWriteVerbs[w] || fileEditVerbs[w]) {
			return true
		}
	}
	var others []int32
	for s := range ix.servers {
		if !slices.Contains(ix.fileSrv, int32(s)) {
			others = append(others, int32(s))
		}
	}
	return !ix.nameSaysVerb(v, others)
}

// backendLeadHas reports whether a tool of backend s says term where it
// says what it does (its name, title or its description's first terms);
// backendHasAny with r103Off.
func (ix *Index) backendLeadHas(s int32, term string) bool {
	if r103Off {
		return ix.backendHasAny(s, term)
	}
	return ix.backendPosts(s, term, func(p posting) bool { return p.lead })
}

// backendPosts reports whether a tool of backend s (not one about the
// tools themselves) has term in a posting keep accepts.
func (ix *Index) backendPosts(s int32, term string, keep func(posting) bool) bool {
	id, ok := ix.tools.lookup(term)
	if !ok {
		return false
	}
	for _, p := range ix.tools.post[id] {
		if ix.docServer[p.doc] == s && !ix.aboutTools[p.doc] && keep(p) {
			return true
		}
	}
	return false
}

// backendLeadSynonym is backendHasSynonym with backendLeadHas.
func (ix *Index) backendLeadSynonym(s int32, v string) bool {
	if r103Off {
		return ix.backendHasSynonym(s, v)
	}
	for _, syn := range synonyms()[v] {
		if !syn.wordnet && ix.backendLeadHas(s, syn.term) {
			return true
		}
	}
	return false
}

// againVerbs do a thing's operation again ("rerun", "retry"), which a tool
// doing the operation does.
var againVerbs = stemSet(`rerun retry redo`)

// runTerms are the stems a tool running a thing says.
var runTerms = sync.OnceValue(func() []string {
	var out []string
	for _, w := range words("run execute trigger") {
		out = append(out, stem(w))
	}
	return out
})

// backendSaysOp reports whether a tool of backend s says the operation v
// where it says what it does (backendLeadHas) or in a parameter's text
// ("if omitted, the file chooser is cancelled"), not in the notes after
// its description's lead ("404: page not found or not shared with the
// integration" is no sharing); backendHasAny with r103Off.
func (ix *Index) backendSaysOp(s int32, v string) bool {
	if r103Off {
		return ix.backendHasAny(s, v)
	}
	return ix.backendPosts(s, v, func(p posting) bool { return p.lead && ix.saidFirst(p.doc, v) || !p.core })
}

// reasonAfter matches a last clause that only gives the reason for the
// request ("..., we don't use it anymore", "—it's just clutter"): a
// statement of ten words or fewer after a comma or a dash.
var reasonAfter = sync.OnceValue(func() *regexp.Regexp {
	if !r109Off {
		// round109.go: after a semicolon too, and of a person or of
		// nothing ("; she changed jobs", "; nothing calls it anymore").
		return regexp.MustCompile(`(?i)(?:[,;]|\s[-–—]+|—)\s*(?:we|we're|we’re|we've|we’ve|it|it's|it’s|nobody|no one|they|they're|they’re|that's|that’s|he|she|he's|she’s|she's|he’s|nothing)\s+[^\s,;:.]+(?:\s+[^\s,;:.]+){1,8}[.!]*\s*$`)
	}
	return regexp.MustCompile(`(?i)(?:,|\s[-–—]+|—)\s*(?:we|we're|we’re|we've|we’ve|it|it's|it’s|nobody|no one|they|they're|they’re|that's|that’s)\s(?:[^\s,;:]+\s*){1,9}[.!]*\s*$`)
})

// withoutReason returns query without a last clause of reasonAfter.
func withoutReason(query string) string {
	if r103Off {
		return query
	}
	if m := reasonAfter().FindStringIndex(query); m != nil && len(strings.Fields(query[:m[0]])) >= 3 {
		return query[:m[0]]
	}
	return query
}
