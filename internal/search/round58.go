package search

import (
	"slices"
	"strings"
)

// Round fifty-eight: a backend's own vocabulary decides between rival
// backends when the request names none.
//
// Round fifty-seven counted 67 one-step requests the cross-validation
// answered first with another backend's tool, GitHub's for a request in
// GitLab's words ("MR !19", "merge request", "emoji") the largest group.
// The words that decide are in the tools' own texts. A backend's
// vocabulary is the stemmed words of its tools' names and descriptions,
// with the initials of two adjacent words of a name ("pull_request" is
// said "PR", "merge_request" "MR"). A word is backend a's own against b
// when it is in a's vocabulary, not in b's, and in at most vocabSpread
// backends' vocabularies (backends one word names together counting as
// one): "emoji", "mr", "reload" are; "open", "show", "http" are not.
// Rivals (vocabRivals) are backends sharing at least rivalNames tool
// names once a prefix most of a backend's names start with is left off
// ("browser_click", "puppeteer_click", "click"): GitHub and GitLab's two,
// the three browser servers, and a few more pairs.
//
// When a one-step request names no backend and, among vocabDepth, a hit
// of a rival of the first hit's backend scoring at least vocabCloseness of
// the first says one of the request's words that is its backend's own
// against the first's (in the tool's own text), and the request says
// none of the first's own against it, that hit ranks first.
//
// Measured (bench/retrieval-notes.md, round fifty-eight): vocab58 hit@1
// 43 -> 44 of 50; tuned hit@1 3088 -> 3090; CV hit@1 2849 -> 2850, single
// 2520 -> 2521; blind, fresh and round sets unchanged. Without the
// rivals' limit, with the tool's own text not required, with names only,
// or at closeness 0.5, something held out got worse (notes).

// vocabDepth is how deep a rival backend's hit may be to rank first.
const vocabDepth = 10

// vocabCloseness is how close to the first hit's score the rival's hit
// must come.
const vocabCloseness = 0.7

// vocabSpread is in how many backends' vocabularies at most a word may be
// to be one backend's own.
const vocabSpread = 3

// buildVocab records each backend's vocabulary: the stemmed words of its
// tools' names and descriptions.
func (ix *Index) buildVocab() {
	ix.vocab = make([]map[string]bool, len(ix.servers))
	for s := range ix.servers {
		v := map[string]bool{}
		for _, d := range ix.srvDocs[s] {
			ix.docVocab(d, v)
		}
		ix.vocab[s] = v
	}
	// A word's spread counts backends one word names together (GitLab's
	// two) as one.
	// Each backend's earlier partners are found once: asking sameNamed
	// for every word and every earlier backend made a catalog of 10,000
	// tools take seconds to index.
	earlier := make([][]int32, len(ix.servers))
	for _, n := range ix.names {
		for _, a := range n.servers {
			for _, b := range n.servers {
				if b < a && !slices.Contains(earlier[a], b) {
					earlier[a] = append(earlier[a], b)
				}
			}
		}
	}
	ix.vocabSpread = map[string]int{}
	for s, v := range ix.vocab {
		for w := range v {
			if !slices.ContainsFunc(earlier[s], func(o int32) bool { return ix.vocab[o][w] }) {
				ix.vocabSpread[w]++
			}
		}
	}
	// Rivals: backends sharing at least rivalNames tool names once a
	// backend's prefix ("browser_", "puppeteer_") is left off.
	names := make([]map[string]bool, len(ix.servers))
	starts := map[[2]string]int{}
	for d := range ix.docs {
		if ws := stemWords(ix.docs[d].Tool); len(ws) > 0 {
			starts[[2]string{ix.servers[ix.docServer[d]], ws[0]}]++
		}
	}
	for s := range ix.servers {
		names[s] = map[string]bool{}
		for _, d := range ix.srvDocs[s] {
			ws := stemWords(ix.docs[d].Tool)
			if len(ws) > 1 && starts[[2]string{ix.servers[s], ws[0]}] >= len(ix.srvDocs[s])/2 {
				ws = ws[1:]
			}
			names[s][strings.Join(ws, " ")] = true
		}
	}
	// Shared names are counted through the backends that have each name,
	// not by comparing every pair of backends' name sets.
	having := map[string][]int{}
	for s := range ix.servers {
		for w := range names[s] {
			having[w] = append(having[w], s)
		}
	}
	shared := make([]int, len(ix.servers))
	ix.vocabRivals = make([][]bool, len(ix.servers))
	for a := range ix.servers {
		clear(shared)
		for w := range names[a] {
			for _, b := range having[w] {
				shared[b]++
			}
		}
		ix.vocabRivals[a] = make([]bool, len(ix.servers))
		for b, n := range shared {
			ix.vocabRivals[a][b] = a != b && n >= rivalNames
		}
	}
}

// ownWords counts the words of ws in backend a's vocabulary and not in
// backend b's.
func (ix *Index) ownWords(ws []string, a, b int32) int {
	n := 0
	for _, w := range ws {
		if ix.vocab[a][w] && !ix.vocab[b][w] && ix.vocabSpread[w] <= vocabSpread {
			n++
		}
	}
	return n
}

// vocabFirst raises, in score, the first of hits among vocabDepth of
// another backend than the first hit's whose vocabulary holds more of the
// query's words the first's lacks than the other way round, to just above
// the first hit, and reports whether one did.
func (ix *Index) vocabFirst(query string, hits []Hit, score []float64) bool {
	if vocabOff || len(hits) < 2 || len(ix.vocab) == 0 {
		return false
	}
	ws := stemWords(strings.ToLower(query))
	top := ix.docServer[hits[0].Doc]
	seen := map[int32]bool{top: true}
	for i := 1; i < len(hits) && i < vocabDepth; i++ {
		s := ix.docServer[hits[i].Doc]
		if seen[s] || ix.sameNamed(s, top) || !ix.vocabRivals[s][top] {
			continue
		}
		seen[s] = true
		if hits[i].Score < vocabCloseness*hits[0].Score {
			break
		}
		if ix.ownWords(ws, s, top) > 0 && ix.ownWords(ws, top, s) == 0 && ix.toolSays(int32(hits[i].Doc), ix.ownList(ws, s, top)) {
			score[hits[i].Doc] = hits[0].Score * 1.0001
			return true
		}
	}
	return false
}

// vocabOff turns vocabFirst off (for measuring it).
var vocabOff bool

// docVocab adds to v the stemmed words of doc d's name and description,
// and its name's two adjacent words by their initials ("pull request" is
// said "PR", "merge request" "MR").
func (ix *Index) docVocab(d int32, v map[string]bool) {
	doc := ix.docs[d]
	for _, w := range stemWords(doc.Tool + " " + doc.Description) {
		v[w] = true
	}
	ns := strings.FieldsFunc(strings.ToLower(doc.Tool), func(r rune) bool { return !isWordRune(r) || r == '_' })
	for i := 0; i+1 < len(ns); i++ {
		if ns[i] != "" && ns[i+1] != "" {
			v[ns[i][:1]+ns[i+1][:1]] = true
		}
	}
}

// toolSays reports whether doc d's name or description (or initials)
// holds one of ws.
func (ix *Index) toolSays(d int32, ws []string) bool {
	v := map[string]bool{}
	ix.docVocab(d, v)
	for _, w := range ws {
		if v[w] {
			return true
		}
	}
	return false
}

func (ix *Index) ownList(ws []string, a, b int32) []string {
	var out []string
	for _, w := range ws {
		if ix.vocab[a][w] && !ix.vocab[b][w] && ix.vocabSpread[w] <= vocabSpread {
			out = append(out, w)
		}
	}
	return out
}
