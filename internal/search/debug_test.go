package search

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// tuningSets are the query sets tuning may look at: every set but the
// held-out ones (extra11 to extra19, extra21 to extra25; nearmiss32, held
// out of the learned table and the cross-validation, is left out too).
var tuningSets = []string{devQueries, extraQs, extra2Qs, extra3Qs, extra4Qs, tune5Qs, extra5Qs, tune6Qs, tune7Qs, tune8Qs, tune9Qs, extra6Qs, tune10Qs, tune11Qs, tune12Qs, tune13Qs, tune14Qs, tune15Qs, tune16Qs, tune17Qs, tune18Qs, extra7Qs, extra8Qs, extra9Qs, tune19Qs, tune20Qs, extra10Qs, tune21Qs, tune22Qs, tune23Qs, tune24Qs, tune25Qs, tune26Qs, tune27Qs, tune28Qs, extra20Qs, tune29Qs, tune30Qs, extra26Qs, extra27Qs, extra28Qs, extra29Qs, tune31Qs, tune32Qs, tune33Qs, tune34Qs, tune35Qs, tune36Qs, nearMiss29Qs}

func TestDebugCoverage(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to print per-query diagnostics")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			r := ix.rank(q.Query, 3)
			qs := ix.queryTerms(q.Query)
			var terms string
			for _, x := range qs {
				terms += fmt.Sprintf("%s:%.1f/%.2f ", x.term, x.idf, x.weight)
			}
			if r == nil {
				fmt.Printf("%s %-6s nil  [%s]\n", q.ID, q.Kind, terms)
				continue
			}
			_, m := ix.evidence(qs, r.hits[0].Doc)
			fmt.Printf("%s %-6s cov=%.2f m=%4.1f top=%.1f %s/%s  [%s]\n", q.ID, q.Kind, r.coverage, m, r.hits[0].Score, r.hits[0].Server, r.hits[0].Tool, terms)
		}
	}
}

func TestDebugRanking(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to print ranking-only scores")
	}
	docs := corpusDocs(t)
	for _, sw := range []float64{0.3, 0.6, 1, 1.5, 2.5} {
		ix := New(docs, &Options{MinCoverage: -1, ServerWeight: sw})
		for _, p := range []string{devQueries, extraQs, extra2Qs, extra3Qs} {
			var miss []string
			s := evaluate(ix, readQueries(t, p), func(m string) { miss = append(miss, m[:4]) })
			fmt.Printf("sw=%.1f %s hit@1=%.3f hit@5=%.3f any@5=%.3f %v\n", sw, p[len(p)-12:], s.hit1, s.hit5, s.anyHit5, miss)
		}
	}
}

func TestDebugMisses(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to print ranking misses")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	for _, p := range tuningSets {
		evaluate(ix, readQueries(t, p), func(m string) { fmt.Println(m) })
	}
}

func TestDebugSweep(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to sweep ranking parameters")
	}
	docs := corpusDocs(t)
	for _, nw := range []float64{3, 5, 8} {
		for _, pw := range []float64{0.2, 0.5} {
			for _, k1 := range []float64{0.9, 1.2, 2} {
				for _, sw := range []float64{0.6, 1, 1.5} {
					ix := New(docs, &Options{MinCoverage: -1, NameWeight: nw, ParamWeight: pw, K1: k1, ServerWeight: sw})
					a := evaluate(ix, readQueries(t, devQueries), func(string) {})
					b := evaluate(ix, readQueries(t, extraQs), func(string) {})
					fmt.Printf("nw=%.0f pw=%.1f k1=%.1f sw=%.1f dev %.3f %.3f extra %.3f %.3f\n", nw, pw, k1, sw, a.hit1, a.hit5, b.hit1, b.hit5)
				}
			}
		}
	}
}

// TestDebugTotal prints the summed hit counts over all query sets, the
// figure a ranking change must improve.
func TestDebugTotal(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to print the summed retrieval score")
	}
	ix := New(corpusDocs(t), nil)
	total := 0
	for _, p := range tuningSets {
		var miss []string
		s := evaluate(ix, readQueries(t, p), func(m string) { miss = append(miss, strings.Fields(m)[0]) })
		n := int(s.hit1*float64(s.n)+0.5) + int(s.hit5*float64(s.n)+0.5) + int(s.none*float64(s.nNone)+0.5)
		total += n
		fmt.Printf("%-28s hit@1=%.3f hit@5=%.3f none=%.3f sum=%d %v\n", p[strings.LastIndexByte(p, '/')+1:], s.hit1, s.hit5, s.none, n, miss)
	}
	fmt.Println("total", total)
}

func TestDiagQ(t *testing.T) {
	qq := os.Getenv("SEARCH_Q")
	if qq == "" {
		t.Skip("set SEARCH_Q=query|query to print the terms and evidence of each")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	for _, q := range strings.Split(qq, "|") {
		r := ix.rank(q, 5)
		qs := ix.queryTerms(q)
		var terms string
		for _, x := range qs {
			terms += fmt.Sprintf("%s:%.1f/%.2f ", x.term, x.idf, x.weight)
		}
		fmt.Printf("%q [%s] maxIDF=%.1f\n", q, terms, ix.maxIDF)
		if r == nil {
			continue
		}
		for _, h := range r.hits {
			c, m := ix.evidence(qs, h.Doc)
			fmt.Printf("   %.2f cov=%.2f m=%.1f %s/%s\n", h.Score, c, m, h.Server, h.Tool)
		}
	}
}

func TestDiagGate(t *testing.T) {
	if os.Getenv("SEARCH_GATE") == "" {
		t.Skip("set SEARCH_GATE=1 to print the relevance evidence of every tuning query")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	gated := New(corpusDocs(t), nil)
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			r := ix.rank(q.Query, 5)
			qs := ix.queryTerms(q.Query)
			if r == nil {
				fmt.Printf("%-5s %-6s NIL %q\n", q.ID, q.Kind, q.Query)
				continue
			}
			h := r.hits[0]
			c, m := ix.evidence(qs, h.Doc)
			var nm int
			for _, x := range qs {
				one := []qterm{x}
				if _, mm := ix.evidence(one, h.Doc); mm > 0 {
					nm++
				}
			}
			g := gated.Search(q.Query, 5) != nil
			fmt.Printf("%-5s %-6s pass=%-5v cov=%.2f m=%4.1f nm=%d/%d s=%.1f %s/%s %q\n", q.ID, q.Kind, g, c, m, nm, len(qs), h.Score, h.Server, h.Tool, q.Query)
		}
	}
}

func TestDiagSum(t *testing.T) {
	if os.Getenv("SEARCH_SUM") == "" {
		t.Skip("set SEARCH_SUM=1 to print the summed hits over the tuning sets")
	}
	ix := New(corpusDocs(t), nil)
	var tot [3]int
	for _, p := range tuningSets {
		s := evaluate(ix, readQueries(t, p), func(string) {})
		h1, h5, nn := int(s.hit1*float64(s.n)+0.5), int(s.hit5*float64(s.n)+0.5), int(s.none*float64(s.nNone)+0.5)
		tot[0] += h1
		tot[1] += h5
		tot[2] += nn
		fmt.Printf("%-28s %.3f %.3f %.3f\n", p[strings.LastIndexByte(p, '/')+1:], s.hit1, s.hit5, s.none)
	}
	fmt.Println("total h1/h5/none", tot)
}

func TestDiagNameCov(t *testing.T) {
	if os.Getenv("SEARCH_NAMECOV") == "" {
		t.Skip("set SEARCH_NAMECOV=1 to print the name coverage of the first hit of every tuning query")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	gated := New(corpusDocs(t), nil)
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			r := ix.rank(q.Query, 5)
			if r == nil {
				continue
			}
			qs := ix.queryTerms(q.Query)
			m := make([]float64, len(ix.tools.idf))
			matchWeights(qs, m, nil)
			d := int32(r.hits[0].Doc)
			c, _ := ix.evidence(qs, int(d))
			pass := gated.Search(q.Query, 5) != nil
			if q.Kind == "none" || !pass {
				fmt.Printf("%-6s %-6s pass=%-5v cov=%.2f namecov=%.2f %s/%s %q\n", q.ID, q.Kind, pass, c, ix.nameCoverage(d, m), r.hits[0].Server, r.hits[0].Tool, q.Query)
			}
		}
	}
}

func TestDebugMissesDefault(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to print misses with the default options")
	}
	ix := New(corpusDocs(t), nil)
	for _, p := range tuningSets {
		s := evaluate(ix, readQueries(t, p), func(m string) { fmt.Println(m) })
		fmt.Printf("SET %s hit@1=%.3f hit@5=%.3f none=%.3f\n", p, s.hit1, s.hit5, s.none)
	}
}

func TestDebugAbstain(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to print abstention features")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	def := New(corpusDocs(t), nil)
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			r := ix.rank(q.Query, 5)
			qs := ix.queryTerms(q.Query)
			rel := def.Search(q.Query, 5) != nil
			if r == nil {
				fmt.Printf("F %-6s rel=%v nil %s %q\n", q.Kind, rel, q.ID, q.Query)
				continue
			}
			d := r.hits[0].Doc
			c, m := ix.evidence(qs, d)
			nm := ix.matchedTerms(qs, d)
			_, _, _, k := queryTokensKinds(q.Query)
			fmt.Printf("F %-6s rel=%-5v c=%.2f m=%.2f nm=%d nq=%d s=%.2f k=%b/%b fill=%.2f %s %q -> %s/%s\n", q.Kind, rel, c, m/ix.maxIDF, nm, len(qs), r.hits[0].Score/ix.maxIDF, k, k&ix.kinds[d], ix.kindFill[d].fill(k), q.ID, q.Query, r.hits[0].Server, r.hits[0].Tool)
		}
	}
}

// aggregate scores ix over every tuning set: answerable hit@1 and hit@5
// counts, none counts, and the lowest per-set none share.
func aggregate(t *testing.T, ix *Index) (h1, h5, n, none, nNone int, minNone float64) {
	minNone = 1
	for _, p := range tuningSets {
		s := evaluate(ix, readQueries(t, p), func(string) {})
		h1 += int(s.hit1*float64(s.n) + 0.5)
		h5 += int(s.hit5*float64(s.n) + 0.5)
		n += s.n
		none += int(s.none*float64(s.nNone) + 0.5)
		nNone += s.nNone
		minNone = min(minNone, s.none)
	}
	return
}

func TestDebugAggregate(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to print the tuning sets' totals")
	}
	h1, h5, n, none, nNone, minNone := aggregate(t, New(corpusDocs(t), nil))
	fmt.Printf("TOTAL hit@1 %d/%d hit@5 %d/%d none %d/%d minNone %.2f\n", h1, n, h5, n, none, nNone, minNone)
}

func TestDebugWeights(t *testing.T) {
	if os.Getenv("SEARCH_DEBUG") == "" {
		t.Skip("set SEARCH_DEBUG=1 to sweep field weights")
	}
	docs := corpusDocs(t)
	for _, o := range []Options{
		{}, {NameWeight: 2.5}, {NameWeight: 3.5}, {TitleWeight: 1}, {TitleWeight: 3},
		{DescriptionWeight: 0.8}, {DescriptionWeight: 1.25}, {ParamWeight: 0.25}, {ParamWeight: 0.6},
		{K1: 0.9}, {K1: 1.6}, {ServerWeight: 0.8}, {ServerWeight: 1.25},
	} {
		h1, h5, n, none, nNone, minNone := aggregate(t, New(docs, &o))
		fmt.Printf("%+v hit@1 %d/%d hit@5 %d/%d none %d/%d minNone %.2f\n", o, h1, n, h5, n, none, nNone, minNone)
	}
}

func TestDebugQuery(t *testing.T) {
	q := os.Getenv("SEARCH_Q")
	if q == "" {
		t.Skip("set SEARCH_Q to explain one query")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	for _, q := range strings.Split(q, "|") {
		qs := ix.queryTerms(q)
		var terms string
		for _, x := range qs {
			terms += fmt.Sprintf("%s:%.1f/%.2f(%d) ", x.term, x.idf, x.weight, len(x.exps))
		}
		_, _, _, k := queryTokensKinds(q)
		fmt.Printf("Q %q kinds=%b [%s]\n", q, k, terms)
		r := ix.rank(q, 8)
		if r == nil {
			fmt.Println("  nil")
			continue
		}
		for _, h := range r.hits {
			c, m := ix.evidence(qs, h.Doc)
			fmt.Printf("  %-45s %.2f c=%.2f m=%.2f nm=%d\n", h.Server+"/"+h.Tool, h.Score, c, m/ix.maxIDF, ix.matchedTerms(qs, h.Doc))
		}
	}
}

// TestDebugSets prints each tuning set's hit@1/hit@5/none counts and the
// totals, one line, to compare two versions of the ranker set by set.
func TestDebugSets(t *testing.T) {
	if os.Getenv("SEARCH_SETS") == "" {
		t.Skip("set SEARCH_SETS=1 to print the per-set counts")
	}
	ix := New(corpusDocs(t), nil)
	var line string
	var t1, t5, tn int
	for _, p := range tuningSets {
		s := evaluate(ix, readQueries(t, p), func(string) {})
		h1, h5, nn := int(s.hit1*float64(s.n)+0.5), int(s.hit5*float64(s.n)+0.5), int(s.none*float64(s.nNone)+0.5)
		t1, t5, tn = t1+h1, t5+h5, tn+nn
		line += fmt.Sprintf(" %d/%d/%d", h1, h5, nn)
	}
	fmt.Printf("SETS total %d %d %d |%s\n", t1, t5, tn, line)
}

func TestDebugNamedGate(t *testing.T) {
	if os.Getenv("SEARCH_NG") == "" {
		t.Skip("set SEARCH_NG=1")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	def := New(corpusDocs(t), nil)
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			r := ix.rank(q.Query, 5)
			if r == nil {
				continue
			}
			named, naming := ix.namedServers(q.Query)
			d := r.hits[0].Doc
			if !slices.Contains(named, ix.docServer[d]) {
				continue
			}
			all := ix.queryTerms(q.Query)
			var rest []qterm
			for _, x := range all {
				if !naming[x.term] {
					rest = append(rest, x)
				}
			}
			c, m := ix.evidence(all, d)
			cr, mr := ix.evidence(rest, d)
			rel := def.Search(q.Query, 5) != nil
			fmt.Printf("N %-6s rel=%-5v c=%.2f m=%.2f cr=%.2f mr=%.2f nmr=%d/%d %q -> %s/%s\n", q.Kind, rel, c, m/ix.maxIDF, cr, mr/ix.maxIDF, ix.matchedTerms(rest, d), len(rest), q.Query, r.hits[0].Server, r.hits[0].Tool)
		}
	}
}

func TestDebugVerbGate(t *testing.T) {
	if os.Getenv("SEARCH_VG") == "" {
		t.Skip("set SEARCH_VG=1")
	}
	ix := New(corpusDocs(t), nil)
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			hits := ix.Search(q.Query, 5)
			if hits == nil {
				continue
			}
			qtoks, _, _, _ := queryTokensKinds(q.Query)
			qv := queryVerbs(withoutParticiples(q.Query, qtoks))
			if qv == 0 && isQuestion(q.Query) {
				qv = verbRead
			}
			if qv == 0 {
				continue
			}
			var ruled verbFamily = verbRead | verbCreate | verbUpdate | verbDelete
			for f := verbRead; f <= verbDelete; f <<= 1 {
				if qv&f != 0 {
					ruled &= excludes(f)
				}
			}
			v := ix.verbs[hits[0].Doc]
			if v != 0 && v&ruled == v {
				ok := slices.ContainsFunc(q.Expected, func(r ref) bool { return r.Server == hits[0].Server && r.Tool == hits[0].Tool })
				fmt.Printf("V %-6s ok=%-5v %q -> %s/%s\n", q.Kind, ok, q.Query, hits[0].Server, hits[0].Tool)
			}
		}
	}
}

func leadVerbForDebug(query string) string {
	ws := strings.Fields(strings.ToLower(rewritePhrases(query)))
	for i, w := range ws {
		w = strings.Trim(w, ".,;:!?()[]{}<>\"'`")
		if i == 0 && (questionWords[w] || strings.HasPrefix(w, "what") || strings.HasPrefix(w, "how")) {
			return ""
		}
		if w == "" || stopWords[w] || w == "i'd" || w == "i'm" || w == "let's" {
			continue
		}
		return stem(w)
	}
	return ""
}

func TestDebugLeadGate(t *testing.T) {
	if os.Getenv("SEARCH_LG") == "" {
		t.Skip("set SEARCH_LG=1")
	}
	ix := New(corpusDocs(t), nil)
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			hits := ix.Search(q.Query, 5)
			if hits == nil {
				continue
			}
			v := leadVerbForDebug(q.Query)
			if v == "" {
				continue
			}
			qs := ix.queryTerms(q.Query)
			var qv []qterm
			for _, x := range qs {
				if x.term == v {
					qv = append(qv, x)
				}
			}
			if len(qv) == 0 {
				fmt.Printf("L %-6s noterm %q\n", q.Kind, q.Query)
				continue
			}
			c, m := ix.evidence(qv, hits[0].Doc)
			ok := slices.ContainsFunc(q.Expected, func(r ref) bool { return r.Server == hits[0].Server && r.Tool == hits[0].Tool })
			fmt.Printf("L %-6s ok=%-5v v=%s c=%.2f m=%.2f %q -> %s/%s\n", q.Kind, ok, v, c, m, q.Query, hits[0].Server, hits[0].Tool)
		}
	}
}

func TestDebugActionGate(t *testing.T) {
	if os.Getenv("SEARCH_AG") == "" {
		t.Skip("set SEARCH_AG=1")
	}
	ix := New(corpusDocs(t), nil)
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			r := ix.rank(q.Query, 5)
			if r == nil {
				continue
			}
			named, _ := ix.namedServers(q.Query)
			d := r.hits[0].Doc
			if !slices.Contains(named, ix.docServer[d]) {
				continue
			}
			if v := requestVerb(q.Query); v != "" && !ix.backendDoes(ix.docServer[d], v) {
				c, m := ix.evidence(ix.queryTerms(q.Query), d)
				fmt.Printf("A %-6s v=%s c=%.2f m=%.2f fam=%d %q -> %s/%s\n", q.Kind, v, c, m/ix.maxIDF, verbStems()[v], q.Query, r.hits[0].Server, r.hits[0].Tool)
			}
		}
	}
}

func TestDebugMargin(t *testing.T) {
	if os.Getenv("SEARCH_MG") == "" {
		t.Skip("set SEARCH_MG=1")
	}
	ix := New(corpusDocs(t), &Options{MinCoverage: -1})
	def := New(corpusDocs(t), nil)
	for _, p := range tuningSets {
		for _, q := range readQueries(t, p) {
			r := ix.rank(q.Query, 20)
			if r == nil {
				fmt.Printf("M %-6s nil %q\n", q.Kind, q.Query)
				continue
			}
			qs := ix.queryTerms(q.Query)
			d := r.hits[0].Doc
			c, m := ix.evidence(qs, d)
			var other, second float64
			if len(r.hits) > 1 {
				second = r.hits[1].Score
			}
			for _, h := range r.hits[1:] {
				if h.Server != r.hits[0].Server {
					other = h.Score
					break
				}
			}
			rel := def.Search(q.Query, 5) != nil
			fmt.Printf("M %-6s rel=%-5v c=%.2f m=%.2f nm=%d r2=%.2f ro=%.2f s=%.2f %q -> %s/%s\n", q.Kind, rel, c, m/ix.maxIDF, ix.matchedTerms(qs, d), r.hits[0].Score/max(second, 1e-9), r.hits[0].Score/max(other, 1e-9), r.hits[0].Score/ix.maxIDF, q.Query, r.hits[0].Server, r.hits[0].Tool)
		}
	}
}
