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
	} {
		if !has(q, "filesystem", "write_file") {
			t.Errorf("%q: filesystem/write_file not in the top 5: %s", q, fmtHits(ix.Search(q, 5)))
		}
	}
	// GitLab writes files (create_or_update_file): the rule stands aside.
	s := int32(slices.Index(ix.servers, "zereight-gitlab"))
	if ix.fileStep(clause{text: "save the diff to notes/x.diff", kinds: kindPath}, []int32{s}) != nil {
		t.Error("fileStep fired for a backend with a tool writing files")
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
