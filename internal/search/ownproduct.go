package search

import "strings"

// Some tools document their own product only ("Search Sentry documentation
// for SDK setup", "Search Apify and Crawlee documentation"). A query about
// another product's or library's docs ("the Next.js docs on routing") names
// that product, not the backend: such a tool keeps ownDocsFactor of its
// score when the query names no backend and carries a name (a capitalised
// word no tool uses, or a product like "Next.js").
const ownDocsFactor = 0.85

// docsWords say a description is about documentation.
var docsWords = setOf(`documentation docs doc knowledge`)

// buildOwnDocs marks the tools whose description's first sentence is about
// their own backend's documentation: a word of the backend's name at most
// three words before a docs word.
func (ix *Index) buildOwnDocs() {
	ix.ownDocs = make([]bool, len(ix.docs))
	for i := range ix.docs {
		d := &ix.docs[i]
		first, _, _ := strings.Cut(d.Description, ". ")
		ws := lowerWords(first)
		own := map[string]bool{}
		for _, w := range nameWords(d.Server) {
			own[w] = true
		}
		for k, w := range ws {
			if !own[w] {
				continue
			}
			for j := k + 1; j < len(ws) && j <= k+3; j++ {
				if docsWords[ws[j]] {
					ix.ownDocs[i] = true
				}
			}
		}
	}
}

// ownDocsPenalty lowers the own-documentation tools for a query about
// something else by name.
func (sc *scorer) ownDocsPenalty(query string, names map[string]bool, named []int32, cands []int32) {
	if len(named) > 0 {
		return
	}
	other := len(names) > 0
	for _, f := range strings.Fields(query) {
		if isProduct(strings.Trim(f, ".,;:!?()[]{}<>\"'`")) {
			other = true
		}
	}
	if !other {
		return
	}
	for _, d := range cands {
		if sc.ix.ownDocs[d] {
			sc.score[d] *= ownDocsFactor
		}
	}
}
