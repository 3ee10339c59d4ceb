// Package internal_test keeps the layer map of docs/architecture.md true:
// each package may import only the packages of ours listed for it.
package internal_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/switchboard-mcp/switchboard/internal/"

// allowed lists, for each package, the packages of ours it may import.
var allowed = map[string][]string{
	"tokens":     {},
	"tsdecl":     {"hidden"},
	"hidden":     {},
	"echo":       {},
	"logtest":    {},
	"rpcid":      {},
	"rawio":      {},
	"warm":       {},
	"search":     {"echo"},
	"roles":      {},
	"trust":      {"atomicfile", "filelock", "hidden", "rawio", "safefile"},
	"atomicfile": {"echo"},
	"filelock":   {"safefile"},
	"redact":     {},
	"panics":     {"redact"},
	"workspace":  {"nesting", "safefile"},
	"nesting":    {},
	"safefile":   {},
	"allow":      {"atomicfile", "filelock", "safefile"},
	"skills":     {"allow", "atomicfile", "echo", "filelock", "safefile", "trust", "tsdecl"},
	"config":     {"echo", "hidden", "nesting", "redact", "safefile", "workspace"},
	"script":     {"panics"},
	"demo":       {},
	"audit":      {"filelock", "panics", "redact", "trust"},
	"sandbox":    {"panics", "rawio", "script", "warm"},
	"oauth":      {"atomicfile", "filelock"},
	"backend":    {"config", "nesting", "oauth", "panics", "rawio", "redact", "safefile"},
	"pool":       {"backend", "config", "echo", "panics", "redact"},
	"catalog":    {"atomicfile", "config", "echo", "filelock", "hidden", "redact", "safefile", "trust", "tsdecl"},
	"agentconf":  {"atomicfile", "config", "echo", "filelock", "nesting", "redact", "safefile"},
	"telemetry":  {},
	"server":     {"catalog", "config", "echo", "panics", "pool", "redact", "roles", "rpcid", "script", "search", "skills", "telemetry", "tokens", "trust", "tsdecl"},
	"hub":        {"allow", "atomicfile", "audit", "backend", "catalog", "config", "demo", "echo", "panics", "pool", "rawio", "redact", "safefile", "sandbox", "server", "skills", "telemetry", "trust", "workspace"},
	"daemon":     {"atomicfile", "config", "echo", "filelock", "panics", "rawio", "redact", "rpcid", "safefile"},
	"front":      {"panics", "rpcid"},
	"ui":         {},
	"peer":       {},
	"cli":        {"*"},
}

// forbiddenStd lists standard packages a package must not import.
var forbiddenStd = map[string][]string{
	"script": {"os/exec", "net", "net/http"},
	"tsdecl": {"os", "os/exec", "net"},
	"hidden": {"os", "os/exec", "net"},
	"echo":   {"os", "os/exec", "net"},
	"rpcid":  {"os", "os/exec", "net"},
	"search": {"os", "os/exec", "net"},
	"roles":  {"os", "os/exec", "net"},
}

func TestLayers(t *testing.T) {
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		pkg := d.Name()
		files, _ := filepath.Glob(filepath.Join(pkg, "*.go"))
		ok, known := allowed[pkg]
		if !known {
			hasCode := slices.ContainsFunc(files, func(f string) bool { return !strings.HasSuffix(f, "_test.go") })
			if hasCode {
				t.Errorf("package %s is not in the layer map (add it here and to docs/architecture.md)", pkg)
			}
			continue
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if dep, ours := strings.CutPrefix(path, module); ours {
					dep = strings.SplitN(dep, "/", 2)[0]
					if !slices.Contains(ok, "*") && !slices.Contains(ok, dep) {
						t.Errorf("%s imports %s: not allowed by the layer map", f, dep)
					}
				}
				if slices.Contains(forbiddenStd[pkg], path) {
					t.Errorf("%s imports %s, which package %s must not use", f, path, pkg)
				}
			}
		}
	}
}
