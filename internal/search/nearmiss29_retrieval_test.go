package search

import "testing"

const nearMiss29Qs = "testdata/nearmiss29-queries.jsonl"

// TestRetrievalNearMiss29 scores a set written in round twenty-nine for the
// named near miss: 62 requests that name a backend some tool serves and
// ask for an action none of its tools does ("rename the node ... in the
// memory server", "archive the GitLab project", "delete the edge function
// from Supabase"), each checked against every corpus server's tools, and
// 40 single requests that name a backend and ask, in the same words, for
// what it does ("rename the collection ... in MongoDB", "delete the
// Supabase branch"), so that a rule rejecting too much shows. Tuned on, but
// its words are not in the learned table (learnedgen's notLearned): the
// single requests would pass on their own words. (Written as tune36; named
// for its round when round twenty-seven's tune36, of tasks, reached main
// first.) Before round
// twenty-nine's rules: hit@1 0.950, hit@5 1.000, none 0.339 (21 of 62);
// without learned words 0.925, 0.975. With the rule for a named backend
// whose tools for the object do not do the action (nearmiss29.go): 0.950,
// 1.000, 0.452 (28 of 62); with verbs outside the families in that rule
// 0.950, 1.000, 0.532 (33 of 62); with an object the backend's tools
// only take as a parameter 0.950, 1.000, 0.548 (34 of 62); with adding a
// thing the backend never mentions to one its tools are named for 0.950,
// 1.000, 0.581 (36 of 62); with a verb outside the families no tool does
// on a thing the backend never mentions 0.950, 1.000, 0.645 (40 of 62).
// Round thirty-two (round32.go): with merging, sharing, archiving and the
// other operations of their own not done by a tool only updating the
// object, and no word past a description's lead or in its error
// responses saying it, 0.950, 1.000, 0.694 (43 of 62); with a tool only
// reading a thing doing none of those operations to it 0.950, 1.000,
// 0.710 (44 of 62); with a backend of verb-named tools naming its objects
// in their leads and a tool writing values under keys renaming none
// 0.950, 1.000, 0.726 (45 of 62).
func TestRetrievalNearMiss29(t *testing.T) {
	testRetrieval(t, nearMiss29Qs, scores{hit1: 0.95, hit5: 1, none: 0.72})
}
