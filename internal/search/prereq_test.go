package search

import (
	"slices"
	"testing"
)

func TestPrereqs_ReadFromDescriptions(t *testing.T) {
	ix := New([]Doc{
		{Server: "docs", Tool: "resolve-id", Title: "Resolve ID", Description: "Resolves a name to an ID. You MUST call this function before 'Query Docs' to obtain a valid ID."},
		{Server: "docs", Tool: "query-docs", Title: "Query Docs", Description: "Queries the documentation of a library."},
		{Server: "cost", Tool: "get_cost", Description: "Gets the cost of a new project."},
		{Server: "cost", Tool: "confirm_cost", Description: "Ask the user to confirm the cost. Call `get_cost` first."},
		{Server: "git", Tool: "get_branch", Description: "Get branch details."},
		{Server: "git", Tool: "delete_branch", Description: "Delete a branch. Use this only after confirming the branch name; use `get_branch` before deletion."},
		{Server: "git", Tool: "health_check", Description: "Use this to verify authentication before making requests; use `get_branch` when needed."},
	}, nil)
	needs := func(a, b string) bool {
		for d, ps := range ix.prereqs {
			for _, p := range ps {
				if ix.docs[d].Tool == a && ix.docs[p].Tool == b {
					return true
				}
			}
		}
		return false
	}
	if !needs("query-docs", "resolve-id") || !needs("confirm_cost", "get_cost") {
		t.Errorf("prerequisites not read: %v", ix.prereqs)
	}
	// "use this only after ..., use X before deletion" and "use this to
	// verify ... before making requests" name no order between tools.
	if needs("get_branch", "delete_branch") || needs("delete_branch", "get_branch") || needs("get_branch", "health_check") {
		t.Errorf("a prerequisite read where none is: %v", ix.prereqs)
	}
}

// TestSearch_PrerequisiteInHits: a query about a library's docs finds
// query-docs, whose description says resolve-library-id comes first: both
// are in the top 5.
func TestSearch_PrerequisiteInHits(t *testing.T) {
	ix := corpusIndex(t)
	for _, q := range []string{"Look up the Next.js docs on routing.", "How do I use React's useEffect? Look it up in the docs."} {
		hits := ix.Search(q, 5)
		has := func(tool string) bool {
			return slices.ContainsFunc(hits, func(h Hit) bool { return h.Server == "context7" && h.Tool == tool })
		}
		if len(hits) == 0 || hits[0].Tool != "query-docs" || !has("resolve-library-id") {
			t.Errorf("%q: %s, want query-docs first and resolve-library-id in the top 5", q, fmtHits(hits))
		}
	}
}
