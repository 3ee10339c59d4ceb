// Package search ranks backend tools for a free-text query (the `query`
// argument of the list_tools meta-tool).
//
// Ranking is two-level BM25F. Each tool is a document with four fields (name
// split into words, title, description, parameter names and descriptions),
// each with its own weight and length normalisation. Each backend is also a
// document (its name plus the text of all its tools), so a query naming a
// product ("in Sentry", "GitLab MR") lifts that backend's tools. Terms are
// lowercased, split at snake_case, kebab-case, dots, camelCase and digits,
// stripped of stop words and stemmed by a small suffix stripper written for
// this package (no stemming library). Hand-written synonym and related-word
// tables let the words of a query reach the words of a tool ("fetch" finds
// "get", "permitted" finds "allowed") at reduced weights, tables generated
// from WordNet do so for the everyday words they leave out ("pick" finds
// "select"), and idioms are rewritten first ("get rid of" -> delete). URLs, paths, coordinates and
// capitalised names in a query are arguments: they become hints ("url",
// "file") and count little towards relevance. A query word that names a
// backend ("with Playwright") lifts all of that backend's tools; a tool whose
// whole name the query spells out gains a bonus; a multi-step query ("find
// X, then resolve it") keeps the best tool of each clause in the top hits.
//
// A query that names a tool exactly (original name or ident, bare or as
// server.tool, server__tool, server/tool or "server tool") ranks that tool
// first. A query with too little evidence returns no hits; see Options.
//
// The package is pure and deterministic: the same docs and query give the
// same hits in the same order. It starts no goroutines.
package search

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Param is one input parameter of a tool.
type Param struct {
	Name, Description string
	// Required is set for a parameter the schema lists as required; a
	// query carrying a value of that parameter's kind (a path, a URL)
	// favours the tools that need little else.
	Required bool
	// Enum is the values the schema lists for the parameter (its own
	// "enum", or its items' for an array), strings only; round forty-five's
	// filter fit reads them (a request saying "failed" fills a status
	// whose values include FAILED).
	Enum []string
}

// Doc is one tool to index. Only Server and Tool are required; an empty Ident
// or ServerIdent is derived from Tool or Server (non-identifier characters
// become '_').
type Doc struct {
	Server      string // backend name, e.g. "zereight-gitlab"
	Tool        string // original tool name, e.g. "get-sum"
	Ident       string // JavaScript identifier of the tool, e.g. "get_sum"
	ServerIdent string // JavaScript identifier of the backend
	Title       string
	Description string
	Params      []Param
	// Learned is words requests for this tool used that its own text
	// does not (see learned.go); they reorder tools some query word
	// already matched and decide nothing else. Words after a "|" are
	// those of tasks' steps, a part no length normalises (round66.go).
	Learned string
}

// Hit is one ranked tool. Doc indexes the docs given to New.
type Hit struct {
	Doc    int
	Server string
	Tool   string
	Score  float64
}

// Options tunes ranking. The zero value (or a nil *Options) means the
// documented defaults; New does not modify or keep the caller's Options.
type Options struct {
	// K1 is the BM25 term-frequency saturation; default 1.2.
	K1 float64
	// NameWeight, TitleWeight, DescriptionWeight and ParamWeight weight the
	// fields of a tool; defaults 3, 2, 1 and 0.4.
	NameWeight, TitleWeight, DescriptionWeight, ParamWeight float64
	// ServerWeight scales the backend-level score added to each of its
	// tools' scores; default 1.
	ServerWeight float64
	// MinCoverage and MinEvidence decide whether the best tool is relevant
	// at all. Evidence is the IDF mass of the query terms the tool (or its
	// backend's name) matches, a term reached through a synonym counting at
	// the synonym weight and one found only in a parameter, or only past the
	// lead of a description (its first 30 terms, cut at "such as" or "e.g."),
	// at half; coverage
	// is that mass over the mass of all query terms (a word no tool uses
	// counts as the rarest term). The best tool is relevant when its
	// coverage is at least MinCoverage (default 0.4), or its evidence is at
	// least MinEvidence times the largest IDF of the index (default 1: as
	// much as one term found in a single tool) from at least two query
	// terms, or its coverage is at least a quarter and it matches three
	// query terms or most of its name; a query word among the tool's
	// learned words (learned.go) counts at half in coverage, but for
	// ForeignCoverage.
	// When the query names the backend of its best tool, 0.72 of
	// MinCoverage or of MinEvidence is enough. A one-step query that names a
	// backend and whose best tool is another backend's needs coverage
	// MinCoverage (the shortcuts by evidence do not apply). A negative
	// MinCoverage disables the check.
	MinCoverage, MinEvidence float64
	// ForeignCoverage is the coverage needed instead when the query mentions
	// a product no backend serves and names no backend; default 0.6.
	ForeignCoverage float64
	// Products are the product names checked for ForeignCoverage; nil means
	// DefaultProducts.
	Products []string
	// MaxDescriptionTerms caps how many terms of a description (and of all
	// parameters together) are indexed, so one huge tool cannot dominate;
	// default 400.
	MaxDescriptionTerms int
}

func (o *Options) withDefaults() Options {
	var r Options
	if o != nil {
		r = *o
	}
	def := func(p *float64, v float64) {
		if *p == 0 {
			*p = v
		}
	}
	def(&r.K1, 1.2)
	def(&r.NameWeight, 3)
	def(&r.TitleWeight, 2)
	def(&r.DescriptionWeight, 1)
	def(&r.ParamWeight, 0.4)
	def(&r.ServerWeight, 1)
	def(&r.MinCoverage, 0.4)
	def(&r.MinEvidence, 1)
	def(&r.ForeignCoverage, 0.6)
	if r.Products == nil {
		r.Products = DefaultProducts
	}
	if r.MaxDescriptionTerms == 0 {
		r.MaxDescriptionTerms = 400
	}
	return r
}

// DefaultLimit is the number of hits Search returns for limit <= 0.
const DefaultLimit = 5

// Index is an immutable search index over tools. It is safe for concurrent
// use by multiple goroutines once New returns.
type Index struct {
	unlearned    bool              // built without learned words (StepLabels)
	hostsOnce    sync.Once         // paramHosts (round53.go)
	hosts        []map[string]bool // paramHosts
	srvDocs      [][]int32         // each backend's docs, in order
	opt          Options
	docs         []Doc
	docServer    []int32  // doc -> server number
	servers      []string // server number -> name
	srvSize      []int    // server number -> number of tools
	tools        field    // tool-level postings
	nameWord     []bool   // tool-level term id -> in some tool's name
	headWord     []bool   // tool-level term id -> the last word of some tool's name
	srv          field    // server-level postings
	learned      field    // Doc.Learned postings
	exact        map[string][]int32
	maxIDF       float64
	products     productSet
	names        []nameWord            // words of backend names that name them
	nameKeys     map[string][]int32    // nameKey -> indexes in names
	nameTerms    [][]int32             // doc -> distinctive term ids of its name
	heads        []head                // doc -> last word of its name
	nameIDs      [][]int32             // doc -> the tool-level term ids of its name's words (round80.go)
	partIDs      [][]int32             // doc -> those of the words before its name's last (round80.go)
	batch        []bool                // doc -> its name says batch or bulk (round80.go)
	srvChannel   []bool                // backend -> a tool of it takes a channel (round80.go)
	srvKeyValue  []bool                // backend -> a tool of it stores a value under a key (round84.go)
	linkMakers   []int32               // the tools that make a link to a product's page (round107.go)
	propTools    []int32               // the tools named for a property (round107.go)
	toolFormats  map[string]bool       // the document formats tool names say (round107.go)
	localTools   []int32               // the tools named for local places (round108.go)
	manyTools    []int32               // the tools named for several things at once (round108.go)
	idTools      []int32               // the tools named for finding ids (round108.go)
	holderReads  map[string][]int32    // by a container's stem, the tools reading it (round108.go)
	plainTools   []bool                // doc -> its name is only verbs and its backend's words (round109.go)
	descVerb     []string              // doc -> the stem of its description's first word (round109.go)
	closeTools   []bool                // doc -> its name says close (round109.go)
	thingOnce    []sync.Once           // backend -> builds thingSrv's entry on first use (round109.go)
	thingSrv     []map[string][]int32  // backend -> each stemmed word of its tools' own, their tools (round109.go)
	repeatOnce   []sync.Once           // backend -> builds repeatSrv's entry on first use (round110.go)
	repeatSrv    []map[string]bool     // backend -> the learned words a request for one of its tools used more than once (round110.go)
	kinds        []valueKind           // doc -> kinds of values its parameters take
	srvKinds     []valueKind           // server -> kinds of values its tools take
	srvFileVerbs []verbFamily          // server -> verb families of its tools named for a file that take a path
	fileSrv      []int32               // the file backends: most of their tools take a path
	phrases      map[[2]string][]int32 // own phrases of tools' names and their backends (round57.go)
	vocab        []map[string]bool     // each backend's words (round58.go)
	vocabRivals  [][]bool              // backends sharing tool names (round58.go)
	vocabSpread  map[string]int        // in how many backends' vocabularies a word is (round58.go)
	allKinds     valueKind             // kinds some tool takes
	srvParams    []bool                // backend -> some tool of it declares a parameter
	srvActions   []bool                // backend -> some tool of it takes an action parameter
	srvOpen      []bool                // backend -> some tool of it takes an action parameter listing no values (round67.go)
	aboutTools   []bool                // doc -> a tool about the server's tools (discover_tools; round71.go)
	docOps       []docOps              // doc -> what its action parameter selects (round67.go)
	firstSaid    [][]int32             // doc -> the term ids of its name, title and first sentence, sorted (round105.go)
	srvThings    []map[string]bool     // backend -> stemmed words of its tool names but verbs (round67.go)
	srvQueries   []bool                // backend -> some tool of it runs queries (buildActions)
	verbs        []verbFamily          // doc -> family of its name's verb
	descVerbs    []verbFamily          // doc -> reading, when its name has no verb of a family and its description starts with one of reading
	nameVerbs    []string              // doc -> stem of its name's verb, "" none
	verbDocs     map[string][]int32    // stem of a name's verb -> its tools
	kindFill     []kindFill            // doc -> its required parameters by kind
	manyKinds    []valueKind           // doc -> the kinds it takes many values of in one parameter
	deprecated   []int32               // doc -> its replacement, -1 none known, notDeprecated
	conversions  map[int32]conversion  // doc -> what its description converts into what
	ownDocs      []bool                // doc -> documents only its own backend's product
	prereqs      map[int32][]int32     // doc -> tools of its backend it needs first
	stmts        []stmtInfo            // doc -> what its first sentence says it does (round61.go)
	vendors      map[string][]int32    // vendor word -> backends whose name it starts
	srvWords     [][]string            // backend -> the lowercase words of its name
	scoped       scopedTable           // stemmed word -> its synonyms for some backends (round68.go)
	scorers      sync.Pool             // of *scorer, sized for this index, scores all zero

	// categories maps a category phrase's first word to the phrases and
	// the backends they name; catSid is each backend's server-level id of
	// a word of its name; lastCat is queryCategories' last answer
	// (round72.go).
	categories map[string][]categoryPhrase
	catSid     []int32
	lastCat    atomic.Pointer[catAnswer]

	// lastNamed is textNamed's last answer (round68.go).
	lastNamed atomic.Pointer[textNaming]
}

// New builds an index over docs. It copies the slice (not the strings), so
// the caller may reuse it; it does not modify docs or o. Building is linear
// in the total text.
func New(docs []Doc, o *Options) *Index {
	return newIndex(docs, o, false)
}

// newIndex is New, without learned words when unlearned (StepLabels).
func newIndex(docs []Doc, o *Options, unlearned bool) *Index {
	ix := &Index{opt: o.withDefaults(), docs: slices.Clone(docs), exact: map[string][]int32{}, unlearned: unlearned}
	ix.products = newProductSet(ix.opt.Products)
	ix.build()
	return ix
}

// Len returns the number of indexed tools.
func (ix *Index) Len() int { return len(ix.docs) }

// Search returns up to limit tools ranked by relevance to query (limit <= 0
// means DefaultLimit). It returns nil when no tool is relevant: the query is
// empty, matches nothing, or its best match covers too little of it. Ties are
// broken by server, then tool name.
func (ix *Index) Search(query string, limit int) []Hit {
	if limit <= 0 {
		limit = DefaultLimit
	}
	r := ix.rank(query, limit)
	if r == nil || !r.relevant {
		return ix.literalHits(query, limit) // literal110.go: a query of no term
	}
	return r.hits
}

// exactBonus lifts exact name matches above any text score.
const exactBonus = 1e6

// mentionBonus is added per tool name spelled out inside a longer query
// ("then call browser_click").
func (ix *Index) mentionBonus() float64 { return 2 * ix.maxIDF }

// normName lowercases s and trims space, quotes, backticks and a trailing "()".
func normName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.Trim(s, "`'\" ")
	s = strings.TrimSuffix(s, "()")
	return strings.TrimSpace(s)
}

// exactForms lists the spellings of d that count as naming it exactly.
func exactForms(d *Doc) []string {
	var out []string
	tools := uniq(d.Tool, d.Ident)
	for _, t := range tools {
		out = append(out, normName(t))
		for _, s := range uniq(d.Server, d.ServerIdent) {
			for _, sep := range []string{".", "__", "/", " ", ":"} {
				out = append(out, normName(s+sep+t))
			}
		}
	}
	return uniq(out...)
}

func uniq(xs ...string) []string {
	var out []string
	for _, x := range xs {
		if x != "" && !contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// ident maps a name to a JavaScript identifier the simple way: every
// character outside [A-Za-z0-9_$] becomes '_', and a leading digit gets '_'.
func ident(s string) string {
	var b strings.Builder
	for i, r := range s {
		ok := r == '_' || r == '$' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
		if i == 0 && r >= '0' && r <= '9' {
			b.WriteByte('_')
		}
		if ok {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

func idf(n, df int) float64 {
	return math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
}

// SchemaParams returns the top-level properties of a JSON Schema as Params,
// sorted by name (the index caps the parameter text it keeps, so the order
// must not vary), each marked Required when the schema's "required" lists
// it. A schema that is not an object schema gives none.
func SchemaParams(raw json.RawMessage) []Param {
	var s struct {
		Properties map[string]struct {
			Description string          `json:"description"`
			Enum        json.RawMessage `json:"enum"`
			Items       json.RawMessage `json:"items"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	if json.Unmarshal(raw, &s) != nil {
		return nil
	}
	ps := make([]Param, 0, len(s.Properties))
	for name, p := range s.Properties {
		ps = append(ps, Param{Name: name, Description: p.Description, Required: slices.Contains(s.Required, name), Enum: EnumStrings(p.Enum, p.Items)})
	}
	slices.SortFunc(ps, func(a, b Param) int { return strings.Compare(a.Name, b.Name) })
	return ps
}

// EnumStrings returns the string values of a property's "enum" (raw) and
// of its items' (items, an array's item schema); anything else, or a
// value that is no string, gives nothing.
func EnumStrings(enum, items json.RawMessage) []string {
	var vs []any
	_ = json.Unmarshal(enum, &vs)
	var it struct {
		Enum []any `json:"enum"`
	}
	if json.Unmarshal(items, &it) == nil {
		vs = append(vs, it.Enum...)
	}
	var out []string
	for _, v := range vs {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// isServerWord reports whether term is a word of some backend's name.
func (ix *Index) isServerWord(term string) bool {
	id, ok := ix.srv.lookup(term)
	if !ok {
		return false
	}
	for _, p := range ix.srv.post[id] {
		if p.named {
			return true
		}
	}
	return false
}
