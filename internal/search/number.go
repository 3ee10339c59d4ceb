package search

import (
	"slices"
	"strings"
)

// Tools of one collection often differ only in grammatical number:
// list_workflows and get_workflow, get-key-value-store-keys and
// get-key-value-store-record. The last word of a tool's name is usually the
// object it returns, and a plural there says it returns many. A query asks
// for many when it uses the plural ("open pull requests") or a quantifier
// ("every workflow"). A tool whose plural head word the query uses as a
// plural gains numberIDF times the index's largest IDF. The singular is the
// unmarked form ("the knowledge graph", "the crawl job") and says nothing,
// so it gains nothing.
const numberIDF = 1.0

// quantifiers make the words after them plural in intent.
var quantifiers = setOf(`all every each`)

// head is the last word of a tool name as a term id, and its number.
type head struct {
	id     int32 // -1: no indexed head word
	plural bool
}

// buildHeads records the head word of every tool name.
func (ix *Index) buildHeads() {
	ix.heads = make([]head, len(ix.docs))
	for i := range ix.docs {
		h := head{id: -1}
		ws := nameWordsCased(ix.docs[i].Tool)
		if len(ws) > 0 {
			w := ws[len(ws)-1]
			plural := isPlural(w)
			if (w == "list" || w == "lists") && len(ws) > 1 {
				// "get-dataset-list": many datasets.
				w, plural = ws[len(ws)-2], true
			}
			if id, ok := ix.tools.lookup(stem(w)); ok && !stopWords[w] {
				h = head{id: id, plural: plural}
			}
		}
		ix.heads[i] = h
	}
	ix.headWord = make([]bool, len(ix.tools.idf))
	for _, h := range ix.heads {
		if h.id >= 0 {
			ix.headWord[h.id] = true
		}
	}
}

// nameWordsCased splits a tool name into lowercase words at separators and
// camelCase boundaries.
func nameWordsCased(name string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(name, func(r rune) bool { return !isWordRune(r) }) {
		for _, p := range splitCase(f) {
			if p = strings.ToLower(p); !allDigits(p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// isPlural reports whether lowercase word w is an English plural: it ends
// in "s" and stems the same without it ("requests", "entities"; not
// "status" or "access").
func isPlural(w string) bool {
	if len(w) < 4 || !strings.HasSuffix(w, "s") {
		return false
	}
	s := stem(w)
	return s != w && s == stem(w[:len(w)-1])
}

// queryNumber maps each stemmed term of query to whether the query uses it
// as a plural (any occurrence plural, or after a quantifier).
//
// A plural counted by "how many" ("how many items are in dataset ds_9?")
// asks for a number, not for the many: unless the query uses it as a
// plural elsewhere too, it is no plural.
func queryNumber(query string) map[string]bool {
	query = withoutURLs(query) // round108.go
	out := map[string]bool{}
	quant := false
	for _, w := range lowerWords(rewritePhrases(query)) {
		if quantifiers[w] {
			quant = true
			continue
		}
		t := stem(w)
		out[t] = out[t] || quant || isPlural(w)
	}
	ws := lowerWords(query)
	pluralParticiples(ws, out) // round108.go
	for i := 0; i+2 < len(ws); i++ {
		if ws[i] != "how" || ws[i+1] != "many" || !isPlural(ws[i+2]) {
			continue
		}
		n := 0
		for _, w := range ws {
			if w == ws[i+2] {
				n++
			}
		}
		if n == 1 {
			out[stem(ws[i+2])] = false
		}
	}
	return out
}

// numberBonus adds to the scores of cands the bonus for a plural head word
// the query uses as a plural.
func (sc *scorer) numberBonus(number map[string]bool, cands []int32) {
	ix := sc.ix
	if len(number) == 0 {
		return
	}
	b := numberIDF * ix.maxIDF
	ids := make(map[int32]bool, len(number))
	for t, pl := range number {
		if id, ok := ix.tools.lookup(t); ok && pl {
			ids[id] = true
		}
	}
	for _, d := range cands {
		h := ix.heads[d]
		if h.plural && h.id >= 0 && ids[h.id] {
			sc.score[d] += b
		}
	}
}

// A query that names one object by its id or number ("issue 12", "who is
// U024BE7LH", "run k3j4h5") wants that object, not a list: a tool whose
// head word is plural, and which the query does not use as a plural,
// keeps singularFactor of its score.
const singularFactor = 0.95

// namesOne reports whether query carries an id or a number of one object.
// A number counts when it follows a word and no unit follows it ("issue
// 12", "PR #300", "!15"; not "50 dollars" or "top 10 results").
func namesOne(query string) bool {
	fs := strings.Fields(query)
	word := func(f string) string { return strings.ToLower(strings.Trim(f, ".,;:!?()[]{}<>\"'`")) }
	for i, raw := range fs {
		f := strings.Trim(raw, ".,;:!?()[]{}<>\"'`")
		marked := strings.HasPrefix(f, "#") || strings.HasPrefix(f, "!")
		f = strings.TrimLeft(f, "#!")
		switch {
		case f == "":
		case isOpaqueID(f) || oneRef(f):
			return true
		case allDigits(f):
			after := i+1 < len(fs) && isPlural(word(fs[i+1]))
			before := i > 0 && isPlainLower(word(fs[i-1])) && !quantities[word(fs[i-1])]
			if marked || before && !after {
				return true
			}
		}
	}
	return false
}

// quantities are words a number after which is a count, not an id.
var quantities = setOf(`top last first next past limit max min over under about around only`)

// singularPenalty lowers the cands whose plural head the query does not
// use as a plural, when the query names one object. When the query names
// one object by a word and an id ("issue 17") and asks for many of
// something ("which issues are linked to issue 17"), a tool whose plural
// head is not that word nor a synonym of it lists the named object's
// children and keeps its score.
func (sc *scorer) singularPenalty(query string, number map[string]bool, cands []int32) {
	if !namesOne(query) {
		return
	}
	ix := sc.ix
	// The term ids the query uses as plurals, looked up once, not once
	// per candidate.
	var plurals []int32
	for t, pl := range number {
		if id, ok := ix.tools.lookup(t); ok && pl {
			plurals = append(plurals, id)
		}
	}
	// The things the ids are of ("issue 17": issue), as term ids with
	// their hand-written synonyms; nil when an id follows no word.
	of := ix.idThings(query)
	for _, d := range cands {
		h := ix.heads[d]
		if !h.plural || h.id < 0 {
			continue
		}
		if len(of) > 0 && len(plurals) > 0 && !slices.Contains(of, h.id) {
			// "what issues are linked to issue 17": the id is of the
			// thing whose many links are asked for.
			continue
		}
		if !slices.Contains(plurals, h.id) {
			sc.score[d] *= singularFactor
		}
	}
}

// idThings returns the term ids, with their hand-written synonyms, of the
// one thing query names by a word and an id ("issue 17": issue), or nil
// when it names none, several ("cart 5000, shipping 3200": values, not a
// thing's id) or one by an id after no word.
func (ix *Index) idThings(query string) []int32 {
	nouns := idNouns(query)
	if len(nouns) != 1 || nouns[0] == "" {
		return nil
	}
	var of []int32
	for _, q := range ix.queryTerms(nouns[0]) {
		for _, e := range q.exps {
			if !e.wordnet && e.id >= 0 && e.only == nil {
				of = append(of, e.id)
			}
		}
	}
	return of
}

// idNouns returns, for each id or number namesOne counts in query, the
// lowercase word before it ("issue" of "issue 17", "mr" of "MR !15"), or
// "" when no plain word comes before it ("who is U024BE7LH").
func idNouns(query string) []string {
	fs := strings.Fields(query)
	word := func(f string) string { return strings.ToLower(strings.Trim(f, ".,;:!?()[]{}<>\"'`")) }
	var out []string
	for i, raw := range fs {
		f := strings.Trim(raw, ".,;:!?()[]{}<>\"'`")
		marked := strings.HasPrefix(f, "#") || strings.HasPrefix(f, "!")
		f = strings.TrimLeft(f, "#!")
		prev := ""
		j := i - 1
		if j > 0 && (word(fs[j]) == "id" || word(fs[j]) == "number") {
			// "user id 1045": the id is of the user.
			j--
		}
		if j >= 0 && isPlainLower(word(fs[j])) && !quantities[word(fs[j])] && !stopWords[word(fs[j])] {
			prev = word(fs[j])
		}
		switch {
		case f == "":
		case isOpaqueID(f):
			out = append(out, prev)
		case allDigits(f):
			after := i+1 < len(fs) && isPlural(word(fs[i+1]))
			if marked || prev != "" && !after {
				out = append(out, prev)
			}
		}
	}
	return out
}
