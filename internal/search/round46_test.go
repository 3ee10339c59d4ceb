package search

import "testing"

// TestRound46: the place after an object with tools of its own serves
// only through a tool that changes it and speaks of the object; a value
// before a place makes the place the object; a lowercase name after the
// object's noun is no head; a field named by the verb does it; an object
// the backend never mentions is not made by its tools.
func TestRound46(t *testing.T) {
	docs := append(nearMissDocs(),
		Doc{Server: "hosting", Tool: "clear_branch", Description: "Clears the migrations of a development branch."},
		Doc{Server: "hosting", Tool: "patch_page", Description: "Updates a page.", Params: []Param{{Name: "archived", Description: "true or false"}}},
		Doc{Server: "hosting", Tool: "get_page", Description: "Gets a page."},
	)
	ix := New(docs, nil)
	for q, want := range map[string]bool{
		"delete the migration on the hosting dev branch":  false, // clear_branch speaks of migrations
		"create a migration for the hosting project":      true,  // create_project speaks of none
		"remove bob@corp.com from the hosting project":    true,  // the project's tools remove nobody
		"delete the hosting project demo":                 true,  // "demo" names the project
		"archive the hosting page":                        false, // patch_page's archived
		"create an alert rule in hosting":                 true,  // hosting never mentions one
		"create a development branch in hosting for demo": false,
	} {
		named, naming := ix.namedServers(q)
		if got := ix.objectUndone(q, naming, named); got != want {
			t.Errorf("objectUndone(%q) = %v, want %v", q, got, want)
		}
	}
	if !ix.backendFieldSays(ix.docServer[len(docs)-2], stem("archive")) {
		t.Errorf("backendFieldSays(hosting, archive) = false, want true")
	}
}
