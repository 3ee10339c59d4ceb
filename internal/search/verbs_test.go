package search

import "testing"

func TestSearch_VerbFamiliesExcludeEachOther(t *testing.T) {
	docs := []Doc{
		{Server: "crm", Tool: "create_contact", Description: "Create a contact record with an email address and a phone."},
		{Server: "crm", Tool: "search_contacts", Description: "Search records."},
		{Server: "web", Tool: "fetch", Description: "Fetch a web page."},
	}
	ix := New(docs, nil)
	q := "find the contact record with this email address"
	hits := ix.Search(q, 5)
	if len(hits) < 2 || hits[0].Tool != "search_contacts" {
		t.Errorf("%q: hits %v, want search_contacts first", q, hits)
	}
	// Without the verb, the tool matching more words wins.
	if hits := ix.Search("the contact record with this email address", 5); len(hits) == 0 || hits[0].Tool != "create_contact" {
		t.Errorf("no verb: hits %v, want create_contact first", hits)
	}
	if nameVerb("hubspot-create-engagement") != verbCreate || nameVerb("API-post-page") != 0 || nameVerb("get_build_failure_logs") != verbRead {
		t.Error("nameVerb does not find the first verb of a tool name")
	}
}

func TestSearch_QuestionWantsToRead(t *testing.T) {
	ix := New([]Doc{
		{Server: "kg", Tool: "delete_entities", Description: "Delete the entities linked to a node."},
		{Server: "kg", Tool: "open_entities", Description: "Open: the entities linked to a node."},
		{Server: "web", Tool: "fetch", Description: "Fetch a web page."},
	}, nil)
	if hits := ix.Search("Which entities are linked to Acme?", 5); len(hits) == 0 || hits[0].Tool != "open_entities" {
		t.Errorf("a question: hits %s, want open_entities first", fmtHits(hits))
	}
	if isQuestion("Can you delete the entity?") || !isQuestion("What's in the graph?") {
		t.Error("isQuestion tells requests from questions wrongly")
	}
}
