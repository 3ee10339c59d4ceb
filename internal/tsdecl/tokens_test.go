package tsdecl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/tokens"
)

// directJSON is the JSON a client puts in context when a server's tools are
// registered directly: each tool as {name, description, inputSchema},
// compact, in a JSON array.
func directJSON(tb testing.TB, s corpusServer) string {
	type direct struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	list := make([]direct, len(s.Tools))
	for i, t := range s.Tools {
		list[i] = direct{t.Name, t.Description, t.InputSchema}
	}
	var buf bytes.Buffer
	e := json.NewEncoder(&buf)
	e.SetEscapeHTML(false)
	if err := e.Encode(list); err != nil {
		tb.Fatal(err)
	}
	var out bytes.Buffer
	if err := json.Compact(&out, buf.Bytes()); err != nil {
		tb.Fatal(err)
	}
	return out.String()
}

// serverTokens are the token counts of one server in both forms.
type serverTokens struct {
	name       string
	tools      int
	decl, json int
}

func measureCorpus(tb testing.TB, o *Options) (rows []serverTokens, decl, js int) {
	tb.Helper()
	count := func(s string) int {
		n, err := tokens.Count(s)
		if err != nil {
			tb.Fatal(err)
		}
		return n
	}
	for _, s := range loadCorpus(tb) {
		row := serverTokens{name: s.Name, tools: len(s.Tools),
			decl: count(Namespace(s.Name, tools(s), o)), json: count(directJSON(tb, s))}
		rows = append(rows, row)
		decl += row.decl
		js += row.json
	}
	return rows, decl, js
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(b) }

// descLimits are the Options.MaxDescription values measured besides 0.
var descLimits = []int{400, 200, 100, 80}

func TestCorpusTokens_Ratio(t *testing.T) {
	rows, decl, js := measureCorpus(t, nil)
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-22s %5s %8s %8s %6s\n", "server", "tools", "decl", "json", "ratio")
	for _, r := range rows {
		fmt.Fprintf(&b, "%-22s %5d %8d %8d %5.1f%%\n", r.name, r.tools, r.decl, r.json, pct(r.decl, r.json))
	}
	fmt.Fprintf(&b, "%-22s %5s %8d %8d %5.1f%%\n", "total", "", decl, js, pct(decl, js))
	if decl >= js {
		t.Errorf("declarations take %d tokens, more than the %d of the JSON Schema form", decl, js)
	}
	for _, max := range descLimits {
		if testing.Short() {
			fmt.Fprintf(&b, "(-short: MaxDescription totals not measured; see BenchmarkCorpusTokens)\n")
			break
		}
		_, d, _ := measureCorpus(t, &Options{MaxDescription: max})
		fmt.Fprintf(&b, "total, MaxDescription %-4d %11d %8d %5.1f%%\n", max, d, js, pct(d, js))
		if d > decl {
			t.Errorf("MaxDescription %d gives %d tokens, more than %d without a limit", max, d, decl)
		}
	}
	t.Log(b.String())
}

// BenchmarkCorpusTokens reports the o200k tokens of the whole corpus as
// declarations (decl_tokens) and as directly registered JSON (json_tokens),
// with no description limit and with each of descLimits.
func BenchmarkCorpusTokens(b *testing.B) {
	for _, max := range append([]int{0}, descLimits...) {
		b.Run(fmt.Sprintf("max_description=%d", max), func(b *testing.B) {
			var decl, js int
			for b.Loop() {
				_, decl, js = measureCorpus(b, &Options{MaxDescription: max})
			}
			b.ReportMetric(float64(decl), "decl_tokens")
			b.ReportMetric(float64(js), "json_tokens")
			b.ReportMetric(pct(decl, js), "ratio_pct")
		})
	}
}

func BenchmarkNamespace(b *testing.B) {
	servers := loadCorpus(b)
	all := make([][]Tool, len(servers))
	size := 0
	for i, s := range servers {
		all[i] = tools(s)
		for _, t := range s.Tools {
			size += len(t.InputSchema) + len(t.OutputSchema)
		}
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for i, s := range servers {
			Namespace(s.Name, all[i], nil)
		}
	}
}

// listToolsOptions are the options list_tools declares namespaces with
// (internal/server.compact).
var listToolsOptions = &Options{MaxDescription: 250, MaxParamDescription: 60}

// TestCorpusTokens_DeclarationsNeverCostMoreThanSchemas checks, for every
// corpus server, that its namespace as list_tools declares it takes no
// more tokens than its tools registered directly (each as
// tokens.ToolJSON), and at most 45 % over the whole corpus.
func TestCorpusTokens_DeclarationsNeverCostMoreThanSchemas(t *testing.T) {
	var b strings.Builder
	var decl, js int
	for _, s := range loadCorpus(t) {
		d, err := tokens.Count(Namespace(s.Name, tools(s), listToolsOptions))
		if err != nil {
			t.Fatal(err)
		}
		j := 0
		for _, tool := range s.Tools {
			n, err := tokens.Count(tokens.ToolJSON(tool.Name, tool.Description, tool.InputSchema))
			if err != nil {
				t.Fatal(err)
			}
			j += n
		}
		fmt.Fprintf(&b, "%-22s %6d %6d %5.1f%%\n", s.Name, d, j, pct(d, j))
		if d > j {
			t.Errorf("%s: declarations take %d tokens, more than its %d of JSON schemas", s.Name, d, j)
		}
		decl += d
		js += j
	}
	fmt.Fprintf(&b, "%-22s %6d %6d %5.1f%%\n", "total", decl, js, pct(decl, js))
	t.Log("\n" + b.String())
	if pct(decl, js) > 45 {
		t.Errorf("declarations take %.1f%% of the JSON-schema tokens over the corpus, over 45%%", pct(decl, js))
	}
}
