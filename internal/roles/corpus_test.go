package roles

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the corpus roles table in docs/security.md")

type corpusServer struct {
	Server  string `json:"server"`
	Package string `json:"package"`
	Launch  struct {
		Command string   `json:"command"`
		Args    []string `json:"args"`
	} `json:"launch"`
	Tools []struct {
		Name        string          `json:"name"`
		Title       string          `json:"title"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
		Annotations *struct {
			ReadOnlyHint    *bool `json:"readOnlyHint"`
			DestructiveHint *bool `json:"destructiveHint"`
			OpenWorldHint   *bool `json:"openWorldHint"`
		} `json:"annotations"`
	} `json:"tools"`
}

func loadCorpus(t *testing.T) []corpusServer {
	files, err := filepath.Glob("../../testdata/corpus/servers/*.json")
	if err != nil || len(files) != 32 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	var out []corpusServer
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c corpusServer
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, c)
	}
	return out
}

// server is the launch a user writes for the corpus server: npx and
// its package.
func (c corpusServer) server() Server {
	return Server{Name: c.Server, Command: "npx", Args: append([]string{"-y", c.Package + "@" + "latest"}, c.Launch.Args...)}
}

func (c corpusServer) tools() []Tool {
	var out []Tool
	for _, t := range c.Tools {
		rt := Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema}
		if a := t.Annotations; a != nil {
			// As the server sees them: the Go SDK's readOnlyHint is a
			// plain bool, so false and absent look alike.
			if a.ReadOnlyHint != nil && *a.ReadOnlyHint {
				rt.ReadOnly = a.ReadOnlyHint
			}
			rt.Destructive, rt.OpenWorld = a.DestructiveHint, a.OpenWorldHint
		}
		out = append(out, rt)
	}
	return out
}

// corpusTable is the Markdown table of docs/security.md: per corpus
// server, how many tools have each role by default.
func corpusTable(t *testing.T) string {
	var b strings.Builder
	b.WriteString("| server | tools | private | untrusted | external | none | trifecta alone |\n|---|---:|---:|---:|---:|---:|:-:|\n")
	var tot [5]int
	servers := 0
	for _, c := range loadCorpus(t) {
		srv := c.server()
		if ProfileOf(srv) == nil {
			t.Errorf("corpus server %s (%s) has no shipped profile", c.Server, c.Package)
		}
		var n [5]int
		var all Set
		for _, tool := range c.tools() {
			r := Classify(srv, tool, nil).Roles
			all |= r
			n[0]++
			for i, role := range []Set{Private, Untrusted, External} {
				if r.Has(role) {
					n[i+1]++
				}
			}
			if r == 0 {
				n[4]++
			}
		}
		alone := ""
		if all == All {
			alone = "yes"
			servers++
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %s |\n", c.Server, n[0], n[1], n[2], n[3], n[4], alone)
		for i := range tot {
			tot[i] += n[i]
		}
	}
	fmt.Fprintf(&b, "| **all 32** | %d | %d | %d | %d | %d | %d servers |\n", tot[0], tot[1], tot[2], tot[3], tot[4], servers)
	return b.String()
}

const (
	tableStart = "<!-- roles-table: go test ./internal/roles -run TestCorpusTable -update -->\n"
	tableEnd   = "<!-- /roles-table -->"
)

// TestCorpusTable checks that the table in docs/security.md is what the
// shipped defaults give for the corpus (-update rewrites it).
func TestCorpusTable(t *testing.T) {
	table := corpusTable(t)
	t.Logf("\n%s", table)
	doc := "../../docs/security.md"
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte(tableStart))
	j := bytes.Index(data, []byte(tableEnd))
	if i < 0 || j < i {
		t.Fatalf("%s: no roles table between %q and %q", doc, strings.TrimSpace(tableStart), tableEnd)
	}
	have := string(data[i+len(tableStart) : j])
	if have == table {
		return
	}
	if *update {
		out := append(append(append([]byte{}, data[:i+len(tableStart)]...), table...), data[j:]...)
		if err := os.WriteFile(doc, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: the roles table is out of date; run go test ./internal/roles -run TestCorpusTable -update\nwant:\n%s", doc, table)
}

// TestCorpusHeuristic prints, per role, how often the heuristics alone
// (a server without a profile) agree with the shipped profiles, and fails
// when they miss most of a role: the heuristics are what an unknown
// server gets.
func TestCorpusHeuristic(t *testing.T) {
	var hit, want, extra [3]int
	for _, c := range loadCorpus(t) {
		srv := c.server()
		for _, tool := range c.tools() {
			p := Classify(srv, tool, nil).Roles
			h := heuristic(tool).Roles
			for i, role := range []Set{Private, Untrusted, External} {
				switch {
				case p.Has(role) && h.Has(role):
					hit[i]++
					want[i]++
				case p.Has(role):
					want[i]++
				case h.Has(role):
					extra[i]++
				}
			}
		}
	}
	for i, n := range names {
		t.Logf("%s: heuristics find %d of %d profile tools, and %d more", n, hit[i], want[i], extra[i])
		if hit[i]*2 < want[i] {
			t.Errorf("%s: heuristics find only %d of %d", n, hit[i], want[i])
		}
	}
}
