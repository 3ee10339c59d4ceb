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
	})
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
