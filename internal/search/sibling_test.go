package search

import "testing"

func TestSearch_SiblingWhoseNameHoldsTheQueryFirst(t *testing.T) {
	// On the corpus, merge_merge_request's description repeats "merge
	// request" and outscores approve_merge_request on text alone.
	ix := New(corpusDocs(t), nil)
	hits := ix.Search("Approve merge request !15 in GitLab.", 3)
	if len(hits) == 0 || hits[0].Tool != "approve_merge_request" {
		t.Fatalf("approve merge request: %v, want approve_merge_request first", hits)
	}
}

func TestQueryTokens_NameBeforeAFieldIsAnArgument(t *testing.T) {
	for _, q := range []string{"type hello@example.com into the email field", "click the submit button"} {
		toks, paths, _ := queryTokens(q)
		var found bool
		for _, tk := range toks {
			if (tk.term == "email" || tk.term == "submit") && paths[tk.term] {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: the field's name is taken for a request: %v", q, toks)
		}
	}
	toks, paths, _ := queryTokens("type it into the focused field")
	for _, tk := range toks {
		if tk.term == stem("focused") && paths[tk.term] {
			t.Errorf("a state (focused) is taken for a name: %v", toks)
		}
	}
}

func TestQueryTokens_PurposeClauseIsAnArgument(t *testing.T) {
	toks, paths, _ := queryTokens("hover over the menu so the dropdown shows, then click Save")
	for _, tk := range toks {
		switch tk.term {
		case stem("dropdown"):
			if !paths[tk.term] {
				t.Errorf("the purpose clause is taken for a request: %v", toks)
			}
		case "click":
			if paths[tk.term] {
				t.Errorf("the next clause is taken for the purpose: %v", toks)
			}
		}
	}
}

func TestQueryTokens_MediaFileExtensionIsAHint(t *testing.T) {
	for q, want := range map[string]string{"load ./images/cat.jpg": stem("image"), "play ./standup.mp3": stem("audio"), "read ./notes.txt": ""} {
		toks, _, _ := queryTokens(q)
		var got string
		for _, tk := range toks {
			if tk.weight == hintWeight && (tk.term == stem("image") || tk.term == stem("audio") || tk.term == stem("video")) {
				got = tk.term
			}
		}
		if got != want {
			t.Errorf("%q: media hint %q, want %q (%v)", q, got, want, toks)
		}
	}
}

func TestSearch_DetailsOfNamesNoThing(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	if hits := ix.Search("give me the details of hubspot workflow 42", 3); len(hits) == 0 || hits[0].Tool != "hubspot-get-workflow" {
		t.Errorf("details of a workflow: %v, want hubspot-get-workflow first", hits)
	}
}
