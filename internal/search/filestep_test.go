package search

import (
	"slices"
	"testing"
)

// TestSearch_FileStep: a step saving to a path, in a task on a backend with
// no tool writing files, is the file backend's; on a backend with one, or
// naming a backend itself, it stays there.
func TestSearch_FileStep(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	has := func(q, server, tool string) bool {
		return slices.ContainsFunc(ix.Search(q, 5), func(h Hit) bool { return h.Server == server && h.Tool == tool })
	}
	for _, q := range []string{
		"check apify run r_55's status, get its dataset items and save them to out/items.json",
		"list the critical advanced security alerts for azure repo web and save them to security/alerts.md",
		// No backend named: the other step's backend need not write files.
		"search the web for a comparison of Rust async runtimes and save the summary to notes/rust.md",
	} {
		if !has(q, "filesystem", "write_file") {
			t.Errorf("%q: filesystem/write_file not in the top 5: %s", q, fmtHits(ix.Search(q, 5)))
		}
	}
	// GitLab's create_or_update_file commits to a branch it requires: it
	// writes a file of a repository, not the one a step saves to
	// (TestSearch_FileStepCommitIsNoSave); the rule still fires.
	s := int32(slices.Index(ix.servers, "zereight-gitlab"))
	if ix.fileStep(clause{text: "save the diff to notes/x.diff", kinds: kindPath}, []int32{s}) == nil {
		t.Error("fileStep did not fire for a backend whose only file writer commits")
	}
	a := int32(slices.Index(ix.servers, "apify"))
	if ix.fileStep(clause{text: "save them to out/items.json", kinds: kindPath}, []int32{a}) == nil {
		t.Error("fileStep did not fire for apify")
	}
	if ix.fileStep(clause{text: "save them to out/items.json", kinds: kindPath, named: []int32{a}}, []int32{a}) != nil {
		t.Error("fileStep fired for a clause naming its backend")
	}
}

// TestSearch_SpelledStep: a step spelling out another backend's tool name
// by more words than any of the named backend's ("into a mind map":
// generate_mind_map, not tavily_map) is that backend's.
func TestSearch_SpelledStep(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	q := "research WebGPU adoption with tavily and turn the findings into a mind map"
	hits := ix.Search(q, 5)
	if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Tool == "generate_mind_map" }) {
		t.Errorf("%q: generate_mind_map not in the top 5: %s", q, fmtHits(hits))
	}
	q = "Using Playwright, go to https://app.example.com/import, click 'Upload CSV' and upload ./data/customers.csv."
	for _, h := range ix.Search(q, 5) {
		if h.Server == "puppeteer" || h.Server == "chrome-devtools" {
			t.Errorf("%q: %s/%s in the top 5 (Playwright is named and spells click as well)", q, h.Server, h.Tool)
		}
	}
}

// fileStepDocs are a file backend, a browser backend with a tool uploading
// files and a database backend, small enough to reason about.
func fileStepDocs() []Doc {
	p := func(name, desc string) Param { return Param{Name: name, Description: desc, Required: true} }
	return []Doc{
		{Server: "files", Tool: "write_file", Description: "Create a new file or overwrite an existing file with new content.", Params: []Param{p("path", "Path of the file"), p("content", "Text to write")}},
		{Server: "files", Tool: "read_text_file", Description: "Read the complete contents of a file as text.", Params: []Param{p("path", "Path of the file")}},
		{Server: "files", Tool: "list_directory", Description: "List the files and directories in a directory.", Params: []Param{p("path", "Path of the directory")}},
		{Server: "files", Tool: "create_directory", Description: "Create a new directory.", Params: []Param{p("path", "Path of the directory")}},
		{Server: "browser", Tool: "get_network_request", Description: "Get a network request of the page by its id, with its response body.", Params: []Param{p("reqid", "The id of the network request")}},
		{Server: "browser", Tool: "list_network_requests", Description: "List the network requests of the page.", Params: nil},
		{Server: "browser", Tool: "upload_file", Description: "Upload a local file through a file input element of the page.", Params: []Param{p("uid", "The element"), p("filePath", "The local path of the file to upload")}},
		{Server: "browser", Tool: "navigate_page", Description: "Navigate the page to a URL.", Params: []Param{p("url", "The URL")}},
		{Server: "supabase", Tool: "get_publishable_keys", Description: "Get the anonymous API keys of a project.", Params: []Param{p("project_id", "The project")}},
		{Server: "supabase", Tool: "get_project_url", Description: "Get the API URL of a project.", Params: []Param{p("project_id", "The project")}},
		{Server: "supabase", Tool: "list_tables", Description: "List the tables of a project's database.", Params: []Param{p("project_id", "The project")}},
	}
}

// TestSearch_FileStepUploadWritesNoFile: a backend whose only tool named
// for a file uploads one (it sends a local file to a page) saves no file,
// so the step saving a response to a path is the file backend's.
func TestSearch_FileStepUploadWritesNoFile(t *testing.T) {
	ix := New(fileStepDocs(), nil)
	q := "get network request 31 from the browser and save its response body to fixtures/resp.json"
	hits := ix.Search(q, 5)
	if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Server == "files" && h.Tool == "write_file" }) {
		t.Errorf("%q: files/write_file not in the top 5: %s", q, fmtHits(hits))
	}
	b := int32(slices.Index(ix.servers, "browser"))
	if ix.srvFileVerbs[b] != 0 {
		t.Errorf("browser's file verbs = %v, want none (upload_file writes no file)", ix.srvFileVerbs[b])
	}
}

// TestSearch_FileStepEnvNameNamesNoBackend: an environment variable named
// after a backend (NEXT_PUBLIC_SUPABASE_URL) does not make the step writing
// it to a file that backend's.
func TestSearch_FileStepEnvNameNamesNoBackend(t *testing.T) {
	ix := New(fileStepDocs(), nil)
	q := "Get the publishable key for Supabase project xyzproj and write it to a new .env.local as NEXT_PUBLIC_SUPABASE_ANON_KEY"
	hits := ix.Search(q, 5)
	if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Server == "files" && h.Tool == "write_file" }) {
		t.Errorf("%q: files/write_file not in the top 5: %s", q, fmtHits(hits))
	}
	s := int32(slices.Index(ix.servers, "supabase"))
	if got := ix.clauseNamed([]int32{s}, "write it to a new .env.local as NEXT_PUBLIC_SUPABASE_ANON_KEY", nil); len(got) > 0 {
		t.Errorf("the step writing NEXT_PUBLIC_SUPABASE_ANON_KEY names backends %v, want none", got)
	}
	for _, tc := range []struct {
		f    string
		want bool
	}{
		{"NEXT_PUBLIC_SUPABASE_URL", true},
		{"GITHUB_TOKEN", true},
		{"audit_log", false},
		{"Supabase", false},
		{"A_1", true},
		{"_", false},
		{"1_2", false},
	} {
		if got := isEnvName(tc.f); got != tc.want {
			t.Errorf("isEnvName(%q) = %v, want %v", tc.f, got, tc.want)
		}
	}
}

// TestSearch_FileStepCommitIsNoSave: a code host's tool writing a file
// commits it to a branch it requires, so a step saving what the task got
// to a path ("save the diff to notes/x.diff") stays the file backend's,
// while a backend writing files without a branch keeps such a step.
func TestSearch_FileStepCommitIsNoSave(t *testing.T) {
	p := func(name, desc string) Param { return Param{Name: name, Description: desc, Required: true} }
	host := []Doc{
		{Server: "codehost", Tool: "get_branch_diffs", Description: "Get the changes between two branches or commits of a project.", Params: []Param{p("project_id", "The project"), p("from", "Base branch"), p("to", "Target branch")}},
		{Server: "codehost", Tool: "create_or_update_file", Description: "Create or update a single file in a repository.", Params: []Param{p("project_id", "The project"), p("file_path", "Path of the file"), p("content", "The content"), p("commit_message", "The commit message"), p("branch", "The branch")}},
		{Server: "codehost", Tool: "get_file_contents", Description: "Get the contents of a file of a repository.", Params: []Param{p("project_id", "The project"), p("file_path", "Path of the file")}},
	}
	ix := New(append(fileStepDocs(), host...), nil)
	q := "diff branch feature/y against main in codehost project 7 and save the diff to notes/y.diff"
	hits := ix.Search(q, 5)
	if !slices.ContainsFunc(hits, func(h Hit) bool { return h.Server == "files" && h.Tool == "write_file" }) {
		t.Errorf("%q: files/write_file not in the top 5: %s", q, fmtHits(hits))
	}
	c := int32(slices.Index(ix.servers, "codehost"))
	if ix.fileStep(clause{text: "save the diff to notes/y.diff", kinds: kindPath}, []int32{c}) == nil {
		t.Error("fileStep did not fire for a backend whose file writer commits to a branch")
	}
	// The same host writing files without a branch: the step stays its.
	host[1].Params = host[1].Params[:3]
	ix = New(append(fileStepDocs(), host...), nil)
	c = int32(slices.Index(ix.servers, "codehost"))
	if ix.fileStep(clause{text: "save the diff to notes/y.diff", kinds: kindPath}, []int32{c}) != nil {
		t.Error("fileStep fired for a backend writing files without a branch")
	}
	if commits([]Param{{Name: "branch"}}) || !commits([]Param{{Name: "branch", Required: true}}) {
		t.Error("commits: only a required branch commits")
	}
}
