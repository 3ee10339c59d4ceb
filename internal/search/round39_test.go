package search

import "testing"

func TestRequestPart_ReadsTheRequestAfterAStatement(t *testing.T) {
	tests := []struct {
		query, want string
	}{
		{"I wrote a pending review note on MR 77, can you submit just that one?", "submit just that one?"},
		{"We don't need the staging project for a while; pause it.", "pause it."},
		{"I set up a watch earlier, id mon_7; what are its settings?", "what are its settings?"},
		{"I'm done with the cluster, could you please drop the connection", "drop the connection"},
		{"My run finished, please fetch its items", "fetch its items"},
		{"Someone left a stale flag in Redis; please just remove the key flags:beta", "just remove the key flags:beta"},
		// No statement first, or no marker: the whole query.
		{"Pause the staging project; we don't need it.", "Pause the staging project; we don't need it."},
		{"I need the identity of ops-team@contoso.com to assign work", "I need the identity of ops-team@contoso.com to assign work"},
		{"Can you pause the staging project?", "Can you pause the staging project?"},
		// A semicolon before no request: the whole query.
		{"I wrote these notes; the first one matters", "I wrote these notes; the first one matters"},
	}
	for _, tt := range tests {
		if got := requestPart(tt.query); got != tt.want {
			t.Errorf("requestPart(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}

func TestRequestVerbPlace_SkipsTheStatementsVerb(t *testing.T) {
	tests := []struct {
		query, want string
	}{
		{"We don't need the Supabase project for a while; pause it.", ""},
		{"I'm finished querying the cluster, can you drop the Mongo connection?", stem("drop")},
		{"Drop the users table in postgres", stem("drop")},
	}
	for _, tt := range tests {
		if got, _ := requestVerbPlace(tt.query); got != tt.want {
			t.Errorf("requestVerbPlace(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}

func TestRequestVerbs_BaseFormsOnly(t *testing.T) {
	tests := []struct {
		query string
		want  verbFamily
	}{
		{"update the text of draft 12 on merge request !6 before publishing", verbUpdate},
		{"show me the latest posts in #general", verbRead},
		{"what are its current settings", 0},
		{"post the settings to #ops", verbCreate},
		{"We don't need the project for a while; pause it.", 0},
		{"I wrote a draft note, can you delete it", verbDelete},
	}
	for _, tt := range tests {
		toks, _, _, _ := queryTokensKinds(tt.query)
		if got := requestVerbs(tt.query, toks); got != tt.want {
			t.Errorf("requestVerbs(%q) = %d, want %d", tt.query, got, tt.want)
		}
	}
}

func TestVerbFamilies_EverydayVerbs(t *testing.T) {
	tests := []struct {
		word string
		want verbFamily
	}{
		{"google", verbRead},
		{"respond", verbCreate},
		{"rewrite", verbUpdate},
		{"wipe", verbDelete},
	}
	for _, tt := range tests {
		if got := verbStems()[stem(tt.word)]; got != tt.want {
			t.Errorf("family of %q = %d, want %d", tt.word, got, tt.want)
		}
	}
}

func TestEveryday_PhrasalAndEverydayVerbsReachToolWords(t *testing.T) {
	tests := []struct {
		query, want string // want: a word whose stem the query reaches
	}{
		{"hook up to the mongo database", "connect"},
		{"tick off all my to-dos", "mark"},
		{"report a bug in acme/api", "create"},
		{"google the latest rust release notes", "search"},
		{"throttle the network to slow 3G", "emulate"},
		{"set up a fresh supabase project", "create"},
		{"start a review thread on MR 14", "create"},
		{"shut down the playwright page", "close"},
		{"run document.title in the page", "evaluate"},
		{"check on the research agent I started", "status"},
	}
	for _, tt := range tests {
		if !reaches(tt.query, tt.want) {
			t.Errorf("%q does not reach %q", tt.query, tt.want)
		}
	}
}

// reaches reports whether query's terms, rewritten and expanded through
// the hand-written synonym and related-word tables, include the stem of
// want.
func reaches(query, want string) bool {
	want = stem(want)
	toks, _, _, _ := queryTokensKinds(query)
	for _, tk := range toks {
		if tk.term == want {
			return true
		}
		for _, s := range synonyms()[tk.term] {
			if s.term == want && !s.wordnet {
				return true
			}
		}
	}
	return false
}
