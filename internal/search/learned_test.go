package search

import (
	"strings"
	"testing"
)

// Two tools the words of a request match alike: the one whose learned
// words (what requests for it said) the request also uses comes first.
func TestLearned_ReordersToolsTheQueryMatched(t *testing.T) {
	docs := []Doc{
		{Server: "ops", Tool: "list_events", Description: "List the events of a cluster."},
		{Server: "ops", Tool: "list_alerts", Description: "List the alerts of a cluster."},
		{Server: "ops", Tool: "get_status", Description: "Show the status of a service."},
	}
	const query = "list what paged me in the cluster"
	before := New(docs, nil).Search(query, 5)
	if len(before) < 2 || before[0].Tool != "list_alerts" || before[0].Score != before[1].Score {
		t.Fatalf("without learned words: %s, want list_alerts and list_events tied, in that order", fmtHits(before))
	}
	docs[0].Learned = "paged pager woke"
	after := New(docs, nil).Search(query, 5)
	if len(after) == 0 || after[0].Tool != "list_events" {
		t.Fatalf("with learned words: %s, want list_events first (without: %s)", fmtHits(after), fmtHits(before))
	}
}

// Learned words decide nothing: a request only they match is answered
// with no tool, as a request no tool serves is.
func TestLearned_AloneMatchNothing(t *testing.T) {
	docs := []Doc{
		{Server: "ops", Tool: "list_alerts", Description: "List the alerts of a cluster.", Learned: "pager woke midnight"},
		{Server: "ops", Tool: "get_status", Description: "Show the status of a service."},
	}
	if hits := New(docs, nil).Search("pager woke midnight", 5); hits != nil {
		t.Fatalf("Search of learned words only = %s, want none", fmtHits(hits))
	}
}

// A learned word the tool's own text has adds nothing: it already counts
// there, at its field's weight.
func TestLearned_OwnWordsAreNotCountedTwice(t *testing.T) {
	plain := []Doc{{Server: "ops", Tool: "list_alerts", Description: "List the alerts of a cluster."}, {Server: "ops", Tool: "get_status", Description: "Show a status."}}
	own := []Doc{{Server: "ops", Tool: "list_alerts", Description: "List the alerts of a cluster.", Learned: "alerts cluster"}, plain[1]}
	a, b := New(plain, nil).Search("list the alerts of the cluster", 5), New(own, nil).Search("list the alerts of the cluster", 5)
	if len(a) == 0 || len(b) == 0 || a[0].Score != b[0].Score {
		t.Fatalf("learned words the tool has changed its score: %s against %s", fmtHits(b), fmtHits(a))
	}
}

// The table is keyed by a tool's name and its parameters' names, not by
// the backend's name (each user names theirs) nor the parameters' order.
func TestLearned_KeyIgnoresTheBackendNameAndParameterOrder(t *testing.T) {
	k1 := LearnedKey("create_issue", []Param{{Name: "title"}, {Name: "body"}, {Name: "repo"}})
	k2 := LearnedKey("create_issue", []Param{{Name: "repo"}, {Name: "title"}, {Name: "body"}})
	if k1 != k2 || k1 != "create_issue(body,repo,title)" {
		t.Fatalf("LearnedKey = %q and %q, want create_issue(body,repo,title) for both", k1, k2)
	}
	var d Doc
	for _, c := range corpusDocs(t) {
		if learnedTable[LearnedKey(c.Tool, c.Params)] != "" {
			d = c
			break
		}
	}
	if d.Tool == "" {
		t.Fatal("no corpus tool has learned words: is learned_table.go generated?")
	}
	d.Server = "my-own-name"
	if learnedText(&d) == "" {
		t.Fatalf("%s under another backend name has no learned words", d.Tool)
	}
}

// Every key of the generated table is a corpus tool's: the table was
// written from this corpus (run `go run learnedgen/gen.go` in
// internal/search after the corpus or a tuning set changes).
func TestLearned_TableMatchesTheCorpus(t *testing.T) {
	keys := map[string]bool{}
	for _, d := range corpusDocs(t) {
		keys[LearnedKey(d.Tool, d.Params)] = true
	}
	var stale []string
	for k := range learnedTable {
		if !keys[k] {
			stale = append(stale, k)
		}
	}
	if len(stale) > 0 {
		t.Fatalf("learned_table.go has %d keys no corpus tool has (%s): run `go run learnedgen/gen.go` in internal/search", len(stale), strings.Join(stale[:min(3, len(stale))], ", "))
	}
	if len(learnedTable) < len(keys)/2 {
		t.Fatalf("learned_table.go covers %d of %d corpus tools", len(learnedTable), len(keys))
	}
}

// withoutLearnedWords builds indexes without the learned table until the
// function it returns is called: for tests of a rule whose example rests
// on a near tie the table's data can flip.
func withoutLearnedWords() func() {
	tbl := learnedTable
	learnedTable = nil
	return func() { learnedTable = tbl }
}
