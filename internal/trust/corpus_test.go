package trust

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata golden files")

const corpusGlob = "../../testdata/corpus/servers/*.json"

type corpusServer struct {
	name  string
	tools []Tool
}

func loadCorpus(t testing.TB) []corpusServer {
	t.Helper()
	files, err := filepath.Glob(corpusGlob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus at %s: %v", corpusGlob, err)
	}
	var out []corpusServer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Tools []Tool `json:"tools"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, corpusServer{strings.TrimSuffix(filepath.Base(f), ".json"), doc.Tools})
	}
	return out
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the output (run with -update and review the diff):\n%s", path, lineDiff(string(want), got))
	}
}

// TestInspect_Corpus records every finding on the 572 real tools. The
// reviewed expectation: real tools never Block.
func TestInspect_Corpus(t *testing.T) {
	var b strings.Builder
	counts := map[string]map[Severity]int{}
	tools := 0
	for _, s := range loadCorpus(t) {
		for _, tool := range s.tools {
			tools++
			for _, f := range Inspect(tool) {
				fmt.Fprintf(&b, "%s/%s\t%s\t%s\t%s\t%s\n", s.name, tool.Name, f.Rule, f.Severity, f.Where, f.Excerpt)
				if counts[f.Rule] == nil {
					counts[f.Rule] = map[Severity]int{}
				}
				counts[f.Rule][f.Severity]++
				if f.Severity == Block {
					t.Errorf("real tool %s/%s blocked: %+v", s.name, tool.Name, f)
				}
			}
		}
	}
	rules := make([]string, 0, len(counts))
	for r := range counts {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	fmt.Fprintf(&b, "# %d tools\n", tools)
	for _, r := range rules {
		fmt.Fprintf(&b, "# %s: warn %d, block %d\n", r, counts[r][Warn], counts[r][Block])
	}
	golden(t, "corpus_findings.golden", b.String())
}
