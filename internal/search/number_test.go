package search

import (
	"slices"
	"strings"
	"testing"
)

func TestIsPlural(t *testing.T) {
	for _, tt := range []struct {
		w    string
		want bool
	}{
		{"requests", true}, {"entities", true}, {"branches", true}, {"keys", true},
		{"status", false}, {"access", false}, {"analysis", false}, {"request", false}, {"its", false},
	} {
		if got := isPlural(tt.w); got != tt.want {
			t.Errorf("isPlural(%q) = %v, want %v", tt.w, got, tt.want)
		}
	}
}

func TestQueryNumber(t *testing.T) {
	for _, tt := range []struct {
		query string
		term  string
		want  bool
	}{
		{"Show all the open pull requests", "request", true},
		{"Show every automation workflow", "workflow", true},
		{"Get pull request 88", "request", false},
		{"Which tests failed in build 9", "test", true},
		{"Which tests failed in build 9", "build", false},
		{"How many items are in dataset ds_9?", "item", false},
		{"How many items are there, and list the items", "item", true},
	} {
		if got := queryNumber(tt.query)[stem(tt.term)]; got != tt.want {
			t.Errorf("queryNumber(%q)[%q] = %v, want %v", tt.query, tt.term, got, tt.want)
		}
	}
}

// TestPluralHead checks that a plural request prefers the tool that returns
// many over its singular sibling, and that a singular one is left alone.
func TestPluralHead(t *testing.T) {
	docs := []Doc{
		{Server: "wf", Tool: "get_workflow", Description: "Get a workflow by id."},
		{Server: "wf", Tool: "list_workflows", Description: "List workflows."},
		{Server: "wf", Tool: "delete_workflow", Description: "Delete a workflow."},
	}
	ix := New(docs, nil)
	if h := ix.Search("show every workflow", 3); len(h) == 0 || h[0].Tool != "list_workflows" {
		t.Errorf("every workflow: got %v, want list_workflows first", h)
	}
	if h := ix.Search("get workflow 12", 3); len(h) == 0 || h[0].Tool != "get_workflow" {
		t.Errorf("get workflow 12: got %v, want get_workflow first", h)
	}
}

func TestLeadLen(t *testing.T) {
	for _, tt := range []struct {
		desc string
		want int
	}{
		{"Generate a radar chart, such as, evaluate phones.", 3},
		{"List files (e.g. README.md) in a directory.", 2},
		{"Hover an element on the page", 3},
		{strings.Repeat("word ", 50), leadTerms},
	} {
		if got := leadLen(tt.desc); got != tt.want {
			t.Errorf("leadLen(%q) = %d, want %d", tt.desc, got, tt.want)
		}
	}
}

func TestPluralHead_NameEndingInList(t *testing.T) {
	ix := New([]Doc{
		{Server: "s", Tool: "get-dataset", Description: "Get a dataset."},
		{Server: "s", Tool: "get-dataset-list", Description: "Get datasets."},
		{Server: "s", Tool: "get-dataset-items", Description: "Get the items of a dataset."},
	}, nil)
	if h := ix.heads[1]; h.id < 0 || !h.plural || ix.heads[0].id != h.id {
		t.Errorf("the head of get-dataset-list is %+v, want the plural of get-dataset's head %+v", h, ix.heads[0])
	}
	if hits := ix.Search("Which datasets do I own?", 5); len(hits) == 0 || hits[0].Tool != "get-dataset-list" {
		t.Errorf("hits %s, want get-dataset-list first", fmtHits(hits))
	}
}

func TestNamesOne(t *testing.T) {
	for q, want := range map[string]bool{
		"show issue 12":                  true,
		"merge PR #300":                  true,
		"approve !15":                    true,
		"who is U024BE7LH":               true,
		"transfer 50 dollars":            false,
		"the top 10 results":             false,
		"a bar chart: North 20, South 3": true, // a number after a word: ids and data look alike
		"list my issues":                 false,
	} {
		if got := namesOne(q); got != want {
			t.Errorf("namesOne(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestSearch_OneObjectByNumber(t *testing.T) {
	ix := New([]Doc{
		// The same words; ties break by server, so b's tool is second
		// unless the number says one issue.
		{Server: "b", Tool: "get_issue", Description: "Get an issue of a repository."},
		{Server: "a", Tool: "get_issues", Description: "Get an issue of a repository."},
		{Server: "fs", Tool: "read_file", Description: "Read a file."},
	}, nil)
	if hits := ix.Search("get the repository issue 12", 5); len(hits) == 0 || hits[0].Tool != "get_issue" {
		t.Errorf("hits %s, want get_issue first", fmtHits(hits))
	}
	if hits := ix.Search("get the repository issues", 5); len(hits) == 0 || hits[0].Tool != "get_issues" {
		t.Errorf("plural: hits %s, want get_issues first", fmtHits(hits))
	}
}

// TestSearch_IdOfTheParent: an id of the thing whose many children a
// request asks for ("the links of issue 17") does not make the list of
// them a wrong answer; an id of the child still does.
func TestSearch_IdOfTheParent(t *testing.T) {
	ix := New([]Doc{
		{Server: "b", Tool: "get_issue_link", Description: "Get an issue link of an issue."},
		{Server: "a", Tool: "list_issue_links", Description: "Get an issue link of an issue."},
		{Server: "fs", Tool: "read_file", Description: "Read a file."},
	}, nil)
	if hits := ix.Search("which issues are linked to issue 17", 5); len(hits) == 0 || hits[0].Tool != "list_issue_links" {
		t.Errorf("hits %s, want list_issue_links first", fmtHits(hits))
	}
	if hits := ix.Search("get the issue link 4 of issue 17", 5); len(hits) == 0 || hits[0].Tool != "get_issue_link" {
		t.Errorf("hits %s, want get_issue_link first", fmtHits(hits))
	}
	for q, want := range map[string][]string{
		"show issue 12":               {"issue"},
		"look up gitlab user id 1045": {"user"},
		"who is U024BE7LH":            {""},
		"list my issues":              nil,
	} {
		if got := idNouns(q); !slices.Equal(got, want) {
			t.Errorf("idNouns(%q) = %q, want %q", q, got, want)
		}
	}
}
