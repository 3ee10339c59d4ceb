package search

import (
	"slices"
	"testing"
)

// Round 105: each rule's two sides, on the corpus.
func TestSearch_Round105(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	first := func(q string) string {
		hits := ix.Search(q, 5)
		if len(hits) == 0 {
			return ""
		}
		return hits[0].Server + "/" + hits[0].Tool
	}
	for _, c := range []struct{ query, want string }{
		// A ranking asked for with no verb reads; a named backend's
		// one query tool answers it.
		{"pg: top 10 tables by size", "postgres/query"},
		{"pg: 10 slowest stmts in pg_stat_statements by mean_exec_time", "postgres/query"},
		// Developers' clipped words.
		{"perms + mtime of ./build/app.bundle.js", "filesystem/get_file_info"},
		{"supabase abcdxyzqwerty1234 -> .d.ts defs for the db", "supabase/generate_typescript_types"},
		// What people said is read, under a message its thread's.
		{"what did ppl say under msg 1712345678.001200 in C02ABCD1234", "slack/slack_get_thread_replies"},
		{"what did the reviewers comment on PR 42 in acme/web", "github/get_pull_request_comments"},
		// Mermaid's syntax is a Mermaid diagram.
		{"to drawio: graph TD; api-->db; api-->cache; worker-->db", "drawio/open_drawio_mermaid"},
		// One page's URL is scraped, a site's root mapped or crawled.
		{"firecrawl https://news.ycombinator.com/item?id=41234567", "firecrawl/firecrawl_scrape"},
		{"firecrawl https://docs.example.org", "firecrawl/firecrawl_map"},
		// The nearest of a kind of place, and a street address.
		{"nearest pharmacy to 52.52,13.40", "google-maps/maps_search_places"},
		{"list cafes within 500 metres of Kurfurstendamm 21", "google-maps/maps_search_places"},
		{"where exactly is Kurfürstendamm 21, Berlin", "google-maps/maps_geocode"},
		// A street address goes into an address, coordinates into a
		// latitude.
		{"What street address is at 48.8584, 2.2945?", "google-maps/maps_reverse_geocode"},
		// A project's code style is its linter's.
		{"check src/Cart.tsx against our project's JS code-style rules", "eslint/lint-files"},
	} {
		if got := first(c.query); got != c.want {
			t.Errorf("%q: first %q, want %q (%s)", c.query, got, c.want, fmtHits(ix.Search(c.query, 5)))
		}
	}
	wantInFive(t, ix, []searchCase{
		// A scope before the request, a statement with "be", a dash
		// before "could you": the request's verb is seen, and no
		// Sentry tool deletes a project.
		{"In Sentry, could you delete the project 'legacy-ios'?", ""},
		{"Sentry: could you delete the project legacy-ios", ""},
		{"I'm tidying up our Sentry organization - could you permanently delete the project 'legacy-ios' together with all its events?", ""},
		{"In the Figma file, change the primary button fill to #0055FF across all frames", ""},
		{"In Notion, create a page called Roadmap", "notion/API-post-page"},
		{"On our Postgres database, how many invoices were unpaid last month?", "postgres/query"},
		// "the EU" is no technology: the Tavily step stands.
		{"Get this week's news on the EU AI Act with Tavily and post a three-bullet summary to Slack channel C0POLICY.", "tavily/tavily_search"},
		// A Slack channel id of eight characters is a channel.
		{"seer on WEB-9ZK, paste the gist in C0INC123", "slack/slack_post_message"},
		// The sentences after a request say why; they are no steps.
		{"Please, can you renew the TLS certificate for api.acme.io? It expires in two days and certbot keeps failing.", ""},
		// Installing is an operation of its own; n8n deploys a
		// template, which installs it.
		{"Install the Playwright browsers (chromium and webkit) on this machine", ""},
		{"Install the React DevTools extension in Chrome with chrome devtools.", ""},
		{"Install n8n.io template 1234 on our n8n instance.", "n8n/n8n_deploy_template"},
		// A page's accessibility tree is its snapshot; signing in as
		// someone fills the form.
		{"get the accessibility tree of the current page", "playwright/browser_snapshot"},
		{"In Playwright: open https://staging.acme.io/login, sign in as test@acme.io / hunter2 and screenshot the dashboard", "playwright/browser_fill_form"},
		// A message to send at a time to come is scheduled, which no
		// Slack tool does; a time in the message's own words is no
		// schedule.
		{"slack: queue 'standup in 5' to go out Monday 9:00 in #standup", ""},
		{"send 'standup in 5' to #standup on Slack at 9:00 on Monday", ""},
		{"Send a heads-up to the #general Slack channel that the office is closed on Friday.", "slack/slack_post_message"},
		{"Post a message to #general on Slack saying the office is closed tomorrow because it is a holiday.", "slack/slack_post_message"},
		// An operation's verb after a product's label starts the
		// request.
		{"circleci cancel running workflow on main", ""},
		// A statement of what the things are, then an operation no
		// tool of their product does.
		{"hubspot contacts 8812 and 9931 are the same person, merge them into one", ""},
		{"The mockups are final, so pin a comment on the Figma frame 'Checkout / Step 2' asking the designer to fix the button padding.", ""},
		{"What time zone is Slack user U02XYZ123 in? I want to schedule a call with him.", "slack/slack_get_user_profile"},
		// An operation a tool does is said in its first sentence:
		// Supabase's "independent rotation" of publishable keys, in a
		// second, rotates nothing.
		{"Rotate the JWT secret of Supabase project qzvbnmwlkx.", ""},
		{"Schedule a nightly pipeline for the GitLab project acme/web.", ""},
		// A server's name before "server" or "tools" names it, even
		// a word many tools use; a toggle enables and disables.
		{"Delete the directory old-builds/ and everything in it with the filesystem tools.", ""},
		{"Rename /home/dev/web/src/utils/helpers.js to strings.js using the filesystem server.", "filesystem/move_file"},
		{"turn off the simulated logging in the everything server", "everything/toggle-simulated-logging"},
		{"Switch on the simulated resource-update notifications on the everything server.", "everything/toggle-subscriber-updates"},
		// A product named by an ordinary word, before a thing it
		// keeps; the word in its plain sense is no product.
		{"Move Linear issue ENG-142 to In Progress.", ""},
		{"create a Linear issue for the flaky login test", ""},
		{"plot revenue per month as a line chart on a linear scale", "antv-chart/generate_line_chart"},
		// Library docs on a topic: the topic names no tool.
		{"look up the Drizzle ORM docs on migrations", "context7/query-docs"},
	})
	for q, want := range map[string]bool{
		"pg: top 10 tables by size":         true,
		"the 5 largest collections":         true,
		"10 slowest statements":             true,
		"top":                               false,
		"deploy the top 10 services":        false,
		"postgres: back up the top schemas": false,
	} {
		if got := rankingRead(q); got != want {
			t.Errorf("rankingRead(%q) = %v, want %v", q, got, want)
		}
	}
	for q, want := range map[string]bool{
		"what did people say in #general":   true,
		"what has Ann posted today":         true,
		"what should I say to Ann":          false,
		"what did the build log say":        true,
		"post what did you say to the team": false,
	} {
		if got := saidQuestion(q); got != want {
			t.Errorf("saidQuestion(%q) = %v, want %v", q, got, want)
		}
	}
	for u, want := range map[string]bool{
		"https://news.ycombinator.com/item?id=41234567": true,
		"https://acme.io/blog/2024/launch":              true,
		"https://acme.io/launch.html":                   true,
		"https://docs.example.org":                      false,
		"https://docs.example.org/":                     false,
		"https://docs.example.org/guide":                false,
	} {
		if got := singlePageURL(u); got != want {
			t.Errorf("singlePageURL(%q) = %v, want %v", u, got, want)
		}
	}
	for q, want := range map[string]bool{
		"coords of 221B Baker St, London":           true,
		"how far is 10 Downing Street from the Eye": true,
		"Kurfürstendamm 21, Berlin":                 true,
		"Friedrichstraße 43":                        true,
		"show the 3 Open Issues":                    false,
		"list 20 Street":                            false,
	} {
		if got := hasAddress(q); got != want {
			t.Errorf("hasAddress(%q) = %v, want %v", q, got, want)
		}
	}
	for in, out := range map[string]string{
		"graph TD; a-->b":        "graph TD mermaid; a-->b",
		"sequenceDiagram; A->>B": "sequenceDiagram mermaid; A->>B",
		"graph the revenue":      "graph the revenue",
	} {
		if got := rewriteMermaid(in); got != out {
			t.Errorf("rewriteMermaid(%q) = %q, want %q", in, got, out)
		}
	}
	for q, want := range map[string]string{
		"In Sentry, could you delete the project x?": "could you delete the project x?",
		"In the Figma file, change the fill":         "change the fill",
		"In our Postgres db, how many rows":          "",
		"in 2024, we shipped":                        "",
	} {
		if got := afterScope(q); got != want {
			t.Errorf("afterScope(%q) = %q, want %q", q, got, want)
		}
	}
	for step, want := range map[string]bool{
		"It expires in two days":     true,
		"we're out of credits":       true,
		"it keeps failing":           true,
		"pin it":                     false,
		"it in #general":             false,
		"close the issue":            false,
		"There's a workflow running": true,
	} {
		if got := stepStatement(step); got != want {
			t.Errorf("stepStatement(%q) = %v, want %v", step, got, want)
		}
	}
}

// searchCase is a query and the tool it wants among the first five
// ("server/tool"), or "" for none.
type searchCase struct{ query, want string }

// wantInFive checks each case: its tool among the first five hits, or no
// hit at all.
func wantInFive(t *testing.T, ix *Index, cases []searchCase) {
	t.Helper()
	for _, c := range cases {
		hits := ix.Search(c.query, 5)
		if c.want == "" {
			if hits != nil {
				t.Errorf("%q: %s, want none", c.query, fmtHits(hits))
			}
			continue
		}
		if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Server+"/"+h.Tool == c.want }) {
			t.Errorf("%q: %s, want %s in the five", c.query, fmtHits(hits), c.want)
		}
	}
	for in, out := range map[string]string{
		"Gets all keys. Keys rotate.": "Gets all keys",
		"Run a query\n\nMore text":    "Run a query",
		"Read v1.2 of the file":       "Read v1.2 of the file",
	} {
		if got := sentences(in)[0]; got != out {
			t.Errorf("the first of sentences(%q) = %q, want %q", in, got, out)
		}
	}
}
