package search

import "testing"

const nearMiss32Qs = "testdata/nearmiss32-queries.jsonl"

// TestRetrievalNearMiss32 scores a set written in round thirty-two from the
// corpus alone, before any change: 60 requests that name a backend (24 of
// them) and ask for an action none of its tools does ("rename the Slack
// channel", "delete the Sentry team", "add a member to the Redis set"),
// each checked against that server's tools and descriptions, and 40 single
// requests that name a backend and ask, in the same verbs, for what one of
// its tools does ("delete the label ... from the GitLab project", "rename
// the HubSpot company"). Held out for the round (scored at its start and
// end only), so its misses are not logged; its words are not in the
// learned table (learnedgen's notLearned). Before round thirty-two's
// rules: hit@1 0.825, hit@5 0.900, none 0.533 (32 of 60), 4 answerable
// judged "none". Scored four times in all: at the start, after the first
// rule of round thirty-two (round32.go) with a second since reverted
// (unchanged), and at the end, after all its rules: 0.825, 0.900 and
// 0.550 (33 of 60), 4 answerable judged "none": of the round's rules,
// chosen on nearmiss29 and the tuned sets, only the last carried over,
// to one request.
func TestRetrievalNearMiss32(t *testing.T) {
	testRetrievalLog(t, nearMiss32Qs, scores{hit1: 0.82, hit5: 0.9, none: 0.55}, func(string) {})
}
