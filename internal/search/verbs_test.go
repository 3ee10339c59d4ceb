package search

import (
	"strings"
	"testing"
)

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
	if nameVerb("hubspot-create-engagement") != verbCreate || nameVerb("get_build_failure_logs") != verbRead {
		t.Error("nameVerb does not find the first verb of a tool name")
	}
	// Posting, sending and writing make something; an HTTP method before
	// another verb is no verb of the tool ("API-post-search" searches).
	if nameVerb("slack_post_message") != verbCreate || nameVerb("API-post-page") != verbCreate || nameVerb("API-post-search") != verbRead {
		t.Error("nameVerb: post, or an HTTP method before a verb, misread")
	}
}

// TestSearch_QuestionDoesNotPost: a question about what was said wants the
// channel's history, not the tool that posts (whose name matches more of
// its words: "said" is "say", which reaches "post" and "message").
func TestSearch_QuestionDoesNotPost(t *testing.T) {
	ix := corpusIndex(t)
	if hits := ix.Search("What has been said in the #random channel today?", 5); len(hits) == 0 || hits[0].Tool != "slack_get_channel_history" {
		t.Errorf("a question: hits %s, want slack_get_channel_history first", fmtHits(hits))
	}
	if hits := ix.Search("Say hello in the #random channel", 5); len(hits) == 0 || hits[0].Tool != "slack_post_message" {
		t.Errorf("a request: hits %s, want slack_post_message first", fmtHits(hits))
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

// TestQueryVerbs_PastFormsDescribe: a verb in a past form describes the
// thing ("the migrations applied to the db") and is not the request's
// verb; the base form still is.
func TestQueryVerbs_PastFormsDescribe(t *testing.T) {
	verbs := func(q string) verbFamily {
		toks, _, _ := queryTokens(q)
		return queryVerbs(withoutParticiples(q, toks))
	}
	if got := verbs("show me the migrations applied to the db"); got != verbRead {
		t.Errorf("applied: families %b, want read only", got)
	}
	if got := verbs("apply the migration and show the applied ones"); got&verbUpdate == 0 {
		t.Errorf("apply: families %b, want update", got)
	}
	ix := corpusIndex(t)
	if hits := ix.Search("show me the migrations applied to the supabase db", 5); len(hits) == 0 || hits[0].Tool != "list_migrations" {
		t.Errorf("%s, want supabase/list_migrations first", fmtHits(hits))
	}
}

// TestVerbFamilies_RenamingAndClosingChange: renaming, closing, replacing
// and raising change a thing; "pull up" shows it.
func TestVerbFamilies_RenamingAndClosingChange(t *testing.T) {
	for _, w := range []string{"rename", "close", "reopen", "replace", "raise"} {
		if verbStems()[stem(w)] != verbUpdate {
			t.Errorf("%s: family %b, want update", w, verbStems()[stem(w)])
		}
	}
	if got := rewritePhrases("pull up engagement 55512"); got != "show engagement 55512" {
		t.Errorf("pull up: %q", got)
	}
}

func TestAsksAmount(t *testing.T) {
	for q, want := range map[string]bool{
		"how much would it cost to spin up another project": true,
		"what does it cost to create a new project":         true,
		"How many rows did the import add?":                 true,
		"create a new project":                              false,
		"cost report for March":                             false,
	} {
		if got := asksAmount(q); got != want {
			t.Errorf("asksAmount(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestChangeFirst(t *testing.T) {
	for q, want := range map[string]bool{
		"Change the Status property of page 1a2b to Done": true,
		"change my comment 900 to say LGTM":               true,
		"change requests for the api project":             false, // the noun
		"what changed in the last release":                false,
	} {
		if got := changeFirst(q); got != want {
			t.Errorf("changeFirst(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestSearch_LeadVerbs: a verb as often a noun ("comment", "link", "undo")
// that starts the request is its action: commenting makes a new note, so
// the tools reading or changing one lose; undoing takes one away.
func TestSearch_LeadVerbs(t *testing.T) {
	ix := corpusIndex(t)
	for q, want := range map[string]string{
		"comment 'looks good to me' on gitlab MR 19":                      "create_",
		"Jot down a note on GitLab issue 314 saying the fix is deployed.": "create_issue_note",
		"Link GitLab issue 301 to issue 22 in project 7 as related.":      "create_issue_link",
		"undo my thumbs down on merge request 404":                        "delete_merge_request_emoji_reaction",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || !strings.HasPrefix(hits[0].Tool, want) {
			t.Errorf("%q: hits %s, want %s... first", q, fmtHits(hits), want)
		}
	}
	for q, want := range map[string]verbFamily{
		"comment 'LGTM' on MR 19":              verbCreate,
		"please link contact 12 to company 99": verbCreate,
		"Revoke my approval on MR 88":          verbDelete,
		"show the comments on MR 19":           0, // a noun after the verb
		"what links to this page":              0, // a question
	} {
		if got := leadVerb(q); got != want {
			t.Errorf("leadVerb(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestSearch_QuestionReadsState: a question reads a thing's state; the
// tool named for changing that state (opening a new tab) loses to the one
// reading it, and a request to change it still finds that tool.
func TestSearch_QuestionReadsState(t *testing.T) {
	ix := corpusIndex(t)
	if hits := ix.Search("Which tabs are open in the Chrome DevTools browser?", 5); len(hits) == 0 || hits[0].Tool != "list_pages" {
		t.Errorf("open tabs: hits %s, want list_pages first", fmtHits(hits))
	}
	if hits := ix.Search("protect the main branch in gitlab project 4", 5); len(hits) == 0 || hits[0].Tool != "protect_branch" {
		t.Errorf("a request: hits %s, want protect_branch first", fmtHits(hits))
	}
}

// TestAsksState: a question, asked directly or by a verb of finding out
// and a question word, reads a state; a request does not.
func TestAsksState(t *testing.T) {
	for q, want := range map[string]bool{
		"which tabs are open":                     true,
		"check which tabs are open":               true,
		"please see whether the branch is locked": true,
		"find out who owns the repo":              true,
		"tell me what the build printed":          true,
		"check the tabs":                          false,
		"find the open issues":                    false,
		"open a new tab":                          false,
		"show the pages":                          false,
	} {
		if got := asksState(q); got != want {
			t.Errorf("asksState(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestSearch_StepQuestionReadsState: the question rule within a step of a
// task: "check which tabs are open" reads the open pages (list_pages, the
// step's tool, right after the first hit); the step's best tool was the
// one opening a new page (new_page). "is the main branch protected" reads
// the branch, it does not protect it.
func TestSearch_StepQuestionReadsState(t *testing.T) {
	ix := corpusIndex(t)
	hits := ix.Search("check which tabs are open in chrome devtools, then take a screenshot", 5)
	if len(hits) < 2 || hits[1].Tool != "list_pages" || !inTop(hits, []ref{{"chrome-devtools", "take_screenshot"}}, 5, true) {
		t.Errorf("hits %s, want take_screenshot and list_pages second", fmtHits(hits))
	}
	hits = ix.Search("is the main branch protected in gitlab project 7, and what is its last commit?", 5)
	if !inTop(hits, []ref{{"zereight-gitlab", "get_branch"}}, 5, true) {
		t.Errorf("hits %s, want get_branch", fmtHits(hits))
	}
}
