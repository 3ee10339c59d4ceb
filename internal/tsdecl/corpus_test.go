package tsdecl

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.d.ts")

// corpusDir holds real tools/list captures from public MCP servers.
const corpusDir = "../../testdata/corpus/servers"

// corpusServer is one captured server: its name and raw tools.
type corpusServer struct {
	Name  string
	Tools []corpusTool
}

// corpusTool is a raw tools/list entry.
type corpusTool struct {
	Name         string          `json:"name"`
	Title        string          `json:"title"`
	Description  string          `json:"description"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema"`
}

func (c corpusTool) tool() Tool {
	return Tool{Name: c.Name, Title: c.Title, Description: c.Description,
		InputSchema: c.InputSchema, OutputSchema: c.OutputSchema}
}

func loadCorpus(tb testing.TB) []corpusServer {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus files in %s: %v", corpusDir, err)
	}
	var out []corpusServer
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var s struct {
			Tools []corpusTool `json:"tools"`
		}
		if err := json.Unmarshal(data, &s); err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		out = append(out, corpusServer{Name: strings.TrimSuffix(filepath.Base(f), ".json"), Tools: s.Tools})
	}
	return out
}

func tools(s corpusServer) []Tool {
	out := make([]Tool, len(s.Tools))
	for i, c := range s.Tools {
		out[i] = c.tool()
	}
	return out
}

func TestNamespace_CorpusGoldens(t *testing.T) {
	for _, s := range loadCorpus(t) {
		t.Run(s.Name, func(t *testing.T) {
			got := Namespace(s.Name, tools(s), nil)
			checkTS(t, got)
			path := filepath.Join("testdata", "golden", s.Name+".d.ts")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from Namespace output; run go test -update and review the diff", path)
			}
		})
	}
}
