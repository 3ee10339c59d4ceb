package server

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/script"
)

// BenchmarkExecute measures our own overhead: an in-memory client, the
// in-process engine and a backend that answers at once.
func BenchmarkExecute(b *testing.B) {
	for _, bc := range []struct{ name, script string }{
		{"trivial", `return 1`},
		{"one-call", `return await everything.echo({message: "x"})`},
		{"ten-calls", `let r; for (let i = 0; i < 10; i++) r = await everything.echo({message: "x"}); return r`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			_, _, cs := newTestServer(b, config.Settings{}, nil)
			ctx := context.Background()
			for b.Loop() {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": bc.script}})
				if err != nil || res.IsError {
					b.Fatal(err, res)
				}
			}
		})
	}
}

// BenchmarkDirectCall is a tool call over the same in-memory transport
// without a script, for comparison.
func BenchmarkDirectCall(b *testing.B) {
	_, _, cs := newTestServer(b, config.Settings{CallTool: true}, nil)
	ctx := context.Background()
	for b.Loop() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "call_tool", Arguments: map[string]any{"server": "everything", "tool": "echo", "arguments": map[string]any{"message": "x"}}})
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
}

// BenchmarkRichResult is the execute result of a script value of about
// 100 kB with no content block in it (the common case).
func BenchmarkRichResult(b *testing.B) {
	rows := make([]map[string]any, 1000)
	for i := range rows {
		rows[i] = map[string]any{"id": i, "name": "row name here", "tags": []string{"a", "b"}, "score": 0.5}
	}
	v, _ := json.Marshal(map[string]any{"rows": rows})
	res := textResult(string(v))
	b.SetBytes(int64(len(v)))
	for b.Loop() {
		richResult(res, 1<<20)
	}
}

// BenchmarkExecute_Corpus is one static call through execute with the 32
// servers of the corpus configured and listed (449 tools): what a
// session of a user with many servers pays per execute for its
// namespaces.
func BenchmarkExecute_Corpus(b *testing.B) {
	src, specs := loadCorpus(b)
	var s *Server
	cat := catalog.New(specs, src, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	for _, n := range cat.Servers() {
		if _, err := cat.Tools(context.Background(), n); err != nil {
			b.Fatal(err)
		}
	}
	s = New(Options{Catalog: cat, Caller: src, Runner: staticFirst{}, Settings: config.Settings{}.Defaults()})
	cs := connectMem(b, s)
	ctx := context.Background()
	args := map[string]any{"script": `return await memory.read_graph({})`}
	for b.Loop() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: args})
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
	}
}

// staticFirst runs a static script as the sandbox does (script.RunStatic),
// any other in process.
type staticFirst struct{}

func (staticFirst) Run(ctx context.Context, req script.Request, c script.ToolCaller) script.Result {
	vm := func(ctx context.Context, req script.Request, c script.ToolCaller) script.Result {
		return script.Run(ctx, req, c)
	}
	if res, ok := script.RunStatic(ctx, req, c, vm); ok {
		return res
	}
	return script.Run(ctx, req, c)
}
