package search

import "strings"

// A tool that converts one thing into another ("Convert an address into
// geographic coordinates") and its reverse ("Convert coordinates into an
// address") share their words; only the order tells them apart. A query
// that says what it turns into what ("turn this address into latitude and
// longitude") lowers the tools that convert the other way by reversedFactor.
const reversedFactor = 0.8

// conversionVerbs start a description that converts; intoWords separate
// what is converted from what it becomes.
var (
	conversionVerbs = setOf(`convert converts turn turns transform transforms translate translates change changes`)
	intoWords       = setOf(`into to`)
)

// conversion is what a description or query converts from and into, as
// stemmed terms.
type conversion struct{ from, into []string }

// splitConversion returns the conversion text s states: the terms between
// a conversion verb and "into" (or "to"), and those after it up to the end
// of the sentence. ok is false when s states none.
func splitConversion(s string) (c conversion, ok bool) {
	sentence, _, _ := strings.Cut(s, ". ")
	ws := strings.Fields(strings.ToLower(sentence))
	verb := -1
	for i, w := range ws {
		w = strings.Trim(w, ".,;:!?()\"'`")
		switch {
		case verb < 0 && conversionVerbs[w]:
			verb = i
		case verb >= 0 && intoWords[w] && i > verb+1:
			from := analyze(strings.Join(ws[verb+1:i], " "), nil)
			into := analyze(strings.Join(ws[i+1:], " "), nil)
			for _, t := range from {
				c.from = append(c.from, t.term)
			}
			for _, t := range into {
				c.into = append(c.into, t.term)
			}
			return c, len(c.from) > 0 && len(c.into) > 0
		}
	}
	return c, false
}

// overlaps reports whether a term of a equals or is a synonym of a term of b.
func overlaps(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
			for _, s := range synonyms()[x] {
				if s.term == y && s.w >= synonymWeight {
					return true
				}
			}
		}
	}
	return false
}

// reversed reports whether tool conversion t goes the other way from query
// conversion q: what the query converts is what the tool produces and what
// it wants is what the tool takes.
func (q conversion) reversed(t conversion) bool {
	return overlaps(q.from, t.into) && overlaps(q.into, t.from) && !(overlaps(q.from, t.from) && overlaps(q.into, t.into))
}

// buildConversions records the conversion each tool's description states.
func (ix *Index) buildConversions() {
	for i := range ix.docs {
		if c, ok := splitConversion(ix.docs[i].Description); ok {
			if ix.conversions == nil {
				ix.conversions = map[int32]conversion{}
			}
			ix.conversions[int32(i)] = c
		}
	}
}

// reversedPenalty lowers the cands that convert the other way from query.
func (sc *scorer) reversedPenalty(query string, cands []int32) {
	if len(sc.ix.conversions) == 0 {
		return
	}
	q, ok := splitConversion(query)
	if !ok {
		return
	}
	for _, d := range cands {
		if t, ok := sc.ix.conversions[d]; ok && q.reversed(t) {
			sc.score[d] *= reversedFactor
		}
	}
}
