package search

import (
	"slices"
	"strings"
)

// Round thirty-eight: the right backend first for one-step requests that
// name none, by the kinds of values the request carries.
//
// Kind fit. "look at the picture assets/logo.png", "print the last 20
// lines of logs/app.log", "make a folder build/output/reports": a tool of
// another backend (figma's download_figma_images, apify's get-actor-log,
// n8n's n8n_manage_folders) scores a little above the tool the request's
// values fit, found by the words it shares with the request ("picture",
// "log", "folder"). The values say which one the request can call: a local
// path fills a parameter taking a path, a key with colons ("health:check")
// one taking a key, a SQL statement one taking SQL (kinds.go), a
// database's collection as MongoDB names it ("the shop.orders collection")
// a required parameter named collection (and the database with it). A
// tool's kind fit is the number of the request's kinds of values it takes
// in a required parameter less the number of its required parameters none
// of them fills: read_media_file needs the path and nothing else (1),
// download_figma_images takes it too but needs node ids the request does
// not give (1 - 1), and redis's set needs a value besides the
// key (0) where apify's get-key-value-store-keys needs a store's id and
// takes no key (-1); everything's get-sum needs two numbers (-2) where
// mongodb's aggregate needs a connection and a pipeline besides the
// collection and its database (1 - 2). A URL is no such value (crawlers, browsers and fetchers
// all take one), nor is a repository's slug ("acme/web", "in
// vercel/next.js"), which GitLab's tools take as a project: a request
// whose only paths are shaped like slugs carries no local path.
//
// When a one-step request names no backend and carries such values, the
// first tool of another backend than the first hit's, among the first
// kindDepth and within kindMargin of its score, whose kind fit is higher
// than the first hit's and which takes one of the values in a required
// parameter, ranks first. Otherwise nothing changes: a named backend
// decides by its name, and tools of one backend are told apart by round
// thirty-five's schema fit. The margin was chosen on the cross-validation
// of the tuned-on sets alone (0.75 and 0.8 gain most, 0.6 loses).
const (
	kindMargin = 0.75
	kindDepth  = 5
)

// fitKinds are the kinds of values kind fit reads.
const fitKinds = kindPath | kindKey | kindSQL

// slugPaths reports whether every path of query is shaped like a
// repository's slug ("in acme/web"): a project's name more than a folder.
func slugPaths(query string) bool {
	for _, f := range strings.Fields(query) {
		f = strings.Trim(f, ".,;:!?()[]{}<>\"'`")
		if isPath(f) && !isProduct(f) && !isRepoSlug(f) {
			return false
		}
	}
	return true
}

// kindFit returns how many of the kinds k tool d takes in a required
// parameter (and a collection, when coll) and how many of its required parameters values of those kinds
// leave empty.
func (ix *Index) kindFit(d int32, k valueKind, coll bool) (filled, empty int) {
	f := ix.kindFill[d]
	empty = int(f.required)
	for b := range f.byKind {
		if k&(1<<b) != 0 && f.byKind[b] > 0 {
			filled++
			empty -= int(f.byKind[b])
		}
	}
	if coll && slices.ContainsFunc(ix.docs[d].Params, func(p Param) bool { return p.Required && p.Name == "collection" }) {
		filled++
		empty--
		if slices.ContainsFunc(ix.docs[d].Params, func(p Param) bool { return p.Required && p.Name == "database" }) {
			empty--
		}
	}
	return filled, max(empty, 0)
}

// dottedName reports whether query names a database's collection as
// "shop.orders": two lowercase names joined by one dot, the second of
// three letters or more, neither a file (isPath) nor a host (isURL), and
// not in quotes.
func dottedName(query string) bool {
	for _, f := range strings.Fields(query) {
		if strings.ContainsAny(f[:1], "'\"`") {
			continue
		}
		f = strings.Trim(f, ".,;:!?()[]{}<>")
		a, b, ok := strings.Cut(f, ".")
		if ok && lowerName(a) && lowerName(b) && len(b) >= 3 && !isPath(f) && !isURL(f) {
			return true
		}
	}
	return false
}

// lowerName reports whether s is a lowercase name: a letter, then
// letters, digits and underscores.
func lowerName(s string) bool {
	return s != "" && s[0] >= 'a' && s[0] <= 'z' && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_')
	}) < 0
}

// kindFirst raises, in score, the first of hits after the first, among
// kindDepth and within kindMargin of the first's score, of another backend
// than the first hit's, that fits the kinds k of the request's values
// better than the first hit and takes one of them in a required
// parameter, to just above the first hit's score, and reports whether one
// did. The caller ranks the candidates again.
func (ix *Index) kindFirst(query string, k valueKind, hits []Hit, score []float64) bool {
	k &= fitKinds
	if k&kindPath != 0 && slugPaths(query) {
		k &^= kindPath
	}
	coll := dottedName(query)
	if k == 0 && !coll || len(hits) < 2 {
		return false
	}
	top := hits[0]
	t := int32(top.Doc)
	tf, te := ix.kindFit(t, k, coll)
	for i := 1; i < len(hits) && i < kindDepth; i++ {
		d := int32(hits[i].Doc)
		if ix.docServer[d] == ix.docServer[t] || hits[i].Score < kindMargin*top.Score {
			continue
		}
		f, e := ix.kindFit(d, k, coll)
		if f-e > tf-te && f > 0 {
			score[d] = top.Score * 1.0001
			return true
		}
	}
	return false
}
