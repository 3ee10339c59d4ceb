package search

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestR98TaskMisses (R98M=1) lists the misses of the held-out task sets
// (multi lines only) with their counts.
func TestR98TaskMisses(t *testing.T) {
	if os.Getenv("R98M") == "" {
		t.Skip("R98M unset")
	}
	ix := New(corpusDocs(t), nil)
	var files []string
	for _, g := range []string{"tasks64*", "tasks66", "tasks71", "tasks73", "tasks76", "tasks78", "tasks80", "tasks84", "tasks86", "tasks88", "tasks89", "tasks93", "tasks98", "steps66", "extra5*", "extra6*"} {
		m, _ := filepath.Glob("testdata/" + g + "-queries.jsonl")
		files = append(files, m...)
	}
	tot, tot5, tot1 := 0, 0, 0
	for _, f := range files {
		var qs []evalQuery
		for _, q := range readQueries(t, f) {
			if q.Kind == "multi" {
				qs = append(qs, q)
			}
		}
		if len(qs) == 0 {
			continue
		}
		s := evaluate(ix, qs, func(m string) {
			if strings.Contains(m, "@5=false") || os.Getenv("R98M") == "all" {
				t.Log(m)
			}
		})
		t.Logf("%s multi %d hit1 %d hit5 %d", filepath.Base(f), s.multi, s.multi1, s.multi5)
		tot += s.multi
		tot5 += s.multi5
		tot1 += s.multi1
	}
	t.Logf("TOTAL multi %d hit1 %d hit5 %d", tot, tot1, tot5)
}

// TestR98Why (R98M=1) says, for each task missed at five, which expected
// tool is missing and where it stands: no step has it among its first
// three (step), a step has it first but the five lost it (fill), or it
// is second or third in a step (second).
func TestR98Why(t *testing.T) {
	if os.Getenv("R98M") == "" {
		t.Skip("R98M unset")
	}
	ix := New(corpusDocs(t), nil)
	var files []string
	for _, g := range []string{"tasks64*", "tasks66", "tasks71", "tasks73", "tasks76", "tasks78", "tasks80", "tasks84", "tasks86", "tasks88", "tasks89", "tasks93", "tasks98", "steps66", "extra5?", "extra6?"} {
		m, _ := filepath.Glob("testdata/" + g + "-queries.jsonl")
		files = append(files, m...)
	}
	counts := map[string]int{}
	for _, f := range files {
		for _, q := range readQueries(t, f) {
			if q.Kind != "multi" {
				continue
			}
			var infos []clause
			var shs [][]Hit
			got := false
			stepsTrace = func(i []clause, h [][]Hit) {
				if !got {
					infos, shs, got = i, h, true
				}
			}
			hits := ix.Search(q.Query, 5)
			stepsTrace = nil
			sets := append([][]ref{q.Expected}, q.Alternatives...)
			if slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, true) }) {
				continue
			}
			for _, e := range q.Expected {
				if slices.ContainsFunc(hits, func(h Hit) bool { return h.Server == e.Server && h.Tool == e.Tool }) {
					continue
				}
				why := "step"
				where := ""
				for i, hs := range shs {
					for j, h := range hs[:min(3, len(hs))] {
						if h.Server == e.Server && h.Tool == e.Tool {
							if why == "step" || j == 0 {
								if j == 0 {
									why = "fill"
								} else {
									why = "second"
								}
								where = fmt.Sprintf("step %d %q", i, infos[i].step)
							}
						}
					}
				}
				if hits == nil {
					why = "nil"
				}
				var st []string
				for i, hs := range shs {
					var tt []string
					for _, h := range hs[:min(3, len(hs))] {
						tt = append(tt, h.Server+"/"+h.Tool)
					}
					st = append(st, fmt.Sprintf("[%q: %s]", infos[i].step, strings.Join(tt, " ")))
				}
				named, _ := ix.namedServersWith(q.Query, ix.vendorProducts(q.Query))
				isNamed := func(srv string) bool {
					return slices.ContainsFunc(named, func(s int32) bool { return ix.servers[s] == srv })
				}
				if why != "nil" && isNamed(e.Server) {
					for _, hs := range shs {
						if len(hs) > 0 && !isNamed(hs[0].Server) {
							why += "+strayTop"
							break
						}
					}
				}
				counts[why]++
				t.Logf("%s %s missing %s/%s %s\n   steps %s", q.ID, why, e.Server, e.Tool, where, strings.Join(st, " "))
			}
		}
	}
	t.Logf("%v", counts)
}

// TestR98Steps (R98Q='<request>|...') prints each step's first ten hits.
func TestR98Steps(t *testing.T) {
	qq := os.Getenv("R98Q")
	if qq == "" {
		t.Skip("R98Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qq, "|") {
		got := false
		stepsTrace = func(info []clause, h [][]Hit) {
			if got {
				return
			}
			got = true
			for i, hs := range h {
				var tt []string
				for _, x := range hs {
					tt = append(tt, fmt.Sprintf("%s/%s(%.1f)", x.Server, x.Tool, x.Score))
				}
				t.Logf("  step %q act=%v named=%v: %s", info[i].step, info[i].act, info[i].named, strings.Join(tt, " "))
			}
		}
		hits := ix.Search(q, 5)
		stepsTrace = nil
		t.Logf("%q -> %s", q, fmtHits(hits))
	}
}

// TestR98Decide (R98Q) says which rule decided each step's backend.
func TestR98Decide(t *testing.T) {
	qq := os.Getenv("R98Q")
	if qq == "" {
		t.Skip("R98Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qq, "|") {
		var infos []clause
		got := false
		stepsTrace = func(i []clause, h [][]Hit) {
			if !got {
				infos, got = i, true
			}
		}
		r89Trace = func(m string) { t.Log(m) }
		defer func() { r89Trace = nil }()
		ix.Search(q, 5)
		stepsTrace = nil
		named, _ := ix.namedServersWith(q, ix.vendorProducts(q))
		for i, c := range infos {
			c2 := c
			t.Logf("%q step %q file=%v cat=%v named=%v", q, c.step, ix.fileStep(c2, namedSoFar(named, infos, i)), ix.categoryStep(c2), named)
		}
	}
}

// TestR98Named (R98Q) prints the backends each text names.
func TestR98Named(t *testing.T) {
	qq := os.Getenv("R98Q")
	if qq == "" {
		t.Skip("R98Q unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qq, "|") {
		named, naming := ix.namedServersWith(q, ix.vendorProducts(q))
		var ns []string
		for _, s := range named {
			ns = append(ns, ix.servers[s])
		}
		t.Logf("%q names %v by %v", q, ns, naming)
	}
}
