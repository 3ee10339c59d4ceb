package catalog

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Round fifty-six: the inspect findings were kept by tool hash for ever,
// in memory and in the inspect cache (written whole at each flush), so a
// backend that changes its tools on each refresh grew both without end.
// Past maxFindings they are forgotten and inspected again.
func TestTrustVetter_InspectFindingsAreBounded(t *testing.T) {
	old := maxFindings
	maxFindings = 100
	defer func() { maxFindings = old }()
	cache := filepath.Join(t.TempDir(), "inspect.json")
	v := &TrustVetter{InspectCache: cache}
	spec := servers("a")["a"]
	for listing := range 10 {
		var tools []Tool
		for i := range 50 {
			tools = append(tools, Tool{Name: fmt.Sprintf("t%d_%d", listing, i), Description: "Reads."})
		}
		if vis, _ := v.Vet(spec, tools); len(vis) != 50 {
			t.Fatalf("listing %d: %d visible", listing, len(vis))
		}
	}
	v.mu.Lock()
	n := len(v.findings)
	v.mu.Unlock()
	b, err := os.ReadFile(cache)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if n > maxFindings || len(m) > maxFindings {
		t.Errorf("after 500 distinct tools: %d findings kept, %d in the file; want at most %d", n, len(m), maxFindings)
	}
}
