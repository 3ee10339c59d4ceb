package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/search"
)

// syntheticDocs builds n tools over n/20 fake backends by recombining
// corpus tools, as internal/search's benchmarks do: each takes the name
// and parameters of one corpus tool and a description spliced from the
// sentences of two. Deterministic for a given n.
func syntheticDocs(corpus []corpusServer, n int) []search.Doc {
	var base []search.Doc
	for _, s := range corpus {
		for _, t := range s.descs {
			base = append(base, search.Doc{Server: s.name, Tool: t.Name, Title: t.Title, Description: t.Description, Params: params(t.InputSchema)})
		}
	}
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	words := []string{"acme", "nova", "delta", "orbit", "pixel", "quartz", "atlas", "ember", "lumen", "vertex"}
	docs := make([]search.Doc, 0, n)
	for i := range n {
		s := i / 20
		a, b := &base[rng.IntN(len(base))], &base[rng.IntN(len(base))]
		sa, sb := strings.SplitAfter(a.Description, ". "), strings.SplitAfter(b.Description, ". ")
		docs = append(docs, search.Doc{
			Server:      fmt.Sprintf("%s-%s-%d", a.Server, words[s%len(words)], s),
			Tool:        fmt.Sprintf("%s_%d", a.Tool, i%20),
			Title:       a.Title,
			Description: strings.Join(sa[:len(sa)/2+1], "") + " " + strings.Join(sb[len(sb)/2:], ""),
			Params:      a.Params,
		})
	}
	return docs
}

// params are the top-level properties of a JSON Schema, sorted by name.
func params(schema json.RawMessage) []search.Param {
	var s struct {
		Properties map[string]struct {
			Description string `json:"description"`
		} `json:"properties"`
	}
	json.Unmarshal(schema, &s)
	var out []search.Param
	for name, p := range s.Properties {
		out = append(out, search.Param{Name: name, Description: p.Description})
	}
	slices.SortFunc(out, func(a, b search.Param) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// queries are the retrieval-evaluation queries of the corpus and of
// internal/search's held-back sets.
func queries(root string) ([]string, error) {
	var qs []string
	for _, p := range []string{"testdata/corpus/retrieval-queries-dev.jsonl", "internal/search/testdata/extra-queries.jsonl", "internal/search/testdata/extra2-queries.jsonl"} {
		f, err := os.Open(filepath.Join(root, p))
		if err != nil {
			continue // the held-back sets are optional
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var q struct{ Query string }
			if json.Unmarshal(sc.Bytes(), &q) == nil && q.Query != "" {
				qs = append(qs, q.Query)
			}
		}
		f.Close()
	}
	if len(qs) == 0 {
		return nil, fmt.Errorf("no retrieval queries found")
	}
	return qs, nil
}

func heap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func scale(_ context.Context, r *rig) (string, error) {
	corpus, err := loadCorpus(r.root)
	if err != nil {
		return "", err
	}
	qs, err := queries(r.root)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## 5. Scale: search over synthetic catalogs\n\n`internal/search` in process, over tools recombined from the corpus (names and parameters of one corpus tool, description spliced from two, 20 tools per fake backend). Queries: the %d retrieval-evaluation queries, each run in turn, top 5.\n\n", len(qs))
	fmt.Fprintf(&b, "| tools | index build (median of %d) | query p50 | query p99 | index heap |\n|--:|--:|--:|--:|--:|\n", r.n(3, 7))
	for _, n := range []int{1000, 10000} {
		docs := syntheticDocs(corpus, n)
		builds, _ := timeN(r.n(3, 7), func() error { search.New(docs, nil); return nil })
		h0 := heap()
		ix := search.New(docs, nil)
		mem := int64(heap()) - int64(h0)
		var lat []time.Duration
		for i := range r.n(2, 10) * len(qs) {
			t0 := time.Now()
			ix.Search(qs[i%len(qs)], 5)
			lat = append(lat, time.Since(t0))
		}
		runtime.KeepAlive(ix)
		fmt.Fprintf(&b, "| %d | %s ms | %s ms | %s ms | %.1f MiB |\n", n, ms(pct(builds, 50)), ms(pct(lat, 50)), ms(pct(lat, 99)), float64(mem)/(1<<20))
	}
	return b.String() + "\n", nil
}
