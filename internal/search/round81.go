package search

import "slices"

// Round eighty-one: vague everyday wording. A hurried person names a
// product by what it is to them ("the error tracker", "the notes app",
// "the sales system": round72.go's categoryVocab) and says its things in
// their own words. Two consequences of a category phrase:
//
//   - its words name the product; they are not the request's object. "the
//     notes app" asks nothing of memory's notes, "the sales system" nothing
//     of a chart's sales, "the error tracker" nothing of a tracker's issues
//     on GitHub: in the ranking of a request not split into steps a word
//     said only inside a category phrase weighs categoryTermWeight, as a
//     word naming a backend weighs namingWeight (the category bonus names
//     the backend already);
//   - it names its backends for their own nouns as a backend's name does
//     (round68.go's appendScoped: "a note in the sales system" is a
//     HubSpot engagement, "a key from the error tracker" Sentry's DSN).
//
// Measured: bench/retrieval-notes.md, round eighty-one.

// categoryTermWeight scales, in the ranking of a request not split into
// steps, a query term said only inside category phrases; 1 leaves it.
var categoryTermWeight = 0.2

// categoryOneAction: a request split into parts that ask one action
// ("what's been breaking since this morning? show me what the error
// tracker caught") gets the category's bonus and weights as a request
// not split does.
var categoryOneAction = true

// categoryQuantifiers before a category phrase make it the things of
// the category, not a product of ours: "is it happening on every
// browser", "which CRM should we pick", "one chat per team".
var categoryQuantifiers = setOf(`every each any which whichever per other another both either`)

// quantifiedCategory reports whether w, the word before a category
// phrase, is one of categoryQuantifiers.
func quantifiedCategory(w string) bool { return categoryQuantifiers[w] }

// categoryScoped: a category phrase names its backends for their own
// nouns (productVocab's lines) as their names do.
var categoryScoped = true

// demoteCategory returns qs with the terms said only inside query's
// category phrases at categoryTermWeight for the tools of the backends
// the phrases do not name (their own backends' tools keep them whole: "a
// page in our Azure DevOps wiki" is its wiki tool's), qs itself when there
// are none or the request names (named) only backends outside them.
func (ix *Index) demoteCategory(query string, qs []qterm, named []int32) []qterm {
	if categoryTermWeight == 1 {
		return qs
	}
	cat, terms := ix.queryCategories(query)
	if cat == nil || len(terms) == 0 {
		return qs
	}
	if len(named) > 0 && !slices.ContainsFunc(named, func(s int32) bool { return cat[s] }) {
		// A request naming another backend by its name says the phrase
		// of its own thing ("Break down Sentry error WEB-3F by browser").
		return qs
	}
	// A word the request says outside its category phrases too keeps its
	// weight ("jot the meeting notes down in the notes app").
	_, stems := catQueryWords(query)
	var out []qterm
	for i, q := range qs {
		if !slices.Contains(terms, q.term) || countOf(stems, q.term) > countOf(terms, q.term) {
			continue
		}
		if out == nil {
			out = slices.Clone(qs)
		}
		exps := make([]expansion, 0, 2*len(q.exps))
		for _, e := range q.exps {
			if e.only == nil && e.id >= 0 {
				// Whole for the category's backends: the best expansion
				// of a term counts for a tool.
				w := e
				w.only = cat
				w.post = nil
				for _, p := range ix.tools.post[e.id] {
					if cat[ix.docServer[p.doc]] {
						w.post = append(w.post, p)
					}
				}
				exps = append(exps, w)
			}
			e.w *= categoryTermWeight
			exps = append(exps, e)
		}
		out[i].exps = exps
	}
	if out == nil {
		return qs
	}
	return out
}

// countOf returns how many times w is in ws.
func countOf(ws []string, w string) int {
	n := 0
	for _, x := range ws {
		if x == w {
			n++
		}
	}
	return n
}

// withCategoryNamed returns named with the backends text's category
// phrases name added (a new slice), named itself when they add none.
func (ix *Index) withCategoryNamed(named []int32, text string) []int32 {
	if !categoryScoped {
		return named
	}
	cat, _ := ix.queryCategories(text)
	if cat == nil {
		return named
	}
	out := named
	for s, ok := range cat {
		if ok && !slices.Contains(out, int32(s)) {
			if len(out) == len(named) {
				out = slices.Clone(named)
			}
			out = append(out, int32(s))
		}
	}
	return out
}

// vaguePhrases are everyday idioms of a hurried request said in the
// tools' words: what is "on my plate" is assigned to me; a service "up
// and running" (or "even up") is healthy; what is "blowing up" throws
// errors; to "dig up" a thing is to find it; a "drive" from one place to
// another is travel by driving (the maps' travel mode; "driving
// directions" took "how long the drive from Boston to Providence takes"
// from the distance matrix).
var vaguePhrases = []struct{ from, to string }{
	{"on my plate", "assigned to me"},
	{"on our plate", "assigned to us"},
	{"up and running", "health"},
	{"even up", "health"},
	{"blowing up", "throwing errors"},
	{"dig up", "find"},
	{"drive from", "travel by driving from"},
}

// vagueWords are everyday words said in the tools' words, one way (as
// everyday's): a healthy service passes its health check.
var vagueWords = []struct{ from, to string }{
	{"healthy", "health"},
}

func init() {
	phrases = append(phrases, vaguePhrases...)
	everyday = append(everyday, vagueWords...)
}

// categoryShare: the best tool of a backend a category phrase names
// passes at namedShare of the coverage, as one of a backend named by its
// name does (its other named-backend rules are not read).
var categoryShare = true

// categoryNames reports whether a category phrase of query names doc's
// backend.
func (ix *Index) categoryNames(query string, doc int) bool {
	cat, _ := ix.queryCategories(query)
	return cat != nil && cat[ix.docServer[doc]]
}
