package search

import "testing"

// TestRetrievalTasks64a scores tasks64a, 120 tasks of two or three steps
// (32 of three) written from the corpus's server files alone by a helper
// that read no search code, in the style of the sets written blind; round
// sixty-four tuned on it (its misses are logged). At the start of the
// round (2ced418): hit@1 99, hit@5 87 of 120; after its rules (round64.go),
// 100 and 96 (97 at the merge). Round sixty-five's learned table
// (learn65a-d): 103 and 94 (four tasks won and four lost at five, near
// ties of a step's siblings; the tasks' words are never learned). Round
// sixty-eight's product vocabulary: 102 and 96 (a HubSpot note or
// customer read as an engagement or object in a task whose other step
// comes first).
// Round sixty-six learns the steps of the tuned-on tasks (round66.go):
// 106 and 107 on its branch, in-sample. Round eighty's antecedentFit
// (round80.go) moves one step label (t64a-011's n8n_list_workflows now
// paired with its "Find it" step, whose ranking the rule lifts it in):
// hit@5 110 to 109 in-sample, its floor; cross-validated tasks +2.
func TestRetrievalTasks64a(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/tasks64a-queries.jsonl"), func(m string) { t.Log(m) })
	n := float64(s.n)
	h1, h5, any5 := int(s.hit1*n+0.5), int(s.hit5*n+0.5), int(s.anyHit5*n+0.5)
	t.Logf("tasks64a: hit@1 %d, hit@5 %d, any expected tool in the top 5 %d of %d; wrongly none %d", h1, h5, any5, s.n, s.falseNone)
	if h1 < 106 || h5 < 109 {
		t.Errorf("tasks64a below rounds sixty-six to eighty: hit@1 106, hit@5 109 of 120 (110 before round eighty, 102 and 96 after round sixty-eight, 103 and 94 after round sixty-five, 100 and 96 after round sixty-four, 99 and 87 before it)")
	}
}

// TestRetrievalTasks64b scores tasks64b, round sixty-four's own held-out
// set: 60 tasks of two or three steps (15 of three), written from the
// corpus's server files alone by a helper that read no search code, before
// the round changed any scoring, never run one by one, nor learned from
// (learnedgen's heldOut, cvHeld). Only its aggregates are logged, never a
// miss. At the start of the round (2ced418): hit@1 43, hit@5 40 of 60;
// after its rules (round64.go), 44 and 41, its floors (46 and 45 after
// round sixty-five; 47 and 45 after round sixty-six).
func TestRetrievalTasks64b(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/tasks64b-queries.jsonl"), func(string) {})
	n := float64(s.n)
	h1, h5, any5 := int(s.hit1*n+0.5), int(s.hit5*n+0.5), int(s.anyHit5*n+0.5)
	t.Logf("tasks64b: hit@1 %d, hit@5 %d, any expected tool in the top 5 %d of %d; wrongly none %d", h1, h5, any5, s.n, s.falseNone)
	if h1 < 44 || h5 < 41 {
		t.Errorf("tasks64b below round sixty-four: hit@1 44, hit@5 41 of 60 (43 and 40 before it)")
	}
}
