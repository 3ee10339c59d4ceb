package search

import "slices"

// Round thirty-one (bench/retrieval-notes.md): the sibling in a step's
// slot.
//
// A task of several steps keeps one tool a step (clauseTops), and the
// rest of its list is the whole request's ranking. A step's words often
// match two tools of its backend nearly alike ("open it as a diagram in
// draw.io": open_drawio_csv 43.8, open_drawio_mermaid 43.4; "save a
// summary as a new Notion page": API-create-a-data-source 28.4,
// API-post-page 28.3), and which one comes first is decided by how often
// a description repeats a word, not by what the step asks. The whole
// request's ranking seldom gives the second one a place: its words are
// the other steps' too, and the siblings of the step served best (the
// backend's other tools for pages, for comments) take the slots. So a
// step's second candidate of its top's backend, when it scores within
// stepCloseness of the top, is kept after every step's top and before the
// rest of the whole request's ranking. Only in a task whose steps ask for
// different actions (not oneAction): a single request the splitter cuts
// into parts ("show the priority and color of the label") is one step,
// and its whole ranking already orders its candidates.

// stepCloseness is how close to its step's top a step's second candidate
// must score to be kept: a near tie, which the words cannot decide.
var stepCloseness = 0.97

// stepSeconds returns each step's second candidate (clauseHits, the
// steps' best hits; info, what they say; first, the whole request's first
// hit): the best hit of the step after the tool kept for it (stepTop),
// when it is of the same backend and scores at least stepCloseness of it,
// the closest to its top first (closestFirst, round101.go; the order of
// the steps on a tie). A tool kept for another step is passed over:
// it has its slot ("Drop the scratch database in MongoDB and add an index
// ...": drop-index, the second step's, ties with the first step's
// drop-collection, and drop-database comes next). A request whose parts
// ask for one action (oneAct, oneAction of the request) has none.
func (ix *Index) stepSeconds(oneAct bool, clauseHits [][]Hit, info []clause, first Hit) []int32 {
	if len(clauseHits) < 2 || oneAct {
		return nil
	}
	tops := make([]int, len(clauseHits))
	for i, hs := range clauseHits {
		tops[i] = ix.stepTop(hs, info[i], first).Doc
	}
	var out []int32
	var close []float64
	for i, hs := range clauseHits {
		top := hs[slices.IndexFunc(hs, func(h Hit) bool { return h.Doc == tops[i] })]
		for _, h := range hs {
			if slices.Contains(tops, h.Doc) || h.Server != top.Server {
				continue
			}
			if h.Score >= stepCloseness*top.Score {
				out = append(out, int32(h.Doc))
				close = append(close, h.Score/top.Score)
			}
			break
		}
	}
	if !r101Off {
		closestFirst(out, close)
	}
	return out
}
