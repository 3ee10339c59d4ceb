package search

import (
	"maps"
	"slices"
	"testing"
)

// Round 110: each rule's two sides, on the corpus.
func TestSearch_Round110(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	cases := []searchCase{
		// A facet one request for a tool happened to say is no facet the
		// product serves (learnedRepeated).
		{"Create a Sentry alert rule that emails me when the error rate in checkout-web goes above 5%.", ""},
		{"Set up a Sentry alert rule that pings us when the error rate goes over 5%.", ""},
		// A change asked of a product that only reads, named by its
		// category.
		{"Rename the layer 'Rectangle 12' to 'Hero background' in the landing page design file.", ""},
		// ... and what it does.
		{"Save the logo from Figma file K9dLx2 into ./assets", "figma/download_figma_images"},
		{"What are the layers of frame 12:34 in Figma file K9dLx2?", "figma/get_figma_data"},
		{"Which Sentry issues in project api-prod are unresolved?", "sentry/search_issues"},
	}
	wantFirst(t, ix, cases)

	// Off, the rules' requests are answered.
	r110Off = true
	defer func() { r110Off = false }()
	off := New(corpusDocs(t), nil)
	if hs := off.Search(cases[2].query, 5); hs == nil {
		t.Errorf("with round 110 off, %q got no answer; the test no longer measures the read-only rule", cases[2].query)
	}
}

// TestLearnedRepeated keeps the words more than one request used, stemmed,
// across the requests' and the steps' parts of the learned text.
func TestLearnedRepeated(t *testing.T) {
	d := &Doc{Learned: "alerts checkout web checkout | web issues"}
	got := slices.Sorted(maps.Keys(learnedRepeated(d)))
	want := []string{stem("checkout"), stem("web")}
	if !slices.Equal(got, want) {
		t.Errorf("learnedRepeated = %v, want %v", got, want)
	}
	if m := learnedRepeated(&Doc{Tool: "no_table_entry_tool"}); len(m) != 0 {
		t.Errorf("a tool with no learned words: %v", m)
	}
}

// TestNamedServers_ConnectionStringScheme: a connection string names the
// backend of its scheme; a web URL names none.
func TestNamedServers_ConnectionStringScheme(t *testing.T) {
	ix := New([]Doc{
		{Server: "mongodb", Tool: "find", Description: "Run a find query against a collection."},
		{Server: "postgres", Tool: "query", Description: "Run a read-only SQL query."},
		{Server: "github", Tool: "list_issues", Description: "List issues."},
	}, nil)
	for q, want := range map[string]string{
		"connect to mongodb://localhost:27017 and list the users": "mongodb",
		"mongodb+srv://cluster0.example.net count the orders":     "mongodb",
		"run select 1 on postgresql://app@db.internal:5432/shop":  "postgres",
		"map the links of https://github.com/acme/widgets":        "",
		"open ftp://files.example.com/readme.txt":                 "",
	} {
		named, _ := ix.namedServers(q)
		var got string
		if len(named) > 0 {
			got = ix.servers[named[0]]
		}
		if got != want || len(named) > 1 {
			t.Errorf("%q names %v, want %q", q, named, want)
		}
	}
}

// TestRequestVerbPlace_PrepositionFirst: a phrase of place first is no verb.
func TestRequestVerbPlace_PrepositionFirst(t *testing.T) {
	for q, want := range map[string]string{
		"Among the open PRs against main in acme/infra, find dependabot's lodash bump and merge it.": "",
		"Across all repos, list the stale branches":                                                  "",
		"Merge the open PR 12 in acme/infra":                                                         stem("merge"),
	} {
		if v, _ := requestVerbPlace(q); v != want {
			t.Errorf("requestVerbPlace(%q) = %q, want %q", q, v, want)
		}
	}
}
