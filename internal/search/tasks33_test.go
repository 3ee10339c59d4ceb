package search

import (
	"slices"
	"testing"
)

// TestStepActs: a part asks for an action when a verb starts it, it asks
// no question, and a capitalised first word starts a sentence.
func TestStepActs(t *testing.T) {
	for _, c := range []struct {
		query, step string
		want        bool
	}{
		{"find the mongo collection schema for orders, then draw it as a mind map", "draw it as a mind map", true},
		{"Close issue #88 in GitLab project acme/api and add the label 'wontfix'.", "Close issue #88 in GitLab project acme/api", true},
		{"Read config/app.yaml. Push it to the GitHub repo acme/infra.", "Push it to the GitHub repo acme/infra", true},
		{"show me what you know about Alice and Project Zephyr", "Project Zephyr", false},
		{"what did the page send in the POST to /graphql? get that request", "what did the page send in the POST to /graphql", false},
		{"show the priority and color of the label", "color of the label", false},
	} {
		if got := stepActs(c.query, c.step); got != c.want {
			t.Errorf("stepActs(%q, %q) = %v, want %v", c.query, c.step, got, c.want)
		}
	}
}

// TestShareSlots: the slots are shared in a task whose every part asks
// for an action; a single request the splitter cuts keeps its ranking.
func TestShareSlots(t *testing.T) {
	docs := []Doc{
		{Server: "files", Tool: "read_file", Description: "Read a file."},
		{Server: "charts", Tool: "draw_chart", Description: "Draw a chart."},
		{Server: "files", Tool: "list_directory", Description: "List a directory."},
	}
	ix := New(docs, nil)
	steps := [][]Hit{
		{{Doc: 0, Server: "files", Tool: "read_file", Score: 10}, {Doc: 2, Server: "files", Tool: "list_directory", Score: 9.9}},
		{{Doc: 1, Server: "charts", Tool: "draw_chart", Score: 10}},
	}
	rest := []Hit{{Doc: 1, Score: 5}}
	for q, want := range map[string][]int{
		"read notes.txt and draw it as a chart":                {2}, // list_directory, read_file's runner-up, is owed a slot
		"show me what you know about Alice and Project Zephyr": nil,
	} {
		_, info := ix.clauses(q, ix.queryTerms(q), nil, nil)
		if len(info) != 2 {
			t.Fatalf("%q: %d parts, want 2", q, len(info))
		}
		s := ix.shareSlots(q, steps, info, steps[1][0])
		if got := s.fill([]int{1, 0}, rest, 5); !slices.Equal(got, want) {
			t.Errorf("%q: fill = %v, want %v", q, got, want)
		}
	}
	if ix.shareSlots("read notes.txt", steps[:1], make([]clause, 1), steps[0][0]) != nil {
		t.Errorf("one step: shared")
	}
}

// TestSearch_StepsShareSlots: in a task, a step's runner-up takes a slot
// before the whole ranking's siblings of the step served best.
func TestSearch_StepsShareSlots(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, wants := range map[string][]string{
		"find the mongo collection schema for invoices, then draw it as a mind map":                                   {"collection-schema", "generate_mind_map"},
		"open a new devtools page at http://localhost:3000, run document.title in it, then list the console messages": {"new_page", "evaluate_script", "list_console_messages"},
	} {
		hits := ix.Search(q, 5)
		for _, want := range wants {
			if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == want }) {
				t.Errorf("%q: %s not in the top 5: %s", q, want, fmtHits(hits))
			}
		}
	}
}

// TestJoinSetting: an opening part ending at a punctuation mark, starting
// with a setting word and asking for no action joins the part after it;
// one asking for an action, one cut at "and", one later in the request,
// or one alone stays as it is.
func TestJoinSetting(t *testing.T) {
	for _, c := range []struct{ parts, split, want []string }{
		{[]string{"In Chrome DevTools", "open https://a.io in a new tab", "and click it"}, []string{"In Chrome DevTools", "open https://a.io in a new tab", "click it"}, []string{"In Chrome DevTools open https://a.io in a new tab", "click it"}},
		{[]string{"For HubSpot company 9876543", "get all the contacts associated with it and set their stage"}, []string{"For HubSpot company 9876543", "get all the contacts associated with it", "set their stage"}, []string{"For HubSpot company 9876543 get all the contacts associated with it", "set their stage"}},
		{[]string{"open the page", "then on that page click 'Past incidents'"}, []string{"open the page", "on that page click 'Past incidents'"}, []string{"open the page", "on that page click 'Past incidents'"}},
		{[]string{"In GitLab clone the repo", "open an issue"}, []string{"In GitLab clone the repo", "open an issue"}, []string{"In GitLab clone the repo", "open an issue"}},
		{[]string{"For the acme/web repo on GitHub", "list the open PRs"}, []string{"For the acme/web repo on GitHub", "list the open PRs"}, []string{"For the acme/web repo on GitHub list the open PRs"}},
		{[]string{"Using Playwright take a screenshot and save it"}, []string{"Using Playwright take a screenshot", "save it"}, []string{"Using Playwright take a screenshot", "save it"}},
		{[]string{"In GitLab"}, []string{"In GitLab"}, []string{"In GitLab"}},
	} {
		if got := joinSetting(c.parts, slices.Clone(c.split)); !slices.Equal(got, c.want) {
			t.Errorf("joinSetting(%q) = %q, want %q", c.split, got, c.want)
		}
	}
}

// TestClauses_SettingIsNoStep: "In Chrome DevTools, ..." is no step of
// its own; its words are the next step's.
func TestClauses_SettingIsNoStep(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "In Chrome DevTools, throttle the network to Slow 3G, reload the page, and take a screenshot."
	_, info := ix.clauses(q, ix.queryTerms(q), nil, nil)
	var steps []string
	for _, c := range info {
		steps = append(steps, c.text)
	}
	if want := []string{"In Chrome DevTools throttle the network to Slow 3G", "reload the page", "take a screenshot"}; !slices.Equal(steps, want) {
		t.Errorf("steps = %q, want %q", steps, want)
	}
}

// TestSearch_SettingTakesNoSlot: with the setting no step, its slot goes
// to a step's candidate (batch-update-objects for "set their lifecycle
// stage").
func TestSearch_SettingTakesNoSlot(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "For HubSpot company 1234567, get all the contacts associated with it and set their lifecycle stage to lead."
	hits := ix.Search(q, 5)
	for _, want := range []string{"hubspot-list-associations", "hubspot-batch-update-objects"} {
		if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == want }) {
			t.Errorf("%q: %s not in the top 5: %s", q, want, fmtHits(hits))
		}
	}
}
