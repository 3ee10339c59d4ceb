package search

import (
	"slices"
	"testing"
)

// Round 104: the requests it answers "none" and those it answers, each
// pair one rule's two sides.
func TestSearch_Round104(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	wantInFive(t, ix, []searchCase{
		// Uploading: no Slack, Sentry or Supabase tool takes a file;
		// GitLab's upload_markdown and GitHub's push_files do.
		{"Upload build.log as a file to #ci on Slack.", ""},
		{"upload the source maps in ./dist to sentry for release web@4.2.0", ""},
		{"upload avatar.png to the avatars bucket in supabase storage", ""},
		{"Upload the whole docs rewrite (five markdown files) to octo-org/handbook on GitHub branch docs-refresh as one commit.", "github/push_files"},
		// A user, which other products manage, is no MongoDB thing.
		{"Create a MongoDB database user 'reporter' with the read role on the analytics database.", ""},
		// Every Google Maps tool reads; Figma's downloads take a path.
		{"Save Blue Bottle Coffee to my Google Maps favourites list", ""},
		{"save the logo svg from figma file K9dLx2 node 4:17 into ./assets", "figma/download_figma_images"},
		// An -ing word before a noun says which.
		{"I need walking directions from the Lyon Part-Dieu station to the Musée des Confluences.", "google-maps/maps_directions"},
		// The shell's file commands read the file.
		{"cat src/server/handlers/auth.py", "filesystem/read_text_file"},
		// A sentence before the request, and one the request points
		// back into.
		{"I keep getting pinged in #random. Could you mute that Slack channel for me?", ""},
		{"The branch old-experiment in acme/web was merged ages ago, please delete it from GitHub.", ""},
		{"I want to feel what the site is like on a cheap phone with a terrible connection. Can you make the Chrome tab behave like that?", "chrome-devtools/emulate"},
		// A run-control dotfile names no backend; a product's own file
		// does.
		{"cat package.json tsconfig.json .eslintrc.cjs", "filesystem/read_multiple_files"},
		{"check whether our .gitlab-ci.yml is valid", "zereight-gitlab/validate_project_ci_lint"},
		// Going from one place to another asks for directions; how long
		// it takes, for the matrix.
		{"How do I walk from Amsterdam Centraal to the Rijksmuseum? Step by step, please.", "google-maps/maps_directions"},
		{"How long would it take to drive from Lyon to Geneva, and from Lyon to Turin?", "google-maps/maps_distance_matrix"},
		// A noun before the head whose tool does the verb and speaks of
		// the head serves it; an action parameter's tool does not.
		{"update notion page properties", "notion/API-patch-page"},
		{"push multiple files single commit github", "github/push_files"},
		{"Delete build pipeline 17 in Azure DevOps project Shop.", ""},
		// Azure DevOps' tools are named for their thing last: the pull
		// request writer deletes no repository, the link writer no work
		// item; Playwright's few action tools are no such backend.
		{"Delete the Azure DevOps repository old-api in project Shop.", ""},
		{"Delete work item 1234 in Azure DevOps.", ""},
		{"Create a new Git repository called billing-api in Azure DevOps project Shop.", ""},
		{"drop the file ./fixtures/avatar.jpg onto the upload zone in the playwright page", "playwright/browser_drop"},
	})
	// A thing of one named product saved to another is two steps.
	hits := ix.Search("save the Supabase advisor warnings for project abcd1234 to Notion as a checklist page", 5)
	for _, want := range []string{"supabase/get_advisors", "notion/API-post-page"} {
		if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Server+"/"+h.Tool == want }) {
			t.Errorf("Supabase warnings to Notion: %s, want %s in the five", fmtHits(hits), want)
		}
	}
	for _, c := range []struct{ prev, q string }{
		{"push main.tf variables.tf", "outputs.tf in one commit"},
	} {
		if !valueListGoesOn(c.prev, c.q) {
			t.Errorf("valueListGoesOn(%q, %q) = false, want true", c.prev, c.q)
		}
	}
	if valueListGoesOn("create the repo", "outputs.tf in one commit") {
		t.Error("valueListGoesOn after no value = true, want false")
	}
	for in, out := range map[string]string{
		"cat src/app.py":                "cat read file src/app.py",
		"tail -n 200 /var/log/app.log":  "tail read file -n 200 /var/log/app.log",
		"cat food for my cat":           "cat food for my cat",
		"head over to the staging site": "head over to the staging site",
	} {
		if got := rewriteFileCommand(in); got != out {
			t.Errorf("rewriteFileCommand(%q) = %q, want %q", in, got, out)
		}
	}
}
