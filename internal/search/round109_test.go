package search

import (
	"slices"
	"sync"
	"testing"
)

// Round 109: each rule's two sides, on the corpus.
func TestSearch_Round109(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	wantFirst(t, ix, []searchCase{
		// A thing the named backend deletes or makes with no tool.
		{"Remove the comment I posted on the Notion page Q3 Plan.", ""},
		{"Delete the production environment from the Sentry project api.", ""},
		{"Publish our scraper actor on the Apify Store.", ""},
		{"Upload the source maps of release api@1.4.0 to Sentry.", ""},
		{"Add a rule requiring signed commits to the main branch of acme/web on GitHub.", ""},
		// The same of the backend a request names by its things.
		{"Delete the old Acme Corp contact from our CRM.", ""},
		{"Remove the web-frontend team from our error tracker.", ""},
		{"Remove the third tab entirely from our architecture diagram file.", ""},
		{"Remove the contact-sync edge function from the project.", ""},
		{"add a thumbs-up emoji to comment 12 on issue 40 of acme/app in GitLab", "zereight-gitlab/create_issue_note_emoji_reaction"},
		{"Delete all documents with status test from the orders collection.", "mongodb/delete-many"},
		// ... and what a tool of it does.
		{"Delete the Supabase branch old-demo", "supabase/delete_branch"},
		{"Delete the block 3c9f1e2a-5b6d-4e7f-8a9b-0c1d2e3f4a5b from the Notion page.", "notion/API-delete-a-block"},
		{"Remove all sessions older than a week from the Mongo sessions collection.", "mongodb/delete-many"},
		{"Remove the Redis key session:9f2.", "redis/delete"},
		{"Wipe the migrations on my Supabase dev branch and start over.", "supabase/reset_branch"},
		{"Add a comment to GitHub issue 12 in acme/web saying it is fixed.", "github/add_issue_comment"},
		{"Create a new branch release/2.0 in acme/web on GitHub.", "github/create_branch"},
		{"Add a follow-up to-do on HubSpot company 9001 for next Monday.", "hubspot/hubspot-create-engagement"},
		// "that comment": a demonstrative leads the object.
		{"I left a comment with a typo on the Notion page Roadmap yesterday; get rid of that comment completely.", ""},
		{"I posted a secret in #general by mistake, delete that Slack message now.", ""},
		// A tab or page closed is gone: not a thing no tool deletes.
		{"get rid of that tab with the old report, I'm done with it", "playwright/browser_tabs"},
		// An operation no tool of the backend of a request's things does,
		// the backend unnamed.
		{"Merge the three PDFs in ~/Documents into one file.", ""},
		{"Share my live location with Sam until I get to the office.", ""},
		{"Revoke my approval on merge request 12 in web/app.", "zereight-gitlab/unapprove_merge_request"},
		{"Make the team handbook page in our wiki viewable by anyone on the web.", ""},
		{"give @carol write access to acme/api as a collaborator", ""},
		// A ranking asked of a named backend that runs queries, after a
		// phrase of place.
		{"Using our staging Postgres, which ten tables have the most dead rows according to pg_stat_user_tables?", "postgres/query"},
		{"In our Postgres, which three users placed the most orders last month?", "postgres/query"},
		// A reason after a semicolon, of a person or of nothing.
		{"Remove the contact-sync edge function; nothing uses it now.", ""},
		{"Delete the dataset from last week's scraper run; we already exported it.", ""},
		{"Remove note 5512 from merge request !12 in GitLab project web/app; it was posted by mistake.", "zereight-gitlab/delete_merge_request_note"},
		// Package registries and certificate authorities no backend serves.
		{"Publish version 2.0.0 of our cli package to npm.", ""},
		{"Renew the Let's Encrypt certificate for app.acme.dev.", ""},
		{"Read package.json in acme/web on GitHub.", "github/get_file_contents"},
		// A part that only dates the step before is no step.
		{"Create a 2.0 milestone in acme/web on GitHub, due by March 1.", ""},
		{"Open an issue in acme/web on GitHub about the login bug, due on Friday.", "github/create_issue"},
	})
}

func TestModifierPart(t *testing.T) {
	for part, want := range map[string]bool{
		"due on June 30":           true,
		"by Friday":                true,
		"before the release":       true,
		"starting from the job":    false,
		"then close it":            false,
		"by then post it to Slack": false,
	} {
		if got := modifierPart(part); got != want {
			t.Errorf("modifierPart(%q) = %v, want %v", part, got, want)
		}
	}
}

func TestWithoutReason_Round109(t *testing.T) {
	for q, want := range map[string]string{
		"Unlink contact 5512 from the company; she changed jobs.":          "Unlink contact 5512 from the company",
		"Remove the edge function; nothing calls it anymore.":              "Remove the edge function",
		"Open a merge request titled 'Add rate limiting', nothing fancy.":  "Open a merge request titled 'Add rate limiting', nothing fancy.",
		"Remove that fact - she switched to spaces. Remove it from Alice.": "Remove that fact - she switched to spaces. Remove it from Alice.",
	} {
		if got := withoutReason(q); got != want {
			t.Errorf("withoutReason(%q) = %q, want %q", q, got, want)
		}
	}
}

// A tool whose description starts with the request's verb does what it
// says, whatever its name's verb: "get-sum" adds two numbers, and a
// backend's tools that make other things do not make "add two numbers"
// unserved.
func TestObjectThingUndone_TheDescriptionsVerb(t *testing.T) {
	docs := []Doc{
		{Server: "calc", Tool: "get-sum", Description: "Add two numbers.", Params: []Param{{Name: "a"}, {Name: "b"}}},
		{Server: "calc", Tool: "create-note", Description: "Create a note."},
		{Server: "calc", Tool: "echo", Description: "Echo a message back."},
	}
	ix := New(docs, nil)
	if hits := ix.Search("add two numbers in calc", 5); len(hits) == 0 || hits[0].Tool != "get-sum" {
		t.Errorf("add two numbers in calc: %v, want get-sum", hits)
	}
	if hits := ix.Search("add a calendar event in calc", 5); len(hits) != 0 {
		t.Errorf("add a calendar event in calc: %v, want none", hits)
	}
}

// A backend's own words are built on first use: searches at once, each the
// first to reach a backend, build them once and agree.
func TestThings_FirstUseAtOnce(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	queries := []string{
		"Delete the comment I left on the Notion page Roadmap.",
		"Remove the contact-sync edge function from the project.",
		"Publish our scraper actor on the Apify Store.",
		"Delete the Supabase branch old-demo",
	}
	want := make([][]Hit, len(queries))
	for i, q := range queries {
		want[i] = New(corpusDocs(t), nil).Search(q, 5)
	}
	var wg sync.WaitGroup
	got := make([][]Hit, 4*len(queries))
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = ix.Search(queries[i%len(queries)], 5)
		}()
	}
	wg.Wait()
	for i, hs := range got {
		if !slices.Equal(hs, want[i%len(queries)]) {
			t.Errorf("%q at once: %v, alone: %v", queries[i%len(queries)], hs, want[i%len(queries)])
		}
	}
}
