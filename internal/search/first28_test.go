package search

import "testing"

func TestTwinOf(t *testing.T) {
	for _, c := range []struct {
		a, b string
		word string
		ok   bool
	}{
		{"approve_merge_request", "unapprove_merge_request", "approve", true},
		{"performance_start_trace", "performance_stop_trace", "start", true},
		{"firecrawl_interact", "firecrawl_interact_stop", "", true},
		{"connect", "disconnect", "connect", true},
		{"get_merge_request", "merge_merge_request", "", false},
		{"create_issue_link", "delete_issue_link", "", false},
		{"screencast_stop", "screencast_start", "", false},
	} {
		w, ok := twinOf(nameWordsCased(c.a), nameWordsCased(c.b))
		if ok != c.ok || w != c.word {
			t.Errorf("twinOf(%s, %s) = %q, %v; want %q, %v", c.a, c.b, w, ok, c.word, c.ok)
		}
	}
}

func TestSearch_UndoingTwinFirst(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]string{
		"please retract the approval I gave on gitlab merge request 71": "unapprove_merge_request",
		"stop the chrome screencast that is recording now":              "screencast_stop",
		"end the firecrawl interactive browser session 44":              "firecrawl_interact_stop",
		"approve gitlab merge request 71":                               "approve_merge_request",
		"start recording a screencast of the chrome page":               "screencast_start",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, hits, want)
		}
	}
}

func TestCompoundOnly(t *testing.T) {
	if got := compoundOnly("show me MR !57 in acme/web"); !got[stem("merge")] {
		t.Errorf("MR: %v, want merge only in a compound", got)
	}
	if got := compoundOnly("merge merge request 57 now"); got[stem("merge")] {
		t.Errorf("merge as a verb: %v", got)
	}
}

func TestSearch_MergeRequestNamesAThing(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{"display gitlab MR !812 from acme/shop", "show me the code changes of gitlab MR !812"} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool == "merge_merge_request" {
			t.Errorf("%q: %v, want a tool reading the merge request first", q, hits)
		}
	}
	if hits := ix.Search("merge gitlab MR !812 of acme/shop", 5); len(hits) == 0 || hits[0].Tool != "merge_merge_request" {
		t.Errorf("merge MR !812: %v, want merge_merge_request first", hits)
	}
}

func TestPlainWords(t *testing.T) {
	if got := plainWords(`run ./scripts/links.js and 'two words' on crm.contacts, then stop`); got != "run and on then stop" {
		t.Errorf("plainWords: %q", got)
	}
}

func TestSearch_PluralOfASingularHead(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]string{
		"which records are kept in the apify key-value store scrape-cache": "get-key-value-store-keys",
		"get the record 'OUTPUT' from apify key-value store scrape-cache":  "get-key-value-store-record",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, hits, want)
		}
	}
}

func TestPartHeads(t *testing.T) {
	got := partHeads("fetch notion database 77aa and its data sources, then stop; show its owner")
	if len(got) != 1 || got[0] != stem("sources") {
		t.Errorf("partHeads: %v, want [%s]", got, stem("sources"))
	}
}

func TestSearch_ThingWithItsPart(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "retrieve notion page 7c7c with its properties"
	if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != "API-retrieve-a-page" {
		t.Errorf("%q: %v, want API-retrieve-a-page first", q, hits)
	}
}

func TestNotHeads(t *testing.T) {
	got := notHeads("show apify dataset ds_9, not the items; I don't need the raw diffs. we need the logs")
	if len(got) != 2 || got[0] != stem("items") || got[1] != stem("diffs") {
		t.Errorf("notHeads: %v", got)
	}
}

func TestSearch_NotTheItems(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]string{
		"show the apify dataset ds_12 itself, not the items":             "get-dataset",
		"Which files does gitlab MR !80 change? I don't need the diffs.": "list_merge_request_changed_files",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, hits, want)
		}
	}
}

func TestFindsByText(t *testing.T) {
	for q, want := range map[string]bool{
		"find gitlab projects mentioning kafka":  true,
		"search github for 'flaky test' issues":  true,
		"list my gitlab projects":                false,
		"is there a label called urgent in acme": false,
	} {
		if got := findsByText(q); got != want {
			t.Errorf("findsByText(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestSearch_FindByTextIsASearch(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{"look for github pull requests mentioning 'lockfile' in acme/web", "search github for closed PRs mentioning 'vendoring' in golang/go"} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != "search_issues" {
			t.Errorf("%q: %v, want search_issues first", q, hits)
		}
	}
}

func TestSearch_MergeRequestIsGitLabs(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "display note 55 on merge request 3 in acme/api"
	if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Server != "zereight-gitlab" {
		t.Errorf("%q: %v, want a GitLab tool first", q, hits)
	}
	// A pair one backend's names hold that no other backend names by
	// another word is no vocabulary of its own ("flaky test").
	if hits := ix.Search("Create a new Linear issue in the Platform team for the flaky test.", 5); hits != nil {
		t.Errorf("a Linear issue: %v, want none", hits)
	}
}

func TestOneAction(t *testing.T) {
	for q, want := range map[string]bool{
		"show the owner and color of the label bug in acme/web":                            true,
		"Is Supabase project abc healthy? show its status and region.":                     true,
		"find the team payments and create a project for it":                               false,
		"check whether MR !4 has conflicts; if it's clean, merge it and remove the branch": false,
		"read deps.json and draw it as a graph":                                            false,
	} {
		if got := oneAction(q); got != want {
			t.Errorf("oneAction(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestSearch_OneActionInSeveralParts(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]string{
		"show the colour and priority of label frontend in acme/shop":             "get_label",
		"get the state, author and title of gitlab merge request 55 in project 9": "get_merge_request",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, hits, want)
		}
	}
}

func TestSearch_RaiseAPullRequest(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "raise a PR in github repo acme/shop from feat/cart into main"
	if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != "create_pull_request" {
		t.Errorf("%q: %v, want create_pull_request first", q, hits)
	}
}

func TestQueryVerbs_AppendAndAttachMake(t *testing.T) {
	for _, q := range []string{"append a summary to notes.md", "attach the log to ticket 5"} {
		toks, _, _ := queryTokens(q)
		if queryVerbs(toks)&verbCreate == 0 {
			t.Errorf("%q: no verb of making (%v)", q, toks)
		}
	}
}
