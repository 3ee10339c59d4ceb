package search

import (
	"strings"
	"testing"
)

func TestLearnedWords(t *testing.T) {
	for q, want := range map[string]string{
		"Reload https://shop.example.com while recording a trace": "reload while recording trace",
		"email bob@acme.io the report":                            "email the report",
		"get the Sentry issue PROJ-1234 in acme/web":              "get the sentry issue acme web",
		"show record XyZ12345 please":                             "show record please",
	} {
		if got := strings.Join(LearnedWords(q), " "); got != want {
			t.Errorf("LearnedWords(%q) = %q, want %q", q, got, want)
		}
	}
}
