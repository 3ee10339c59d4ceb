package interop

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestDeclarations_CompileUnderStrictTypeScript declares every corpus
// server through a real `switchboard serve --standalone` (replayed
// backends, so the schemas pass through the SDK, the catalog and its
// cache as in use) and compiles the declarations with the real TypeScript
// compiler under --strict: list_tools({servers}) for each server and
// list_tools({tools}) (full text) for all of its tools. It also checks
// that every tool's parameters are declared in the order of its schema.
func TestDeclarations_CompileUnderStrictTypeScript(t *testing.T) {
	tsc := filepath.Join(nodeMods, ".bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("typescript is missing from test/interop/node/node_modules in CI: %v", err)
		}
		t.Skip("typescript not installed: run `make interop-deps` (npm ci in test/interop/node) first")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: tsc needs Node.js")
	}
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	dir := t.TempDir()
	replay := filepath.Join(dir, "replay")
	build := exec.Command("go", "build", "-o", replay, "./test/replay")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building replay: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(root, "testdata", "corpus", "servers", "*.json"))
	type corpusTool struct {
		Name        string          `json:"name"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	corpus := map[string][]corpusTool{}
	servers := map[string]any{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Server string       `json:"server"`
			Tools  []corpusTool `json:"tools"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		corpus[s.Server] = s.Tools
		servers[s.Server] = map[string]any{"command": replay, "args": []string{f}}
	}
	b, _ := json.Marshal(map[string]any{"mcpServers": servers})
	cfg := filepath.Join(dir, "config.json")
	os.WriteFile(cfg, b, 0o600)
	env := privateEnv(t, dir)

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cs := connectStandalone(t, ctx, cfg, env)
	defer cs.Close()
	waitListed(t, ctx, cs)
	list := func(args map[string]any) string {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_tools", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if res.IsError {
			t.Fatalf("list_tools(%v): %s", args, text)
		}
		return text
	}
	out := filepath.Join(dir, "decl")
	os.MkdirAll(out, 0o755)
	var srcs []string
	checked := 0
	for name, tools := range corpus {
		decl := list(map[string]any{"servers": []string{name}})
		refs := make([]string, len(tools))
		for i, tool := range tools {
			refs[i] = name + "." + tool.Name
		}
		full := list(map[string]any{"tools": refs})
		for suffix, text := range map[string]string{".d.ts": decl, ".full.d.ts": full} {
			p := filepath.Join(out, name+suffix)
			// A module each, so that files declaring the same namespace
			// do not merge.
			if err := os.WriteFile(p, []byte(text+"\nexport {};\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, p)
		}
		for _, tool := range tools {
			want := schemaOrder(tool.InputSchema)
			if len(want) < 2 {
				continue
			}
			got := declaredParams(decl, ident(tool.Name))
			if got == nil { // a reserved word gets a '_' suffix
				got = declaredParams(decl, ident(tool.Name)+"_")
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("%s.%s: parameters declared as %v, schema order %v", name, tool.Name, got, want)
			}
			checked++
		}
	}
	if checked < 400 {
		t.Errorf("checked the parameter order of %d tools; the corpus has over 400 with several parameters", checked)
	}
	cmd := exec.CommandContext(ctx, tsc, append([]string{"--strict", "--noEmit", "--lib", "es2022"}, srcs...)...)
	cmd.Env = env
	if res, err := cmd.CombinedOutput(); err != nil {
		lines := strings.Split(strings.TrimSpace(string(res)), "\n")
		t.Errorf("tsc --strict: %v, %d lines of errors; first:\n%s", err, len(lines), strings.Join(lines[:min(len(lines), 20)], "\n"))
	}
}

// schemaOrder returns the property names of a JSON Schema that are
// JavaScript identifiers, in document order.
func schemaOrder(raw json.RawMessage) []string {
	var s struct {
		Properties json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(raw, &s) != nil || len(s.Properties) == 0 {
		return nil
	}
	d := json.NewDecoder(strings.NewReader(string(s.Properties)))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var names []string
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return names
		}
		var skip json.RawMessage
		if d.Decode(&skip) != nil {
			return names
		}
		if k, _ := tok.(string); isJSIdent(k) {
			names = append(names, k)
		}
	}
	return names
}

var jsIdent = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

func isJSIdent(s string) bool { return jsIdent.MatchString(s) }

var (
	memberName = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*`)
	docComment = regexp.MustCompile(`(?s)/\*\*.*?\*/`)
	strLit     = regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"`)
)

// declaredParams returns the member names of the argument type of
// function fn in decl, in order.
func declaredParams(decl, fn string) []string {
	code := strLit.ReplaceAllString(docComment.ReplaceAllString(decl, " "), `""`)
	i := strings.Index(code, "function "+fn+"(args")
	if i < 0 {
		return nil
	}
	j := strings.IndexByte(code[i:], '{')
	if j < 0 {
		return nil
	}
	var names []string
	depth, start := 0, false
	for k := i + j; k < len(code); k++ {
		c := code[k]
		switch {
		case strings.IndexByte("{([<", c) >= 0:
			depth++
			start = depth == 1
		case strings.IndexByte("})]>", c) >= 0:
			depth--
			if depth == 0 {
				return names
			}
		case depth == 1 && (c == ';' || c == '\n'):
			start = true
		case depth == 1 && start && c != ' ':
			m := memberName.FindString(code[k:])
			if m != "" {
				names = append(names, m)
				k += len(m) - 1
			}
			start = false
		}
	}
	return names
}
