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

// "There's ..." opens a statement, and the request follows "can you".
func TestSearch_ThereIsOpensAStatement(t *testing.T) {
	if got := requestPart("There's a contributor called Marta Kowalski I want to ping, can you find her GitHub username?"); got != "find her GitHub username?" {
		t.Errorf("requestPart = %q, want the part after \"can you\"", got)
	}
	ix := New(corpusDocs(t), nil)
	q := "There's a contributor called Marta Kowalski I want to ping, can you find her GitHub username?"
	found := false
	for _, h := range ix.Search(q, 5) {
		found = found || h.Tool == "search_users"
	}
	if !found {
		t.Errorf("%q: %s, want github/search_users among the hits", q, fmtHits(ix.Search(q, 5)))
	}
}

// A task's step putting what an earlier one made on a thing changes that
// thing; a file in a home directory, opened or read, is the user's own.
func TestSearch_PutItOnAndAHomeFile(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"Create a 'needs-design' label (#ff8800) in GitLab project 514 and put it on issue 23.", []string{"zereight-gitlab/create_label", "zereight-gitlab/update_issue"}},
		{"Open /home/me/api/.circleci/config.yml and have CircleCI check it for problems.", []string{"filesystem/read_text_file", "circleci/config_helper"}},
		{"Take the monthly sales numbers in ~/reports/sales-2024.csv and make a chart showing how they went up and down over the year.", []string{"filesystem/read_text_file"}},
		// A tool named for the step's verb takes the path itself.
		{"Lint /home/dev/shop/src/cart.js and append the findings to our 'Tech debt' page in Notion.", []string{"eslint/lint-files", "notion/API-patch-block-children"}},
		// A step naming a file under a home directory and no backend,
		// in a task whose query names none: no panic (round79.go's
		// laterStepUndone read the query's first named backend).
		{"Find every .env.example under /home/dev/projects and copy its keys into a new file /home/dev/keys.txt.", []string{"filesystem/search_files", "filesystem/write_file"}},
	} {
		hits := ix.Search(c.query, 5)
		got := map[string]bool{}
		for _, h := range hits {
			got[h.Server+"/"+h.Tool] = true
		}
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%q: %s, want %s among the hits", c.query, fmtHits(hits), w)
			}
		}
	}
}

// Served products asked what their tools never do, in the words the blind
// sets kept using: a Sentry alert rule, a HubSpot marketing email, merging
// HubSpot records.
func TestSearch_TheServedProductsRecurringNones(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{
		"Create a Sentry alert rule that emails me when the error rate in checkout-web goes above 5%.",
		"sentry: add an alert rule on project web that pages oncall when errors > 100/min",
		"Send the 'Spring promo' marketing email from HubSpot to the Newsletter contact list.",
		"Merge the two duplicate HubSpot company records for Initech (ids 5512 and 5519) into one.",
		// "not shared with the integration", in an error note, is no
		// sharing.
		"Share the Notion page 'Hiring plan' publicly on the web.",
		// The reason after the request is no step.
		"Remove the old-webhook edge function from our Supabase project, we don't use it anymore.",
		"Permanently delete the Supabase project staging-old, we don't need it anymore.",
	} {
		if hits := ix.Search(q, 5); hits != nil {
			t.Errorf("%q: %s, want no tool", q, fmtHits(hits))
		}
	}
	// Still answered: alerts a product's tools do say, an email's
	// words in a message, and running a workflow again.
	for _, c := range []struct{ query, want string }{
		{"list the Advanced Security alerts of repo web in Azure DevOps", "azure-devops/advsec_get_alerts"},
		{"post 'the marketing email went out' to #growth on Slack", "slack/slack_post_message"},
		{"Find the n8n workflow that syncs Stripe invoices, look at its last executions, and rerun it.", "n8n/n8n_list_workflows"},
		// An operation a parameter's text says is done.
		{"Cancel the open file chooser in Playwright without picking anything.", "playwright/browser_file_upload"},
		// A reason said by "I" may name the thing.
		{"unreact to the reviewer's comment on mr 3 in gitlab, I added a heart by mistake", "zereight-gitlab/delete_merge_request_note_emoji_reaction"},
	} {
		hits := ix.Search(c.query, 5)
		found := false
		for _, h := range hits {
			found = found || h.Server+"/"+h.Tool == c.want
		}
		if !found {
			t.Errorf("%q: %s, want %s among the hits", c.query, fmtHits(hits), c.want)
		}
	}
}

// A request whose step came out as the whole request ranked that step as
// a request of its own, again and again, until the stack overflowed: a
// fatal error no recover catches, which ended the daemon (found by
// FuzzSearch; its input is kept in testdata/fuzz/FuzzSearch).
func TestSearch_AStepThatIsTheWholeRequestEnds(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "Geab the full content of https:/a/cme.de the full content of https://acv/pricing as clean markdoe the full content of https:wfull content of h."
	for _, limit := range []int{1, 5} {
		_ = ix.Search(q, limit) // returns: the depth of steps is bounded (maxStepDepth)
	}
}
