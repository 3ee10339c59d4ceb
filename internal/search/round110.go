package search

// Round 110: the learned table from every set held out before the newest
// batches (learnedgen's heldOut, learned.go), the rules that ask whether a
// backend's tools say a word reading only what more than one request
// taught (learnedRepeated), and a change asked of a product that only
// reads, named or by its category (readOnlyUndone, ownChangeVerbs).

// r110Off switches round 110's rules off, for tests measuring them.
var r110Off = false

// srvLearnedRepeated returns the stems some tool of backend s has among its
// learned words more than once (learnedRepeated), built on first use: only
// the rules asking whether a backend's tools say a word read them.
func (ix *Index) srvLearnedRepeated(s int32) map[string]bool {
	ix.repeatOnce[s].Do(func() {
		m := map[string]bool{}
		for _, d := range ix.srvDocs[s] {
			for w := range learnedRepeated(&ix.docs[d]) {
				m[w] = true
			}
		}
		ix.repeatSrv[s] = m
	})
	return ix.repeatSrv[s]
}
