package search

import (
	"slices"
	"testing"
)

// TestNamedServers_WholeNameAfterPreposition: "in memory" names the memory
// backend though many tools use the word "memory"; "in memory usage" does
// not (the word qualifies another).
func TestNamedServers_WholeNameAfterPreposition(t *testing.T) {
	ix := corpusIndex(t)
	memory := int32(slices.Index(ix.servers, "memory"))
	if named, _ := ix.namedServers("is there anything in memory about the Berlin trip"); !slices.Contains(named, memory) {
		t.Errorf("in memory: named %v, want the memory backend", named)
	}
	if named, _ := ix.namedServers("the page leaks: look in memory usage"); slices.Contains(named, memory) {
		t.Errorf("in memory usage: named %v, want no memory backend", named)
	}
	if hits := ix.Search("our intern Sam joined the team, put that in memory", 5); len(hits) == 0 || hits[0].Server != "memory" {
		t.Errorf("put that in memory: %s, want a memory tool first", fmtHits(hits))
	}
}
