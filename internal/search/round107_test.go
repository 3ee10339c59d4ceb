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
		// A named backend no word found keeps its one query tool.
		{"postgres top 10 customers by revenue as horizontal bar chart", "postgres/query"},
		// A link maker needs a link; a property tool a property.
		{"A buyer from Northwind Traders just called; find their company record in HubSpot and create a follow-up task on it for next Monday.", "hubspot/hubspot-create-engagement"},
		{"give me the HubSpot link to deal 991", "hubspot/hubspot-get-link"},
		{"Move HubSpot deal 77 to the 'Closed won' stage.", "hubspot/hubspot-batch-update-objects"},
		{"create a new HubSpot contact property churn_risk", "hubspot/hubspot-create-property"},
		// Data out of a named table is read with SQL.
		{"Pull signups per month from the users table in Supabase project abcd1234", "supabase/execute_sql"},
		// A file a step sets something in.
		{"Look up the Zod v4 docs for refine/superRefine via Context7 and apply the pattern in /app/src/schema.ts.", "filesystem/edit_file"},
		// An adverb after lead words.
		{"Nobody uses the old staging database anymore, so permanently delete the Supabase project staging-legacy.", ""},
		// Made readable by anyone: no Notion tool publishes.
		{"Publish the Notion page 'Roadmap 2025' to the web so anyone with the link can view it", ""},
		{"Could you look on the web with Brave for the latest news about the xz backdoor, CVE-2024-3094?", "brave-search/brave_web_search"},
		// A balance or a TTL no tool reads.
		{"How many Firecrawl credits do we have left this billing month?", ""},
		{"remaining TTL on redis key rate:ip:10.0.0.7?", ""},
		{"how many CircleCI credits do we have left this month?", "circleci/download_usage_api_data"},
		// A step asking only for the details borrows the step before's object.
		{"Sentry issue API-77Q keeps happening: get the details, then open a GitHub issue in acme/api with the stack trace.", "sentry/get_sentry_resource"},
		// A hashtag is no channel.
		{"Find an Apify actor that scrapes Instagram hashtags, check what input it expects, and run it for #rustlang.", "apify/call-actor"},
		// The thinking tool, said carefully.
		{"Reason carefully, step by step, whether we should shard by tenant or by region, then record the decision as an entity in the memory graph.", "sequential-thinking/sequentialthinking"},
		// JavaScript to run is the browser's.
		{"Using puppeteer, open https://staging.acme.dev and read window.__APP_VERSION__ off the page, then check in Sentry (org acme) whether a release with that version exists.", "puppeteer/puppeteer_evaluate"},
		// A backend's own URL to read is its fetch-by-URL tool's.
		{"Take this Sentry issue https://acme.sentry.io/issues/4412098/ and file a GitLab issue in platform/core with the stack trace.", "sentry/get_sentry_resource"},
		{"Mark https://acme.sentry.io/issues/4412098/ as resolved", "sentry/update_issue"},
		// A copy from one backend into another is a read and a write.
		{"Copy the LICENSE file from GitHub repo acme/core into GitLab project acme/core-mirror on main.", "zereight-gitlab/create_or_update_file"},
		{"Copy the LICENSE file from GitHub repo acme/core into GitLab project acme/core-mirror on main.", "github/get_file_contents"},
		// A named backend's things posted to a channel: read, then post.
		{"Post a list of my GitLab merge requests that are still open into #code-review in our team chat, so people can pick them up.", "slack/slack_post_message"},
		{"post a summary of the failing CircleCI tests on gh/acme/web main to #ci-alerts (C01CIALRT)", "circleci/get_job_test_results"},
		// Things loaded into a store are inserted; a file loaded into
		// one is read first.
		{"Load these 250 product records into the products collection of the catalog database in Mongo in one go.", "mongodb/insert-many"},
		{"load config/seed.json into the settings collection of the app Mongo db", "filesystem/read_text_file"},
		// A message sent straight back is echoed.
		{"Quick sanity check of the MCP reference test server: have it send 'ping-123' straight back to me.", "everything/echo"},
		// How documents are shaped is their schema.
		{"Look at how documents in the users collection of the app db are shaped, then set plan to 'free' on every one that lacks it.", "mongodb/collection-schema"},
		// A file in an owner/name pair is a repository's.
		{"read CONTRIBUTING.md in acme/widgets, then open a PR docs/fix-typos -> main", "github/get_file_contents"},
		// A local file handed to a backend taking no path is read first.
		{"validate /home/dev/app/.circleci/config.yml with circleci config checker", "filesystem/read_text_file"},
		{"Scrape Amazon reviews for ASIN B0C1XYZ with an Apify actor and load them into the mongo collection reviews.raw.", "mongodb/insert-many"},
	})
	// "reviews.raw" and "appdb.users" are collections, not files.
	for _, q := range []string{
		"Scrape Amazon reviews for ASIN B0C1XYZ with an Apify actor and load them into the mongo collection reviews.raw.",
		"The CircleCI build on feature/react-19 failed. Get the failure logs and then look up the React 19 migration guide in Context7 for that error.",
	} {
		for _, h := range ix.Search(q, 5) {
			if h.Tool == "read_text_file" {
				t.Errorf("%q: read_text_file among %v", q, ix.Search(q, 5))
			}
		}
	}
}

func TestClauses_Round107(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]int{
		"Add @lena-h and @tkowalski as requested reviewers on PR #88 in acme/api on GitHub.": 0, // one step: no clauses
		"Permanently delete the Supabase project old-demo and all its data":                  0,
		"Export our entire Notion workspace as PDFs, including all subpages":                 0,
		"delete the Supabase branch old-demo and then list the branches":                     2,
	} {
		_, naming := ix.namedServers(q)
		_, info := ix.clauses(q, ix.queryTerms(q), naming, map[string]bool{})
		if len(info) != want {
			var steps []string
			for _, c := range info {
				steps = append(steps, c.step)
			}
			t.Errorf("%q: %d steps %q, want %d", q, len(info), steps, want)
		}
	}
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
