package search

import (
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

func corpusIndex(t testing.TB) *Index {
	t.Helper()
	return New(corpusDocs(t), nil)
}

func TestSearch_ExactNameRanksFirst(t *testing.T) {
	ix := corpusIndex(t)
	tests := []struct {
		query        string
		server, tool string
	}{
		{"get-sum", "everything", "get-sum"},
		{"get_sum", "everything", "get-sum"},
		{"everything.get-sum", "everything", "get-sum"},
		{"everything__get_sum", "everything", "get-sum"},
		{"everything/get-sum", "everything", "get-sum"},
		{"everything get-sum", "everything", "get-sum"},
		{"  `query` ", "postgres", "query"},
		{"github.create_issue", "github", "create_issue"},
		{"zereight-gitlab/create_issue", "zereight-gitlab", "create_issue"},
		{"zereight_gitlab__create_issue", "zereight-gitlab", "create_issue"},
		{"hubspot_create_engagement", "hubspot", "hubspot-create-engagement"},
		{"API-post-page", "notion", "API-post-page"},
		{"count", "mongodb", "count"},
		{"set", "redis", "set"},
	}
	for _, tt := range tests {
		hits := ix.Search(tt.query, 5)
		if len(hits) == 0 || hits[0].Server != tt.server || hits[0].Tool != tt.tool {
			t.Errorf("Search(%q)[0] = %s, want %s/%s", tt.query, fmtHits(hits), tt.server, tt.tool)
		}
	}
}

func TestSearch_BareNameSharedByServersListsAll(t *testing.T) {
	hits := corpusIndex(t).Search("create_issue", 5)
	got := map[string]bool{}
	for _, h := range hits[:3] {
		if h.Tool != "create_issue" {
			t.Fatalf("top 3 = %s, want only create_issue", fmtHits(hits))
		}
		got[h.Server] = true
	}
	for _, s := range []string{"github", "gitlab", "zereight-gitlab"} {
		if !got[s] {
			t.Errorf("top 3 = %s, missing %s", fmtHits(hits), s)
		}
	}
}

func TestSearch_ServerNameSteersRanking(t *testing.T) {
	ix := corpusIndex(t)
	tests := []struct{ query, server string }{
		{"open an issue in GitLab", "gitlab"},
		{"open an issue on GitHub", "github"},
		{"resolve the Sentry issue", "sentry"},
		{"take a screenshot with puppeteer", "puppeteer"},
		{"take a screenshot with playwright", "playwright"},
	}
	for _, tt := range tests {
		hits := ix.Search(tt.query, 5)
		if len(hits) == 0 || !strings.Contains(hits[0].Server, tt.server) {
			t.Errorf("Search(%q) = %s, want %s first", tt.query, fmtHits(hits), tt.server)
		}
	}
}

func TestSearch_NotFound(t *testing.T) {
	ix := corpusIndex(t)
	for _, q := range []string{
		"",
		"   ",
		"the and of to",
		"qwzx blorf snarg",
		"Book a table for two at an Italian restaurant tonight.",
		"Create a Trello card for the onboarding checklist.",
		"Send a WhatsApp message to my mother.",
	} {
		if hits := ix.Search(q, 5); hits != nil {
			t.Errorf("Search(%q) = %s, want nil", q, fmtHits(hits))
		}
	}
}

func TestSearch_LimitAndDefault(t *testing.T) {
	ix := corpusIndex(t)
	if n := len(ix.Search("list merge requests", 0)); n != DefaultLimit {
		t.Errorf("limit 0: %d hits, want %d", n, DefaultLimit)
	}
	if n := len(ix.Search("list merge requests", 2)); n != 2 {
		t.Errorf("limit 2: %d hits, want 2", n)
	}
	if n := len(ix.Search("list merge requests", 50)); n != 50 {
		t.Errorf("limit 50: %d hits, want 50", n)
	}
}

func TestSearch_TiesBreakByServerThenTool(t *testing.T) {
	doc := func(server, tool string) Doc {
		return Doc{Server: server, Tool: tool, Description: "Reads a widget."}
	}
	// Same text everywhere except names that no query term matches.
	docs := []Doc{doc("zeta", "aa"), doc("alpha", "bb"), doc("alpha", "aa"), doc("mid", "cc"), {Server: "other", Tool: "zz", Description: "Paints a fence."}}
	ix := New(docs, &Options{MinCoverage: -1})
	var got []string
	for _, h := range ix.Search("widget", 10) {
		got = append(got, h.Server+"/"+h.Tool)
	}
	want := []string{"alpha/aa", "alpha/bb", "mid/cc", "zeta/aa"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("order = %v, want %v", got, want)
	}
}

func TestSearch_Deterministic(t *testing.T) {
	docs := corpusDocs(t)
	a, b := New(docs, nil), New(docs, nil)
	for _, q := range readQueries(t, devQueries) {
		ha, hb := a.Search(q.Query, 10), b.Search(q.Query, 10)
		if !reflect.DeepEqual(ha, hb) || !reflect.DeepEqual(ha, a.Search(q.Query, 10)) {
			t.Fatalf("%s: results differ between runs", q.ID)
		}
	}
}

func TestNew_EmptyAndCopies(t *testing.T) {
	if hits := New(nil, nil).Search("anything", 5); hits != nil {
		t.Errorf("empty index: %v, want nil", hits)
	}
	docs := []Doc{{Server: "s-1", Tool: "get-sum", Description: "Adds two numbers."}}
	ix := New(docs, nil)
	if docs[0].Ident != "" || docs[0].ServerIdent != "" {
		t.Errorf("New modified the caller's docs: %+v", docs[0])
	}
	if ix.Len() != 1 {
		t.Errorf("Len = %d, want 1", ix.Len())
	}
	if hits := ix.Search("s_1.get_sum", 5); len(hits) != 1 || hits[0].Doc != 0 {
		t.Errorf("derived idents: %v", hits)
	}
}

func TestStem(t *testing.T) {
	groups := [][]string{
		{"create", "creates", "created", "creating", "creation"},
		{"delete", "deletes", "deleted", "deleting", "deletion"},
		{"entity", "entities"},
		{"query", "queries"},
		{"branch", "branches"},
		{"approve", "approval", "approved"},
		{"stop", "stopped", "stopping"},
		{"install", "installed"},
		{"validate", "validation", "validated"},
		{"color", "colour", "colours"}, {"organize", "organise", "organised"}, {"cancel", "cancelled", "canceled"},
		{"send", "sent"}, {"run", "ran"}, {"write", "wrote", "written"}, {"build", "built"}, {"break", "broke", "broken"},
	}
	for _, g := range groups {
		for _, w := range g[1:] {
			if stem(w) != stem(g[0]) {
				t.Errorf("stem(%q) = %q, stem(%q) = %q; want equal", w, stem(w), g[0], stem(g[0]))
			}
		}
	}
	for _, pair := range [][2]string{{"news", "new"}, {"series", "sery"}, {"alias", "alia"}} {
		if stem(pair[0]) == stem(pair[1]) {
			t.Errorf("stem(%q) = stem(%q) = %q; %q is no plural", pair[0], pair[1], stem(pair[0]), pair[0])
		}
	}
	for _, w := range []string{"string", "using", "is", "status", "process", "add", "added"} {
		if s := stem(w); len(s) < 3 && len(w) >= 3 {
			t.Errorf("stem(%q) = %q, too short", w, s)
		}
	}
}

func TestAnalyze(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"get_pull_request_status", []string{"get", "pull", "request", "status"}},
		{"hubspot-create-engagement", []string{"hubspot", "creat", "engagement"}},
		{"getPullRequest", []string{"getpullrequest", "get", "pull", "request"}},
		{"MongoDB", []string{"mongodb", "mongo", "db"}},
		{"n8n_list_workflows", []string{"n8n", "list", "workflow"}},
		{"Please tell me the 42 open issues", []string{"open", "issu"}},
		{"mcp.server.list", []string{"mcp", "server", "list"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tok := range analyze(tt.in, nil) {
			got = append(got, tok.term)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("analyze(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestDeps keeps the package pure: it imports only the standard library
// and echo (which imports nothing of ours).
func TestDeps(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(gotoken.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			if p := strings.Trim(im.Path.Value, `"`); strings.Contains(strings.SplitN(p, "/", 2)[0], ".") && p != "github.com/switchboard-mcp/switchboard/internal/echo" {
				t.Errorf("%s imports %s; search must import only the standard library and echo", f, p)
			}
		}
	}
}

func TestSearch_OneRareWordIsNoTask(t *testing.T) {
	ix := New([]Doc{
		{Server: "web", Tool: "web_search", Description: "Search the web for online content."},
		{Server: "files", Tool: "read_file", Description: "Read a file."},
		{Server: "files", Tool: "write_file", Description: "Write a file."},
	}, nil)
	if hits := ix.Search("Renew my passport online", 5); hits != nil {
		t.Errorf("one rare word of a description answers an unrelated request: %s", fmtHits(hits))
	}
	if hits := ix.Search("search online for passport renewal", 5); len(hits) == 0 || hits[0].Tool != "web_search" {
		t.Errorf("two words of the tool: hits %s, want web_search first", fmtHits(hits))
	}
}

func TestSearch_ChannelNoToolOffers(t *testing.T) {
	docs := []Doc{
		{Server: "errors", Tool: "create_team", Description: "Create a team for a launch."},
		{Server: "errors", Tool: "find_teams", Description: "Find the teams of an organization."},
		{Server: "chat", Tool: "post_message", Description: "Post a message to a channel."},
		{Server: "chat", Tool: "list_channels", Description: "List channels."},
	}
	if hits := New(docs, nil).Search("Email the marketing team about the launch", 5); hits != nil {
		t.Errorf("a channel no tool offers: hits %s, want nil", fmtHits(hits))
	}
	docs = append(docs, Doc{Server: "mail", Tool: "send_email", Description: "Send an email to a team."})
	if hits := New(docs, nil).Search("Email the marketing team about the launch", 5); len(hits) == 0 || hits[0].Tool != "send_email" {
		t.Errorf("with an email tool: hits %s, want send_email first", fmtHits(hits))
	}
}

func TestSearch_ThreeWordsOfOneToolAreATask(t *testing.T) {
	// Eight other tools share the words, so they are common: coverage is
	// low and so is evidence; three of them in one tool still make a task.
	docs := []Doc{{Server: "browser", Tool: "type_text", Description: "Type text into a form field on the page.", Params: []Param{{Name: "text"}}}}
	for i, w := range strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa") {
		d := "Tool " + w
		if i < 8 {
			d = "A page " + w + " with a form to type " + w
		}
		docs = append(docs, Doc{Server: "s" + w, Tool: w, Description: d})
	}
	ix := New(docs, nil)
	q := "Type my shipping address into the form on the page"
	if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != "type_text" {
		t.Errorf("%q: hits %s, want type_text first", q, fmtHits(hits))
	}
	if hits := ix.Search("Type my shipping address and postcode into the form", 5); hits != nil {
		t.Errorf("two common words: hits %s, want nil", fmtHits(hits))
	}
}

func TestSearch_SpeltOutNameIsATask(t *testing.T) {
	// Ten other tools share the words, so coverage and evidence are low;
	// the query still spells out most of search_places's name.
	docs := []Doc{{Server: "maps", Tool: "search_places", Description: "Search for places.", Params: []Param{{Name: "query"}}}, {Server: "maps", Tool: "geocode", Description: "Geocode an address."}}
	for i, w := range strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa") {
		d := "Tool " + w
		if i < 10 {
			d = "Search " + w + " places"
		}
		docs = append(docs, Doc{Server: "s" + w, Tool: w, Description: d})
	}
	ix := New(docs, nil)
	if hits := ix.Search("find places in brooklyn", 5); len(hits) == 0 || hits[0].Tool != "search_places" {
		t.Errorf("hits %s, want search_places first", fmtHits(hits))
	}
}

func TestSearch_OddQueriesDoNotPanic(t *testing.T) {
	ix := corpusIndex(t)
	for _, q := range []string{
		"SELECT", "SELECT FROM", "SELECT * FROM", "INSERT INTO", ":", "a:", "::", "x::y", "from", "from A to",
		"from A to B", "turn into", "turn x into", "called", "named:", "the", "the config", "who is", "search the web for",
		"web for", "Email", "email", "12", "#", "!", "issue #", "thumbs up", "colour", "sent", "a: b: c:", "\"", "'quoted",
		"open", "open the", "is there", "is there a", "#a", "##", ".io", "draw.", "n8n.io", "document.", "a.b()", "=>",
		"post a", "send", "news about", "issue about", "in memory", "memory", "hasn't", "don't need", "x about y",
	} {
		_ = ix.Search(q, 5)
		_ = ix.Search(q, 1)
	}
}

// Other names of chart types reach the tool that draws them.
func TestSearch_ChartTypeNames(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, c := range []struct{ q, want string }{
		{"box and whisker plot of response times", "generate_boxplot_chart"},
		{"ishikawa diagram for the outage", "generate_fishbone_diagram"},
		{"choropleth of sales by state", "generate_district_map"},
		{"a gauge showing 73% of the sprint done", "generate_liquid_chart"},
		{"donut chart of our cloud spend by provider", "generate_pie_chart"},
		{"bubble chart of price against rating for 40 hotels", "generate_scatter_chart"},
	} {
		hits := ix.Search(c.q, 3)
		if len(hits) == 0 || hits[0].Tool != c.want {
			t.Errorf("%q: %v, want %s first", c.q, hits, c.want)
		}
	}
}

// A step of a multi-step query whose value (a path) no backend the query
// names takes is another backend's: it keeps its own best tool in the
// list ("read config/app.yaml and send it to #ops on slack": Slack reads
// no file).
func TestSearch_StepWithAValueTheNamedBackendTakesNot(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{
		"read config/app.yaml and send its contents to #ops on slack",
		"read ./release-notes.md and post it to the #announcements slack channel",
	} {
		hits := ix.Search(q, 5)
		var got []string
		for _, h := range hits {
			got = append(got, h.Server+"/"+h.Tool)
		}
		if !slices.Contains(got, "filesystem/read_text_file") || !slices.Contains(got, "slack/slack_post_message") {
			t.Errorf("%q: %v, want filesystem/read_text_file and slack/slack_post_message in the top 5", q, got)
		}
	}
}

// A quoted text is one piece of a query: its colons and "and"s end no
// clause ("Find the Sentry issue \"TypeError: ...\"" is one step).
func TestProtectQuotes(t *testing.T) {
	q := `Find the Sentry issue "TypeError: a and b" in web, then resolve it.`
	p, quotes := protectQuotes(q)
	if strings.Contains(p, "TypeError") || len(quotes) != 1 || quotes[0] != `"TypeError: a and b"` {
		t.Fatalf("protectQuotes(%q) = %q, %q", q, p, quotes)
	}
	if got := restoreQuotes(p, quotes); got != q {
		t.Errorf("restoreQuotes = %q, want %q", got, q)
	}
	for _, q := range []string{`it's "unclosed and open`, `say 'hi' then "bye", please`} {
		p, quotes := protectQuotes(q)
		if got := restoreQuotes(p, quotes); got != strings.Join(strings.Fields(q), " ") {
			t.Errorf("%q: round trip gives %q", q, got)
		}
	}
}

// A step that names its own backend in a query naming another keeps a tool
// of its own ("... and open a GitHub issue" after Sentry steps).
func TestSearch_StepNamingItsOwnBackend(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := `Find the Sentry issue "TypeError: Cannot read properties of undefined" in web-frontend, get Seer's root cause analysis, and open a GitHub issue in acme/web about it.`
	var got []string
	for _, h := range ix.Search(q, 5) {
		got = append(got, h.Server+"/"+h.Tool)
	}
	if !slices.Contains(got, "github/create_issue") || !slices.Contains(got, "sentry/analyze_issue_with_seer") {
		t.Errorf("%v, want github/create_issue and sentry/analyze_issue_with_seer in the top 5", got)
	}
}

// "open a/an ... issue" makes one; "open the issue" does not say so.
func TestRewritePhrases_OpenAnIssueCreatesOne(t *testing.T) {
	for q, want := range map[string]string{
		"open an issue about the flaky test":        "create an issue about the flaky test",
		"Open a new GitHub pull request from fix/x": "create a new GitHub pull request from fix/x",
		"open a merge request":                      "create a merge request",
		"open the issue 42":                         "open the issue 42",
		"open a file":                               "open a file",
	} {
		if got := openToCreate().ReplaceAllString(q, "create$1"); got != want {
			t.Errorf("%q -> %q, want %q", q, got, want)
		}
	}
}

// Queries share their index's pool of scratch space: run at once, and
// one after another on the same index, they rank as a fresh index does.
func TestSearch_ScratchReusedAcrossQueries(t *testing.T) {
	docs := syntheticDocs(t, 500)
	qs := benchQueries(t)[:30]
	fresh := func(q string) []Hit { return New(docs, nil).Search(q, 5) }
	want := make([][]Hit, len(qs))
	for i, q := range qs {
		want[i] = fresh(q)
	}
	ix := New(docs, nil)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range qs {
				i := (k + g*7) % len(qs)
				if got := ix.Search(qs[i], 5); !reflect.DeepEqual(got, want[i]) {
					t.Errorf("%q: got %v after other queries, want %v", qs[i], got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}
