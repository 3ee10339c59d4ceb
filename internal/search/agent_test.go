package search

import (
	"strings"
	"testing"
)

// TestSearch_AgentNouns: an agent noun no tool uses stands for its verb
// when a tool's name has the verb, and not when only a description does.
func TestSearch_AgentNouns(t *testing.T) {
	docs := []Doc{
		{Server: "eslint", Tool: "lint-files", Description: "Lint files using ESLint."},
		{Server: "web", Tool: "crawl_site", Description: "Follow the links of a site."},
		{Server: "env", Tool: "get-env", Description: "Print all environment variables."},
	}
	for _, w := range []string{"chart", "map", "page", "issue", "user", "table"} {
		docs = append(docs, Doc{Server: "other", Tool: "get_" + w, Description: "Gets a " + w + "."})
	}
	ix := New(docs, nil)
	for w, want := range map[string]string{
		"linter":  "lint",
		"printer": "", // print is only get-env's description
		"user":    "", // a word tools use
		"timer":   "",
	} {
		if got := ix.agentBase(w); got != want {
			t.Errorf("agentBase(%q) = %q, want %q", w, got, want)
		}
	}
	if hs := ix.Search("run the linter over /src/index.ts and /src/api.ts", 3); len(hs) == 0 || hs[0].Tool != "lint-files" {
		t.Errorf("the linter: got %v, want lint-files first", hs)
	}
}

// TestSearch_NamedBackendWithoutWords: a backend the query names whose
// one tool shares no word with the request still answers it.
func TestSearch_NamedBackendWithoutWords(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	hs := ix.Search("List the five customers with the highest lifetime value from our Postgres database.", 5)
	if len(hs) == 0 || hs[0].Server != "postgres" || hs[0].Tool != "query" {
		t.Fatalf("got %v, want postgres/query first", hs)
	}
	if hs := ix.Search("Drop the users table in Postgres.", 5); hs != nil && hs[0].Server == "postgres" {
		t.Errorf("a read-only query tool answered a drop: %v", hs)
	}
}

func TestPlotsPair(t *testing.T) {
	for q, want := range map[string]bool{
		"plot ad spend against revenue for each month":    true,
		"chart height vs weight":                          true,
		"show the diff of feature/x against main":         false,
		"lint src/index.ts against the recommended rules": false,
	} {
		if got := plotsPair(strings.Fields(q)); got != want {
			t.Errorf("plotsPair(%q) = %v, want %v", q, got, want)
		}
	}
}
