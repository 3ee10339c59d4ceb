package search

// Tools of one backend often share most of their words (get_merge_request,
// approve_merge_request, merge_merge_request): the text scores of such
// siblings differ by how often their descriptions repeat the words, not by
// what they do. What tells them apart is which of the query's words the
// name itself holds ("approve merge request !15": all three are in
// approve_merge_request's name, two in merge_merge_request's). Among the
// first siblingDepth hits, the tools of the first hit's backend gain
// siblingIDF times the index's largest IDF times the share of the query's
// mass (IDF times query weight) that their name matches, each term at the
// weight of its best hand-written expansion (WordNet's do not count).
// Tools of other backends and those further down are left as they are, so
// the step reorders siblings and changes neither the first hit's backend
// nor, but for a sibling, the decision that a query has no answer.
const (
	siblingDepth = 3
	siblingIDF   = 1.0
)

// siblings applies the name-share bonus to the scores of cands.
func (ix *Index) siblings(qs []qterm, cands []int32, score []float64) {
	top := ix.topK(cands, score, siblingDepth)
	if len(top) < 2 {
		return
	}
	var total float64
	for _, q := range qs {
		total += q.weight * q.idf
	}
	if total == 0 {
		return
	}
	srv := ix.docServer[top[0].Doc]
	for _, h := range top {
		d := int32(h.Doc)
		if ix.docServer[d] != srv {
			continue
		}
		score[d] += siblingIDF * ix.maxIDF * ix.nameShare(qs, d) / total
	}
}

// nameShare is the query mass of qs that doc's name matches.
func (ix *Index) nameShare(qs []qterm, d int32) float64 {
	var got float64
	for _, q := range qs {
		var m float64
		for _, e := range q.exps {
			if e.wordnet || !ix.reaches(e, d) {
				continue
			}
			if p, ok := find(ix.tools.post, e.id, d); ok && p.named {
				m = max(m, e.w)
			}
		}
		got += q.weight * q.idf * m
	}
	return got
}
