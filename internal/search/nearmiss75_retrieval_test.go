package search

import "testing"

// TestRetrievalNearMiss75 scores nearmiss75, round seventy-five's own
// held-out set: 45 requests that name a product we serve for an action
// none of its tools does, over 19 servers (Slack 6, GitHub 5, Sentry 3,
// Notion 3, Supabase 3, GitLab 3, MongoDB, Redis, Figma, Google Maps,
// CircleCI, HubSpot, Azure DevOps, Apify, the filesystem 2 each; n8n,
// Firecrawl, Context7, Postgres), some of two clauses ("Create a private
// Slack channel ... and invite Maya to it"), kind none, interleaved with
// 21 answerable requests naming the same products (15 single, 6 tasks
// of two steps both served). Written from the corpus's server files
// before the round changed any scoring, never read one by one
// afterwards, nor learned from (learnedgen's heldOut, cvHeld). Only its
// aggregates are logged.
func TestRetrievalNearMiss75(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	var n, h1, h5, none, nNone, wrongNone, nt, t5 int
	for _, q := range readQueries(t, "testdata/nearmiss75-queries.jsonl") {
		s := evaluate(ix, []evalQuery{q}, func(string) {})
		if q.Kind == "none" {
			nNone++
			none += int(s.none + 0.5)
			continue
		}
		if q.Kind == "multi" {
			nt++
			t5 += int(s.hit5)
			wrongNone += s.falseNone
			continue
		}
		n++
		h1 += int(s.hit1)
		h5 += int(s.hit5)
		wrongNone += s.falseNone
	}
	t.Logf("nearmiss75: single hit@1 %d, hit@5 %d of %d; tasks hit@5 %d of %d (wrongly none %d); none %d of %d", h1, h5, n, t5, nt, wrongNone, none, nNone)
	if h1 < 0 || h5 < 0 || t5 < 0 || none < 0 {
		t.Errorf("nearmiss75 below round seventy-five")
	}
}
