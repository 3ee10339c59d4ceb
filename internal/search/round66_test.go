package search

import (
	"slices"
	"testing"
)

func TestStepLabels(t *testing.T) {
	docs := corpusDocs(t)
	for _, c := range []struct {
		query string
		want  [][2]string // tool, the step's text
	}{
		// In order: the first step is the look-up, however its words rank.
		{"Look up GitLab issue 231 in ops/infra and close it.", [][2]string{
			{"get_issue", "Look up issue 231 in ops/infra"}, {"update_issue", "close it"}}},
		// Against the order when the steps' own rankings say so clearly.
		{"before you post the summary in #general on slack, list the open pull requests of acme/web on github", [][2]string{
			{"list_pull_requests", "list the open pull requests of acme/web on"}, {"slack_post_message", "before you post the summary in #general on"}}},
	} {
		ls := StepLabels(docs, []TaskLabel{{Query: c.query, Expected: []StepLabel{
			{Server: map[bool]string{true: "zereight-gitlab", false: "github"}[c.want[0][0] == "get_issue"], Tool: c.want[0][0]},
			{Server: map[bool]string{true: "zereight-gitlab", false: "slack"}[c.want[1][0] == "update_issue"], Tool: c.want[1][0]},
		}}})
		var got [][2]string
		for _, l := range ls {
			got = append(got, [2]string{l.Tool, l.Text})
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: labels %q, want %q", c.query, got, c.want)
		}
	}
}

func TestDescribedThing(t *testing.T) {
	for q, want := range map[string]string{
		"Comment on the GitHub issue that tracks the login timeout bug": "issue",
		"Close the GitLab issue in project x/y that talks about Redis":  "",
		"deactivate the n8n workflow called Lead sync":                  "workflow",
		"Close GitLab issue #12 in web/app":                             "",
		"Click the button on the page":                                  "",
	} {
		if got := describedThing(q); got != want {
			t.Errorf("describedThing(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestRound66Steps(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	in5 := func(q, server, tool string) {
		t.Helper()
		hits := ix.Search(q, 5)
		if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Server == server && h.Tool == tool }) {
			t.Errorf("%q: %s/%s not in %s", q, server, tool, fmtHits(hits))
		}
	}
	// A file read before the step that names where it goes is the user's.
	q := "Read notes/release.md and push it to the GitHub repo acme/docs on branch main."
	in5(q, "filesystem", "read_text_file")
	in5(q, "github", "push_files")
	// "grab" reads a file.
	q = "Grab the contents of docs/changelog.md and post it to #releases on Slack."
	in5(q, "filesystem", "read_text_file")
	in5(q, "slack", "slack_post_message")
	// A thing named by a description is found first (GitHub lists or
	// searches issues).
	q = "Comment on the GitHub issue that tracks the flaky upload test in acme/web that it is fixed now."
	hits := ix.Search(q, 5)
	if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == "search_issues" || h.Tool == "list_issues" }) {
		t.Errorf("%q: no finder of issues in %s", q, fmtHits(hits))
	}
	in5(q, "github", "add_issue_comment")
	// Named by its number: no finder.
	q = "Comment on GitHub issue #12 in acme/web that it is fixed now."
	if hits := ix.Search(q, 5); slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == "search_issues" }) {
		t.Errorf("%q: a finder in %s", q, fmtHits(hits))
	}
}
