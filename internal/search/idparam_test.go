package search

import "testing"

// TestSearch_IDParam: "the place with ID X" goes to the tool taking a
// place_id, above tools whose words match the fields asked for.
func TestSearch_IDParam(t *testing.T) {
	docs := []Doc{
		{Server: "maps", Tool: "place_details", Description: "Get detailed information about a specific place", Params: []Param{{Name: "place_id", Required: true}}},
		{Server: "maps", Tool: "search_places", Description: "Search for places: restaurants, shops, reviews and opening hours", Params: []Param{{Name: "query", Required: true}}},
		{Server: "git", Tool: "get_pull_request_reviews", Description: "Get the reviews of a pull request", Params: []Param{{Name: "pull_number", Required: true}}},
	}
	for _, w := range []string{"chart", "map", "page", "issue", "user", "table"} {
		docs = append(docs, Doc{Server: "other", Tool: "get_" + w, Description: "Gets a " + w + "."})
	}
	ix := New(docs, nil)
	hs := ix.Search("Give me the opening hours, phone number and reviews of the place with ID ChIJN1t_tDeuEmsR.", 3)
	if len(hs) == 0 || hs[0].Tool != "place_details" {
		t.Fatalf("got %v, want place_details first", hs)
	}
}

func TestIsOpaqueID_GeneratedCase(t *testing.T) {
	for f, want := range map[string]bool{
		"ChIJN1t_tDeuEmsR": true,  // a Google place ID: one digit, case up and down
		"XyZ12345":         true,  // digits
		"getUserName":      false, // camelCase, no digit
		"OAuth2":           false, // short
		"JavaScript":       false,
	} {
		if got := isOpaqueID(f); got != want {
			t.Errorf("isOpaqueID(%q) = %v, want %v", f, got, want)
		}
	}
}

// TestSearch_OneToolBackendAmount: a count asked of a named backend whose
// one tool runs queries is that tool's, above tools sharing its words.
func TestSearch_OneToolBackendAmount(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	hs := ix.Search("Using the local Postgres, how many rows are in the invoices table?", 5)
	if len(hs) == 0 || hs[0].Server != "postgres" {
		t.Fatalf("got %v, want postgres/query first", hs)
	}
	if hs := ix.Search("Create a new Linear issue in the Platform team for the flaky test.", 5); hs != nil {
		t.Errorf("a Linear issue (a product no backend serves) was answered: %v", hs)
	}
}

func TestIsSnakeName(t *testing.T) {
	for f, want := range map[string]bool{
		"audit_log":  true,
		"orders_tmp": true,
		"_private":   false,
		"Audit_Log":  false, // capitalised: a name another rule reads
		"plain":      false,
	} {
		if got := isSnakeName(f); got != want {
			t.Errorf("isSnakeName(%q) = %v, want %v", f, got, want)
		}
	}
}
