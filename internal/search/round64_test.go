package search

import (
	"slices"
	"testing"
)

func TestLocalFile(t *testing.T) {
	for text, want := range map[string]bool{
		"add its DSN as SENTRY_DSN to the local .env file":                  true,
		"save it locally as supabase/functions/send-welcome-email/index.ts": true,
		"Read the local CHANGELOG.md and package.json":                      true,
		"read config/app.yaml":                                              false, // not said to be local
		"check out the local branch":                                        false, // no file
	} {
		if got := localFile(text); got != want {
			t.Errorf("localFile(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestThatFile(t *testing.T) {
	for text, want := range map[string]bool{
		"tell me how large that file is":                    true,
		"fix the problems it reports directly in that file": true,
		"save the file":                    true,
		"list the files":                   false,
		"file it as a Bug in Azure DevOps": false,
		"then open a file picker":/* a file of no determiner */ false,
	} {
		if got := thatFile(text); got != want {
			t.Errorf("thatFile(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestJoinThings(t *testing.T) {
	for p, want := range map[string][]string{
		"look at its headers and response body":         {"look at its headers and response body"},
		"save its address and phone number in my graph": {"save its address and phone number in my graph"},
		"look at its headers and open an issue":         {"look at its headers", "open an issue"}, // a verb
		"find the deals and the contacts":               {"find the deals", "the contacts"},       // no possessive
		"merge its branch and delete it":                {"merge its branch", "delete it"},
	} {
		got := joinThings(p, splitWords(p, "then", "and", "also", "plus", "afterwards", "finally"))
		if !slices.Equal(got, want) {
			t.Errorf("joinThings(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestQueryTokens_Notify: a verb of telling someone starting a part adds
// "notify"; the same word inside a part, a noun, does not; "paste" is not
// "past".
func TestQueryTokens_Notify(t *testing.T) {
	has := func(q, term string) bool {
		toks, _, _ := queryTokens(q)
		return slices.ContainsFunc(toks, func(tk token) bool { return tk.term == term })
	}
	notify := stem("notify")
	for q, want := range map[string]bool{
		"warn Slack channel C0OPS":                       true,
		"check n8n's health; if it isn't, ping #ops":     true,
		"let Slack channel C0DEPLOY know it has started": true,
		"list the open alerts in project api":            false,
		"let me see the logs so I know what broke":       false,
		"show the alert rules for the app":               false,
	} {
		if got := has(q, notify); got != want {
			t.Errorf("%q has %q = %v, want %v", q, notify, got, want)
		}
	}
	if has("let Slack channel C0DEPLOY know it has started", stem("know")) {
		t.Errorf(`"let ... know" kept "know" (knowledge)`)
	}
	if stem("paste") == stem("past") {
		t.Errorf(`stem("paste") = stem("past") = %q`, stem("past"))
	}
}

// TestSearch_Round64Steps: the tasks of round sixty-four's rules have
// every step's tool in the first five.
func TestSearch_Round64Steps(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string][]ref{
		// a local file is the file backends'
		"Create a Python project growth-api in Sentry for the team growth, then add its DSN as SENTRY_DSN to the local .env file.": {{"sentry", "create_project"}, {"filesystem", "edit_file"}},
		// "that file" after a step with a path
		"Run ESLint over src/server/app.ts and then fix the unused-import problems it reports directly in that file.": {{"eslint", "lint-files"}, {"filesystem", "edit_file"}},
		// warning a channel posts
		"Check whether our n8n instance is healthy; if it isn't, warn Slack channel C0OPS.": {{"n8n", "n8n_health_check"}, {"slack", "slack_post_message"}},
		// "paste" is no "past" (history)
		"Fetch the CircleCI failure logs for the main branch of gh/acme/api and paste the key error into Slack channel C07CIALERTS.": {{"circleci", "get_build_failure_logs"}, {"slack", "slack_post_message"}},
	} {
		hits := ix.Search(q, 5)
		if !inTop(hits, want, 5, true) {
			t.Errorf("%q -> %s, want %v in the first five", q, fmtHits(hits), want)
		}
	}
}

// TestOwnStep: a step naming a backend itself is ranked among that
// backend's tools, not lifted to another's by the other steps' words.
func TestOwnStep(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "Collect the work items in team Phoenix's current sprint in Azure DevOps project Orion and write a sprint summary page in Notion under page 5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b."
	var info []clause
	var steps [][]Hit
	stepsTrace = func(i []clause, h [][]Hit) { info, steps = i, h }
	ix.Search(q, 5)
	stepsTrace = nil
	if len(steps) != 2 {
		t.Fatalf("%d steps, want 2", len(steps))
	}
	for _, h := range steps[1] {
		if h.Server != "notion" {
			t.Errorf("step %q ranks %s/%s, want Notion's tools only", info[1].step, h.Server, h.Tool)
		}
	}
}
