package search

import "testing"

// Round 103: a leading clause saying what the speaker is doing is left
// out; a backend it names stays named.
func TestSearch_WhatTheSpeakerIsDoingIsNoRequest(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, c := range []struct{ query, want string }{
		{"I'm writing a design doc on vector stores, so search the web for recent pgvector vs Qdrant benchmarks and then read the most relevant article in full.", ""},
		{"Before I rewrite the incident runbook, give me the current content of Notion page 9a8b7c6d5e4f as Markdown so I can diff it.", "notion/API-retrieve-page-markdown"},
		{"I'm planning next sprint, so what iterations are set up in the Falcon project on Azure DevOps?", "azure-devops/work"},
	} {
		hits := ix.Search(c.query, 5)
		if len(hits) == 0 {
			t.Errorf("%q: no tool, want an answer", c.query)
			continue
		}
		if got := hits[0].Server + "/" + hits[0].Tool; c.want != "" && got != c.want {
			t.Errorf("%q: %s, want %s first", c.query, fmtHits(hits), c.want)
		}
	}
	for _, c := range []struct{ in, out string }{
		{"I'm writing a design doc, so search the web for X", "search the web for X"},
		{"We're migrating off Heroku, so please list my Supabase projects", "list my Supabase projects"},
		{"I'm debugging checkout in Sentry, so show me the latest errors", "show me the latest errors (sentry)"},
		{"Before we ship, run the lint on src/", "run the lint on src/"},
		// Not what the speaker is doing: kept whole.
		{"The build is red, so fetch the failing logs", "The build is red, so fetch the failing logs"},
		{"I'm writing, so", "I'm writing, so"},
		{"after I merge, deploy it", "after I merge, deploy it"},
	} {
		if got := ix.withoutDoing(c.in); got != c.out {
			t.Errorf("withoutDoing(%q) = %q, want %q", c.in, got, c.out)
		}
	}
}

// A command of a product no backend serves is "none"; the same product
// quoted, as text to pass on, is no product asked for.
func TestSearch_AnUnservedCommandAndAQuotedProduct(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{
		"kubectl rollout restart deploy/api -n prod",
		"tail the CloudWatch logs of the billing lambda",
	} {
		if hits := ix.Search(q, 5); hits != nil {
			t.Errorf("%q: %s, want no tool", q, fmtHits(hits))
		}
	}
	q := "In issue 58 of ops/runbooks, just swap 'kubectl v1.27' for 'kubectl v1.30' in the description. Don't resend the whole text, and do a dry run first."
	if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != "update_issue_description_patch" {
		t.Errorf("%q: %s, want zereight-gitlab/update_issue_description_patch first", q, fmtHits(hits))
	}
}

// A word in -s is no request's verb: "slack replies ..." asks for the
// replies, not to reply.
func TestSearch_AVerbsSFormIsAThing(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "slack replies thread_ts 1712345678.000200 channel C04QX2LMN"
	if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != "slack_get_thread_replies" {
		t.Errorf("%q: %s, want slack/slack_get_thread_replies first", q, fmtHits(hits))
	}
	for w, want := range map[string]bool{"replies": true, "lists": true, "pushes": true, "reply": false, "access": false, "focus": false, "alias": false, "analysis": false, "channels": false} {
		if got := inflectedS(w); got != want {
			t.Errorf("inflectedS(%q) = %v, want %v", w, got, want)
		}
	}
}
