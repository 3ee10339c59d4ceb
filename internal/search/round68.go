package search

import (
	"slices"
	"strings"
	"sync"
)

// Round sixty-eight: the products' own nouns. productVocab (synonyms.go)
// says what users call a product's things where its tools say another
// word ("a row of the Notion database" is a page, "bug 77" in Azure
// DevOps a work item). Its lines for every backend join the hand-written
// synonyms (buildSynonyms); a line for some backends is resolved here
// against the index's backend names (buildScopedVocab) and gives a query term
// expansions that reach only those backends' tools (expansion.only): the
// tools' scores, the backend-level score, a tool's coverage and evidence
// and its name's coverage count them for those tools alone, and whatever
// reads term ids without a tool (the head, object and id fits) leaves
// them out. Measured: bench/retrieval-notes.md, round sixty-eight.

// scopedTable maps a stemmed word to its synonyms for some backends.
type scopedTable map[string][]scopedSyn

// scopedSyn is a stemmed term a query term also matches for the tools of
// some backends, at a weight.
type scopedSyn struct {
	term string
	w    float64
	only []bool    // by backend number
	post []posting // the term's tool postings within only
}

// scopedLine is a line of productVocab for some backends, its words
// stemmed: alts are the backend-name alternatives, each its words.
type scopedLine struct {
	alts  [][]string
	says  []string
	means []string
}

// scopedLines are productVocab's lines for some backends.
var scopedLines = sync.OnceValue(func() []scopedLine {
	var out []scopedLine
	for _, v := range productVocab {
		if v.backend == "" {
			continue
		}
		var l scopedLine
		for _, a := range strings.Split(v.backend, "|") {
			l.alts = append(l.alts, lowerWords(a))
		}
		for _, w := range words(v.says) {
			l.says = append(l.says, stem(w))
		}
		for _, w := range words(v.means) {
			l.means = append(l.means, stem(w))
		}
		out = append(out, l)
	}
	return out
})

// buildScopedVocab resolves scopedLines against the index's backends:
// a line holds for a backend whose name's words include every word of one
// of its alternatives.
func (ix *Index) buildScopedVocab() {
	for _, l := range scopedLines() {
		var only []bool
		for s, nw := range ix.srvWords {
			for _, a := range l.alts {
				if len(a) > 0 && !slices.ContainsFunc(a, func(w string) bool { return !slices.Contains(nw, w) }) {
					if only == nil {
						only = make([]bool, len(ix.servers))
					}
					only[s] = true
					break
				}
			}
		}
		if only == nil {
			continue
		}
		if ix.scoped == nil {
			ix.scoped = scopedTable{}
		}
		for _, to := range l.means {
			var post []posting
			if id, ok := ix.tools.lookup(to); ok {
				for _, p := range ix.tools.post[id] {
					if only[ix.docServer[p.doc]] {
						post = append(post, p)
					}
				}
			}
			for _, from := range l.says {
				if from != to {
					ix.scoped[from] = append(ix.scoped[from], scopedSyn{to, everydayWeight * scopedWeight, only, post})
				}
			}
		}
	}
}

// scopedNaming is the backends a query's text names, found when a word
// first needs them.
type scopedNaming struct {
	done  bool
	named []int32
}

// appendScoped appends to exps the expansions of the query word said
// (stemmed) for some backends only: a word no tool of the index uses
// ("pbi", "sprint", "scrollback") means its product's thing wherever it
// is; a word tools use in their own sense ("row", "note", "field", "run")
// means it only in a text that names one of the backends ("a row of the
// Notion database", not "add a row to the n8n data table").
func (ix *Index) appendScoped(exps []expansion, said, text string, sn *scopedNaming) []expansion {
	ss := ix.scoped[said]
	if len(ss) == 0 {
		return exps
	}
	_, toolWord := ix.tools.lookup(said)
	for _, s := range ss {
		if toolWord {
			if !sn.done {
				sn.done = true
				sn.named = ix.withCategoryNamed(ix.textNamed(text), text)
			}
			if !slices.ContainsFunc(sn.named, func(b int32) bool { return s.only[b] }) {
				continue
			}
		}
		e := ix.expansion(s.term, s.w)
		e.only, e.post = s.only, s.post
		exps = append(exps, e)
	}
	return exps
}

// textNamed is namedServersWith(text, nil), the last answer kept (a
// query's analysis asks for its terms many times over).
func (ix *Index) textNamed(text string) []int32 {
	if last := ix.lastNamed.Load(); last != nil && last.text == text {
		return last.named
	}
	named, _ := ix.namedServersWith(text, nil)
	ix.lastNamed.Store(&textNaming{text, named})
	return named
}

// textNaming is a text and the backends it names.
type textNaming struct {
	text  string
	named []int32
}

// scopedWeight scales everydayWeight for a backend's own vocabulary
// (cross-validated hit@1 at 0.8 and 1.1: 2 and 4 first places fewer).
var scopedWeight = 1.0

// reaches reports whether expansion e counts for doc.
func (ix *Index) reaches(e expansion, doc int32) bool {
	return e.only == nil || e.only[ix.docServer[doc]]
}

// postings returns e's postings among post (the tools' postings by term
// id): those within its backends when it reaches some only.
func (e *expansion) postings(post [][]posting) []posting {
	if e.only != nil {
		return e.post
	}
	return post[e.id]
}

// withoutScoped returns qs without the expansions for some backends
// only, qs itself when it has none.
func withoutScoped(qs []qterm) []qterm {
	if !hasScoped(qs) {
		return qs
	}
	out := slices.Clone(qs)
	for i := range out {
		out[i].exps = slices.DeleteFunc(slices.Clone(out[i].exps), func(e expansion) bool { return e.only != nil })
	}
	return out
}

// scopedBackends returns the backends some expansion of qs for some
// backends only reaches, nil when none.
func scopedBackends(qs []qterm) []bool {
	var out []bool
	for _, q := range qs {
		for _, e := range q.exps {
			if e.only == nil {
				continue
			}
			if out == nil {
				out = make([]bool, len(e.only))
			}
			for s, ok := range e.only {
				out[s] = out[s] || ok
			}
		}
	}
	return out
}

// hasScoped reports whether some term of qs has an expansion for some
// backends only.
func hasScoped(qs []qterm) bool {
	for _, q := range qs {
		for _, e := range q.exps {
			if e.only != nil {
				return true
			}
		}
	}
	return false
}
