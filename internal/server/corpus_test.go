package server

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/tokens"
)

// corpusSource serves the captured tool lists of the corpus.
type corpusSource map[string][]*mcp.Tool

func (c corpusSource) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: c[server]}, nil
}

func (c corpusSource) CallTool(ctx context.Context, _ *pool.Call) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"ok":true}`}}}, nil
}

func loadCorpus(t testing.TB) (corpusSource, map[string]*config.Server) {
	files, err := filepath.Glob("../../testdata/corpus/servers/*.json")
	if err != nil || len(files) != 32 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	src := corpusSource{}
	specs := map[string]*config.Server{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Server string      `json:"server"`
			Tools  []*mcp.Tool `json:"tools"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		src[s.Server] = s.Tools
		specs[s.Server] = &config.Server{Name: s.Server, Type: config.Stdio, Command: "replay", Args: []string{f}}
	}
	return src, specs
}

func TestServer_CorpusStartupCost(t *testing.T) {
	src, specs := loadCorpus(t)
	cat := catalog.New(specs, src, nil)
	for _, n := range cat.Servers() {
		if _, err := cat.Tools(context.Background(), n); err != nil {
			t.Fatal(err)
		}
	}
	s := New(Options{Catalog: cat, Caller: src, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	ct, stt := mcp.NewInMemoryTransports()
	ss, _ := s.MCP().Connect(context.Background(), stt, nil)
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, tl := range res.Tools {
		schema, _ := json.Marshal(tl.InputSchema)
		n, _ := tokens.Count(tokens.ToolJSON(tl.Name, tl.Description, schema))
		total += n
		if tl.Name == "list_tools" {
			if len(tl.Description) > maxIndex+400 || !strings.Contains(tl.Description, "zereight-gitlab [118]") {
				t.Errorf("capability index (%d chars): %s", len(tl.Description), tl.Description)
			}
		}
	}
	t.Logf("tools/list with the 32 corpus servers: %d o200k tokens", total)
	if total > 600 {
		t.Errorf("tools/list costs %d tokens with 32 servers, goal <= 600", total)
	}
	// Every corpus server renders, broken schemas included.
	for _, n := range cat.Servers() {
		out, err := s.ListTools(context.Background(), ListArgs{Servers: []string{n}})
		if err != nil || !strings.Contains(out, "declare namespace") {
			t.Errorf("list_tools(%s) = %.200s, %v", n, out, err)
		}
	}
}
