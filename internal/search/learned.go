package search

import (
	"slices"
	"strings"
)

// Learned words: a tool's own text says what it does in its author's
// words; requests say it in the user's ("the pods that keep restarting",
// "who is on call tonight"). The words of labelled requests for the corpus
// tools (learned_table.go, written by learnedgen/gen.go from the query sets
// that are tuned on, never from the held-out ones) are a field of their
// own that only reorders: it adds to the score of a tool some other word
// of the query already matched (with its expansions), at learnedWeight of
// a description's weight, and counts neither in a tool's coverage nor in
// its evidence. So a request no tool serves is answered with no tool as
// before, and a request is matched only by what the tools say.
//
// Since round sixty the table learns from twice the requests (the older
// held-out sets with the tuned-on ones) and has each word once per request
// that used it, so the field's BM25 weighs the words many requests share.
// Since round sixty-five it learns from learn65a-d too (four requests for
// every corpus tool, 6,952 requests in all); no setting of the field was
// better with them (bench/retrieval-notes.md, round sixty-five). Since
// round sixty-six it learns from the steps of the labelled tasks too, each
// step's words for the tool it is paired with (round66.go), in a part of
// the field of its own that no length normalises: a tool many tasks use
// has a long list of step words, which with the requests' words lowered
// what single requests had taught it.
//
// Since round 110 it learns from the sets written blind before the newest
// (learnedgen's heldOut), which each scored better with a table learned
// from the others (bench/retrieval-notes.md, round 110).
//
// Measured over the eleven held-out sets together (docs/benchmarks.md,
// Retrieval): hit@1 617 to 644 and hit@5 726 to 744 of 814, "none" 157 of
// 223 either way.

// learnedWeight is the weight of the learned field against a
// description's (1).
var learnedWeight = 0.5

// LearnedKey is the key of a tool in learnedTable: its name and its
// parameters' names, sorted. The backend's name is left out: each user
// names their backends.
func LearnedKey(tool string, params []Param) string {
	names := make([]string, 0, len(params))
	for _, p := range params {
		names = append(names, p.Name)
	}
	slices.Sort(names)
	return tool + "(" + strings.Join(names, ",") + ")"
}

// learnedText is d's learned words: its own, else the table's.
func learnedText(d *Doc) string {
	if d.Learned != "" {
		return d.Learned
	}
	return learnedTable[LearnedKey(d.Tool, d.Params)]
}

// learnedBoost adds to the score of each of cands the learned words of
// qs it has, and reports whether it added any.
func (ix *Index) learnedBoost(qs []qterm, cands []int32, score []float64) bool {
	added := false
	for _, q := range qs {
		id, ok := ix.learned.lookup(q.term)
		if !ok {
			continue
		}
		for _, p := range ix.learned.post[id] {
			if score[p.doc] != 0 {
				score[p.doc] += q.weight * learnedWeight * float64(p.score)
				added = true
			}
		}
	}
	return added
}

// learnedRepeated returns the stems of d's learned words (learnedText)
// that more than one labelled request or task step for the tool used:
// what users ask of the tool, not a word one request happened to carry
// (the "checkout-web" of "create a Sentry project called checkout-web").
// The rules that ask whether a backend's tools say a word (facetServed,
// unmentioned) read these, through srvLearnedRepeated (round 110).
func learnedRepeated(d *Doc) map[string]bool {
	n := map[string]int{}
	for _, w := range strings.Fields(learnedText(d)) {
		if w != "|" {
			n[stem(w)]++
		}
	}
	out := make(map[string]bool, len(n))
	for w, c := range n {
		if c >= learnedRepeatMin {
			out[w] = true
		}
	}
	return out
}

// learnedRepeatMin is how many requests must have used a word for
// learnedRepeated.
var learnedRepeatMin = 2
