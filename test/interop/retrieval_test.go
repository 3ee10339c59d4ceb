package interop

import (
	"bufio"
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

// TestRetrieval_ThroughReplayedCorpus serves the 32 corpus servers with
// test/replay and runs the development queries through list_tools as a
// client sees them: the whole path (SDK decoding, catalog, vetting,
// search, declarations), not just the search package.
func TestRetrieval_ThroughReplayedCorpus(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	dir := t.TempDir()
	replay := filepath.Join(dir, "replay")
	build := exec.Command("go", "build", "-o", replay, "./test/replay")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building replay: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(root, "testdata", "corpus", "servers", "*.json"))
	servers := map[string]any{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		servers[name] = map[string]any{"command": replay, "args": []string{f}}
	}
	b, _ := json.Marshal(map[string]any{"mcpServers": servers})
	cfg := filepath.Join(dir, "config.json")
	os.WriteFile(cfg, b, 0o600)
	env := privateEnv(t, dir)

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cs := connect(t, ctx, cfg, env)
	waitListed(t, ctx, cs)

	qf, err := os.Open(filepath.Join(root, "testdata", "corpus", "retrieval-queries-dev.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer qf.Close()
	type ref struct{ Server, Tool string }
	var n, hit1, hit5, none, noneOK int
	sc := bufio.NewScanner(qf)
	for sc.Scan() {
		var q struct {
			ID, Query, Kind string
			Expected        []ref
			Alternatives    [][]ref
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatal(err)
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_tools", Arguments: map[string]any{"query": q.Query}})
		if err != nil {
			t.Fatal(err)
		}
		got := parseHits(res.Content[0].(*mcp.TextContent).Text)
		if q.Kind == "none" {
			none++
			if len(got) == 0 {
				noneOK++
			} else {
				t.Logf("%s: want no match for %q, got %v", q.ID, q.Query, got)
			}
			continue
		}
		n++
		sets := append([][]ref{q.Expected}, q.Alternatives...)
		within := func(k int) bool {
			top := got[:min(k, len(got))]
			for _, set := range sets {
				all := true
				for _, e := range set {
					found := false
					for _, g := range top {
						if g == ident(e.Server)+"."+ident(e.Tool) {
							found = true
						}
					}
					all = all && found
				}
				if all {
					return true
				}
			}
			return false
		}
		first := false
		for _, set := range sets {
			for _, e := range set {
				if len(got) > 0 && got[0] == ident(e.Server)+"."+ident(e.Tool) {
					first = true
				}
			}
		}
		if first {
			hit1++
		}
		if within(5) {
			hit5++
		} else {
			t.Logf("%s: %q: want %v in top 5, got %v", q.ID, q.Query, q.Expected, got)
		}
	}
	r1, r5, rn := float64(hit1)/float64(n), float64(hit5)/float64(n), float64(noneOK)/float64(none)
	t.Logf("dev queries through switchboard serve: hit@1 %.3f, hit@5 %.3f, none recognised %.3f (%d answerable, %d none)", r1, r5, rn, n, none)
	// Floors a little under what we measure, so a regression fails.
	if r1 < 0.88 || r5 < 0.94 || rn < 0.99 {
		t.Errorf("retrieval below the floors: hit@1 %.3f (0.88), hit@5 %.3f (0.94), none %.3f (0.99)", r1, r5, rn)
	}
}

var (
	nsRE = regexp.MustCompile(`^declare namespace (\S+) \{`)
	fnRE = regexp.MustCompile(`^\s+function (\S+?)\(`)
)

// parseHits reads "server.tool" idents, in order, from declarations.
func parseHits(decl string) []string {
	var out []string
	ns := ""
	for _, line := range strings.Split(decl, "\n") {
		if m := nsRE.FindStringSubmatch(line); m != nil {
			ns = m[1]
		} else if m := fnRE.FindStringSubmatch(line); m != nil && ns != "" {
			out = append(out, ns+"."+m[1])
		}
	}
	return out
}

var nonIdent = regexp.MustCompile(`[^A-Za-z0-9_]`)

func ident(s string) string { return nonIdent.ReplaceAllString(s, "_") }

// waitListed calls list_tools until no server is still starting: a first
// listing answers after a few seconds with the servers that were ready.
func waitListed(t *testing.T, ctx context.Context, cs *mcp.ClientSession) {
	t.Helper()
	for ctx.Err() == nil {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_tools", Arguments: map[string]any{"detail": "names"}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "still starting") {
			return
		}
	}
	t.Fatalf("servers still starting when the test's time ran out: %v", ctx.Err())
}
