package search

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Round eighty-one's look at vague requests (bench/retrieval-notes.md,
// round eighty-one): TestR81Set (R81SET=<file>|<file>) prints each request
// of the sets missed at one or five, or answered wrongly "none", with its
// five, and the counts.
func TestR81Set(t *testing.T) {
	fs := os.Getenv("R81SET")
	if fs == "" {
		t.Skip("R81SET unset")
	}
	if v := os.Getenv("R81W"); v != "" {
		w, _ := strconv.ParseFloat(v, 64)
		defer func(o float64) { categoryTermWeight = o }(categoryTermWeight)
		categoryTermWeight = w
	}
	if v := os.Getenv("R81S"); v != "" {
		defer func(o bool) { categoryScoped = o }(categoryScoped)
		categoryScoped = v == "1"
	}
	if v := os.Getenv("R81OA"); v != "" {
		defer func(o bool) { categoryOneAction = o }(categoryOneAction)
		categoryOneAction = v == "1"
	}
	ix := New(corpusDocs(t), nil)
	for _, f := range strings.Split(fs, "|") {
		s := evaluate(ix, readQueries(t, f), func(m string) { fmt.Println(m) })
		h5 := int(s.hit5*float64(s.n) + 0.5)
		none := int(s.none*float64(s.nNone) + 0.5)
		fmt.Printf("%s: single %d / %d of %d, tasks %d / %d of %d, hit@5 %d of %d, none %d of %d, wrongly none %d\n",
			f, s.single1, s.single5, s.single, s.multi1, s.multi5, s.multi, h5, s.n, none, s.nNone, s.falseNone)
	}
}
