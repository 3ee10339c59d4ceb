package search

import (
	"slices"
	"testing"
)

func TestSuggest_NearMissNames(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	for q, want := range map[string]string{
		"get_isue":               "zereight_gitlab.get_issue",
		"github.get_isue":        "github.get_issue",
		"filesytem":              "filesystem",
		"puppeteer_screnshot":    "puppeteer.puppeteer_screenshot",
		"slack_post_mesage":      "slack.slack_post_message",
		"hubspot-serch-objects":  "hubspot.hubspot_search_objects",
		"supabase.list_tabels":   "supabase.list_tables",
		"browser_take_screensht": "playwright.browser_take_screenshot",
		"sequentialthinkin":      "sequential_thinking.sequentialthinking",
	} {
		got := ix.Suggest(q, 5)
		if !slices.Contains(got, want) {
			t.Errorf("Suggest(%q) = %v, want it to hold %s", q, got, want)
		}
	}
	for _, q := range []string{"", "ab", "send a message to the team about the release", "zzzzzzzz"} {
		if got := ix.Suggest(q, 3); len(got) > 0 {
			t.Errorf("Suggest(%q) = %v, want none", q, got)
		}
	}
}
