package search

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// init sets round seventy-two's variables from R72_BONUS and R72_EVID
// when given, to measure variants.
func init() {
	if v, err := strconv.ParseFloat(os.Getenv("R72_BONUS"), 64); err == nil {
		categoryBonusIDF = v
	}
	if os.Getenv("R72_UNBOOST") == "0" {
		categoryUnboost = false
	}
	if v, err := strconv.ParseFloat(os.Getenv("R72_EVID"), 64); err == nil {
		categoryEvidence = v
	}
}

// TestR72Categories logs which backends each category line holds for in
// the corpus (R72CAT=1).
func TestR72Categories(t *testing.T) {
	if os.Getenv("R72CAT") == "" {
		t.Skip("R72CAT=1")
	}
	ix := New(corpusDocs(t), nil)
	seen := map[string]bool{}
	for _, ps := range ix.categories {
		for _, p := range ps {
			var bs []string
			for s, ok := range p.only {
				if ok {
					bs = append(bs, ix.servers[s])
				}
			}
			k := strings.Join(bs, ",")
			if !seen[k] {
				seen[k] = true
				t.Logf("%s <- %s", k, strings.Join(p.words, " "))
			}
		}
	}
}

// TestR72Q ranks R72Q's requests (separated by "||") without the
// relevance cut and logs the first hits, the relevance and coverage.
func TestR72Q(t *testing.T) {
	q := os.Getenv("R72Q")
	if q == "" {
		t.Skip("R72Q='<request>'")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(q, "||") {
		r := ix.rank(q, 5)
		if r == nil {
			t.Logf("%q: nil", q)
			continue
		}
		cat, terms := ix.queryCategories(q)
		var cs []string
		for s, ok := range cat {
			if ok {
				cs = append(cs, ix.servers[s])
			}
		}
		var hs []string
		for _, h := range r.hits {
			hs = append(hs, h.Server+"/"+h.Tool)
		}
		t.Logf("%q: relevant %v coverage %.3f cat %v %v: %v", q, r.relevant, r.coverage, cs, terms, hs)
	}
}
