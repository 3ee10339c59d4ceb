package search

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round sixty-seven's diagnosis (bench/retrieval-notes.md, round
// sixty-seven): TestR67Nones (R67_NONE=1) prints the "none" requests of the
// readable tuned-on sets that are answered, with the backends they name,
// the request's verb and the first hits; R67_SINGLE=1 counts the single
// requests answered "none" instead (R67_ALL=1 prints them all).
// TestR67Why explains the verb and object checks of given requests,
// TestR67Probe scores a file of probe requests written for the diagnosis
// (not kept: they were written by the round, as a dev set), and
// TestR67Flips writes every request's outcome for comparing two builds.
func TestR67Nones(t *testing.T) {
	if os.Getenv("R67_NONE") == "" && os.Getenv("R67_SINGLE") == "" {
		t.Skip("R67_NONE unset")
	}
	single := os.Getenv("R67_SINGLE") != ""
	ix := New(corpusDocs(t), nil)
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	files = append(files, devQueries)
	var n, named, fail, namedFail int
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		if !r65Readable(name) {
			continue
		}
		for _, q := range readQueries(t, f) {
			if single != (q.Kind == "single") || !single && q.Kind != "none" {
				continue
			}
			n++
			vp := ix.vendorProducts(q.Query)
			nm, _ := ix.namedServersWith(q.Query, vp)
			var ns []string
			for _, s := range nm {
				ns = append(ns, ix.servers[s])
			}
			if len(nm) > 0 {
				named++
			}
			r := ix.rank(q.Query, 5)
			ok := r == nil || !r.relevant
			if single {
				ok = !ok
			}
			if !ok {
				fail++
				if len(nm) > 0 {
					namedFail++
				}
			}
			if ok && os.Getenv("R67_ALL") == "" || len(nm) == 0 {
				continue
			}
			v, placed := requestVerbPlace(q.Query)
			top := ""
			if r != nil {
				for i, h := range r.hits {
					if i < 3 {
						top += fmt.Sprintf("%s/%s(%.1f) ", h.Server, h.Tool, h.Score)
					}
				}
				top += fmt.Sprintf("cov %.2f", r.coverage)
			}
			exp := ""
			for _, e := range q.Expected {
				exp += e.Server + "/" + e.Tool + " "
			}
			t.Logf("%s %s ok=%v named=%v verb=%q placed=%v %q want %s-> %s", name, q.ID, ok, ns, v, placed, q.Query, exp, top)
		}
	}
	t.Logf("%d requests, %d naming a backend; wrong %d, of them naming %d", n, named, fail, namedFail)
}

// r67Does explains backendDoes(s, v): which tool and which word says v,
// and whether in the lead of its text.
func (ix *Index) r67Does(s int32, v string) string {
	var out []string
	if ix.srvOpen[s] {
		out = append(out, "open-actions")
	}
	if ix.srvOpsDo(s, v) {
		out = append(out, "action-values")
	}
	if f := verbStems()[v]; f != 0 {
		for d, vf := range ix.verbs {
			if vf&f != 0 && ix.docServer[d] == s {
				out = append(out, "family:"+ix.docs[d].Tool)
				break
			}
		}
	}
	terms := []string{v}
	for _, syn := range synonyms()[v] {
		if syn.w >= actionSynonym || syn.wordnet && syn.w >= wordnetWeight {
			terms = append(terms, syn.term)
		}
	}
	for _, t := range terms {
		id, ok := ix.tools.lookup(t)
		if !ok {
			continue
		}
		for _, p := range ix.tools.post[id] {
			if p.core && ix.docServer[p.doc] == s {
				out = append(out, fmt.Sprintf("%s@%s(lead=%v)", t, ix.docs[p.doc].Tool, p.lead))
			}
		}
	}
	if ix.backendFieldSays(s, v) {
		out = append(out, "field")
	}
	return strings.Join(out, " ")
}

// TestR67Why (R67_WHY="query|query") explains the verb checks of each query.
func TestR67Why(t *testing.T) {
	qs := os.Getenv("R67_WHY")
	if qs == "" {
		t.Skip("R67_WHY unset")
	}
	ix := New(corpusDocs(t), nil)
	for _, q := range strings.Split(qs, "|") {
		vp := ix.vendorProducts(q)
		nm, naming := ix.namedServersWith(q, vp)
		v, placed := requestVerbPlace(q)
		_, at := requestVerbAt(q)
		heads := objectHeads(q, at, naming)
		t.Logf("%q verb=%q placed=%v fam=%v heads=%+v objectUndone=%v", q, v, placed, verbStems()[v], heads, ix.objectUndone(q, naming, nm))
		for _, s := range nm {
			t.Logf("   %s does: %s", ix.servers[s], ix.r67Does(s, v))
		}
	}
}

// TestR67Probe (R67_PROBE=<file>, lines "N|query" or "S|query|server/tool")
// prints each probe's outcome.
func TestR67Probe(t *testing.T) {
	file := os.Getenv("R67_PROBE")
	if file == "" {
		t.Skip("R67_PROBE unset")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ix := New(corpusDocs(t), nil)
	good := 0
	total := 0
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		q := f[1]
		r := ix.rank(q, 5)
		answered := r != nil && r.relevant
		ok := !answered
		if f[0] == "S" {
			ok = answered && r.hits[0].Server+"/"+r.hits[0].Tool == f[2]
		}
		total++
		if ok {
			good++
		}
		vp := ix.vendorProducts(q)
		nm, naming := ix.namedServersWith(q, vp)
		v, placed := requestVerbPlace(q)
		_, at := requestVerbAt(q)
		heads := objectHeads(q, at, naming)
		var hw []string
		for _, h := range heads {
			hw = append(hw, h.word)
		}
		top := ""
		if r != nil {
			for i, h := range r.hits {
				if i < 3 {
					top += fmt.Sprintf("%s/%s(%.1f) ", h.Server, h.Tool, h.Score)
				}
			}
			top += fmt.Sprintf("cov %.2f", r.coverage)
		}
		mark := "  "
		if !ok {
			mark = "XX"
		}
		t.Logf("%s %s %q verb=%q placed=%v heads=%v named=%d -> %s", mark, f[0], q, v, placed, hw, len(nm), top)
	}
	t.Logf("%d of %d right", good, total)
}

// TestR67Flips (R67_FLIPS=<out>) writes, for every request of every set,
// whether it is answered and its first hit, so that two builds can be
// compared for answerable requests turned "none" (no misses are printed).
func TestR67Flips(t *testing.T) {
	out := os.Getenv("R67_FLIPS")
	if out == "" {
		t.Skip("R67_FLIPS unset")
	}
	ix := New(corpusDocs(t), nil)
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	files = append(files, devQueries)
	var b strings.Builder
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		for _, q := range readQueries(t, f) {
			hits := ix.Search(q.Query, 5)
			top := "nil"
			if len(hits) > 0 {
				top = hits[0].Server + "/" + hits[0].Tool
			}
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", name, q.ID, q.Kind, top)
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
