package search

import "slices"

// Round thirty-five: the right tool first for one-step requests, between
// tools of one backend that score alike, by what the request can fill in.
//
// Schema fit. "Show my pending draft notes on MR 19", "Publish draft note
// 3307 on merge request 19", "Get the GitLab profile of user 502": two
// tools of one backend named for the same thing score within a few tenths
// of each other, and the request's ids say which one it can call. Each id
// or number a request gives after a word ("MR 19": a merge request, "user
// 502": a user; idNouns) fills an identifier parameter (a name ending in
// id, iid, number or sha) of a tool named for that thing
// (merge_request_iid, user_id), the parameter's last word first ("issue
// 9" fills issue_iid, not issue_link_id); a bare `id` or `sha` is of the
// thing the tool's name names (get_commit's sha takes "commit 4f5e6d7"),
// and an id after no word ("who is U024BE7LH") fills any required one. A
// tool's fit is the number of its identifier parameters the request fills
// less the number of its required ones it leaves empty. A required
// parameter of a scope the agent supplies (the project, owner, repository,
// organisation, connection, database or page: project_id even of
// get_project, pageId even of resize_page) is never empty, nor is one
// whose thing the request names in the singular ("the first comment", "the review
// thread": named by description, not by id).
//
// When the first hit of a one-step request is followed, within fitMargin
// of its score and among the first fitDepth, by tools of its backend, the
// first of them that fits better than the first hit ranks first; between
// tools of different verb families (create_issue_link, delete_issue_link)
// only the parameters filled count, since a request taking a thumbs-up
// off an issue gives no award id. Otherwise nothing changes. The margin
// was chosen on the cross-validation of the tuned-on sets alone.
const (
	fitMargin = 0.9
	fitDepth  = 3
)

// fitIDWords end the names of parameters that take a thing's identifier.
var fitIDWords = setOf(`id ids iid uuid number sha`)

// fitScopes are the first words of identifier parameters naming where a
// thing is, not which thing it is.
var fitScopes = setOf(`project owner repo repository organization organisation org connection database page region workspace`)

// idValue is an id or number a request gives, with the term ids (and
// hand-written synonyms) of the word before it.
type idValue struct {
	of   []int32
	bare bool // no word before it ("who is U024BE7LH")
}

// idValues returns the ids and numbers of query, each with the word
// before it when there is one.
func (ix *Index) idValues(query string) []idValue {
	var out []idValue
	for _, n := range idNouns(query) {
		v := idValue{bare: n == ""}
		if n != "" {
			v.of = ix.termIDs(n)
		}
		out = append(out, v)
	}
	return out
}

// termIDs returns the term ids of the words of s with their hand-written
// synonyms.
func (ix *Index) termIDs(s string) []int32 {
	var of []int32
	for _, q := range ix.queryTerms(s) {
		for _, e := range q.exps {
			if !e.wordnet && e.id >= 0 && e.only == nil {
				of = append(of, e.id)
			}
		}
	}
	return of
}

// singularThings returns the term ids (with hand-written synonyms) of the
// words query uses in the singular: a thing it names as one ("the first
// comment", "my approval"), which it identifies by description.
func (ix *Index) singularThings(query string) []int32 {
	var out []int32
	for t, plural := range queryNumber(query) {
		if plural {
			continue
		}
		if id, ok := ix.tools.lookup(t); ok {
			out = append(out, id)
		}
		for _, s := range synonyms()[t] {
			if id, ok := ix.tools.lookup(s.term); ok && !s.wordnet {
				out = append(out, id)
			}
		}
	}
	return out
}

// fitParam is an identifier parameter of a tool: the term ids of the
// words naming its thing, the last one first.
type fitParam struct {
	things   []int32
	required bool
	scope    bool
}

// fitParams returns the identifier parameters of tool d.
func (ix *Index) fitParams(d int32) []fitParam {
	doc := &ix.docs[d]
	name := nameWordsCased(doc.Tool)
	var out []fitParam
	for _, p := range doc.Params {
		ws := nameWordsCased(p.Name)
		if len(ws) == 0 || !fitIDWords[ws[len(ws)-1]] {
			continue
		}
		thing := ws[:len(ws)-1]
		if len(thing) == 0 {
			// get_commit's sha: of the commit ("sha 0c1d2e3" too).
			thing = append(slices.Clone(ws), name...)
		}
		fp := fitParam{required: p.Required}
		for i := len(thing) - 1; i >= 0; i-- {
			if id, ok := ix.tools.lookup(stem(thing[i])); ok {
				fp.things = append(fp.things, id)
			}
		}
		if len(ws) > 1 && fitScopes[ws[0]] {
			fp.scope = true
		}
		out = append(out, fp)
	}
	return out
}

// schemaFit returns how many of tool d's identifier parameters a request
// giving vals fills (each value one parameter, a parameter's last word
// before its others, then a value after no word any required one) and how many required ones it leaves empty whose thing the request
// does not name in the singular (one), scope parameters aside.
func (ix *Index) schemaFit(d int32, vals []idValue, one []int32) (filled, empty int) {
	ps := ix.fitParams(d)
	used := make([]bool, len(vals))
	got := make([]bool, len(ps))
	for pass := 0; pass < 3; pass++ {
		for i, p := range ps {
			if got[i] || len(p.things) == 0 || pass == 2 && (!p.required || p.scope) {
				continue
			}
			things := p.things[:1]
			if pass == 1 {
				things = p.things
			}
			for j, v := range vals {
				if used[j] {
					continue
				}
				if pass == 2 && v.bare || slices.ContainsFunc(things, func(t int32) bool { return slices.Contains(v.of, t) }) {
					used[j], got[i] = true, true
					break
				}
			}
		}
	}
	for i, p := range ps {
		switch {
		case got[i]:
			filled++
		case p.required && !p.scope && !slices.ContainsFunc(p.things[:min(1, len(p.things))], func(t int32) bool { return slices.Contains(one, t) }):
			empty++
		}
	}
	return filled, empty
}

// fitFirst puts first the first of the hits after the first, among
// fitDepth, of the first hit's backend and within fitMargin of its score
// that fits the request's ids better than it, and reports whether one
// did: it fills more identifier parameters less those it leaves empty,
// or, of a tool doing another action (another verb family: a request
// taking a thumbs-up off an issue gives no award id), fills more. It
// raises that tool's score in score just above the first hit's; the
// caller ranks the candidates again.
func (ix *Index) fitFirst(query string, hits []Hit, score []float64) bool {
	if len(hits) < 2 {
		return false
	}
	t := int32(hits[0].Doc)
	near := ix.nearTies(hits, fitMargin)
	if len(near) == 0 {
		return false
	}
	vals := ix.idValues(query)
	if len(vals) == 0 {
		return false
	}
	one := ix.singularThings(query)
	tf, te := ix.schemaFit(t, vals, one)
	best, bestNet := int32(-1), 0
	for _, d := range near {
		f, e := ix.schemaFit(d, vals, one)
		if (ix.verbs[d] == ix.verbs[t] && f-e > tf-te || ix.verbs[d] != ix.verbs[t] && f > tf) && (best < 0 || f-e > bestNet) {
			// Of the near ties that fit better, the one that fits best:
			// "close issue 412 in GitLab project ops/infra" fills
			// update_issue's ids and leaves update_issue_note's note id
			// empty.
			best, bestNet = d, f-e
		}
	}
	if best < 0 {
		return false
	}
	score[best] = hits[0].Score * 1.0001
	return true
}

// nearTies returns the hits after the first, among fitDepth, of the first
// hit's backend scoring at least margin of it: the tools a fit between the
// request and their schemas may put first (fitFirst, filterFirst).
func (ix *Index) nearTies(hits []Hit, margin float64) []int32 {
	s := ix.docServer[hits[0].Doc]
	var near []int32
	for _, h := range hits[1:min(len(hits), fitDepth)] {
		if d := int32(h.Doc); ix.docServer[d] == s && h.Score >= margin*hits[0].Score {
			near = append(near, d)
		}
	}
	return near
}
