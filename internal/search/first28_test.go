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
		"stop the chrome screencast that is recording now": "screencast_stop",
		"end the firecrawl interactive browser session 44": "firecrawl_interact_stop",
		"approve gitlab merge request 71":                  "approve_merge_request",
		"start recording a screencast of the chrome page":  "screencast_start",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, hits, want)
		}
	}
	if hits := ix.Search("please retract the approval I gave on gitlab merge request 71", 5); len(hits) == 0 || hits[0].Tool == "approve_merge_request" {
		t.Errorf("retract the approval: %v, want approve_merge_request not first", hits)
	}
}
