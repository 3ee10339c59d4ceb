package search

import (
	"fmt"
	"testing"
)

// ownOperationDocs is a small catalog: a CRM backend whose tools list,
// create and update companies (the updating one says "combining" past its
// lead), and a wiki backend whose page tools end
// their descriptions with error responses, one of which says "shared".
func ownOperationDocs() []Doc {
	docs := []Doc{
		{Server: "crm", Tool: "list_companies", Description: "Lists the companies in the CRM."},
		{Server: "crm", Tool: "create_companies", Description: "Creates companies in the CRM."},
		{Server: "crm", Tool: "update_companies", Description: "Updates the properties of companies, such as their owner or domain, combining the new values with the old.", Params: []Param{{Name: "inputs", Description: "The companies and their new properties."}}},
		{Server: "wiki", Tool: "retrieve_page", Description: "Wiki | Retrieve a page Error Responses: 404: page not found or not shared with the integration."},
		{Server: "wiki", Tool: "patch_page", Description: "Wiki | Update page properties Error Responses: 400: Bad request", Params: []Param{{Name: "page_id"}, {Name: "archived", Description: "Whether the page is archived."}}},
		{Server: "wiki", Tool: "post_page", Description: "Wiki | Create a page Error Responses: 400: Bad request"},
	}
	for i := range 20 {
		docs = append(docs, Doc{Server: "misc", Tool: fmt.Sprintf("tool%c", 'a'+i), Description: fmt.Sprintf("Does thing %c with widgets and gadgets.", 'a'+i)})
	}
	return docs
}

// TestSearch_OwnOperationUndone: a verb outside the families that names an
// operation of its own (merge, share) is not done by a tool that updates
// the request's object, and a word in a description's error responses is
// no evidence that a tool does it; a verb outside the families that is a
// change of fields ("reassign") still is, and so is an operation of its
// own that a tool takes as a parameter ("archived").
func TestSearch_OwnOperationUndone(t *testing.T) {
	ix := New(ownOperationDocs(), nil)
	for _, q := range []string{
		"merge the crm companies Acme and Globex",
		"share the wiki page Roadmap with alex@corp.com",
	} {
		if hits := ix.Search(q, 5); hits != nil {
			t.Errorf("%q: %v, want no tool (no tool for its object does it)", q, fmtHits(hits))
		}
	}
	for q, want := range map[string]string{
		"reassign the crm company Acme to Bob": "update_companies",
		"archive the wiki page Roadmap":        "patch_page",
	} {
		hits := ix.Search(q, 5)
		if len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, fmtHits(hits), want)
		}
	}
}

// TestLeadLen_ErrorResponses: a description's list of error responses is
// not what the tool says it does first.
func TestLeadLen_ErrorResponses(t *testing.T) {
	if got, want := leadLen("Notion | Retrieve a page Error Responses: 404: page not shared with the integration"), leadLen("Notion | Retrieve a page"); got != want {
		t.Errorf("leadLen = %d, want %d (the terms before the error responses)", got, want)
	}
}

// keyDocs is a small catalog: a key-value backend whose tools are named by
// verbs alone, and a vault whose key tool reads keys and says when they
// were rotated.
func keyDocs() []Doc {
	docs := []Doc{
		{Server: "memcache", Tool: "set", Description: "Set a memcache key-value pair with optional expiration"},
		{Server: "memcache", Tool: "get", Description: "Get value by key from memcache"},
		{Server: "memcache", Tool: "delete", Description: "Delete one or more keys from memcache"},
		{Server: "memcache", Tool: "list", Description: "List memcache keys matching a pattern"},
		{Server: "vault", Tool: "get_keys", Description: "Gets the API keys of a vault project, rotated keys included."},
		{Server: "vault", Tool: "create_project", Description: "Creates a vault project."},
		{Server: "vault", Tool: "update_keys", Description: "Updates the labels of the API keys of a vault project."},
	}
	for i := range 20 {
		docs = append(docs, Doc{Server: "misc", Tool: fmt.Sprintf("tool%c", 'a'+i), Description: fmt.Sprintf("Does thing %c with widgets and gadgets.", 'a'+i)})
	}
	return docs
}

// TestSearch_KeyWriterDoesNotRename: a backend whose tools are named by
// verbs alone names its objects in their descriptions' leads, and a tool
// writing values under keys does not rename a key; a tool reading a thing
// does not do an operation of its own to it, whatever its text says of
// it ("rotated"). What the tools do is still answered.
func TestSearch_KeyWriterDoesNotRename(t *testing.T) {
	ix := New(keyDocs(), nil)
	for _, q := range []string{
		"rename the memcache key user:42 to customer:42",
		"rotate the vault key of my project",
	} {
		if hits := ix.Search(q, 5); hits != nil {
			t.Errorf("%q: %v, want no tool", q, fmtHits(hits))
		}
	}
	for q, want := range map[string]string{
		"delete the memcache key user:42":          "delete",
		"set the memcache key user:42 to 'active'": "set",
		"list the keys of my vault project":        "get_keys",
	} {
		hits := ix.Search(q, 5)
		found := false
		for _, h := range hits {
			found = found || h.Tool == want
		}
		if !found {
			t.Errorf("%q: %v, want %s among the hits", q, fmtHits(hits), want)
		}
	}
}
