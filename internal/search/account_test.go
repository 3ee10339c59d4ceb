package search

import "testing"

func TestAccountUndone(t *testing.T) {
	ix := New([]Doc{
		{Server: "errtrack", Tool: "update_project", Description: "Update a project's name, slug and team.", Params: []Param{{Name: "projectSlug"}}},
		{Server: "errtrack", Tool: "search_issues", Description: "Search for grouped issues in Errtrack.", Params: []Param{{Name: "query"}}},
		{Server: "crm", Tool: "list_objects", Description: "List objects of a type: contacts, deals, subscriptions.", Params: []Param{{Name: "objectType"}}},
		{Server: "browser", Tool: "hover", Description: "Hover over an element of the page.", Params: []Param{{Name: "ref"}}},
	}, nil)
	for _, tt := range []struct {
		query string
		want  bool
	}{
		{"change my errtrack password", true},
		{"show my errtrack invoice", true},
		{"turn on two-factor auth for my errtrack account", true},
		{"change the errtrack password", false},             // whose: not said
		{"cancel my crm subscription", false},               // crm's tools list subscriptions
		{"search my errtrack issues for 'password'", false}, // a quoted value
		{"hover over the avatar in the browser", false},     // not the user's own account
		{"rename my errtrack project to billing-api", false},
	} {
		named, naming := ix.namedServers(tt.query)
		if len(named) != 1 {
			t.Fatalf("%q: named %v, want one backend", tt.query, named)
		}
		if got := ix.accountUndone(tt.query, naming, named[0]); got != tt.want {
			t.Errorf("%q: accountUndone = %v, want %v", tt.query, got, tt.want)
		}
	}
}
