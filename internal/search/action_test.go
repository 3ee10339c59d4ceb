package search

import (
	"slices"
	"testing"
)

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

func TestSearch_VerbByItsPlaceTheNamedBackendDoesNotDo(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{
		"mute the #incidents channel on slack",    // every Slack tool is about channels; none mutes
		"unstar the github repo golang/go",        // nor does any GitHub tool star
		"archive our #2023-offsite slack channel", // nor archive
	} {
		if hits := ix.Search(q, 5); hits != nil {
			t.Errorf("%q: %v, want no tool", q, hits)
		}
	}
	for _, q := range []string{
		"store the value 7 under the key hits in redis",    // store: set, a synonym
		"re-run the circleci workflow from the failed job", // rerun_workflow
		"start a new repo called scratch on github",        // start: create
	} {
		if hits := ix.Search(q, 5); hits == nil {
			t.Errorf("%q: no tool, want one", q)
		}
	}
}

func TestRequestVerbPlace(t *testing.T) {
	for q, want := range map[string]string{
		"archive the #random channel": stem("archive"),
		"mute #alerts":                stem("mute"),
		"unstar facebook/react":       "unstar",
		"re-run the workflow":         "rerun",
		"archive":                     "",
		"ramen near union square":     "",
		// A leading adverb says how; the verb follows it.
		"permanently delete the repo acme/site": stem("delete"),
		"quickly archive the channel":           stem("archive"),
		"only":                                  "",
	} {
		got, _ := requestVerbPlace(q)
		if got != want {
			t.Errorf("requestVerbPlace(%q) = %q, want %q", q, got, want)
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

func TestSearch_ActionParameterMayDoAnything(t *testing.T) {
	ix := New([]Doc{
		{Server: "ops", Tool: "pipelines_manage", Description: "Operations on pipelines.", Params: []Param{{Name: "action", Required: true}, {Name: "project", Required: true}}},
		{Server: "ops", Tool: "pipelines_list", Description: "List the pipelines of a project.", Params: []Param{{Name: "project", Required: true}}},
		{Server: "chat", Tool: "post_message", Description: "Post a message to a channel."},
	}, nil)
	// "rename" is in no text of ops, but pipelines_manage's action may be it.
	if hits := ix.Search("rename ops pipeline 12 to nightly", 5); hits == nil || hits[0].Tool != "pipelines_manage" {
		t.Errorf("rename with an action parameter: %v, want pipelines_manage first", hits)
	}
	if nameVerb("write_file")&verbUpdate == 0 {
		t.Error("write_file does not overwrite")
	}
}

func TestSearch_VerbByItsPlaceNoBackendOfTheBestToolDoes(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{
		"merge these three PDFs into a single document",  // a PDF tool parses, none merges
		"split the taxi fare of $60 between four people", // costs, but nothing splits
	} {
		if hits := ix.Search(q, 5); hits != nil {
			t.Errorf("%q: %v, want no tool", q, hits)
		}
	}
	if hits := ix.Search("mark every museum in Vienna on a map", 5); hits == nil {
		t.Error("mark on a map: no tool, want one")
	}
}

func TestSearch_NamedBackendUndoneIsNotAnsweredByAnother(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	// postgres only queries: MongoDB's drop-collection is no answer.
	if hits := ix.Search("drop the invoices table from our postgres db", 5); hits != nil {
		t.Errorf("drop in postgres: %v, want no tool", hits)
	}
	if hits := ix.Search("run SELECT count(*) FROM users on postgres", 5); hits == nil {
		t.Error("postgres query: no tool, want one")
	}
}

// TestBackendDoes_NotByAHypernym: a tool doing what the request's verb is
// a kind of ("lock" is a kind of "move") does not do the request; a tool
// doing one of its senses ("pick": select) does.
func TestBackendDoes_NotByAHypernym(t *testing.T) {
	ix := New([]Doc{
		{Server: "wiki", Tool: "move_page", Description: "Move a page under another parent page."},
		{Server: "wiki", Tool: "select_page", Description: "Select a page to show in the sidebar."},
		{Server: "wiki", Tool: "get_page", Description: "Get a page by its id."},
	}, nil)
	s := int32(slices.Index(ix.servers, "wiki"))
	if ix.backendDoes(s, stem("lock")) {
		t.Errorf("backendDoes(lock) with only move_page: true, want false (lock is a kind of move)")
	}
	if !ix.backendDoes(s, stem("pick")) {
		t.Errorf("backendDoes(pick) with select_page: false, want true (pick: select)")
	}
	if !ix.backendDoes(s, stem("move")) {
		t.Errorf("backendDoes(move) with move_page: false, want true")
	}
}
