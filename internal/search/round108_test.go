package search

import "testing"

// Round 108: each rule's two sides, on the corpus.
func TestSearch_Round108(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	wantFirst(t, ix, []searchCase{
		// A URL of one object: its path's plural is no request's.
		{"look up https://gitlab.com/acme/web/-/merge_requests/31", "zereight-gitlab/get_merge_request"},
		{"list the open merge requests of acme/web on gitlab", "zereight-gitlab/list_merge_requests"},
		{"look up https://gitlab.com/acme/web/-/issues/314", "zereight-gitlab/get_issue"},
		// A host a backend's parameters take keeps its URL whole.
		{"Summarize https://acme.sentry.io/issues/4521337/ for me.", "sentry/get_sentry_resource"},
		// Many things "are linked" to one: its links.
		{"Which other issues are linked to GitLab issue #204 in mobile/ios-app?", "zereight-gitlab/list_issue_links"},
		{"Get the link between GitLab issues #204 and #205 in mobile/ios-app, link id 7", "zereight-gitlab/get_issue_link"},
		// Two names in quotes, read by name.
		{"Pull up what memory has on 'Alice Chen' and 'Project Orion'.", "memory/open_nodes"},
		{"delete 'Alice Chen' and 'Project Orion' from my memory graph, entities and all", "memory/delete_entities"},
		// A thing the named backend has tools for, but none deletes.
		{"Remove the old-webhook Edge Function from our Supabase project entirely.", ""},
		{"Delete the Supabase branch old-demo", "supabase/delete_branch"},
		{"Get rid of the old test automation 'Copy of Lead Intake' in n8n for good.", "n8n/n8n_delete_workflow"},
		{"clear all my gitlab todos", "zereight-gitlab/mark_all_todos_done"},
		{"download the drop artifact from azure build 20931", "azure-devops/pipelines_artifact"},
		// A search of local places needs a place.
		{"Search with Brave for kubernetes 1.31 deprecations.", "brave-search/brave_web_search"},
		{"find coffee shops with brave", "brave-search/brave_local_search"},
		{"Use Brave to find pharmacies open 24h near Alexanderplatz in Berlin.", "brave-search/brave_local_search"},
	})
	wantInFive(t, ix, []searchCase{
		// A task going through things lists them first.
		{"For each HubSpot deal closing this month, fetch its associated company, then chart deal amount by company as horizontal bars.", "hubspot/hubspot-search-objects"},
		{"For each of our 4 competitors, find their pricing page with Brave, scrape it with Firecrawl, then lay all the plans out in one table.", "brave-search/brave_web_search"},
		// Things in a database are its rows.
		{"Which tasks in the Notion sprint database are still not done?", "notion/API-query-data-source"},
		{"what properties does the Notion sprint database have?", "notion/API-retrieve-a-database"},
		// Restoring a thing as it was is rolling it back.
		{"Restore the n8n workflow lead-router to how it was before yesterday's edit.", "n8n/n8n_workflow_versions"},
		// Deactivating changes a thing.
		{"Deactivate the n8n workflow invoice-sync", "n8n/n8n_update_partial_workflow"},
		// Chat's "thru".
		{"think thru the outage timeline step by step, then save key facts to memory graph", "sequential-thinking/sequentialthinking"},
		// One file read: not the tool for many.
		{"Read package.json, then for each dependency resolve its Context7 id and pull the upgrade guide from its docs.", "filesystem/read_text_file"},
		{"read ./a.txt and ./b.txt side by side", "filesystem/read_multiple_files"},
		// Laid out in one table: a table to look at.
		{"For each Supabase project, run the security advisors and collect every warning into one table view grouped by project.", "antv-chart/generate_spreadsheet"},
		{"list the tables in Supabase project abcd1234", "supabase/list_tables"},
		// "load" before a URL opens the page.
		{"puppeteer load acme.io/pricing, run js to pull all the prices", "puppeteer/puppeteer_navigate"},
		{"load these three rows into the Mongo orders collection", "mongodb/insert-many"},
		// How long until a key expires: its TTL, which no Redis tool reads.
		{"How long until the Redis key rate:ip:10.0.0.7 expires?", ""},
		{"set the Redis key rate:ip:10.0.0.7 to 5 so it expires in an hour", "redis/set"},
		// A verb taking back what was done, which the backend never says.
		{"Resume the Apify run I aborted by accident, picking up where it left off.", ""},
		{"Dismiss the stale review on GitHub pull request #88 in acme/web.", ""},
		{"Withdraw my approval from GitLab MR !63.", "zereight-gitlab/unapprove_merge_request"},
		// Access given to a person where no tool shares or adds people.
		{"Give bob@acme.io edit access to the Q3 planning page in Notion.", ""},
		{"Create a MongoDB database user reporting with a read-only role on the analytics db.", ""},
		{"Give the Q3 planning page in Notion a new title: Q3 plan", "notion/API-patch-page"},
		{"add jane@contoso.com as a member of the Platform team in azure devops", ""},
		// A product refused in parentheses.
		{"read-only postgres db (not supabase), prod env: count invoices from last wk", "postgres/query"},
		{"Create an index on orders.customer_id in the local Postgres database, which is not on Supabase.", ""},
		// The folder a file is in is no folder to list; a screen recording.
		{"Rename notes/draft.md to notes/2024-review.md in the local project folder.", "filesystem/move_file"},
		{"show the tree of the local project folder", "filesystem/directory_tree"},
		{"Capture a screen recording of the Chrome page while I click through checkout.", "chrome-devtools/screencast_start"},
		// An id asked for: the tool finding it.
		{"what's the context7 id for next.js", "context7/resolve-library-id"},
		{"use context7 library id /vercel/next.js to look up middleware docs", "context7/query-docs"},
		// Two ids joined by "and": one step.
		{"Merge Sentry issues WEB-12 and WEB-15 into a single issue; they are the same crash.", ""},
		{"Resolve Sentry issues WEB-12 and WEB-15", "sentry/update_issue"},
		// A folder by its path, which no tool deletes.
		{"Delete the build/ folder and everything inside it from the project directory.", ""},
		{"Delete the n8n folder 'Old experiments' and everything inside it", "n8n/n8n_manage_folders"},
		// What was pushed to a branch; when a file was last modified.
		{"Has someone pushed to the main branch of acme/sdk on GitHub since Friday?", "github/list_commits"},
		{"When was config/app.yaml on disk last modified?", "filesystem/get_file_info"},
	})
}

func TestIDPair(t *testing.T) {
	for _, c := range []struct {
		before, after string
		want          bool
	}{
		{"Merge Sentry issues WEB-12", "WEB-15 into one", true},
		{"close #12", "#15 in acme/web", true},
		{"close #12", "open #15", false},
		{"look at WEB-12", "tell me why it fails", false},
		{"read the web-12 notes", "WEB-15", false},
	} {
		if got := idPair(c.before, c.after); got != c.want {
			t.Errorf("idPair(%q, %q) = %v, want %v", c.before, c.after, got, c.want)
		}
	}
}

func TestObjectOfURL(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"https://github.com/acme/web/issues/314", "issue 314"},
		{"https://github.com/acme/web/pull/12/files", "pull request 12"},
		{"<https://gitlab.com/acme/web/-/merge_requests/31>", "merge request 31"},
		{"https://dev.azure.com/contoso/Phoenix/_workitems/edit/4512", "work item 4512"},
		{"https://github.com/acme/web/commit/9f3c2ab", "commit 9f3c2ab"},
		{"https://github.com/acme/web/commit/deadbeef00", "commit deadbeef00"},
		{"https://github.com/acme/web/issues", ""},
		{"https://github.com/acme/web/issues/new", ""},
		{"https://example.com/pages/12", ""},
		{"https://github.com/acme/web/tree/main", ""},
		{"github.com/acme/web/issues/314", ""},
	} {
		if got := objectOfURL(c.url); got != c.want {
			t.Errorf("objectOfURL(%q) = %q, want %q", c.url, got, c.want)
		}
	}
}

// wantFirst checks each case: its tool the first hit, or no hit at all.
func wantFirst(t *testing.T, ix *Index, cases []searchCase) {
	t.Helper()
	for _, c := range cases {
		hits := ix.Search(c.query, 5)
		switch {
		case c.want == "" && hits != nil:
			t.Errorf("%q: %s, want none", c.query, fmtHits(hits))
		case c.want != "" && (len(hits) == 0 || hits[0].Server+"/"+hits[0].Tool != c.want):
			t.Errorf("%q: %s, want %s first", c.query, fmtHits(hits), c.want)
		}
	}
}
