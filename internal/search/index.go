package search

import (
	"math"
	"slices"
	"sort"
	"strings"
)

// Field numbers of a tool document.
const (
	fName = iota
	fTitle
	fDesc
	fParam
	nFields
)

// bField is the BM25 length normalisation per field: names and titles are
// short and similar, descriptions and parameter lists vary a lot.
var bField = [nFields]float64{fName: 0.3, fTitle: 0.3, fDesc: 0.75, fParam: 0.75}

// learnedB is the learned field's length normalisation (learned.go): its
// requests' words in fDesc, its tasks' steps' in learnedStepField, which no
// length normalises (round66.go).
var learnedB = [nFields]float64{fName: 0.3, learnedStepField: 0, fDesc: 0.75, fParam: 0.75}

// A backend document uses two of the same fields: its name (fName) and the
// text of all its tools (fDesc).
var (
	bSrv      = [nFields]float64{fName: 0, fDesc: 0.75}
	wSrvField = [nFields]float64{fName: 4, fDesc: 1}
)

// srvBodyTerms caps the terms one tool contributes to its backend's document.
const srvBodyTerms = 80

// posting is one document containing a term, with the term's full BM25F
// contribution precomputed.
type posting struct {
	doc   int32
	score float32
	// core is set when the term is in the name, title or description (the
	// fields that say what a tool does), not only in a parameter.
	core bool
	// named is set when the term is in the name field.
	named bool
	// lead is set when the term is in the name, the title or the first
	// leadTerms terms of the description: what the tool says it does first.
	lead bool
}

// leadTerms is how many terms of a description count as its lead at most.
const leadTerms = 30

// exampleMarkers end the lead of a description early: what follows them
// are examples ("such as, evaluate Huawei and Apple phones"), not what the
// tool does.
var exampleMarkers = []string{"such as", "e.g.", "for example", "for instance", "error responses:"}

// leadLen returns how many analysed terms of desc are its lead: those before
// the first example marker, at most leadTerms.
func leadLen(desc string) int {
	cut := len(desc)
	l := strings.ToLower(desc)
	for _, m := range exampleMarkers {
		if i := strings.Index(l, m); i >= 0 && i < cut {
			cut = i
		}
	}
	return len(analyzeN(desc[:cut], nil, leadTerms))
}

// field is an inverted index over one level (tools or backends).
type field struct {
	ids  map[string]int32
	post [][]posting
	idf  []float64
}

func (f *field) lookup(term string) (int32, bool) {
	id, ok := f.ids[term]
	return id, ok
}

// entry is one (document, term) pair with its per-field frequencies.
type entry struct {
	doc, term int32
	tf        [nFields]float32
	lead      bool
}

// builder accumulates entries for one level.
type builder struct {
	ids     map[string]int32
	entries []entry
	lens    [][nFields]float32
	cur     map[int32]int // term -> index in entries for the current doc
}

func newBuilder() *builder {
	return &builder{ids: map[string]int32{}, cur: map[int32]int{}}
}

func (b *builder) startDoc() {
	b.lens = append(b.lens, [nFields]float32{})
	clear(b.cur)
}

// add adds the terms toks (at most max, if max > 0) to field f of the
// current document; the first lead of them are marked as lead terms.
func (b *builder) add(f int, toks []token, max, lead int) {
	doc := int32(len(b.lens) - 1)
	if max > 0 && len(toks) > max {
		toks = toks[:max]
	}
	for k, t := range toks {
		id, ok := b.ids[t.term]
		if !ok {
			id = int32(len(b.ids))
			b.ids[t.term] = id
		}
		i, ok := b.cur[id]
		if !ok {
			i = len(b.entries)
			b.cur[id] = i
			b.entries = append(b.entries, entry{doc: doc, term: id})
		}
		b.entries[i].tf[f] += float32(t.weight)
		b.entries[i].lead = b.entries[i].lead || k < lead
		b.lens[doc][f] += float32(t.weight)
	}
}

// finish computes BM25F contributions: per-field length-normalised
// frequencies are weighted and summed, then saturated once.
func (b *builder) finish(k1 float64, w, bf [nFields]float64) field {
	n := len(b.lens)
	var avg [nFields]float64
	for _, l := range b.lens {
		for f := range nFields {
			avg[f] += float64(l[f])
		}
	}
	for f := range avg {
		avg[f] = math.Max(avg[f]/math.Max(float64(n), 1), 1)
	}
	df := make([]int32, len(b.ids))
	for _, e := range b.entries {
		df[e.term]++
	}
	fl := field{ids: b.ids, post: make([][]posting, len(b.ids)), idf: make([]float64, len(b.ids))}
	for t, d := range df {
		fl.idf[t] = idf(n, int(d))
		fl.post[t] = make([]posting, 0, d)
	}
	for _, e := range b.entries {
		var tf float64
		for f := range nFields {
			if e.tf[f] == 0 {
				continue
			}
			norm := 1 - bf[f] + bf[f]*float64(b.lens[e.doc][f])/avg[f]
			tf += w[f] * float64(e.tf[f]) / norm
		}
		s := fl.idf[e.term] * tf * (k1 + 1) / (tf + k1)
		core := e.tf[fName] > 0 || e.tf[fTitle] > 0 || e.tf[fDesc] > 0
		fl.post[e.term] = append(fl.post[e.term], posting{doc: e.doc, score: float32(s), core: core, named: e.tf[fName] > 0, lead: e.lead})
	}
	return fl
}

func (ix *Index) build() {
	o := &ix.opt
	srvNum := map[string]int32{}
	var srvDocs [][]int32
	for i := range ix.docs {
		d := &ix.docs[i]
		if d.Ident == "" {
			d.Ident = ident(d.Tool)
		}
		if d.ServerIdent == "" {
			d.ServerIdent = ident(d.Server)
		}
		s, ok := srvNum[d.Server]
		if !ok {
			s = int32(len(ix.servers))
			srvNum[d.Server] = s
			ix.servers = append(ix.servers, d.Server)
			srvDocs = append(srvDocs, nil)
			ix.srvSize = append(ix.srvSize, 0)
		}
		ix.docServer = append(ix.docServer, s)
		ix.srvSize[s]++
		srvDocs[s] = append(srvDocs[s], int32(i))
		for _, f := range exactForms(d) {
			ix.exact[f] = append(ix.exact[f], int32(i))
		}
	}

	tb := newBuilder()
	var toks []token
	for i := range ix.docs {
		d := &ix.docs[i]
		tb.startDoc()
		toks = analyze(d.Tool, toks[:0])
		tb.add(fName, toks, 0, len(toks))
		toks = analyze(d.Title, toks[:0])
		tb.add(fTitle, toks, 0, len(toks))
		toks = analyzeN(d.Description, toks[:0], o.MaxDescriptionTerms)
		tb.add(fDesc, toks, o.MaxDescriptionTerms, leadLen(d.Description))
		toks = toks[:0]
		for _, p := range d.Params {
			if len(toks) >= o.MaxDescriptionTerms {
				break
			}
			toks = analyze(p.Name, toks)
			toks = analyzeN(p.Description, toks, o.MaxDescriptionTerms-len(toks))
		}
		tb.add(fParam, toks, o.MaxDescriptionTerms, 0)
	}
	w := [nFields]float64{o.NameWeight, o.TitleWeight, o.DescriptionWeight, o.ParamWeight}
	ix.tools = tb.finish(o.K1, w, bField)
	ix.nameWord = make([]bool, len(ix.tools.idf))
	for id, ps := range ix.tools.post {
		for _, p := range ps {
			if p.named {
				ix.nameWord[id] = true
				break
			}
		}
	}
	for _, v := range ix.tools.idf {
		ix.maxIDF = math.Max(ix.maxIDF, v)
	}
	if ix.maxIDF == 0 {
		ix.maxIDF = idf(len(ix.docs), 0)
	}

	sb := newBuilder()
	for s, name := range ix.servers {
		sb.startDoc()
		toks = analyze(name, toks[:0])
		sb.add(fName, toks, 0, 0)
		for _, di := range srvDocs[s] {
			d := &ix.docs[di]
			toks = analyze(d.Tool, toks[:0])
			toks = analyze(d.Title, toks)
			toks = analyzeN(d.Description, toks, srvBodyTerms)
			sb.add(fDesc, toks, srvBodyTerms, 0)
		}
	}
	ix.srv = sb.finish(o.K1, wSrvField, bSrv)

	lb := newBuilder()
	for i := range ix.docs {
		lb.startDoc()
		var requests, steps string
		if !ix.unlearned {
			requests, steps, _ = strings.Cut(learnedText(&ix.docs[i]), "|")
		}
		for _, part := range [...]struct {
			text string
			f    int
		}{{requests, fDesc}, {steps, learnedStepField}} {
			toks = analyze(part.text, toks[:0])
			// Words the tool's own text has count there.
			toks = slices.DeleteFunc(toks, func(t token) bool {
				id, ok := ix.tools.lookup(t.term)
				if !ok {
					return false
				}
				_, own := find(ix.tools.post, id, int32(i))
				return own
			})
			lb.add(part.f, toks, 0, 0)
		}
	}
	ix.learned = lb.finish(o.K1, [nFields]float64{fDesc: 1, learnedStepField: learnedStepWeight}, learnedB)
	ix.buildNames()
	ix.buildVendors()
	ix.buildScopedVocab()
	ix.buildCategories()
	ix.srvDocs = srvDocs
	ix.buildNameTerms(srvDocs)
	ix.buildHeads()
	ix.buildRound80()
	ix.buildRound84()
	ix.buildRound107()
	ix.buildRound108()
	ix.kinds = make([]valueKind, len(ix.docs))
	ix.kindFill = make([]kindFill, len(ix.docs))
	ix.manyKinds = make([]valueKind, len(ix.docs))
	ix.verbs = make([]verbFamily, len(ix.docs))
	ix.srvParams = make([]bool, len(ix.servers))
	ix.srvKinds = make([]valueKind, len(ix.servers))
	for i := range ix.docs {
		ix.kinds[i] = paramKinds(&ix.docs[i])
		ix.allKinds |= ix.kinds[i]
		ix.srvKinds[ix.docServer[i]] |= ix.kinds[i]
		ix.verbs[i] = nameVerb(ix.docs[i].Tool)
		if len(ix.docs[i].Params) > 0 {
			ix.srvParams[ix.docServer[i]] = true
		}
		ix.kindFill[i] = requiredKinds(&ix.docs[i])
		ix.manyKinds[i] = manyKinds(&ix.docs[i])
	}
	ix.buildFileTools(srvDocs)
	ix.buildPhrases()
	ix.buildVocab()
	ix.buildDeprecated(srvDocs)
	ix.buildActions()
	ix.buildRound109() // after buildActions: it reads the tools' operations
	ix.buildRound110()
	ix.buildConversions()
	ix.buildOwnDocs()
	ix.buildPrereqs(srvDocs)
	ix.buildStmts()
	ix.buildNameVerbs()
	ix.buildThings()
	ix.buildWriteTwins(srvDocs)
	ix.buildDescVerbs()
}

// sortHits orders hits by score (descending), then server, then tool.
func sortHits(h []Hit) {
	sort.Slice(h, func(i, j int) bool {
		if h[i].Score != h[j].Score {
			return h[i].Score > h[j].Score
		}
		if h[i].Server != h[j].Server {
			return h[i].Server < h[j].Server
		}
		return h[i].Tool < h[j].Tool
	})
}
