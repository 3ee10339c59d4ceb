package search

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round seventy-one's diagnosis (bench/retrieval-notes.md, round
// seventy-one): TestR71Flips (R71_FLIPS=<out>) writes, for every request
// of the readable tuned-on sets only (r65Readable: no held-out, fresh or
// blind set), whether it is right and its first hit, so that two builds
// can be compared request by request (R71_NOLEARN=1: without learned
// words).
func TestR71Flips(t *testing.T) {
	out := os.Getenv("R71_FLIPS")
	if out == "" {
		t.Skip("R71_FLIPS unset")
	}
	tbl := learnedTable
	if os.Getenv("R71_NOLEARN") != "" {
		// without learned words, as TestRetrievalLearned's "without"
		learnedTable = nil
	}
	ix := New(corpusDocs(t), nil)
	learnedTable = tbl
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	files = append(files, devQueries)
	var b strings.Builder
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
		if !r65Readable(name) {
			continue
		}
		for _, q := range readQueries(t, f) {
			s := evaluate(ix, []evalQuery{q}, func(string) {})
			hits := ix.Search(q.Query, 5)
			top := "nil"
			if len(hits) > 0 {
				top = hits[0].Server + "/" + hits[0].Tool
			}
			ok := s.hit1 > 0
			if q.Kind == "none" {
				ok = s.none > 0.5
			}
			fmt.Fprintf(&b, "%s\t%s\t%s\t%v\t%v\t%s\t%q\n", name, q.ID, q.Kind, ok, s.hit5 > 0, top, q.Query)
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestR71Filters (R71_FILTERS=1) lists the tools whose action parameters
// filterAction takes as filters.
func TestR71Filters(t *testing.T) {
	if os.Getenv("R71_FILTERS") == "" {
		t.Skip("R71_FILTERS unset")
	}
	ix := New(corpusDocs(t), nil)
	for i := range ix.docs {
		for _, p := range ix.docs[i].Params {
			if actionParams[strings.ToLower(p.Name)] {
				t.Logf("%s/%s verbs=%v filter=%v", ix.servers[ix.docServer[i]], ix.docs[i].Tool, ix.verbs[i], ix.filterAction(i))
			}
		}
	}
}

// TestR71NoneSplit (R71_SPLIT=1) counts, per group of sets, the "none"
// requests naming a backend (namedServersWith) and the others, and how
// many of each are answered with nothing. Only the aggregates are
// printed, so held-out sets may be counted.
func TestR71NoneSplit(t *testing.T) {
	if os.Getenv("R71_SPLIT") == "" {
		t.Skip("R71_SPLIT unset")
	}
	ix := New(corpusDocs(t), nil)
	groups := []struct {
		name string
		in   func(string) bool
	}{
		{"readable tuned-on", r65Readable},
		{"fresh extra38-52 and their nearmiss", func(n string) bool {
			return freshSets[n] && n != "extra53" && n != "extra54" && n != "extra55" && n != "tasks66" && n != "extra56" && n != "extra57" && n != "tasks71" && n != "none71" && n != "extra58" && n != "extra59" && n != "tasks78" && n != "none78" && n != "extra60" && n != "extra61" && n != "tasks88" && n != "none88" && n != "extra62" && n != "extra63" && n != "tasks97" && n != "none97" && n != "extra64" && n != "extra65" && n != "none99" && n != "extra66" && n != "extra67" && n != "none100" && n != "extra68" && n != "extra69" && n != "tasks103" && n != "none103" && n != "extra70" && n != "extra71" && n != "tasks104" && n != "none104" && n != "extra72" && n != "extra73" && n != "tasks105" && n != "none105" && n != "extra74" && n != "extra75" && n != "extra76" && n != "extra77" && n != "tasks107" && n != "none107" && n != "extra78" && n != "extra79" && n != "tasks108" && n != "none108" && n != "extra86" && n != "extra87" && n != "none112" && n != "extra84" && n != "extra85" && n != "none111" && n != "extra82" && n != "extra83" && n != "tasks109" && n != "none110" && n != "extra80" && n != "extra81" && n != "none109" && n != "tasks106" && n != "none106" && n != "tasks100" && n != "extra88" && n != "extra89" && n != "none113" && n != "extra90" && n != "extra91" && n != "none114"
		}},
		{"extra53-55", func(n string) bool { return n == "extra53" || n == "extra54" || n == "extra55" }},
		{"extra56-57 and none71", func(n string) bool { return n == "extra56" || n == "extra57" || n == "none71" }},
		{"extra58-59 and none78", func(n string) bool { return n == "extra58" || n == "extra59" || n == "none78" }},
		{"extra60-61 and none88", func(n string) bool { return n == "extra60" || n == "extra61" || n == "none88" }},
		{"extra62-63 and none97", func(n string) bool { return n == "extra62" || n == "extra63" || n == "none97" }},
		{"extra64-65 and none99", func(n string) bool { return n == "extra64" || n == "extra65" || n == "none99" }},
		{"extra66-67 and none100", func(n string) bool { return n == "extra66" || n == "extra67" || n == "none100" }},
		{"extra68-69 and none103", func(n string) bool { return n == "extra68" || n == "extra69" || n == "none103" }},
		{"extra70-71 and none104", func(n string) bool { return n == "extra70" || n == "extra71" || n == "none104" }},
		{"extra72-73 and none105", func(n string) bool { return n == "extra72" || n == "extra73" || n == "none105" }},
		{"extra74-75 and none106", func(n string) bool { return n == "extra74" || n == "extra75" || n == "none106" }},
		{"extra76-77 and none107", func(n string) bool { return n == "extra76" || n == "extra77" || n == "none107" }},
		{"extra78-79 and none108", func(n string) bool { return n == "extra78" || n == "extra79" || n == "none108" }},
		{"extra80-81 and none109", func(n string) bool { return n == "extra80" || n == "extra81" || n == "none109" }},
		{"extra82-83, tasks109 and none110", func(n string) bool {
			return n == "extra82" || n == "extra83" || n == "tasks109" || n == "none110"
		}},
		{"extra84-85 and none111", func(n string) bool { return n == "extra84" || n == "extra85" || n == "none111" }},
		{"extra86-87 and none112", func(n string) bool { return n == "extra86" || n == "extra87" || n == "none112" }},
		{"extra88-89 and none113", func(n string) bool { return n == "extra88" || n == "extra89" || n == "none113" }},
		{"extra90-91 and none114", func(n string) bool { return n == "extra90" || n == "extra91" || n == "none114" }},
		{"nearmiss67", func(n string) bool { return n == "nearmiss67" }},
		{"nearmiss71", func(n string) bool { return n == "nearmiss71" }},
		{"nearmiss75", func(n string) bool { return n == "nearmiss75" }},
	}
	files, _ := filepath.Glob("testdata/*-queries.jsonl")
	for _, g := range groups {
		var named, namedOK, other, otherOK int
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")
			if !g.in(name) {
				continue
			}
			for _, q := range readQueries(t, f) {
				if q.Kind != "none" {
					continue
				}
				vp := ix.vendorProducts(q.Query)
				nm, _ := ix.namedServersWith(q.Query, vp)
				ok := len(ix.Search(q.Query, 5)) == 0
				if len(nm) > 0 {
					named++
					if ok {
						namedOK++
					}
				} else {
					other++
					if ok {
						otherOK++
					}
				}
			}
		}
		t.Logf("%s: none naming a backend %d of %d, the others %d of %d", g.name, namedOK, named, otherOK, other)
	}
}
