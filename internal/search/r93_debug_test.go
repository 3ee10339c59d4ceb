package search

import (
	"os"
	"strings"
	"testing"
)

// TestR93Step (R93S='<step>|...') shows a step's verb and action, as
// chatStep and chatPost read them.
func TestR93Step(t *testing.T) {
	qq := os.Getenv("R93S")
	if qq == "" {
		t.Skip("R93S unset")
	}
	for _, q := range strings.Split(qq, "|") {
		v := requestVerb(q)
		t.Logf("%q verb=%q fam=%v act=%v", q, v, verbStems()[v], partAction(q))
	}
}
