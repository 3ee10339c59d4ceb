package search

import "testing"

// Round 107: each rule's two sides, on the corpus.
func TestSearch_Round107(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	wantInFive(t, ix, []searchCase{
		// A category's thing that belongs to another backend's
		// object: a pull request's checks are GitHub's.
		{"Check the CI checks on PR 88 in acme/web and, if they pass, merge it with rebase.", "github/get_pull_request_status"},
		{"Check the CI checks on PR 88 in acme/web and, if they pass, merge it with rebase.", "github/merge_pull_request"},
		// Two named backends' best tools judged together.
		{"Put the current Mongo db stats for shop in a Slack message to #db", "mongodb/db-stats"},
		{"Set up a Slack integration for our Notion workspace", ""},
		// A GitHub report is an issue; "proper" is filler.
		{"Write up a problem report on GitHub for acme/website: the contact form sends every message twice.", "github/create_issue"},
		{"What's the proper icon in draw.io for an AWS Lambda function?", "drawio/search_shapes"},
		// What is said under one message is its thread.
		{"a customer problem got hashed out under one message in #support-escalations (channel C02ESC, ts 1718041234.000200). I need everything people said underneath it.", "slack/slack_get_thread_replies"},
		// A domain's possessive, and a quoted backend name, name it.
		{"find the official AWS Lambda icon in draw.io's stencil library and give me its style string", "drawio/search_shapes"},
		{"which environment variables was the 'everything' reference demo server launched with? Nothing to do with our production servers.", "everything/get-env"},
		// What a thing holds after "and" is the same step's object.
		{"Permanently delete the Supabase project old-demo and all its data", ""},
		{"Delete the Supabase branch old-demo and all its data", "supabase/delete_branch"},
		// A document format no tool writes.
		{"Export our entire Notion workspace as PDFs, including all subpages", ""},
		{"convert notes.md to a PDF", ""},
		{"parse the PDF at https://acme.io/report.pdf into markdown", "firecrawl/firecrawl_parse"},
		// Steps among context: each judged as a request of one step.
		{"How much memory is the Redis server using right now, and what's its eviction policy?", ""},
		{"For the quarterly security review (which I'm dreading, to be honest), please turn on mandatory two-factor authentication for everyone in our Sentry organization, so nobody can log in to the dashboard without it.", ""},
		{"Switch our Supabase organization to yearly billing and update the credit card on file.", ""},
		{"Our last CircleCI deploy broke production; take it back to the previous version.", "circleci/run_rollback_pipeline"},
		// "disconnect" ends a connection.
		{"drop the Mongo connection we opened earlier", "mongodb/disconnect"},
		// A histogram's bands; memory of earlier chats; a clash.
		{"I've got 200 order totals. Show how many orders fall into each $10 band.", "antv-chart/generate_histogram_chart"},
		{"Before my 1:1 with Priya, do you have anything saved from earlier chats about her?", "memory/search_nodes"},
		{"Which files clash between the source and target of GitLab MR 203 in acme/api?", "zereight-gitlab/get_merge_request_conflicts"},
		// A product refused by name, another named.
		{"We're sticking with Puppeteer for this one-off, not Playwright. Go to https://status.example.com and take a screenshot.", "puppeteer/puppeteer_screenshot"},
	})
}

func TestWithoutRefused(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for in, out := range map[string]string{
		"Use Puppeteer, not Playwright, to take a screenshot":         "Use Puppeteer, to take a screenshot",
		"take a screenshot with Puppeteer rather than Playwright":     "take a screenshot with Puppeteer",
		"take a screenshot, not Playwright":                           "take a screenshot, not Playwright", // no other backend named
		"take a screenshot with Puppeteer, not the playwright button": "take a screenshot with Puppeteer, not the playwright button",
	} {
		if got := ix.withoutRefused(in); got != out {
			t.Errorf("withoutRefused(%q) = %q, want %q", in, got, out)
		}
	}
}

func TestContextPart(t *testing.T) {
	for in, want := range map[string]bool{
		"Our GitHub org keeps growing":                     true,
		"so nobody can log in to the dashboard without it": true,
		"For the quarterly security review":                true,
		"I'd like you to invite the new hires":             false,
		"can you invite the new hires":                     false,
		"we need to delete the branch":                     false,
		"invite the new hires":                             false,
		"is it green?":                                     false,
	} {
		if got := contextPart(in); got != want {
			t.Errorf("contextPart(%q) = %v, want %v", in, got, want)
		}
	}
}
