package search

import (
	"slices"
	"strings"
	"testing"
)

// categoryDocs are a few corpus-like backends and two outside the corpus
// whose category only their name or their tools' descriptions say.
func categoryDocs() []Doc {
	return []Doc{
		{Server: "sentry", Tool: "search_issues", Description: "Search for grouped issues in Sentry"},
		{Server: "github", Tool: "list_issues", Description: "List issues in a GitHub repository"},
		{Server: "redis", Tool: "get", Description: "Get value by key from Redis"},
		{Server: "playwright", Tool: "browser_click", Description: "Perform click on a web page"},
		{Server: "n8n", Tool: "n8n_list_workflows", Description: "List workflows"},
		{Server: "azure-devops", Tool: "wit_backlog", Description: "Retrieve backlog data for a project and team"},
		{Server: "acme-crm", Tool: "find_customer", Description: "Find a customer record"},
		{Server: "bugsnag", Tool: "list_errors", Description: "List errors of a project in the error monitoring service"},
		{Server: "bugsnag", Tool: "get_error", Description: "Get an error from the error monitoring service"},
	}
}

// catNamed returns the backends query names by category, sorted.
func catNamed(ix *Index, query string) string {
	cat, _ := ix.queryCategories(query)
	var out []string
	for s, ok := range cat {
		if ok {
			out = append(out, ix.servers[s])
		}
	}
	slices.Sort(out)
	return strings.Join(out, ",")
}

// TestCategories: a category phrase names its backends, by their names
// or, outside the corpus, by their names' or descriptions' words; the
// longest phrase wins; a value's words and a longer word are no category.
func TestCategories(t *testing.T) {
	ix := New(categoryDocs(), nil)
	for q, want := range map[string]string{
		"which errors are new in the error tracker?":     "bugsnag,sentry",
		"find Acme in the CRM":                           "acme-crm",
		"what's in the cache for user 42":                "redis",
		"list the flows in our workflow automation tool": "n8n",
		"with the browser automation, click Save":        "playwright",
		"what's on the boards this sprint":               "azure-devops",
		"Print my boarding pass.":                        "",
		"what fields do documents in crm.contacts have":  "",
		"open an issue about the login bug":              "",
	} {
		if got := catNamed(ix, q); got != want {
			t.Errorf("%q: named %q by category, want %q", q, got, want)
		}
	}
}

// TestCategories_Boost: a category phrase lifts its backend's tools over
// another backend's that the words match as well, and makes its request
// answerable there.
func TestCategories_Boost(t *testing.T) {
	ix := New(categoryDocs(), nil)
	hs := ix.Search("list the issues in our crash reporter", 3)
	if len(hs) == 0 || hs[0].Server != "sentry" && hs[0].Server != "bugsnag" {
		t.Errorf("crash reporter: got %v, want an error tracker's tool first", hs)
	}
}
