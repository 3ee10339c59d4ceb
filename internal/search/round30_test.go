package search

import (
	"slices"
	"strings"
	"testing"
)

func TestLearnedWords(t *testing.T) {
	for q, want := range map[string]string{
		"Reload https://shop.example.com while recording a trace": "reload while recording trace",
		"email bob@acme.io the report":                            "email the report",
		"get the Sentry issue PROJ-1234 in acme/web":              "get the sentry issue acme web",
		"show record XyZ12345 please":                             "show record please",
	} {
		if got := strings.Join(LearnedWords(q), " "); got != want {
			t.Errorf("LearnedWords(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestSearch_WriteTwinReads(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, name := range []string{"repo_pull_request", "wit_work_item", "repo_pull_request_thread"} {
		d := slices.IndexFunc(ix.docs, func(d Doc) bool { return d.Server == "azure-devops" && d.Tool == name })
		if d < 0 {
			t.Fatalf("no azure-devops/%s", name)
		}
		if ix.verbs[d] != verbRead {
			t.Errorf("%s: family %v, want reading (it has a _write twin)", name, ix.verbs[d])
		}
	}
	for q, want := range map[string]string{
		"open a pull request in azure repos from feature/login into main": "repo_pull_request_write",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, hits, want)
		}
	}
}

func TestSearch_FilterLowersGetOne(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	rank := func(q, tool string) int {
		for i, h := range ix.Search(q, 5) {
			if h.Tool == tool {
				return i
			}
		}
		return 5
	}
	if r := rank("fetch the rows of my Notion tasks database where Status is Done", "API-query-data-source"); r > 1 {
		t.Errorf("query-data-source at %d, want among the first two", r)
	}
	if r := rank("get the HubSpot contacts whose lifecycle stage is customer", "hubspot-get-link"); r < 3 {
		t.Errorf("hubspot-get-link at %d, want below the first three", r)
	}
	// An id names the one thing: no condition to meet.
	if r := rank("get Notion database 8f2e where the tasks live", "API-retrieve-a-database"); r != 0 {
		t.Errorf("API-retrieve-a-database at %d, want first", r)
	}
}

func TestSearch_BackendAbbreviation(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	named, naming := ix.namedServers("list the branches of the ADO repo api")
	if len(named) != 1 || ix.servers[named[0]] != "azure-devops" || !naming["ado"] {
		t.Errorf("ADO names %v (%v), want azure-devops", named, naming)
	}
	if hits := ix.Search("show me the work items assigned to me in ADO", 5); len(hits) == 0 || hits[0].Server != "azure-devops" {
		t.Errorf("work items in ADO: %v, want azure-devops first", hits)
	}
	for q, want := range map[string]string{
		"what repositories does the ADO project Orion have?": "repo_repository",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, hits, want)
		}
	}
}

func TestSearch_ChartWords(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]string{
		"plot the age density of our users in each plan":         "generate_violin_chart",
		"put pins on a map at our three warehouses in Ohio":      "generate_pin_map",
		"draw the org chart of the platform team":                "generate_organization_chart",
		"chart monthly signups as vertical bars: jan 40, feb 55": "generate_column_chart",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, hits, want)
		}
	}
}

func TestRewriteArithmetic(t *testing.T) {
	for in, want := range map[string]string{
		"add 3 and 4 with the everything server": "sum of 3 and 4 with the everything server",
		"what's 12.5 plus 7?":                    "what's sum of 12.5 and 7?",
		"Add five to nine":                       "sum of five and nine",
		"add 3 labels to issue 12":               "add 3 labels to issue 12",
		"add a comment to issue 4":               "add a comment to issue 4",
	} {
		if got := rewriteArithmetic(in); got != want {
			t.Errorf("rewriteArithmetic(%q) = %q, want %q", in, got, want)
		}
	}
	ix := New(corpusDocs(t), nil)
	if hits := ix.Search("could the reference server add 40 and 2 for me", 5); len(hits) == 0 || hits[0].Tool != "get-sum" {
		t.Errorf("add 40 and 2: %v, want get-sum first", hits)
	}
}
