package search

import "testing"

// TestSearch_Round70 (round70.go): requests in everyday words whose first
// hit by the tools' own words fails the relevance check are answered by
// the tool the learned words agree on, of whatever backend; requests no
// tool serves whose learned first hit rests on one learned word stay
// unanswered.
func TestSearch_Round70(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]ref{
		"what's been going on in the database server's logs lately?":                               {"mongodb", "mongodb-logs"},
		"what does notes/todo.md say?":                                                             {"filesystem", "read_text_file"},
		"give the team a heads up in the ops channel that the database will be down at 6":          {"slack", "slack_post_message"},
		"how are the response times spread out? I want to see the buckets":                         {"antv-chart", "generate_histogram_chart"},
		"make me a picture comparing how many tickets each team closed: web 40, mobile 25, api 31": {"antv-chart", "generate_column_chart"},
		"is our homepage friendly to blind users and search engines? give it a score":              {"chrome-devtools", "lighthouse_audit"},
	} {
		hits := ix.Search(q, 5)
		if len(hits) == 0 || hits[0].Server != want.Server || hits[0].Tool != want.Tool {
			t.Errorf("%q -> %s, want %s/%s first", q, fmtHits(hits), want.Server, want.Tool)
		}
	}
	for _, q := range []string{"set a timer for 10 minutes", "sync my phone contacts"} {
		if hits := ix.Search(q, 5); hits != nil {
			t.Errorf("%q -> %s, want none", q, fmtHits(hits))
		}
	}
}

// TestRewritePhrases_Round70: a picture one makes is a diagram, one taken
// stays a picture; search engines, screen readers, a spread and a web
// address are said in tools' words.
func TestRewritePhrases_Round70(t *testing.T) {
	for in, want := range map[string]string{
		"make me a picture of how the services talk": "draw me a diagram of how the services talk",
		"take a picture of the page":                 "take a picture of the page",
		"friendly to search engines":                 "friendly to seo",
		"what a screen reader sees":                  "what a accessibility sees",
		"how spread out are the response times":      "how distribution are the response times",
		"the web address of our API":                 "the url of our API",
	} {
		if got := rewritePhrases(in); got != want {
			t.Errorf("rewritePhrases(%q) = %q, want %q", in, got, want)
		}
	}
}
