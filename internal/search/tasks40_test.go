package search

import (
	"slices"
	"testing"
)

func TestMeAsked(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  bool
	}{
		{"Create a HubSpot task assigned to me for deal 7", true},
		{"close the issues assigned to me in web/app", true},
		{"list the PRs opened by me this week", true},
		{"show issues created by myself", true},
		{"assign the issue to Dana", false},
		{"send me the report", false},
		{"list my projects", false},
	} {
		if got := meAsked.MatchString(tc.query); got != tc.want {
			t.Errorf("meAsked(%q) = %v, want %v", tc.query, got, tc.want)
		}
	}
}

func TestWithMe(t *testing.T) {
	docs := []Doc{
		{Server: "crm", Tool: "create-task", Description: "Create a task for a deal, assigned to an owner."},
		{Server: "crm", Tool: "update-task", Description: "Update a task of a deal."},
		{Server: "crm", Tool: "get-user-details", Description: "Purpose: analyzes the current CRM access token and returns the user's account details."},
		{Server: "git", Tool: "update_issue", Description: "Update an issue: close it, assign it, label it."},
		{Server: "git", Tool: "my_issues", Description: "List issues assigned to the authenticated user."},
		{Server: "git", Tool: "whoami", Description: "Get current authenticated user details."},
		{Server: "git", Tool: "list_labels", Description: "List the labels of a project."},
	}
	for _, tc := range []struct {
		name  string
		query string
		want  string // a tool the top 2 must hold; "" none added
		not   string // a tool the top 2 must not hold
	}{
		{"a task for me needs the user", "create a crm task assigned to me for deal 7", "get-user-details", ""},
		{"no me, no user", "create a crm task for deal 7 assigned to Dana", "", "get-user-details"},
		{"a hit serving the user itself is enough", "close the git issues assigned to me", "my_issues", "whoami"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ix := New(docs, &Options{MinCoverage: -1})
			hs := ix.Search(tc.query, 2)
			has := func(tool string) bool { return slices.ContainsFunc(hs, func(h Hit) bool { return h.Tool == tool }) }
			if tc.want != "" && !has(tc.want) {
				t.Errorf("Search(%q) = %s, want %s among them", tc.query, fmtHits(hs), tc.want)
			}
			if tc.not != "" && has(tc.not) {
				t.Errorf("Search(%q) = %s, want no %s", tc.query, fmtHits(hs), tc.not)
			}
		})
	}
}

func TestWithOpened(t *testing.T) {
	ix := New([]Doc{
		{Server: "browser", Tool: "screenshot", Description: "Take a screenshot of the current page.", Params: []Param{{Name: "name", Description: "Name of the screenshot"}}},
		{Server: "browser", Tool: "click", Description: "Click an element on the current page.", Params: []Param{{Name: "selector", Description: "CSS selector"}}},
		{Server: "browser", Tool: "hover", Description: "Hover an element on the current page.", Params: []Param{{Name: "selector", Description: "CSS selector"}}},
		{Server: "browser", Tool: "navigate", Description: "Navigate to a URL.", Params: []Param{{Name: "url", Description: "URL to navigate to", Required: true}}},
		{Server: "browser", Tool: "new_page", Description: "Open a new page at a URL.", Params: []Param{{Name: "url", Description: "URL to load", Required: true}}},
	}, nil)
	score := []float64{9, 5, 4, 3, 1}
	hit := func(d int) Hit { return Hit{Doc: d, Server: "browser", Tool: ix.docs[d].Tool, Score: score[d]} }
	for _, tc := range []struct {
		name  string
		query string
		hits  []int
		want  []string
	}{
		{"a URL the screenshot does not take opens the page", "take a screenshot of https://acme.io/pricing", []int{0, 1, 2}, []string{"screenshot", "click", "navigate"}},
		{"no URL, no page to open", "take a screenshot of the pricing page", []int{0, 1, 2}, []string{"screenshot", "click", "hover"}},
		{"a hit taking the URL is enough", "take a screenshot of https://acme.io/pricing", []int{0, 4, 2}, []string{"screenshot", "new_page", "hover"}},
		{"the first hit takes the URL itself", "open https://acme.io/pricing and click Buy", []int{3, 1, 2}, []string{"navigate", "click", "hover"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hs []Hit
			for _, d := range tc.hits {
				hs = append(hs, hit(d))
			}
			var got []string
			for _, h := range ix.withOpened(tc.query, hs, nil, nil, nil, score) {
				got = append(got, h.Tool)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("withOpened(%q) = %v, want %v", tc.query, got, tc.want)
			}
		})
	}
}
