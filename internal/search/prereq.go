package search

import (
	"slices"
	"strings"
)

// Some tools only work after another of their backend's ("You MUST call
// this function before 'Query Documentation'", "Call `get_cost` first",
// "Use this after finding a relevant page with the search-apify-docs
// tool"): a task served by the second needs the first too. When the best
// hit has such a prerequisite that the hits lack, the prerequisite takes
// the last place, so the agent sees both.
//
// A description names its prerequisite in one sentence, by name or by
// title in quotes, as
//   - the tool's own prerequisite: "call/use/run X first", "call X before
//     using this", "use this after ... X";
//   - or as what it is a prerequisite of: "call/use this (function|tool)
//     (first) ... before X".
//
// Several prerequisites named together are usually alternatives ("use
// list_issues or my_issues to discover issues first"): one of them in the
// hits is enough, else the first named is added.

// orderVerbs ask to use a tool.
var orderVerbs = setOf(`call use run invoke`)

// sentenceOrder reads one sentence of a description (as lowercase words):
// first when it asks to use another tool first, before when it asks to use
// this tool before another.
func sentenceOrder(ws []string) (first, before bool) {
	verb := -1
	for i, w := range ws {
		if verb < 0 && orderVerbs[w] {
			verb = i
		}
		if verb < 0 || i <= verb {
			continue
		}
		if i == verb+1 && w == "this" {
			// "call this (function|tool) before X", "call this first ... before X".
			k := i + 1
			if k < len(ws) && (ws[k] == "function" || ws[k] == "tool") {
				k++
			}
			if k < len(ws) && ws[k] == "before" {
				return false, true
			}
			if k < len(ws) && ws[k] == "first" && slices.Contains(ws[k+1:], "before") {
				return false, true
			}
			if k < len(ws) && ws[k] == "after" && ws[verb] == "use" {
				return true, false // "use this (tool) after finding ... with X"
			}
		}
		if w == "first" {
			return true, false
		}
		if w == "before" && i+2 < len(ws) && (ws[i+1] == "using" || ws[i+1] == "calling") && ws[i+2] == "this" {
			return true, false
		}
	}
	return false, false
}

// sentences splits a description at line breaks and at ".", "!" or "?"
// before a space.
func sentences(desc string) []string {
	var out []string
	start := 0
	for i := 0; i < len(desc); i++ {
		c := desc[i]
		end := c == '\n' || (c == '.' || c == '!' || c == '?') && i+1 < len(desc) && (desc[i+1] == ' ' || desc[i+1] == '\n' || desc[i+1] == '\t')
		if end {
			if i > start {
				out = append(out, desc[start:i])
			}
			start = i + 1
		}
	}
	if start < len(desc) {
		out = append(out, desc[start:])
	}
	return out
}

// buildPrereqs records, per tool, the tools of its backend it needs first.
func (ix *Index) buildPrereqs(srvDocs [][]int32) {
	for _, docs := range srvDocs {
		for _, b := range docs {
			desc := ix.docs[b].Description
			if !orderWord(desc) {
				continue // most descriptions name no order
			}
			for _, s := range sentences(desc) {
				if !orderWord(s) {
					continue
				}
				first, before := sentenceOrder(lowerWords(s))
				if !first && !before {
					continue
				}
				for _, a := range docs {
					if a == b || !ix.mentions(s, a) {
						continue
					}
					if first {
						ix.addPrereq(b, a)
					} else {
						ix.addPrereq(a, b)
					}
				}
			}
		}
	}
}

// orderWord reports whether s has "first", "before" or "after" in any case
// (without lowercasing all of it: building walks every description).
func orderWord(s string) bool {
	for i := 0; i+5 <= len(s); i++ {
		switch s[i] | 0x20 {
		case 'f':
			if strings.EqualFold(s[i:i+5], "first") {
				return true
			}
		case 'b':
			if i+6 <= len(s) && strings.EqualFold(s[i:i+6], "before") {
				return true
			}
		case 'a':
			if strings.EqualFold(s[i:i+5], "after") {
				return true
			}
		}
	}
	return false
}

func (ix *Index) addPrereq(doc, needs int32) {
	if ix.prereqs == nil {
		ix.prereqs = map[int32][]int32{}
	}
	if !slices.Contains(ix.prereqs[doc], needs) {
		ix.prereqs[doc] = append(ix.prereqs[doc], needs)
	}
}

// mentions reports whether sentence s names tool d: its name as a whole
// word, or its title in quotes.
func (ix *Index) mentions(s string, d int32) bool {
	doc := &ix.docs[d]
	if i := strings.Index(s, doc.Tool); i >= 0 {
		end := i + len(doc.Tool)
		if (i == 0 || !isNameRune(s[i-1])) && (end == len(s) || !isNameRune(s[end])) {
			return true
		}
	}
	if doc.Title == "" {
		return false
	}
	for _, q := range []string{"'", "\"", "`"} {
		if strings.Contains(s, q+doc.Title+q) {
			return true
		}
	}
	return false
}

func isNameRune(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// withPrereqs puts the first prerequisite of hits[0] in the last place (of
// at most limit hits) when the hits have none of them.
func (ix *Index) withPrereqs(hits []Hit, limit int, score []float64) []Hit {
	if len(hits) == 0 || limit < 2 {
		return hits
	}
	ps := ix.prereqs[int32(hits[0].Doc)]
	if len(ps) == 0 || slices.ContainsFunc(hits, func(h Hit) bool { return slices.Contains(ps, int32(h.Doc)) }) {
		return hits
	}
	p := ps[0]
	out := slices.Clone(hits[:min(len(hits), limit-1)])
	return append(out, Hit{Doc: int(p), Server: ix.docs[p].Server, Tool: ix.docs[p].Tool, Score: score[p]})
}
