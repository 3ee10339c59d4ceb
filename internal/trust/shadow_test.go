package trust

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestConfusable(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"github", "github", true},
		{"github", "GitHub", true},
		{"git-hub", "git_hub", true},
		{"google maps", "google-maps", true},
		{"github", "gіthub", true}, // Cyrillic і
		{"paypal", "раураl", true}, // Cyrillic р а у
		{"slack", "ѕlасk", true},   // Cyrillic ѕ а с
		{"notion", "nοtiοn", true}, // Greek ο
		{"github", "g1thub", true}, // edit distance 1 after folding
		{"filesystem", "fi1esystem", true},
		{"sentry", "5entry", true},
		{"google", "g00gle", true},
		{"github", "githubb", true}, // one insertion
		{"github", "gihtub", false}, // transposition is two edits
		{"memory", "memoir", false},
		{"gitlab", "github", false},
		{"redis", "regis", true}, // 5 chars, one substitution
		{"exa", "exo", false},    // short names need equality
		{"n8n", "nbn", false},
		{"github", "ｇｉｔｈｕｂ", true}, // full width
		{"git\u200bhub", "github", true},
		{"caf\u00e9", "cafe\u0301", true}, // composed and decomposed: one name to the eye (round 107)
		{"\ufb01le", "file", true},        // the ligature ﬁ
		{"", "", false},
		{"-", "_", false},
	}
	for _, tt := range tests {
		if got := Confusable(tt.a, tt.b); got != tt.want {
			t.Errorf("Confusable(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := Confusable(tt.b, tt.a); got != tt.want {
			t.Errorf("Confusable(%q, %q) = %v, want %v (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestShadowing(t *testing.T) {
	got := Shadowing(map[string][]string{
		"github":  {"create_issue", "search_code"},
		"gіthub":  {"list"},                                  // homoglyph server
		"evil":    {"github_create_issue", "fetch", "fetch"}, // tool named like a server
		"memory":  {"memory_read"},                           // own prefix is fine
		"slack":   {"slack.post", "filesystem-read"},
		"files":   nil,
		"notion2": {"x"},
		"notion":  {"x"},
	})
	var lines []string
	for _, w := range got {
		lines = append(lines, fmt.Sprintf("%s|%s|%s", w.Server, w.Other, w.Tool))
		if w.Reason == "" {
			t.Errorf("no reason in %+v", w)
		}
	}
	want := []string{
		"evil|github|github_create_issue",
		"evil|gіthub|github_create_issue",
		"github|gіthub|",
		"notion|notion2|",
	}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// Two server names that differ only in composition ("café" composed and
// decomposed) are said to look alike, escaped, since quoted as they are
// the warning named one name twice (round 107).
func TestShadowing_ComposedAndDecomposedNamesAreEscaped(t *testing.T) {
	got := Shadowing(map[string][]string{"caf\u00e9": nil, "cafe\u0301": nil})
	if len(got) != 1 || got[0].Reason != `server name "cafe\u0301" looks like server "caf\u00e9"` {
		t.Errorf("got %+v", got)
	}
}

// TestShadowing_Corpus: the 32 real servers, under their corpus names, do
// not imitate each other.
func TestShadowing_Corpus(t *testing.T) {
	servers := map[string][]string{}
	for _, s := range loadCorpus(t) {
		for _, tool := range s.tools {
			servers[s.name] = append(servers[s.name], tool.Name)
		}
	}
	for _, w := range Shadowing(servers) {
		t.Errorf("unexpected: %s", w.Reason)
	}
}
