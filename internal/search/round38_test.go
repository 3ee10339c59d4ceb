package search

import (
	"fmt"
	"testing"
)

// kindDocs is a small catalog: a file backend whose tools need a path and
// nothing else, a design backend downloading a file's images to a local
// path, a workflow backend managing its own folders, a code host reading a
// repository's file, a key-value cache and a scraper's key-value store, a
// document database and a calculator.
func kindDocs() []Doc {
	req := func(n string) Param { return Param{Name: n, Required: true} }
	opt := func(n string) Param { return Param{Name: n} }
	docs := []Doc{
		{Server: "files", Tool: "read_media_file", Description: "Read an image or audio file.", Params: []Param{req("path")}},
		{Server: "files", Tool: "read_text_file", Description: "Read a file as text.", Params: []Param{req("path"), opt("head"), opt("tail")}},
		{Server: "files", Tool: "create_directory", Description: "Create a new directory.", Params: []Param{req("path")}},
		{Server: "files", Tool: "write_file", Description: "Write content to a file.", Params: []Param{req("path"), req("content")}},
		{Server: "design", Tool: "download_images", Description: "Download the images of a design file.", Params: []Param{req("fileKey"), req("nodes"), req("localPath")}},
		{Server: "flows", Tool: "manage_folders", Description: "Create, list and delete workflow folders.", Params: []Param{req("action"), opt("name")}},
		{Server: "host", Tool: "get_file_contents", Description: "Get a file of a repository.", Params: []Param{req("owner"), req("repo"), req("path")}},
		{Server: "host", Tool: "list_commits", Description: "List the commits of a repository.", Params: []Param{req("owner"), req("repo")}},
		{Server: "cache", Tool: "get", Description: "Get a value by key.", Params: []Param{req("key")}},
		{Server: "cache", Tool: "set", Description: "Set a key to a value.", Params: []Param{req("key"), req("value")}},
		{Server: "scraper", Tool: "get-store-keys", Description: "List the keys of a key-value store.", Params: []Param{req("storeId"), opt("exclusiveStartKey")}},
		{Server: "docdb", Tool: "aggregate", Description: "Run an aggregation against a collection.", Params: []Param{req("database"), req("collection"), req("pipeline")}},
		{Server: "calc", Tool: "get-sum", Description: "Add two numbers.", Params: []Param{req("a"), req("b")}},
	}
	for i := range 20 {
		docs = append(docs, Doc{Server: "misc", Tool: fmt.Sprintf("tool%c", 'a'+i), Description: fmt.Sprintf("Does thing %c with widgets and gadgets.", 'a'+i)})
	}
	return docs
}

// TestKindFit: a tool's kind fit counts the request's kinds of values it
// takes in a required parameter and the required parameters they leave
// empty; a database's collection fills a collection and its database.
func TestKindFit(t *testing.T) {
	ix := New(kindDocs(), nil)
	doc := map[string]int32{}
	for i, d := range ix.docs {
		doc[d.Tool] = int32(i)
	}
	for _, c := range []struct {
		kinds         valueKind
		coll          bool
		tool          string
		filled, empty int
	}{
		{kindPath, false, "read_media_file", 1, 0},
		{kindPath, false, "download_images", 1, 1}, // nodes; fileKey takes a file by its name
		{kindPath, false, "manage_folders", 0, 1},
		{kindPath, false, "get_file_contents", 1, 2}, // owner and repo
		{kindPath, false, "write_file", 1, 1},
		{kindKey, false, "get", 1, 0},
		{kindKey, false, "set", 1, 1},
		{kindKey, false, "get-store-keys", 0, 1}, // an optional key and a store's id
		{0, true, "aggregate", 1, 1},
		{0, true, "get-sum", 0, 2},
		{0, false, "aggregate", 0, 3},
	} {
		f, e := ix.kindFit(doc[c.tool], c.kinds, c.coll)
		if f != c.filled || e != c.empty {
			t.Errorf("kindFit(%s, %b, %v) = %d filled, %d empty; want %d, %d", c.tool, c.kinds, c.coll, f, e, c.filled, c.empty)
		}
	}
}

// TestKindFirst_AnotherBackendTheValuesFit: of the first hits, a tool of
// another backend within kindMargin that the request's values fit better
// ranks first; one further behind, of the first hit's backend, or fitting
// no better does not move, nor does anything for a request whose only
// path is a repository's slug, or that carries no such value.
func TestKindFirst_AnotherBackendTheValuesFit(t *testing.T) {
	ix := New(kindDocs(), nil)
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
		kinds valueKind
		hits  []hit
		first string
	}{
		{"a local image, not a design's", "look at the picture assets/logo.png", kindPath,
			[]hit{{"download_images", 10}, {"read_media_file", 8.9}}, "read_media_file"},
		{"a local folder, not a workflow's", "make a folder build/output/reports", kindPath,
			[]hit{{"manage_folders", 10}, {"create_directory", 9.5}}, "create_directory"},
		{"a local file, not a repository's", "Show me the contents of /etc/nginx/nginx.conf", kindPath,
			[]hit{{"get_file_contents", 10}, {"read_text_file", 8}}, "read_text_file"},
		{"a key with colons, not a store's", "cache ok under health:check for 60 seconds", kindKey,
			[]hit{{"get-store-keys", 10}, {"set", 8.4}}, "set"},
		{"a collection, not two numbers", "group orders by customer and sum the totals in the shop.orders collection", 0,
			[]hit{{"get-sum", 10}, {"aggregate", 8.7}}, "aggregate"},
		{"beyond the margin", "look at the picture assets/logo.png", kindPath,
			[]hit{{"download_images", 10}, {"read_media_file", 7}}, "download_images"},
		{"beyond the first five", "look at the picture assets/logo.png", kindPath,
			[]hit{{"download_images", 10}, {"toola", 9.9}, {"toolb", 9.8}, {"toolc", 9.7}, {"toold", 9.6}, {"read_media_file", 9.5}}, "download_images"},
		{"the first hit's backend", "save it to notes/todo.txt", kindPath,
			[]hit{{"write_file", 10}, {"read_media_file", 9.9}}, "write_file"},
		{"no better fit", "what changed in src/main.go", kindPath,
			[]hit{{"read_text_file", 10}, {"get_file_contents", 9.9}}, "read_text_file"},
		{"a repository's slug", "list the commits of acme/web", kindPath,
			[]hit{{"list_commits", 10}, {"create_directory", 9.9}}, "list_commits"},
		{"no value", "look at the picture", 0,
			[]hit{{"download_images", 10}, {"read_media_file", 9.9}}, "download_images"},
		{"a URL", "look at the picture at https://example.com/logo", kindURL,
			[]hit{{"download_images", 10}, {"read_media_file", 9.9}}, "download_images"},
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
		if ix.kindFirst(c.query, c.kinds, hits, score) {
			hits = ix.topK(cands, score, len(cands))
		}
		if hits[0].Tool != c.first {
			t.Errorf("%s: %q: %s first, want %s", c.name, c.query, hits[0].Tool, c.first)
		}
	}
}

// TestDottedName: "shop.orders" names a collection; a file, a host, a
// version, a product and a quoted value do not.
func TestDottedName(t *testing.T) {
	for q, want := range map[string]bool{
		"sum the totals in the shop.orders collection": true,
		"Get the newest documents in crm.contacts.":    true,
		"read notes.txt":                                false,
		"crawl example.com":                             false,
		"bump to v2.10":                                 false,
		"set up middleware in Next.js":                  false,
		"replace 'localhost' with 'db.internal' in app": false,
	} {
		if got := dottedName(q); got != want {
			t.Errorf("dottedName(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestSearch_KindFit: end to end on the corpus, a request naming no
// backend goes to the tool its values fit.
func TestSearch_KindFit(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]string{
		"look at the picture assets/logo.png":                                       "filesystem/read_media_file",
		"make a folder build/output/reports":                                        "filesystem/create_directory",
		"print the last 20 lines of logs/app.log":                                   "filesystem/read_text_file",
		"cache ok under health:check for 60 seconds":                                "redis/set",
		"group orders by customer and sum the totals in the shop.orders collection": "mongodb/aggregate",
		"show the priority and color of the label regression in acme/web":           "zereight-gitlab/get_label",
	} {
		hits := ix.Search(q, 5)
		if len(hits) == 0 || hits[0].Server+"/"+hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, fmtHits(hits), want)
		}
	}
}
