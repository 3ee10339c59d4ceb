package search

import (
	"slices"
	"testing"
)

// TestStepSlotsFill_ClosestFirst: the slots after the tops go to the
// steps' next candidates, the closest to its step's top first, while one
// scores at least nearCloseness of it; the last slot, and those no
// candidate claims, are the whole ranking's; a step tied three ways may
// claim two slots.
func TestStepSlotsFill_ClosestFirst(t *testing.T) {
	h := func(d int, score float64) Hit { return Hit{Doc: d, Score: score} }
	rest := []Hit{h(8, 70), h(0, 60), h(9, 50), h(2, 40)}
	for _, c := range []struct {
		name   string
		steps  [][]Hit
		placed []int
		want   []int
	}{
		{
			name:   "closer runner-up first",
			steps:  [][]Hit{{h(0, 50), h(2, 46), h(3, 40)}, {h(1, 30), h(4, 29.7), h(5, 20)}},
			placed: []int{0, 1},
			want:   []int{4, 2, 8}, // 4 at 0.99 of its top, 2 at 0.92; then the whole ranking
		},
		{
			name:   "runners-up far below their tops",
			steps:  [][]Hit{{h(0, 50), h(2, 30)}, {h(1, 30), h(4, 20)}},
			placed: []int{0, 1},
			want:   []int{8, 9, 2},
		},
		{
			name:   "a three-way tie claims two slots",
			steps:  [][]Hit{{h(0, 50), h(2, 49.5), h(3, 49)}, {h(1, 30), h(4, 10)}},
			placed: []int{0, 1},
			want:   []int{2, 3, 8},
		},
		{
			name:   "the last slot is the whole ranking's",
			steps:  [][]Hit{{h(0, 50), h(3, 49)}, {h(1, 40), h(4, 39)}, {h(2, 30), h(5, 29.9)}},
			placed: []int{2, 0, 1},
			want:   []int{5, 8},
		},
		{
			name:   "a placed candidate is passed over",
			steps:  [][]Hit{{h(0, 50), h(8, 49), h(3, 48)}, {h(1, 30)}},
			placed: []int{0, 1, 8},
			want:   []int{3, 9},
		},
	} {
		s := &stepSlots{steps: c.steps}
		for _, hs := range c.steps {
			s.tops = append(s.tops, hs[0])
		}
		if got := s.fill(c.placed, rest, 5); !slices.Equal(got, c.want) {
			t.Errorf("%s: fill = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestIndex_Rivals: backends sharing rivalNames tool names are rivals;
// one sharing fewer, and a backend with itself, are not.
func TestIndex_Rivals(t *testing.T) {
	var docs []Doc
	for srv, tools := range map[string][]string{
		"hub":   {"create_issue", "create_branch", "fork_repository", "add_issue_comment"},
		"lab":   {"create_issue", "create_branch", "fork_repository", "create_issue_note"},
		"board": {"create_issue", "create_branch", "list_boards"},
	} {
		for _, tool := range tools {
			docs = append(docs, Doc{Server: srv, Tool: tool, Description: "A tool."})
		}
	}
	ix := New(docs, nil)
	srv := func(name string) int32 {
		return int32(slices.IndexFunc(ix.servers, func(s string) bool { return s == name }))
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"hub", "lab", true},
		{"lab", "hub", true},
		{"hub", "board", false},
		{"hub", "hub", false},
	} {
		if got := ix.rivals(srv(c.a), srv(c.b)); got != c.want {
			t.Errorf("rivals(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestScorer_StepVerbs: a step asking for an action lowers its tools of
// another verb family; a question and a verb of no family lower none.
func TestScorer_StepVerbs(t *testing.T) {
	docs := []Doc{
		{Server: "drafts", Tool: "delete_draft", Description: "Delete a draft."},
		{Server: "drafts", Tool: "list_drafts", Description: "List the drafts."},
	}
	ix := New(docs, nil)
	for _, c := range []struct {
		step    string
		lowered []bool // per doc
	}{
		{"delete the draft 12", []bool{false, true}},
		{"list the drafts of the week", []bool{true, false}},
		{"which drafts are there", []bool{false, false}},
		{"frobnicate the drafts", []bool{false, false}},
	} {
		sc := ix.newScorer(ix.queryTerms(c.step))
		cands := []int32{0, 1}
		for _, d := range cands {
			sc.score[d] = 10
		}
		sc.stepVerbs(clause{step: c.step, act: partAction(c.step)}, cands)
		for d, low := range c.lowered {
			if got := sc.score[d] < 10; got != low {
				t.Errorf("%q: %s lowered = %v, want %v", c.step, docs[d].Tool, got, low)
			}
		}
		for _, d := range cands {
			sc.score[d] = 0
		}
		sc.done()
	}
}

// TestSearch_StepKeepsNamedBackend: a step spelling out the tool of a
// named backend's rival stays with the named backend, and a step asking
// to create lowers its reading siblings.
func TestSearch_StepKeepsNamedBackend(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "list the labels in gitlab project 9, then comment on issue 4 with the ones we should use"
	hits := ix.Search(q, 5)
	for _, want := range []string{"list_labels", "create_issue_note"} {
		if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Server == "zereight-gitlab" && h.Tool == want }) {
			t.Errorf("%q: zereight-gitlab/%s not in the top 5: %s", q, want, fmtHits(hits))
		}
	}
	if slices.ContainsFunc(hits, func(h Hit) bool { return h.Server == "github" }) {
		t.Errorf("%q: a GitHub tool in the top 5: %s", q, fmtHits(hits))
	}
}
