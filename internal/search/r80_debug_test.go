package search

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestR80Q (R80Q="query|query|...") prints each request's five and each
// step's first eight with their scores (round eighty's look at tasks).
func TestR80Q(t *testing.T) {
	qs := os.Getenv("R80Q")
	if qs == "" {
		t.Skip("R80Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qs, "|") {
		named, terms := ix.namedServersWith(q, ix.vendorProducts(q))
		var ns []string
		for _, s := range named {
			ns = append(ns, ix.servers[s])
		}
		fmt.Printf("== %q named %v by %v\n   five:", q, ns, terms)
		for _, h := range ix.Search(q, 5) {
			fmt.Printf(" %s/%s(%.1f)", h.Server, h.Tool, h.Score)
		}
		fmt.Println()
		info, ch := traceSteps(ix, q)
		for i := range info {
			fmt.Printf("   step %d [%s] named=%v:", i, info[i].step, info[i].named)
			for j := 0; j < 8 && j < len(ch[i]); j++ {
				fmt.Printf(" %s/%s(%.1f)", ch[i][j].Server, ch[i][j].Tool, ch[i][j].Score)
			}
			fmt.Println()
		}
	}
}
