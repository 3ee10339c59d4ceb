package search

// Round seventy: single requests said the way a less technical person or
// a busy developer says them (everyday words, questions and complaints,
// the product vague or unnamed: "the tracker", "our chat", "the
// database"). Such a request's words are mostly words no tool's text has,
// so its first hit by the tools' own words often fails the relevance
// check, while the words labelled requests used (the learned table) put
// the right tool first; round fifty-three judged that tool too, but only
// when it is of the first hit's backend (learnedJudged), because judging
// it whatever its backend answered requests no tool serves ("set a timer
// for 10 minutes": Redis's set, which learned "minutes"). The learned
// words agree on a tool when two or more of the request's words are among
// them: one learned word is as likely chance as a request like those the
// tool was asked by. So the learned words' first hit of another backend
// is judged when they agree on it (learnedAgrees). The vocabulary is in
// synonyms.go (everyday "tracker"; phrases of pictures made, search
// engines, screen readers, what is spread out, a web address); what was
// measured and dropped is in bench/retrieval-notes.md.

// learnedAgreement is how many of a request's words must be among a
// tool's learned words for the learned words to agree on it.
const learnedAgreement = 2

// learnedAgrees reports whether at least learnedAgreement of the terms of
// qs are among doc's learned words.
func (ix *Index) learnedAgrees(qs []qterm, doc int) bool {
	n := 0
	for _, q := range qs {
		if id, ok := ix.learned.lookup(q.term); ok {
			if _, ok := find(ix.learned.post, id, int32(doc)); ok {
				n++
				if n >= learnedAgreement {
					return true
				}
			}
		}
	}
	return false
}
