package search

import "testing"

func TestSearch_ConversionDirection(t *testing.T) {
	ix := New([]Doc{
		{Server: "maps", Tool: "geocode", Description: "Convert an address into geographic coordinates", Params: []Param{{Name: "address"}}},
		{Server: "maps", Tool: "reverse_geocode", Description: "Convert coordinates into an address", Params: []Param{{Name: "latitude"}, {Name: "longitude"}}},
		{Server: "other", Tool: "noise", Description: "Nothing to do with maps."},
	}, nil)
	for q, want := range map[string]string{
		"Turn the address 10 Main Street into latitude and longitude": "geocode",
		"turn these coordinates into an address":                      "reverse_geocode",
	} {
		if hits := ix.Search(q, 5); len(hits) == 0 || hits[0].Tool != want {
			t.Errorf("%q: hits %v, want %s first", q, hits, want)
		}
	}
}

func TestSplitConversion(t *testing.T) {
	c, ok := splitConversion("Convert coordinates into an address. Then more.")
	if !ok || len(c.from) != 1 || c.from[0] != stem("coordinates") || len(c.into) != 1 || c.into[0] != stem("address") {
		t.Errorf("splitConversion = %+v, %v", c, ok)
	}
	if _, ok := splitConversion("List the files of a directory"); ok {
		t.Error("a description converting nothing states a conversion")
	}
}
