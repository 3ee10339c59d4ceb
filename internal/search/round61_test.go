package search

import (
	"slices"
	"testing"
)

// TestLeadStatement: the first sentence past headers, a vendor's prefix
// and a subject, before examples and error lists.
func TestLeadStatement(t *testing.T) {
	for _, c := range []struct{ desc, want string }{
		{"Get a specific issue link. It is read-only.", "Get a specific issue link"},
		{"Notion | Create a page\nError Responses:\n400: Bad request", "Create a page"},
		{"\n    🛡️ Guardrails:\n      1. Data Modification Warning: modifies data.\n\n    🎯 Purpose:\n      1. Creates a HubSpot engagement (Note or Task) associated with contacts.\n      2. More.", "Creates a HubSpot engagement (Note or Task) associated with contacts"},
		{"🎯 Purpose:\n 1. This tool retrieves a complete catalog of properties for any HubSpot object type.", "retrieves a complete catalog of properties for any HubSpot object type"},
		{"Generate a radar chart to display multidimensional data, such as, phones.", "Generate a radar chart to display multidimensional data,"},
		{"DEPRECATED: Use `get-dataset-items` instead.", ""},
	} {
		if got := leadStatement(c.desc); got != c.want {
			t.Errorf("leadStatement(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}

// stmtDocs: a CRM whose engagement tool names notes only in brackets, a
// generic object creator that lists note among its types deep in its text,
// and a CI backend whose tools are named for no verb.
func stmtDocs() []Doc {
	return []Doc{
		{Server: "crm", Tool: "crm-create-engagement", Description: "Purpose: 1. Creates a CRM engagement (Note or Task) associated with contacts, companies or deals."},
		{Server: "crm", Tool: "crm-batch-create-objects", Description: "Purpose: 1. Creates multiple CRM objects of the same objectType in a single call. Object types: contacts, companies, deals, notes, tasks, calls."},
		{Server: "crm", Tool: "crm-list-objects", Description: "Retrieves a paginated list of objects of a specified type."},
		{Server: "ci", Tool: "pipelines_build", Description: "Retrieve build data for a project."},
		{Server: "ci", Tool: "pipelines_write", Description: "Write operations for pipelines and builds."},
		{Server: "ci", Tool: "repo_pull_request_thread", Description: "Retrieve pull request thread and comment data."},
		{Server: "ci", Tool: "browser_tabs", Description: "List, create, close, or select a browser tab."},
		{Server: "misc", Tool: "deal_fields", Description: "Get the fields of a deal."},
		{Server: "misc", Tool: "screencast_stop", Description: "Stops the screencast."},
		{Server: "misc", Tool: "failed_tests", Description: "List failed tests of a job."},
		{Server: "misc", Tool: "create_team", Description: "Create a team."},
	}
}

// TestStmtOf: a first sentence's verbs and the heads of its object.
func TestStmtOf(t *testing.T) {
	ix := New(stmtDocs(), nil)
	heads := func(d int32) []string {
		var out []string
		for term, id := range ix.tools.ids {
			if slices.Contains(ix.stmts[d].obj, id) {
				out = append(out, term)
			}
		}
		slices.Sort(out)
		return out
	}
	for _, c := range []struct {
		doc   int32
		verb  verbFamily
		heads []string
	}{
		{0, verbCreate, []string{"engagement", "not", "task"}},
		{1, verbCreate, []string{"object"}},
		{2, verbRead, []string{"object"}},
		{3, verbRead, []string{"build"}},
		{4, verbCreate | verbUpdate, nil},
		{5, verbRead, []string{"comment", "thread"}},
		{6, verbRead | verbCreate | verbUpdate, []string{"tab"}},
	} {
		if got := ix.stmts[c.doc]; got.verb != c.verb || !slices.Equal(heads(c.doc), c.heads) {
			t.Errorf("%s: verb %v heads %v, want %v %v", ix.docs[c.doc].Tool, got.verb, heads(c.doc), c.verb, c.heads)
		}
	}
}

// TestObjectHead: the head of the thing a request names, after its verb or
// question word.
func TestObjectHead(t *testing.T) {
	ix := New(stmtDocs(), nil)
	for _, c := range []struct{ q, head, verb string }{
		{"add a note to the Acme deal in the CRM", "not", "add"},
		{"what fields does a deal have", "field", ""},
		{"Show me a page of deals from our CRM", "deal", "show"},
		{"End the screencast I started on the page", "screencast", "end"},
		{"List the tests failed in the latest job", "test", "list"},
		{"What's the default branch and visibility of our project with id 4512?", "", ""},
		{"I drafted this pipeline; does it pass?", "", ""},
		{"how many builds ran today", "", ""},
		{"We need a new team for the data folks", "team", ""},
	} {
		head, verb := ix.objectHead(c.q)
		if head != c.head || verb != c.verb {
			t.Errorf("objectHead(%q) = %q, %q, want %q, %q", c.q, head, verb, c.head, c.verb)
		}
	}
}

// TestStmtFirst: a near tie whose first sentence's object is the request's
// goes first when the first hit never mentions it; one named for no verb is
// judged by its first sentence's verb.
func TestStmtFirst(t *testing.T) {
	ix := New(stmtDocs(), nil)
	hits := func(docs ...int) []Hit {
		var out []Hit
		for i, d := range docs {
			out = append(out, Hit{Doc: d, Score: 10 - 0.1*float64(i)})
		}
		return out
	}
	score := make([]float64, len(ix.docs))
	if !ix.stmtFirst("add a note to the Acme deal in the CRM", hits(1, 0), score) || score[0] <= 10 {
		t.Errorf("add a note: crm-create-engagement not first (%v)", score)
	}
	score = make([]float64, len(ix.docs))
	if ix.stmtFirst("list the objects of type deal", hits(2, 0), score) {
		t.Errorf("list the objects: crm-list-objects names them, yet moved")
	}
	score = make([]float64, len(ix.docs))
	if !ix.actionFirst("Queue a new build of pipeline 12", hits(3, 4), score) || score[4] <= 10 {
		t.Errorf("queue a build: pipelines_write not first (%v)", score)
	}
	score = make([]float64, len(ix.docs))
	if ix.actionFirst("show the builds of the project", hits(3, 4), score) {
		t.Errorf("show the builds: pipelines_build reads, yet moved")
	}
}
