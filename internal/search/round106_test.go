package search

import "testing"

// Round 106: each rule's two sides, on the corpus.
func TestSearch_Round106(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	wantInFive(t, ix, []searchCase{
		// A second means after "using ... and" is no step: no Azure
		// DevOps tool creates a project.
		{"Create a new Azure DevOps project named Falcon using Git and the Agile process template.", ""},
		{"Create a new Azure DevOps project named Falcon using Git.", ""},
		{"create an Azure DevOps branch feature/x in repo web using main and push a file", "azure-devops/repo_create_branch"},
		// Chat's clipped words: the verb after "can u" is seen.
		{"can u star the react repo on github for me", ""},
		{"can u delete my last slack msg in #general, typo'd it bad", ""},
		{"can u post 'deploy done' in slack chan C0OPS pls", "slack/slack_post_message"},
		// An amount with a sign is no phone number; a phone number is.
		{"waterfall: start 120000, sales +30000, refunds -15000, fees -8000, then net total", "antv-chart/generate_waterfall_chart"},
		{"text +1 555 0100 that the site is down", ""},
		// A question after a label is the request.
		{"before triage: how is sentry issue WEB-3F9 split across browser.name values?", "sentry/get_issue_tag_values"},
		// A question of no verb asks its product of a facet no tool
		// says; one a tool says is served.
		{"How much memory is the Redis instance using right now?", ""},
		{"What time zone are the coordinates 35.68,139.69 in, according to Google Maps?", ""},
		{"what's Jamie's time zone on Slack?", "slack/slack_get_user_profile"},
		{"What is the Redis value of key session:42?", "redis/get"},
		// A password no tool of the product sets.
		{"set a password on the redis server", ""},
		// git's commands on a local clone.
		{"git stash my local changes, then rebase onto origin/main", ""},
		{"rebase the supabase branch feature-x onto main", "supabase/rebase_branch"},
		// A condition on a field filters.
		{"hubspot deals where dealstage=contractsent and amount>50000, sorted by closedate", "hubspot/hubspot-search-objects"},
		// No tool for files deletes one or changes its mode; a
		// repository's file tools take a repository, a browser drops
		// files onto a page, and reading a mode is get_file_info's.
		{"delete the file /home/me/notes/old-todo.txt", ""},
		{"Delete /tmp/build/cache and everything inside it.", ""},
		{"drop the file ./fixtures/report.pdf onto the upload zone", "playwright/browser_drop"},
		{"chmod +x scripts/deploy.sh so it can be executed.", ""},
		{"Make the file /srv/app/run.sh executable", ""},
		{"Change the owner of /data/report.csv to the user bob", ""},
		{"delete my last message in #general, it had a typo", ""},
		// A model inside the object's phrase; a name is no model.
		{"Spin up a new MongoDB Atlas M10 cluster in eu-west-1.", ""},
		{"Wipe the migrations on my Supabase dev branch feature-auth back to a clean slate.", "supabase/reset_branch"},
		// What is posted is the text a tool named for posting posts;
		// an aside in parentheses does not end the object's phrase.
		{"Post the deploy checklist in #ops on Slack.", "slack/slack_post_message"},
		{"driving times from 3 warehouses to 5 stores", "google-maps/maps_distance_matrix"},
		{"what's been going on in #incidents lately?", "slack/slack_get_channel_history"},
		// A product a PR bumps is a dependency, not a backend.
		{"Show me the open pull requests on acme/web, then merge the one that bumps eslint.", "github/merge_pull_request"},
		{"Bump GitHub issue 55 in acme/api with a comment asking for an update.", "github/add_issue_comment"},
		{"Create a red (#d9534f) 'needs-design' label in the GitLab project web/storefront.", "zereight-gitlab/create_label"},
		{"What are the permissions and last-modified time of scripts/deploy.sh?", "filesystem/get_file_info"},
		{"LGTM, approve owner/repo#19 with a review", "github/create_pull_request_review"},
		// MCP's test server by more of its names; a sum said with "+".
		{"pls use the demo test mcp server to add 1234 + 5678, just wanna see it works", "everything/get-sum"},
		// A container named before its name ("the collection logs"),
		// and a verb said again ("regenerate").
		{"Rename the MongoDB collection logs to logs_2025.", "mongodb/rename-collection"},
		{"Create a new Slack channel called #launch-q3.", ""},
		{"Regenerate the TypeScript definitions for the database of our Supabase project abcd1234.", "supabase/generate_typescript_types"},
		{"rerun the failed jobs in the last workflow", "circleci/rerun_workflow"},
		// Chat's "drop a thumbs-up", "seed" and "tuck away".
		{"Drop a thumbs-up on the Slack message 1712345678.000200 in channel C024BE91L", "slack/slack_add_reaction"},
		{"Drop a note in #deploys that v2.3.1 is live.", "slack/slack_post_message"},
		{"drop the orders table in postgres", ""},
		{"Seed the Mongo roles collection with admin, editor and viewer entries.", "mongodb/insert-many"},
		{"Can you tuck the old onboarding doc away under the 'Archive 2024' section in Notion?", "notion/API-move-page"},
		// A thing moved to another owner a tool's parameter names.
		{"Move the Sentry project web over to the payments team", "sentry/update_project"},
		{"Transfer GitHub issue #31 to the acme/api repository", ""},
		// A later step's prerequisite does not take an earlier one's
		// place.
		{"Look up the current TanStack Query docs for useMutation and update src/hooks/useSave.ts to match", "context7/resolve-library-id"},
	})
	for in, out := range map[string]string{
		"add 1234 + 5678":                  "sum of 1234 and 5678",
		"what is 3+4":                      "what is sum of 3 and 4",
		"what do 1024 and 2048 add up to":  "what do sum of 1024 and 2048 to",
		"add the +1 reaction to comment 5": "add the +1 reaction to comment 5",
	} {
		if got := rewriteArithmetic(in); got != out {
			t.Errorf("rewriteArithmetic(%q) = %q, want %q", in, got, out)
		}
	}
	for f, want := range map[string]bool{
		"dealstage=contractsent": true, "amount>50000": true, "score>=0.5": true, "status!=done": true,
		"NODE_ENV=production": false, "a/b=c": false, "=x": false, "x=": false, "a==b==c": false, "->": false,
	} {
		if got := isComparison(f); got != want {
			t.Errorf("isComparison(%q) = %v, want %v", f, got, want)
		}
	}
	for in, out := range map[string]string{
		"can u star it":                  "can you star it",
		"brave search xz n post the top": "brave search xz and post the top",
		"n":                              "n",
		"N and n.":                       "N and n.",
		"pls check ur PRs, thx":          "please check your PRs, thanks",
		"mount /u/n/data":                "mount /u/n/data",
	} {
		if got := rewriteChat(in); got != out {
			t.Errorf("rewriteChat(%q) = %q, want %q", in, got, out)
		}
	}
	for _, c := range []struct {
		f    string
		next []string
		want int
	}{
		{"+30000,", []string{"refunds"}, 5},
		{"+1", []string{"555", "0100"}, 8},
		{"+44-20-7946-0958", nil, 12},
	} {
		if got := phoneDigits(c.f, c.next); got != c.want {
			t.Errorf("phoneDigits(%q, %q) = %d, want %d", c.f, c.next, got, c.want)
		}
	}
}
