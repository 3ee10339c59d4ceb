package search

import (
	"slices"
	"strings"
	"unicode"
)

// literalScan bounds the text of a tool's description literalHits reads.
const literalScan = 4096

// literalHits ranks the tools for a query that has no term at all, only
// numbers and stop words ("thing 42", "does thing"): the ranking drops
// both (a number carries no evidence in a request, and "thing" is
// vague), so such a query found nothing, even among 10,000 tools whose
// descriptions said "does thing 42" (round 107). Here each of the
// query's words is looked for as a whole word, case folded, a number
// also inside a name ("42" in "t00042"): in a tool's name it counts 2,
// in its title or description 1. Only tools that have every word are
// hits. None when the query has a term (the ranking's), no number
// (stop words alone find nothing, as before), or its words are in every
// tool alike (nothing told apart). No query of the query sets comes
// here: each has a term.
func (ix *Index) literalHits(query string, limit int) []Hit {
	if len(analyze(query, nil)) > 0 {
		return nil
	}
	words := literalWords(query)
	if !slices.ContainsFunc(words, func(w string) bool { return w[0] >= '0' && w[0] <= '9' }) {
		return nil // stop words alone ("the and of to") find nothing, as before
	}
	var hits []Hit
	for i := range ix.docs {
		d := &ix.docs[i]
		name := literalWords(d.Tool + " " + d.Ident)
		text := literalWords(d.Title + " " + d.Description[:min(len(d.Description), literalScan)])
		score := 0.0
		for _, w := range words {
			switch {
			case slices.Contains(name, w):
				score += 2
			case slices.Contains(text, w):
				score++
			default:
				score = 0
			}
			if score == 0 {
				break
			}
		}
		if score > 0 {
			hits = append(hits, Hit{Doc: i, Server: d.Server, Tool: d.Tool, Score: score})
		}
	}
	if len(hits) == 0 || len(hits) == len(ix.docs) && !slices.ContainsFunc(hits, func(h Hit) bool { return h.Score != hits[0].Score }) {
		return nil
	}
	slices.SortStableFunc(hits, func(a, b Hit) int {
		switch {
		case a.Score != b.Score:
			if a.Score > b.Score {
				return -1
			}
			return 1
		case a.Server != b.Server:
			return strings.Compare(a.Server, b.Server)
		}
		return strings.Compare(a.Tool, b.Tool)
	})
	return hits[:min(len(hits), limit)]
}

// literalWords splits s into its lowercased runs of letters and of
// digits, a run of digits without its leading zeros ("t00042": t, 42).
func literalWords(s string) []string {
	var out []string
	start, digits := -1, false
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.ToLower(s[start:end])
		if digits {
			if t := strings.TrimLeft(w, "0"); t != "" {
				w = t
			} else {
				w = "0"
			}
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
		start = -1
	}
	for i, r := range s {
		d, l := unicode.IsDigit(r), unicode.IsLetter(r)
		if !d && !l || start >= 0 && d != digits {
			flush(i)
		}
		if (d || l) && start < 0 {
			start, digits = i, d
		}
	}
	flush(len(s))
	return out
}
