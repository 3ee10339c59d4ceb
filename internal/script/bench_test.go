package script

import (
	"context"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestDeps keeps the layer map true: the engine speaks JSON through
// ToolCaller and starts no processes. Of the project's packages it uses
// only panics (a recovered panic said redacted and bounded).
func TestDeps(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "os/exec" || path == "os" || strings.Contains(path, "modelcontextprotocol") || strings.HasPrefix(path, "github.com/switchboard-mcp/") && path != "github.com/switchboard-mcp/switchboard/internal/panics" {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}

// benchNamespaces is 10 namespaces of 20 functions each.
func benchNamespaces() []Namespace {
	nss := make([]Namespace, 10)
	for i := range nss {
		nss[i].Ident = fmt.Sprintf("server_%d", i)
		for j := range 20 {
			nss[i].Functions = append(nss[i].Functions, Function{
				Ident: fmt.Sprintf("tool_%d", j), Server: fmt.Sprintf("server-%d", i), Tool: fmt.Sprintf("tool-%d", j),
			})
		}
	}
	return nss
}

// BenchmarkRun_Trivial is a fresh VM with 10 namespaces x 20 functions and a
// trivial script.
func BenchmarkRun_Trivial(b *testing.B) {
	req := Request{Source: "return 1 + 1", Namespaces: benchNamespaces()}
	for b.Loop() {
		if res := Run(context.Background(), req, echo); res.Err != nil {
			b.Fatal(res.Err)
		}
	}
}

// BenchmarkRun_ParallelCalls is 10 tool calls of 50 ms under Promise.all.
func BenchmarkRun_ParallelCalls(b *testing.B) {
	slow := callerFunc(func(ctx context.Context, _, _ string, args json.RawMessage) (json.RawMessage, error) {
		time.Sleep(50 * time.Millisecond) // the latency of a backend
		return args, nil
	})
	req := Request{
		Source:     `return (await Promise.all([...Array(10).keys()].map(i => server_0.tool_0({i})))).length`,
		Namespaces: benchNamespaces(),
	}
	for b.Loop() {
		if res := Run(context.Background(), req, slow); res.Err != nil || string(res.Value) != "10" {
			b.Fatal(res.Err, string(res.Value))
		}
	}
}

// BenchmarkRun_AwaitedCalls is 1,000 sequential awaited tool calls.
func BenchmarkRun_AwaitedCalls(b *testing.B) {
	req := Request{Source: `for (let i = 0; i < 1000; i++) await server_0.tool_0({i}); return 1`, Namespaces: benchNamespaces()}
	for b.Loop() {
		if res := Run(context.Background(), req, echo); res.Err != nil {
			b.Fatal(res.Err)
		}
	}
}

// BenchmarkOneCall compares one tool call with literal arguments run as
// a static script (no VM) and the same call in the VM, in this process,
// with 10 namespaces x 20 functions and a small object as the value.
func BenchmarkOneCall(b *testing.B) {
	value := json.RawMessage(`{"content":"hello","size":5,"tags":["a","b"],"ok":true}`)
	caller := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		return value, nil
	})
	src := `return await server_3.tool_7({path: "/tmp/x", limit: 10})`
	req := Request{Source: src, Namespaces: benchNamespaces()}
	b.Run("static", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			res, ok := RunStatic(context.Background(), req, caller, Run)
			if !ok || res.Err != nil {
				b.Fatal(ok, res.Err)
			}
		}
	})
	b.Run("vm", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if res := Run(context.Background(), req, caller); res.Err != nil {
				b.Fatal(res.Err)
			}
		}
	})
}

// BenchmarkRun_LargeArguments is 10 awaited tool calls, each passing 1,000
// small objects (about 40 kB of JSON) and getting {} back: the cost of
// turning a script's arguments into JSON.
func BenchmarkRun_LargeArguments(b *testing.B) {
	empty := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		return json.RawMessage(`{}`), nil
	})
	req := Request{
		Source: `const rows = [...Array(1000).keys()].map(i => ({id: i, name: "row " + i, tags: ["a", "b"], ok: true}));
for (let i = 0; i < 10; i++) await server_0.tool_0({rows}); return 1`,
		Namespaces: benchNamespaces(),
	}
	for b.Loop() {
		if res := Run(context.Background(), req, empty); res.Err != nil {
			b.Fatal(res.Err)
		}
	}
}
