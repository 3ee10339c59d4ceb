package search

import "testing"

// TestRetrievalNearMiss67 scores nearmiss67, round sixty-seven's own
// held-out set: 30 requests that name a product we serve (Slack, GitHub,
// GitLab, Notion, Sentry, Supabase, HubSpot, MongoDB, Redis, CircleCI,
// Apify, Azure DevOps, Firecrawl, Figma, draw.io, Google Maps, Puppeteer,
// the memory graph, the filesystem, ESLint: 20 servers) for an action none
// of its tools does, many sharing words with a tool it has ("delete" where
// only create and update exist, "edit the message" where Slack only
// posts), kind none, interleaved with 30 answerable requests naming the
// same products for actions they do have, phrased alike. Written from the
// corpus's server files before the round changed any scoring, never read
// one by one afterwards, nor learned from (learnedgen's heldOut, cvHeld).
// Only its aggregates are logged. At the start (37bf639): single hit@1
// 28, hit@5 30 of 30 (wrongly none 0), none 19 of 30; after round
// sixty-seven (round67.go): 28, 30 (wrongly none 0) and 20, its floors.
func TestRetrievalNearMiss67(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	s := evaluate(ix, readQueries(t, "testdata/nearmiss67-queries.jsonl"), func(string) {})
	n, h1, h5, none, nNone, wrongNone := s.n, s.answered1(), s.answered5(), s.noneRight, s.nNone, s.falseNone
	t.Logf("nearmiss67: single hit@1 %d, hit@5 %d of %d (wrongly none %d); none %d of %d", h1, h5, n, wrongNone, none, nNone)
	if h1 < 28 || h5 < 30 || none < 20 {
		t.Errorf("nearmiss67 below round sixty-seven: single 28 / 30 of 30, none 20 of 30 (28 / 30 and 19 before it)")
	}
}
