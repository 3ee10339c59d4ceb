package search

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// syntheticDocs builds a deterministic catalog of n tools over n/20 fake
// backends by recombining corpus tools: each fake tool takes the name and
// parameters of one corpus tool and a description spliced from the
// sentences of two.
func syntheticDocs(tb testing.TB, n int) []Doc {
	base := corpusDocs(tb)
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	words := []string{"acme", "nova", "delta", "orbit", "pixel", "quartz", "atlas", "ember", "lumen", "vertex"}
	perServer := 20
	docs := make([]Doc, 0, n)
	for i := 0; i < n; i++ {
		s := i / perServer
		a, b := &base[rng.IntN(len(base))], &base[rng.IntN(len(base))]
		sa := strings.SplitAfter(a.Description, ". ")
		sb := strings.SplitAfter(b.Description, ". ")
		desc := strings.Join(sa[:len(sa)/2+1], "") + " " + strings.Join(sb[len(sb)/2:], "")
		docs = append(docs, Doc{
			Server:      fmt.Sprintf("%s-%s-%d", a.Server, words[s%len(words)], s),
			Tool:        fmt.Sprintf("%s_%d", a.Tool, i%perServer),
			Title:       a.Title,
			Description: desc,
			Params:      a.Params,
		})
	}
	return docs
}

func benchQueries(tb testing.TB) []string {
	var qs []string
	for _, p := range []string{devQueries, extraQs, extra2Qs} {
		for _, q := range readQueries(tb, p) {
			qs = append(qs, q.Query)
		}
	}
	return qs
}

var sizes = []struct {
	name string
	n    int
}{{"1k", 1000}, {"10k", 10000}}

// BenchmarkBuild reports build time, allocations and the live heap the
// index keeps (heap-bytes, measured after a GC).
func BenchmarkBuild(b *testing.B) {
	for _, sz := range sizes {
		docs := syntheticDocs(b, sz.n)
		b.Run(sz.name, func(b *testing.B) {
			b.ReportAllocs()
			var ix *Index
			for b.Loop() {
				ix = New(docs, nil)
			}
			b.StopTimer()
			var before, after runtime.MemStats
			ix = nil
			runtime.GC()
			runtime.ReadMemStats(&before)
			ix = New(docs, nil)
			runtime.GC()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "heap-bytes")
			runtime.KeepAlive(ix)
		})
	}
}

// BenchmarkSearch runs the dev and extra queries in turn over synthetic
// catalogs; ns/op is the mean, p50-ns and p99-ns the per-query percentiles.
func BenchmarkSearch(b *testing.B) {
	qs := benchQueries(b)
	for _, sz := range sizes {
		ix := New(syntheticDocs(b, sz.n), nil)
		b.Run(sz.name, func(b *testing.B) {
			b.ReportAllocs()
			var lat []time.Duration
			i := 0
			for b.Loop() {
				start := time.Now()
				ix.Search(qs[i%len(qs)], 5)
				lat = append(lat, time.Since(start))
				i++
			}
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds()), "p50-ns")
			b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds()), "p99-ns")
		})
	}
}
