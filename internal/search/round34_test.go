package search

import (
	"fmt"
	"testing"
)

func TestAddedToHead(t *testing.T) {
	for q, want := range map[string]string{
		"Add the option 'XL' to the hubspot contact property tshirt_size":   stem("property"),
		"Add a 'Priority' select property to the Notion data source ds_44.": stem("source"),
		"please add label bug to our tracker issue 5":                       stem("issue"),
		"add a note to the Acme deal":                                       stem("deal"),
		"create a page":                                                     "",
		"show the path to the config file":                                  "", // no verb of creating first
		"update the contact and send it to Bob":                             "",
	} {
		if got := addedToHead(q); got != want {
			t.Errorf("addedToHead(%q) = %q, want %q", q, got, want)
		}
	}
}

// addToDocs is a small catalog: a CRM backend creating, updating and
// listing properties, and a tracker that only creates issues.
func addToDocs() []Doc {
	docs := []Doc{
		{Server: "crm", Tool: "create_property", Description: "Creates a new property with its options for a kind of CRM object."},
		{Server: "crm", Tool: "update_property", Description: "Updates a property of a kind of CRM object: its label or options."},
		{Server: "crm", Tool: "list_properties", Description: "Lists the properties of a kind of CRM object."},
		{Server: "tracker", Tool: "create_issue", Description: "Creates an issue with a title, labels and a body."},
		{Server: "tracker", Tool: "get_issue", Description: "Gets an issue by its number."},
	}
	for i := range 20 {
		docs = append(docs, Doc{Server: "misc", Tool: fmt.Sprintf("tool%c", 'a'+i), Description: fmt.Sprintf("Does thing %c with widgets and gadgets.", 'a'+i)})
	}
	return docs
}

// TestSearch_AddToUpdates: adding something to a thing that exists is
// updating it, when the backend has a tool updating it; adding a thing
// alone creates it.
func TestSearch_AddToUpdates(t *testing.T) {
	ix := New(addToDocs(), nil)
	for q, want := range map[string]string{
		"add the option 'XL' to the crm contact property tshirt_size": "update_property",
		"add a new crm property tshirt_size with options S, M and L":  "create_property",
	} {
		hits := ix.Search(q, 5)
		if len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, fmtHits(hits), want)
		}
	}
}

func TestCopulaQuestion(t *testing.T) {
	for q, want := range map[string]bool{
		"What's the maximum upload file size set for storage?": true,
		"which branches are protected in project 5":            true,
		"what is linked to issue 17":                           true,
		"Is force push allowed on the protected branch main?":  true,
		"is there a way to update the config":                  false,
		"what is the best way to update the config":            false, // "to update": the action asked about
		"which branch should I merge first":                    false, // no copula
		"set the maximum upload size to 50MB":                  false, // no question
		"how do I set the upload size":                         false,
	} {
		if got := copulaQuestion(q); got != want {
			t.Errorf("copulaQuestion(%q) = %v, want %v", q, got, want)
		}
	}
}

// configDocs is a small catalog: a storage backend reading and updating
// its configuration.
func configDocs() []Doc {
	docs := []Doc{
		{Server: "store", Tool: "get_storage_config", Description: "Gets the storage configuration: the maximum upload file size and features such as image transformations."},
		{Server: "store", Tool: "update_storage_config", Description: "Updates the storage configuration: set the maximum upload file size and features such as image transformations."},
	}
	for i := range 20 {
		docs = append(docs, Doc{Server: "misc", Tool: fmt.Sprintf("tool%c", 'a'+i), Description: fmt.Sprintf("Does thing %c with widgets and gadgets.", 'a'+i)})
	}
	return docs
}

// TestSearch_CopulaQuestionReads: a question about a state set reads it;
// a request to set it updates.
func TestSearch_CopulaQuestionReads(t *testing.T) {
	ix := New(configDocs(), nil)
	for q, want := range map[string]string{
		"What's the maximum upload file size set for store storage?": "get_storage_config",
		"set the maximum upload file size of store storage to 50MB":  "update_storage_config",
	} {
		hits := ix.Search(q, 5)
		if len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: %v, want %s first", q, fmtHits(hits), want)
		}
	}
}

// TestVerbStems_EnableUpdates: enabling or disabling a feature changes a
// thing's settings ("turn on" is rewritten to "enable").
func TestVerbStems_EnableUpdates(t *testing.T) {
	for _, w := range []string{"enable", "disable"} {
		if f := verbStems()[stem(w)]; f != verbUpdate {
			t.Errorf("verbStems()[%q] = %v, want verbUpdate", w, f)
		}
	}
	ix := New(configDocs(), nil)
	q := "turn on image transformations for store storage"
	if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != "update_storage_config" {
		t.Errorf("%q: %v, want update_storage_config first", q, fmtHits(hits))
	}
}
