package search

import "testing"

func TestSearch_NamedBackendWithoutTheActionHasNoAnswer(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{
		"delete the slack message I posted this morning", // slack has no tool that deletes
		"invite bob@example.com to the slack workspace",  // nor one that invites
	} {
		if hits := ix.Search(q, 5); hits != nil {
			t.Errorf("%q: %v, want no tool", q, hits)
		}
	}
	for _, q := range []string{
		"replace the content of notion page 77 with this markdown", // replace: change
		"post the release notes to #general on slack",
		"count the 500 errors in our supabase edge logs over the last hour", // other words say what
	} {
		if hits := ix.Search(q, 5); hits == nil {
			t.Errorf("%q: no tool, want one", q)
		}
	}
}

func TestRequestVerb(t *testing.T) {
	for q, want := range map[string]string{
		"delete my message":                   stem("delete"),
		"please invite bob":                   stem("invite"),
		"can you archive the channel":         "",
		"use puppeteer to open the page":      "",
		"what does the config say":            "",
		"the build is broken":                 "",
		"I'd like to create a branch in repo": stem("create"),
	} {
		if got := requestVerb(q); got != want {
			t.Errorf("requestVerb(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestSearch_UnservedProductWordsMatchNoTool(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	// "team" is a word of Sentry's tools (create_team), "message" and
	// "channel" of Slack's: none serves Mattermost.
	if hits := ix.Search("post a message to the team's Mattermost channel", 5); hits != nil {
		t.Errorf("Mattermost: %v, want no tool", hits)
	}
	if hits := ix.Search("send the weekly update to the #general slack channel", 5); hits == nil {
		t.Error("slack: no tool, want one")
	}
}
