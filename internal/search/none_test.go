package search

import "testing"

// TestSearch_NamedBackendAnsweredElsewhereNeedsCoverage: a one-step
// request naming a backend is answered by another backend's tool only
// when that tool covers the request, not on two of its words.
func TestSearch_NamedBackendAnsweredElsewhereNeedsCoverage(t *testing.T) {
	docs := []Doc{
		{Server: "chat", Tool: "post_message", Description: "Post a message to a chat channel."},
		{Server: "chat", Tool: "list_channels", Description: "List the channels of the chat workspace."},
		{Server: "devops", Tool: "get_alerts", Description: "Get the security alerts of a project."},
		{Server: "devops", Tool: "list_projects", Description: "List the projects of the organization."},
		{Server: "devops", Tool: "get_build", Description: "Get a build of a pipeline."},
	}
	for i := range 20 {
		docs = append(docs, Doc{Server: "misc", Tool: "tool" + string(rune('a'+i)), Description: "Does thing " + string(rune('a'+i)) + " with widgets and gadgets."})
	}
	ix := New(docs, nil)
	if hits := ix.Search("noisy alerts for the checkout project keep flooding chat every fortnight", 5); hits != nil {
		t.Errorf("request naming chat: %v, want no tool (devops's get_alerts covers little of it)", fmtHits(hits))
	}
	if hits := ix.Search("get the security alerts of the checkout project for chat", 5); len(hits) == 0 || hits[0].Tool != "get_alerts" {
		t.Errorf("security alerts request naming chat: %v, want get_alerts (it covers the request)", fmtHits(hits))
	}
}

// TestSearch_NamedBackendByAForeignChannel: a request by a channel no tool
// offers ("email me ...") is not answered by the named backend's tool for
// what it is about.
func TestSearch_NamedBackendByAForeignChannel(t *testing.T) {
	ix := New([]Doc{
		{Server: "tracker", Tool: "search_issues", Description: "Search the issues of a tracker project."},
		{Server: "tracker", Tool: "get_issue", Description: "Get one issue by its id."},
		{Server: "tracker", Tool: "list_projects", Description: "List the projects."},
	}, nil)
	if hits := ix.Search("email me a weekly summary of my tracker issues", 5); hits != nil {
		t.Errorf("email request: %v, want no tool (no tool emails)", fmtHits(hits))
	}
	if hits := ix.Search("search my tracker issues about login", 5); len(hits) == 0 || hits[0].Tool != "search_issues" {
		t.Errorf("search request: %v, want search_issues", fmtHits(hits))
	}
}
