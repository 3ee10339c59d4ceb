package search

import (
	"sort"
	"strings"
)

// qterm is one distinct query term with its expansions.
type qterm struct {
	term   string
	weight float64
	// idf is the term's tool-level IDF, or the index's largest IDF when no
	// tool contains it (an unknown word is strong evidence of something the
	// catalog cannot do).
	idf  float64
	exps []expansion
}

// expansion is a term a query term may match, at a weight.
type expansion struct {
	id  int32 // tool-level term id, or -1
	sid int32 // server-level term id, or -1
	w   float64
}

// ranking is the full result of one query before the limit and the
// relevance cut are applied.
type ranking struct {
	hits     []Hit
	coverage float64 // of hits[0]
	relevant bool
}

func (ix *Index) queryTerms(query string) []qterm {
	toks := analyze(query, nil)
	var qs []qterm
	pos := map[string]int{}
	for _, t := range toks {
		if i, ok := pos[t.term]; ok {
			qs[i].weight = max(qs[i].weight, t.weight)
			continue
		}
		pos[t.term] = len(qs)
		qs = append(qs, qterm{term: t.term, weight: t.weight})
	}
	for i := range qs {
		q := &qs[i]
		q.idf = ix.maxIDF
		if id, ok := ix.tools.lookup(q.term); ok {
			q.idf = ix.tools.idf[id]
		}
		q.exps = append(q.exps, ix.expansion(q.term, 1))
		for _, s := range synonyms[q.term] {
			q.exps = append(q.exps, ix.expansion(s, synonymWeight))
		}
	}
	return qs
}

func (ix *Index) expansion(term string, w float64) expansion {
	e := expansion{id: -1, sid: -1, w: w}
	if id, ok := ix.tools.lookup(term); ok {
		e.id = id
	}
	if id, ok := ix.srv.lookup(term); ok {
		e.sid = id
	}
	return e
}

// mentioned returns the tools whose full name (with a separator, so not a
// plain word like "count") appears as a word of query.
func (ix *Index) mentioned(query string) []int32 {
	var out []int32
	for _, w := range strings.Fields(query) {
		w = normName(strings.Trim(w, ".,;:!?()[]{}<>"))
		if !strings.ContainsAny(w, "_-./") {
			continue
		}
		out = append(out, ix.exact[w]...)
	}
	return out
}

func (ix *Index) rank(query string, limit int) *ranking {
	n := len(ix.docs)
	if n == 0 || strings.TrimSpace(query) == "" {
		return nil
	}
	qs := ix.queryTerms(query)

	// Backend level: each term adds its best expansion's score.
	srvScore := make([]float64, len(ix.servers))
	srvBest := make([]float64, len(ix.servers))
	for _, q := range qs {
		clear(srvBest)
		for _, e := range q.exps {
			if e.sid < 0 {
				continue
			}
			for _, p := range ix.srv.post[e.sid] {
				srvBest[p.doc] = max(srvBest[p.doc], e.w*float64(p.score))
			}
		}
		for s, v := range srvBest {
			srvScore[s] += q.weight * v
		}
	}

	// Tool level: same, then add the backend's score.
	score := make([]float64, n)
	best := make([]float32, n)
	var touched, cands []int32
	for _, q := range qs {
		touched = touched[:0]
		for _, e := range q.exps {
			if e.id < 0 {
				continue
			}
			w := float32(e.w)
			for _, p := range ix.tools.post[e.id] {
				if best[p.doc] == 0 {
					touched = append(touched, p.doc)
				}
				best[p.doc] = max(best[p.doc], w*p.score)
			}
		}
		for _, d := range touched {
			if score[d] == 0 {
				cands = append(cands, d)
			}
			score[d] += q.weight * float64(best[d])
			best[d] = 0
		}
	}
	sw := ix.opt.ServerWeight
	for _, d := range cands {
		score[d] += sw * srvScore[ix.docServer[d]]
	}
	bonus := func(d int32, b float64) {
		if score[d] == 0 {
			cands = append(cands, d)
		}
		score[d] += b
	}
	for _, d := range ix.mentioned(query) {
		bonus(d, ix.mentionBonus())
	}
	exact := ix.exact[normName(query)]
	for _, d := range exact {
		bonus(d, exactBonus)
	}
	if len(cands) == 0 {
		return nil
	}

	hits := ix.topK(cands, score, limit)
	r := &ranking{hits: hits}
	if len(exact) > 0 {
		r.coverage, r.relevant = 1, true
		return r
	}
	r.coverage = ix.coverage(qs, hits[0].Doc)
	r.relevant = ix.opt.MinCoverage < 0 || r.coverage >= ix.opt.MinCoverage
	return r
}

// topK returns the best k candidates in hit order.
func (ix *Index) topK(cands []int32, score []float64, k int) []Hit {
	hits := make([]Hit, 0, min(k, len(cands))+1)
	less := func(a, b *Hit) bool { // a ranks before b
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		if a.Server != b.Server {
			return a.Server < b.Server
		}
		return a.Tool < b.Tool
	}
	for _, d := range cands {
		h := Hit{Doc: int(d), Server: ix.docs[d].Server, Tool: ix.docs[d].Tool, Score: score[d]}
		if len(hits) == k && !less(&h, &hits[k-1]) {
			continue
		}
		i := sort.Search(len(hits), func(i int) bool { return less(&h, &hits[i]) })
		hits = append(hits, Hit{})
		copy(hits[i+1:], hits[i:])
		hits[i] = h
		if len(hits) > k {
			hits = hits[:k]
		}
	}
	return hits
}

// coverage is the share of the query's IDF mass that doc (or its backend's
// name) matches. A term matched only through a synonym counts at the synonym
// weight, one matched only in a parameter counts half.
func (ix *Index) coverage(qs []qterm, doc int) float64 {
	var total, got float64
	srv := int32(ix.docServer[doc])
	for _, q := range qs {
		mass := q.weight * q.idf
		total += mass
		var m float64
		for _, e := range q.exps {
			if p, ok := find(ix.tools.post, e.id, int32(doc)); ok {
				f := e.w
				if !p.core {
					f *= 0.5
				}
				m = max(m, f)
			}
			if p, ok := find(ix.srv.post, e.sid, srv); ok && p.named {
				m = max(m, e.w)
			}
		}
		got += mass * m
	}
	if total == 0 {
		return 0
	}
	return got / total
}

// find returns the posting of doc in term id's list (sorted by doc).
func find(post [][]posting, id, doc int32) (posting, bool) {
	if id < 0 {
		return posting{}, false
	}
	ps := post[id]
	i := sort.Search(len(ps), func(i int) bool { return ps[i].doc >= doc })
	if i < len(ps) && ps[i].doc == doc {
		return ps[i], true
	}
	return posting{}, false
}
