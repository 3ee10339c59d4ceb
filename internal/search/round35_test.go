package search

import (
	"fmt"
	"testing"
)

// fitDocs is a small catalog: a code host whose draft notes, issue links
// and users are read by a get and a list tool each, with a scope
// parameter (project_id) on most, and a chat backend whose get tool takes
// a bare id.
func fitDocs() []Doc {
	req := func(n string) Param { return Param{Name: n, Required: true} }
	opt := func(n string) Param { return Param{Name: n} }
	docs := []Doc{
		{Server: "host", Tool: "get_draft_note", Description: "Get a single draft note from a merge request.", Params: []Param{req("project_id"), req("merge_request_iid"), req("draft_note_id")}},
		{Server: "host", Tool: "list_draft_notes", Description: "List draft notes for a merge request.", Params: []Param{req("project_id"), req("merge_request_iid")}},
		{Server: "host", Tool: "get_issue_link", Description: "Get a specific issue link.", Params: []Param{req("project_id"), req("issue_iid"), req("issue_link_id")}},
		{Server: "host", Tool: "list_issue_links", Description: "List all issue links for a specific issue.", Params: []Param{req("project_id"), req("issue_iid")}},
		{Server: "host", Tool: "create_issue_link", Description: "Create an issue link between two issues.", Params: []Param{req("project_id"), req("issue_iid"), req("target_project_id"), req("target_issue_iid")}},
		{Server: "host", Tool: "delete_issue_link", Description: "Delete an issue link.", Params: []Param{req("project_id"), req("issue_iid"), req("issue_link_id")}},
		{Server: "host", Tool: "get_commit", Description: "Get details of a specific commit.", Params: []Param{req("project_id"), req("sha")}},
		{Server: "host", Tool: "get_file_blame", Description: "Get git blame for a file at a given ref.", Params: []Param{req("project_id"), req("file_path"), req("ref")}},
		{Server: "host", Tool: "get_project", Description: "Get details of a specific project.", Params: []Param{req("project_id")}},
		{Server: "host", Tool: "list_projects", Description: "List projects accessible by the current user.", Params: []Param{opt("search")}},
		{Server: "chat", Tool: "get_users", Description: "Get a list of all users in the workspace.", Params: []Param{opt("cursor")}},
		{Server: "chat", Tool: "get_user_profile", Description: "Get detailed profile information for a specific user.", Params: []Param{req("user_id")}},
	}
	for i := range 20 {
		docs = append(docs, Doc{Server: "misc", Tool: fmt.Sprintf("tool%c", 'a'+i), Description: fmt.Sprintf("Does thing %c with widgets and gadgets.", 'a'+i)})
	}
	return docs
}

// TestSchemaFit: a request's ids fill the identifier parameters of the
// things they follow, the parameter's last word first; a bare id or sha is
// of the thing the tool's name names; a required parameter no id fills
// counts as empty unless it is a scope or the request names its thing as
// one.
func TestSchemaFit(t *testing.T) {
	ix := New(fitDocs(), nil)
	doc := map[string]int32{}
	for i, d := range ix.docs {
		doc[d.Tool] = int32(i)
	}
	for _, c := range []struct {
		query, tool   string
		filled, empty int
	}{
		{"show my pending draft notes on merge request 15", "get_draft_note", 1, 1},
		{"show my pending draft notes on merge request 15", "list_draft_notes", 1, 0},
		{"show pending draft 2231 on merge request 8", "get_draft_note", 2, 0},
		{"open draft note 17 on merge request 90 in project 12", "get_draft_note", 3, 0},
		{"show the links of issue 9", "get_issue_link", 1, 1}, // issue 9 fills issue_iid, not issue_link_id
		{"show the links of issue 9", "list_issue_links", 1, 0},
		{"unlink issue link 901 from issue 77", "delete_issue_link", 2, 0},
		{"unlink issue link 901 from issue 77", "create_issue_link", 1, 1}, // target_project_id: a scope
		{"who authored commit 4f5e6d7 in project 22", "get_commit", 2, 0},
		{"who authored commit 4f5e6d7 in project 22", "get_file_blame", 1, 0},
		{"show the settings of project 7781", "get_project", 1, 0},
		{"compare the settings of all projects", "get_project", 0, 0},       // project_id: a scope, never empty
		{"who is U024BE7LH", "get_user_profile", 1, 0},                      // an id after no word fills a required one
		{"show the draft note on merge request 15", "get_draft_note", 1, 0}, // "the draft note": one, named
	} {
		vals := ix.idValues(c.query)
		f, e := ix.schemaFit(doc[c.tool], vals, ix.singularThings(c.query))
		if f != c.filled || e != c.empty {
			t.Errorf("schemaFit(%s, %q) = %d filled, %d empty; want %d, %d", c.tool, c.query, f, e, c.filled, c.empty)
		}
	}
}

// TestFitFirst_NearTiesOfOneBackend: of two tools of the first hit's
// backend within fitMargin of its score, the one fitting the request's
// ids better ranks first; a tool further behind, one of another backend,
// or one fitting no better does not move, and a request carrying no id
// moves nothing.
func TestFitFirst_NearTiesOfOneBackend(t *testing.T) {
	ix := New(fitDocs(), nil)
	doc := map[string]int{}
	for i, d := range ix.docs {
		doc[d.Tool] = i
	}
	type hit struct {
		tool  string
		score float64
	}
	for _, c := range []struct {
		name  string
		query string
		hits  []hit
		first string
	}{
		{"a list tool for a request giving no draft's id", "show my pending draft notes on merge request 15",
			[]hit{{"get_draft_note", 10}, {"list_draft_notes", 9.6}}, "list_draft_notes"},
		{"a get tool for a request giving the draft's id", "show pending draft 2231 on merge request 8",
			[]hit{{"list_draft_notes", 10}, {"get_draft_note", 9.9}}, "get_draft_note"},
		{"the tool the id is of, of another verb family", "unlink issue link 901 from issue 77",
			[]hit{{"create_issue_link", 10}, {"delete_issue_link", 9.9}}, "delete_issue_link"},
		{"beyond the margin", "show my pending draft notes on merge request 15",
			[]hit{{"get_draft_note", 10}, {"list_draft_notes", 8.5}}, "get_draft_note"},
		{"beyond the first three", "show my pending draft notes on merge request 15",
			[]hit{{"get_draft_note", 10}, {"get_issue_link", 9.9}, {"get_project", 9.8}, {"list_draft_notes", 9.7}}, "get_draft_note"},
		{"another backend", "who is U024BE7LH",
			[]hit{{"list_projects", 10}, {"get_user_profile", 9.9}}, "list_projects"},
		{"no better fit", "unlink issue link 901 from issue 77",
			[]hit{{"delete_issue_link", 10}, {"get_issue_link", 9.9}}, "delete_issue_link"},
		{"no id", "show my pending draft notes",
			[]hit{{"get_draft_note", 10}, {"list_draft_notes", 9.9}}, "get_draft_note"},
		{"another verb family only by ids filled", "show the links of issue 9",
			[]hit{{"create_issue_link", 10}, {"get_issue_link", 9.9}}, "create_issue_link"},
	} {
		score := make([]float64, len(ix.docs))
		var hits []Hit
		var cands []int32
		for _, h := range c.hits {
			d := doc[h.tool]
			score[d] = h.score
			hits = append(hits, Hit{Doc: d, Server: ix.docs[d].Server, Tool: h.tool, Score: h.score})
			cands = append(cands, int32(d))
		}
		if ix.fitFirst(c.query, hits, score) {
			hits = ix.topK(cands, score, len(cands))
		}
		if hits[0].Tool != c.first {
			t.Errorf("%s: %q: %s first, want %s", c.name, c.query, hits[0].Tool, c.first)
		}
	}
}

// TestSearch_SchemaFit: end to end on the corpus, near ties of one
// backend go to the tool the request's ids fill.
func TestSearch_SchemaFit(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]string{
		"show my pending draft comments on MR 15":                               "list_draft_notes",
		"show me pending draft 2231 on mr 8 before I publish it":                "get_draft_note",
		"Get the GitLab profile of user 502.":                                   "get_user",
		"put a thumbs up reaction on gitlab issue 88":                           "create_issue_emoji_reaction",
		"Unlink issue link 901 from GitLab issue #77.":                          "delete_issue_link",
		"Show author, date and message of commit 4f5e6d7 in GitLab project 22.": "get_commit",
		// Two near ties fit better than my_issues; the one that fits best
		// (no note id left empty) goes first.
		"close issue 412 in GitLab project ops/infra": "update_issue",
	} {
		hits := ix.Search(q, 5)
		if len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, fmtHits(hits), want)
		}
	}
}
