package search

import (
	"slices"
	"strings"
	"testing"
)

func TestSearch_DeprecatedRanksBelowReplacement(t *testing.T) {
	ix := New([]Doc{
		{Server: "fs", Tool: "read_file", Description: "Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead."},
		{Server: "fs", Tool: "read_text_file", Description: "Read a text file from disk."},
		{Server: "fs", Tool: "old_tool", Description: "Deprecated. Reads the complete contents of a file."},
		{Server: "web", Tool: "fetch", Description: "Fetch a web page."},
	}, nil)
	hits := ix.Search("read the complete contents of a file", 5)
	if len(hits) < 3 || hits[0].Tool != "read_text_file" {
		t.Fatalf("hits = %v, want read_text_file first", hits)
	}
	for i, h := range hits {
		if h.Tool == "old_tool" && i == 0 {
			t.Errorf("a deprecated tool without a replacement ranks first: %v", hits)
		}
	}
}

func TestSearch_ValueKindsPreferToolsTakingThem(t *testing.T) {
	ix := New([]Doc{
		{Server: "maps", Tool: "lookup_place", Description: "Look up a place.", Params: []Param{{Name: "address"}}},
		{Server: "maps", Tool: "lookup_point", Description: "Look up a place.", Params: []Param{{Name: "latitude"}, {Name: "longitude"}}},
		{Server: "web", Tool: "lookup_page", Description: "Look up a place.", Params: []Param{{Name: "url"}}},
		{Server: "people", Tool: "lookup_user", Description: "Look up a place.", Params: []Param{{Name: "emailAddress"}}},
		{Server: "volume", Tool: "lookup_file", Description: "Look up a place.", Params: []Param{{Name: "path"}}},
	}, nil)
	for q, want := range map[string]string{
		"look up the place at 48.85, 2.29":        "lookup_point",
		"look up the place https://example.com/x": "lookup_page",
		"look up the place of ana@example.org":    "lookup_user",
		"look up the place of ./src/main.go":      "lookup_file",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: hits %v, want %s first", q, hits, want)
		}
	}
}

func TestQueryTokens_MessageTextIsAnArgument(t *testing.T) {
	for _, q := range []string{
		"Remember that the staging server is slow",
		"Tell the channel that the staging server is slow",
		"Write 'staging server slow' to a file",
	} {
		toks, _, _ := queryTokens(q)
		for _, tk := range toks {
			if (tk.term == stem("server") || tk.term == stem("staging")) && tk.weight > argWeight {
				t.Errorf("%q: %s at weight %v, want at most %v", q, tk.term, tk.weight, argWeight)
			}
		}
	}
	toks, _, _ := queryTokens("Show the staging server logs")
	for _, tk := range toks {
		if tk.term == stem("server") && tk.weight != 1 {
			t.Errorf("a plain request: server at weight %v, want 1", tk.weight)
		}
	}
}

func TestSearch_ValueKindsPreferToolsTheyFill(t *testing.T) {
	// Same words, both take a path: the tool whose only required parameter
	// is the path ranks above the one that also needs a project and a number
	// the query does not give, and the Required flags change the scores.
	docs := func(required bool) []Doc {
		return []Doc{
			{Server: "a", Tool: "show_file_diff", Description: "Show a file.", Params: []Param{{Name: "project_id", Required: required}, {Name: "merge_request_iid", Required: required}, {Name: "file_path", Required: required}}},
			{Server: "b", Tool: "show_file", Description: "Show a file.", Params: []Param{{Name: "path", Required: required}}},
		}
	}
	hits := New(docs(true), nil).Search("show ./docs/setup.md", 5)
	if len(hits) != 2 || hits[0].Tool != "show_file" || hits[0].Score <= hits[1].Score {
		t.Errorf("hits %v, want show_file first with a higher score", hits)
	}
	if a := New(docs(false), nil).Search("show ./docs/setup.md", 5); len(a) != 2 || a[0].Score == hits[0].Score && a[1].Score == hits[1].Score {
		t.Errorf("required flags change no score: %v vs %v", a, hits)
	}
}

func TestQueryTokens_CoordinatePairWithoutSpace(t *testing.T) {
	for _, q := range []string{"drive from 48.8566,2.3522 to 45.7640,4.8357", "what is at 48.8566, 2.3522"} {
		toks, _, _, kinds := queryTokensKinds(q)
		if kinds&kindCoordinates == 0 {
			t.Errorf("%q: kinds %b, want coordinates", q, kinds)
		}
		for _, tk := range toks {
			if hasDigit(tk.term) {
				t.Errorf("%q: a number of the coordinates left as term %q", q, tk.term)
			}
		}
	}
}

func TestNamedServers_NotInsideURLsOrEmails(t *testing.T) {
	ix := New([]Doc{
		{Server: "github", Tool: "list_issues", Description: "List issues."},
		{Server: "web", Tool: "map_site", Description: "Map the links of a site."},
	}, nil)
	for q, want := range map[string]int{
		"map the links of https://github.com/acme/widgets": 0,
		"who is dev@github.com":                            0,
		"list the issues on GitHub":                        1,
	} {
		if named, _ := ix.namedServers(q); len(named) != want {
			t.Errorf("%q names %v, want %d backends", q, named, want)
		}
	}
}

func TestSearch_PhoneNumberWithoutPhoneTool(t *testing.T) {
	chat := Doc{Server: "chat", Tool: "post_message", Description: "Post a message to a channel.", Params: []Param{{Name: "channel", Required: true}}}
	sms := Doc{Server: "sms", Tool: "send_sms", Description: "Send a text message.", Params: []Param{{Name: "phone_number", Required: true}, {Name: "text", Required: true}}}
	other := Doc{Server: "web", Tool: "fetch", Description: "Fetch a web page."}
	q := "Send a text message to +1 555 0100."
	if hits := New([]Doc{chat, other}, nil).Search(q, 5); hits != nil {
		t.Errorf("no tool takes a phone number, yet %v", hits)
	}
	if hits := New([]Doc{chat, sms, other}, nil).Search(q, 5); len(hits) == 0 || hits[0].Tool != "send_sms" {
		t.Errorf("hits %v, want send_sms first", hits)
	}
	if hits := New([]Doc{chat, other}, nil).Search("Send a text message to the channel", 5); len(hits) == 0 {
		t.Error("a plain message query finds nothing")
	}
}

func TestQueryTokens_OpaqueIDsAreValues(t *testing.T) {
	for _, q := range []string{"Stop the run HG7ML7M8z78YcAPEB now", "analyze issue PROJ-123", "get key session:42"} {
		toks, _, _ := queryTokens(q)
		for _, tk := range toks {
			if hasDigit(tk.term) {
				t.Errorf("%q: id left as term %q", q, tk.term)
			}
		}
	}
	toks, _, _ := queryTokens("read reports/2025.csv")
	if !slices.ContainsFunc(toks, func(tk token) bool { return tk.term == "csv" }) {
		t.Errorf("a path is taken for an id: %v", toks)
	}
}

func TestSearch_ValuesWantToolsTakingParameters(t *testing.T) {
	docs := []Doc{
		{Server: "mem", Tool: "read_graph", Description: "Read the entire knowledge graph"},
		{Server: "mem", Tool: "search_nodes", Description: "Search for nodes in the knowledge graph based on a query", Params: []Param{{Name: "query", Required: true}}},
		{Server: "broken", Tool: "read_tree", Description: "Read the tree"},
		{Server: "broken", Tool: "search_trees", Description: "Search the trees"},
	}
	ix := New(docs, &Options{MinCoverage: -1})
	// ratio is the score of tool a over that of tool b for query q.
	ratio := func(q, a, b string) float64 {
		var sa, sb float64
		for _, h := range ix.Search(q, 5) {
			switch h.Tool {
			case a:
				sa = h.Score
			case b:
				sb = h.Score
			}
		}
		if sa == 0 || sb == 0 {
			t.Fatalf("%q: %s or %s missing from %v", q, a, b, ix.Search(q, 5))
		}
		return sa / sb
	}
	// "Carlos" matches neither tool: only the penalty for taking no
	// parameters can change their ratio.
	with, without := ratio("read the knowledge graph nodes of Carlos", "read_graph", "search_nodes"), ratio("read the knowledge graph nodes", "read_graph", "search_nodes")
	if with >= 0.9*without {
		t.Errorf("a name in the query does not lower the tool without parameters: ratio %.3f with, %.3f without", with, without)
	}
	// A backend whose schemas declare nothing is exempt (the name's share
	// of the query, which the siblings step adds, moves the ratio a little).
	if with, without := ratio("read the tree with Carlos", "read_tree", "search_trees"), ratio("read the tree", "read_tree", "search_trees"); with < 0.95*without {
		t.Errorf("a backend without parameters is penalised: ratio %.3f with, %.3f without", with, without)
	}
}

func TestSQLSpan(t *testing.T) {
	tests := []struct {
		in   string
		want string // the fields of the span, joined
	}{
		{"Run SELECT count(*) FROM orders against the database.", "SELECT count(*) FROM orders"},
		{"run SELECT name FROM users WHERE age > 30 on postgres", "SELECT name FROM users WHERE age > 30"},
		{"INSERT INTO logs VALUES (1, 'x') please", "INSERT INTO logs VALUES (1, 'x')"},
		{"select the rows from the table", ""}, // lower case: plain words
		{"DELETE the file", ""},                // no FROM: not a statement
	}
	for _, tt := range tests {
		f := strings.Fields(tt.in)
		s := sqlSpan(f)
		if got := strings.Join(f[s[0]:s[1]], " "); got != tt.want {
			t.Errorf("sqlSpan(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSearch_SQLStatementWantsToolRunningSQL(t *testing.T) {
	ix := New([]Doc{
		{Server: "docs", Tool: "count", Description: "Count the documents of a collection.", Params: []Param{{Name: "collection"}}},
		{Server: "pg", Tool: "query", Description: "Run a read-only query.", Params: []Param{{Name: "sql"}}},
		{Server: "db", Tool: "run", Description: "Run a query.", Params: []Param{{Name: "query", Description: "The SQL to run"}}},
	}, nil)
	hits := ix.Search("run SELECT count(*) FROM orders", 5)
	if len(hits) < 2 || hits[0].Tool == "count" || hits[1].Tool == "count" {
		t.Errorf("a SQL statement's words outrank the tools that run SQL: %v", hits)
	}
}

func TestIsNamespacedKey(t *testing.T) {
	for f, want := range map[string]bool{
		"cache:home": true, "session:42": true, "user:7:profile": true, "feature:dark-mode": true,
		"6:30": false, "localhost:3000": false, "https://x.test": false, "a@b:c": false, "note": false, "127.0.0.1:80": false,
	} {
		if got := isNamespacedKey(f); got != want {
			t.Errorf("isNamespacedKey(%q) = %v, want %v", f, got, want)
		}
	}
}

// A key pattern ("session:*") is what a tool listing the keys that match
// a pattern takes: it asked for the tools taking a key (get, set, delete),
// which ranked above Redis's list.
func TestSearch_KeyPatternWantsToolTakingPattern(t *testing.T) {
	ix := New([]Doc{
		{Server: "kv", Tool: "get", Description: "Get value by key.", Params: []Param{{Name: "key", Required: true}}},
		{Server: "kv", Tool: "delete", Description: "Delete one or more keys.", Params: []Param{{Name: "key", Required: true}}},
		{Server: "kv", Tool: "list", Description: "List keys matching a pattern.", Params: []Param{{Name: "pattern"}}},
	}, nil)
	if hits := ix.Search("kv keys session:*", 5); len(hits) == 0 || hits[0].Tool != "list" {
		t.Errorf("hits %s, want kv list first", fmtHits(hits))
	}
	if _, _, _, k := queryTokensKinds("keys matching session:*"); k&kindKey != 0 {
		t.Errorf("session:* read as a key (kinds %b)", k)
	}
}

func TestSearch_NamespacedKeyWantsToolTakingKey(t *testing.T) {
	ix := New([]Doc{
		{Server: "kv", Tool: "delete", Description: "Delete an entry.", Params: []Param{{Name: "key", Required: true}}},
		{Server: "web", Tool: "clear_cache", Description: "Delete the cache of the home page.", Params: []Param{{Name: "url"}}},
		{Server: "files", Tool: "read_file", Description: "Read a file.", Params: []Param{{Name: "path"}}},
	}, nil)
	if hits := ix.Search("delete cache:home", 5); len(hits) == 0 || hits[0].Tool != "delete" {
		t.Errorf("hits %s, want kv delete first", fmtHits(hits))
	}
}

func TestPlacePair(t *testing.T) {
	for q, want := range map[string]bool{
		"Walking route from Times Square to Central Park": true,
		"drive from Paris to Lyon":                        true,
		"Transfer $50 from checking to savings":           false,
		"move it from the inbox to Archive":               false,
	} {
		if got := placePair(strings.Fields(q)); got != want {
			t.Errorf("placePair(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestQueryTokens_TextAfterColonIsAnArgument(t *testing.T) {
	toks, _, _ := queryTokens("Post to the ops channel: disk nearly full on db-3, failover tonight")
	for _, tk := range toks {
		if (tk.term == stem("failover") || tk.term == stem("nearly")) && tk.weight > argWeight {
			t.Errorf("%q after the colon at %v, want at most %v", tk.term, tk.weight, argWeight)
		}
		if tk.term == stem("post") && tk.weight < 1 {
			t.Errorf("the verb before the colon at %v, want 1", tk.weight)
		}
	}
	toks, _, _ = queryTokens("Look up the docs on middleware: find the library first, then pull the docs")
	for _, tk := range toks {
		if tk.term == stem("library") && tk.weight < 1 {
			t.Errorf("steps after a colon are no argument: %q at %v", tk.term, tk.weight)
		}
	}
}

// TestParamKinds_IDIsNoValue: a parameter naming the id of a thing
// ("folderId") takes no value of the thing's kind: a path in the query is
// no reason to prefer a tool managing folders by id.
func TestParamKinds_IDIsNoValue(t *testing.T) {
	if k := paramKinds(&Doc{Params: []Param{{Name: "folderId"}, {Name: "parent_folder_ids"}}}); k&kindPath != 0 {
		t.Errorf("folderId: kinds %b, want no path", k)
	}
	if k := paramKinds(&Doc{Params: []Param{{Name: "folderPath"}, {Name: "file"}}}); k&kindPath == 0 {
		t.Errorf("folderPath: kinds %b, want a path", k)
	}
	ix := corpusIndex(t)
	if hits := ix.Search("does the folder /var/data/uploads exist and what's in it", 5); len(hits) == 0 || hits[0].Server != "filesystem" {
		t.Errorf("a local folder: %s, want a filesystem tool first", fmtHits(hits))
	}
}

func TestSQLSpanOperand(t *testing.T) {
	q := "SELECT email FROM users WHERE created_at > now() - interval '1 day' then tell me"
	f := strings.Fields(q)
	sp := sqlSpan(f)
	if got := strings.Join(f[sp[0]:sp[1]], " "); got != "SELECT email FROM users WHERE created_at > now() - interval '1 day'" {
		t.Errorf("sqlSpan(%q) = %q: an operand after an operator belongs to the statement", q, got)
	}
}

// TestQuery_RepositorySlug: "owner/name" in a query about pull requests,
// issues or commits is a repository for the tools taking one, not a path.
func TestQuery_RepositorySlug(t *testing.T) {
	for f, want := range map[string]bool{"facebook/react": true, "rust-lang/rust": true, "acme/web.js": false, "docs/guide.md": false, "./src/app": false, "a/b/c": false, "octo/v2.0": true} {
		if got := isRepoSlug(f); got != want {
			t.Errorf("isRepoSlug(%q) = %v, want %v", f, got, want)
		}
	}
	if _, _, _, k := queryTokensKinds("what's in src/components?"); k&kindRepo != 0 || k&kindPath == 0 {
		t.Errorf("src/components with no repository words: kinds %b, want a path", k)
	}
	ix := corpusIndex(t)
	if hits := ix.Search("who opened the most recent issues in rust-lang/rust", 5); len(hits) == 0 || hits[0].Server != "github" {
		t.Errorf("rust-lang/rust: %s, want a github tool first", fmtHits(hits))
	}
}

// TestQuery_Dotfile: a file named with a leading dot is a path, not a host
// (".env.local" ends in a top-level domain once its dot is trimmed).
func TestQuery_Dotfile(t *testing.T) {
	for _, q := range []string{"write them to a new .env.local", "is this .gitlab-ci.yml valid?", "add node_modules to .gitignore"} {
		if _, _, _, k := queryTokensKinds(q); k&kindPath == 0 || k&kindURL != 0 {
			t.Errorf("%q: kinds %b, want a path and no URL", q, k)
		}
	}
	if _, _, _, k := queryTokensKinds("open example.local in the browser"); k&kindURL == 0 {
		t.Errorf("example.local: kinds %b, want a URL", k)
	}
}

// TestSearch_ValueListIsOneStep: a list of values ("docs/setup.md,
// docs/deploy.md and docs/faq.md") is one step's, not a step each, and
// that step prefers a tool taking many of them in one parameter.
func TestSearch_ValueListIsOneStep(t *testing.T) {
	p := func(name, desc string) Param { return Param{Name: name, Description: desc, Required: true} }
	docs := []Doc{
		{Server: "files", Tool: "read_text_file", Description: "Read the complete contents of a file as text.", Params: []Param{p("path", "Path of the file")}},
		{Server: "files", Tool: "read_multiple_files", Description: "Read the contents of multiple files at once.", Params: []Param{p("paths", "Paths of the files")}},
		{Server: "files", Tool: "write_file", Description: "Create a new file or overwrite an existing file.", Params: []Param{p("path", "Path of the file"), p("content", "Text")}},
		{Server: "chat", Tool: "post_message", Description: "Post a message to a channel.", Params: []Param{p("channel", "The channel"), p("text", "The message")}},
		{Server: "chat", Tool: "get_channel_history", Description: "Get the recent messages of a channel.", Params: []Param{p("channel", "The channel")}},
	}
	ix := New(docs, nil)
	q := "Read notes/a.md, notes/b.md and notes/c.md and post a short summary of them to #team on chat"
	_, info := ix.clauses(q, ix.queryTerms(q), nil, nil)
	if len(info) != 2 {
		var steps []string
		for _, c := range info {
			steps = append(steps, c.text)
		}
		t.Fatalf("%q: steps %q, want two (the paths one step)", q, steps)
	}
	hits := ix.Search(q, 5)
	if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == "read_multiple_files" }) || !slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == "post_message" }) {
		t.Errorf("%q: read_multiple_files and post_message not both in the top 5: %s", q, fmtHits(hits))
	}
	for _, tc := range []struct {
		s    string
		want valueKind
	}{
		{"Read docs/a.md, docs/b.md", kindPath},
		{"email ann@x.io and bob@y.io", kindEmail},
		{"read docs/a.md", 0},
		{"fetch https://a.io and save it to out.json", 0},
	} {
		if got := manyValues(tc.s); got != tc.want {
			t.Errorf("manyValues(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	if !onlyValues("docs/faq.md") || onlyValues("post it") || onlyValues("") {
		t.Error("onlyValues")
	}
	// Filler after the last of a list of values keeps it one step's list.
	if !onlyValues("/repo/ui/Modal.tsx pls") || !onlyValues("docs/faq.md too") || onlyValues("pls") || onlyValues("docs/faq.md tidy") {
		t.Error("onlyValues with stop words")
	}
	if manyKinds(&docs[1]) != kindPath || manyKinds(&docs[0]) != 0 {
		t.Error("manyKinds: paths takes many, path one")
	}
	cx := New(corpusDocs(t), nil)
	q = "Read guides/intro.md, guides/api.md and guides/cli.md and post a summary of the three to #docs on Slack."
	hits = cx.Search(q, 5)
	if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == "read_multiple_files" }) || !slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == "slack_post_message" }) {
		t.Errorf("%q: read_multiple_files and slack_post_message not both in the top 5: %s", q, fmtHits(hits))
	}
}
