package search

import (
	"slices"
	"strings"
	"testing"
)

// productDocs are a few tools of backends whose own words differ from
// their users' (round sixty-eight).
func productDocs() []Doc {
	return []Doc{
		{Server: "notion", Tool: "API-post-page", Description: "Notion | Create a page"},
		{Server: "notion", Tool: "API-patch-page", Description: "Notion | Update page properties"},
		{Server: "notion", Tool: "API-retrieve-a-block", Description: "Notion | Retrieve a block"},
		{Server: "mongodb", Tool: "insert-many", Description: "Insert an array of documents into a MongoDB collection"},
		{Server: "mongodb", Tool: "list-collections", Description: "List all collections for a given database"},
		{Server: "n8n", Tool: "n8n_manage_datatable", Description: "Manage n8n data tables, rows and columns"},
		{Server: "azure-devops", Tool: "wit_work_item_write", Description: "Write operations for work items"},
		{Server: "azure-devops", Tool: "repo_create_branch", Description: "Create a new branch in the repository"},
		{Server: "github", Tool: "create_issue", Description: "Create a new issue in a GitHub repository"},
	}
}

// TestProductVocab_Reach: a product's noun reaches its own backend's
// tools only, and a noun tools use in their own sense ("row") only where
// the request names the product.
func TestProductVocab_Reach(t *testing.T) {
	ix := New(productDocs(), &Options{MinCoverage: -1})
	for q, want := range map[string]string{
		"add a row to the Tasks database in Notion":        "notion/API-post-page",
		"insert two rows into the orders table in MongoDB": "mongodb/insert-many",
		"which tables are in the shop db in mongo":         "mongodb/list-collections",
		"add a row to the leads data table in n8n":         "n8n/n8n_manage_datatable",
		"file a bug in Azure DevOps for the crash":         "azure-devops/wit_work_item_write",
		"create a PBI for the checkout redesign":           "azure-devops/wit_work_item_write", // "pbi": no tool's word
	} {
		hs := ix.Search(q, 3)
		if len(hs) == 0 || hs[0].Server+"/"+hs[0].Tool != want {
			t.Errorf("%q: got %v, want %s first", q, hs, want)
		}
	}
	reaches := func(q, word, server string) bool {
		for _, x := range ix.queryTerms(q) {
			if x.term != stem(word) {
				continue
			}
			for _, e := range x.exps {
				if e.only != nil && e.only[slices.Index(ix.servers, server)] {
					return true
				}
			}
		}
		return false
	}
	if !reaches("add a row to my Notion database", "row", "notion") || reaches("add a row to my Notion database", "row", "mongodb") {
		t.Error(`"row" of a Notion request: Notion's page, not Mongo's document`)
	}
	if reaches("add a row to the leads table", "row", "notion") {
		t.Error(`"row" of a request naming no backend: no product's noun`)
	}
	if !reaches("show me PBI 4521", "pbi", "azure-devops") {
		t.Error(`"pbi", no tool's word: Azure DevOps' work item wherever it is`)
	}
}

// TestProductVocab_Evidence: a product's noun is evidence only for a
// backend the request names: "translate this paragraph" asks for no
// Notion block (a paragraph is one, and no tool's word: it ranks Notion's
// block tools first, and answers nothing).
func TestProductVocab_Evidence(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for _, q := range []string{"Translate this paragraph into German.", "translate this paragraph into Japanese"} {
		if hs := ix.Search(q, 3); hs != nil {
			t.Errorf("%q: got %v, want none", q, hs)
		}
	}
	if hs := ix.Search("Delete the paragraph 3c4d5e6f-7081-4923-a4b5-c6d7e8f90a1b from my Notion page", 3); len(hs) == 0 || hs[0].Tool != "API-delete-a-block" {
		t.Errorf("a paragraph of a Notion page: got %v, want API-delete-a-block first", hs)
	}
}

// TestProductVocab_Lines: every line of productVocab says words and what
// they mean, and each backend it names is a corpus backend (a typo would
// make a line nothing).
func TestProductVocab_Lines(t *testing.T) {
	var names [][]string
	for _, d := range corpusDocs(t) {
		names = append(names, lowerWords(d.Server))
	}
	for _, v := range productVocab {
		if len(words(v.says)) == 0 || len(words(v.means)) == 0 {
			t.Errorf("line %+v: empty", v)
		}
		if v.backend == "" {
			continue
		}
		for _, a := range strings.Split(v.backend, "|") {
			aw := lowerWords(a)
			if !slices.ContainsFunc(names, func(nw []string) bool {
				return !slices.ContainsFunc(aw, func(w string) bool { return !slices.Contains(nw, w) })
			}) && a != "ado" && a != "mongo" {
				t.Errorf("line %+v: %q names no corpus backend", v, a)
			}
		}
	}
}
