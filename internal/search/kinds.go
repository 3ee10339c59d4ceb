package search

import "strings"

// A query's values say which tools fit: a URL wants a tool taking a URL,
// coordinates a tool taking a latitude and longitude, a path one taking a
// path, an email address one taking an email, a phone number ("+1 555
// 0100") one taking a phone number. queryTokens notes the kinds of values
// a query carries; a tool with a parameter of that kind gains kindIDF
// times the index's largest IDF per kind. Like the other bonuses it
// changes the order of relevant tools, not whether any is relevant, except
// that a phone number no tool takes counts like a product no backend
// serves (Options.ForeignCoverage).
const kindIDF = 0.6

// fillWeight is how much of the kind bonus depends on the share of a tool's
// required parameters the query's values fill: a path fits a tool whose
// one required parameter is a path better than one that also needs a
// project id and a merge request number the query does not give.
const fillWeight = 0.5

// valueKind is a set of kinds of values.
type valueKind uint16

const (
	kindURL valueKind = 1 << iota
	kindPath
	kindCoordinates
	kindEmail
	kindPhone
	kindSQL
	kindKey
	kindRepo
	kindAddress // round105.go
)

// kindWords are the words of parameter names that take each kind.
var kindWords = []struct {
	kind  valueKind
	words map[string]bool
}{
	{kindURL, setOf(`url urls uri uris href link links website`)},
	{kindPath, setOf(`path paths file files filename filepath directory dir folder`)},
	{kindCoordinates, setOf(`latitude longitude lat lng lon coordinates location locations origin origins destination destinations`)},
	{kindEmail, setOf(`email emails mail`)},
	{kindPhone, setOf(`phone phones telephone msisdn sms`)},
	{kindSQL, setOf(`sql`)},
	{kindKey, setOf(`key keys`)},
	{kindRepo, setOf(`repo repository repositories`)},
	// A street address goes where a tool takes an address, not in a
	// latitude.
	{kindAddress, setOf(`address addresses`)},
}

// idWords end the names of parameters that take an identifier of a thing
// ("folderId", "file_ids"), not a value of the kind the thing names.
var idWords = setOf(`id ids uuid iid`)

// kindFill counts a tool's required parameters and, per kind, how many of
// them take a value of that kind.
type kindFill struct {
	required uint8
	byKind   [9]uint8 // indexed by the bit number of a valueKind
}

// requiredKinds returns the kind counts of d's required parameters.
func requiredKinds(d *Doc) kindFill {
	var f kindFill
	for _, p := range d.Params {
		if !p.Required {
			continue
		}
		f.required = min(f.required+1, 255)
		for b := range f.byKind {
			if paramKinds(&Doc{Params: []Param{p}})&(1<<b) != 0 {
				f.byKind[b] = min(f.byKind[b]+1, 255)
			}
		}
	}
	return f
}

// fill is the share of d's required parameters that the query's kinds can
// fill; a tool without required parameters counts as half filled, and so
// does any tool when the schemas do not say what is required.
func (f kindFill) fill(kinds valueKind) float64 {
	if f.required == 0 {
		return 0.5
	}
	n := 0
	for b := range f.byKind {
		if kinds&(1<<b) != 0 {
			n += int(f.byKind[b])
		}
	}
	return min(float64(n)/float64(f.required), 1)
}

// paramKinds returns the kinds of values the parameters of d take, judged
// by the words of their names.
func paramKinds(d *Doc) valueKind {
	var k valueKind
	for _, p := range d.Params {
		if hasWord(p.Description, "sql") {
			// "The SQL query to execute": a parameter named query.
			k |= kindSQL
		}
		ws := nameWordsCased(p.Name)
		if len(ws) > 1 && idWords[ws[len(ws)-1]] {
			// "folderId", "file_ids": the id of a thing, not a path.
			continue
		}
		for _, w := range ws {
			k |= wordKinds(w)
		}
	}
	return k
}

// wordKinds is the kinds of value a parameter-name word names.
func wordKinds(w string) valueKind {
	var k valueKind
	for _, kw := range kindWords {
		if kw.words[w] {
			k |= kw.kind
		}
	}
	return k
}

// kindBonus adds to the scores of cands the bonus for each kind of value
// of the query that a tool's parameters take.
func (sc *scorer) kindBonus(kinds valueKind, cands []int32) {
	if kinds == 0 {
		return
	}
	b := kindIDF * sc.ix.maxIDF
	for _, d := range cands {
		if m := kinds & sc.ix.kinds[d]; m != 0 {
			sc.score[d] += b * float64(popcount(m)) * (1 - fillWeight + 2*fillWeight*sc.ix.kindFill[d].fill(kinds))
		}
	}
}

func popcount(k valueKind) int {
	n := 0
	for ; k != 0; k &= k - 1 {
		n++
	}
	return n
}

// Deprecated tools rank below their replacements. A tool is deprecated
// when its description says so near its start; its replacement is a tool
// of the same backend the description names ("DEPRECATED: Use
// read_text_file instead").
const (
	deprecatedLead   = 120  // bytes of a description searched for "deprecated"
	deprecatedFactor = 0.75 // score of a deprecated tool without a known replacement
)

// buildDeprecated records, per tool, whether it is deprecated and which
// tool replaces it (-1: none known).
func (ix *Index) buildDeprecated(srvDocs [][]int32) {
	ix.deprecated = make([]int32, len(ix.docs))
	for i := range ix.docs {
		ix.deprecated[i] = notDeprecated
		d := &ix.docs[i]
		lead := strings.ToLower(d.Description)
		if len(lead) > deprecatedLead {
			lead = lead[:deprecatedLead]
		}
		if !strings.Contains(lead, "deprecated") {
			continue
		}
		ix.deprecated[i] = -1
		desc := strings.ToLower(d.Description)
		best := -1
		for _, j := range srvDocs[ix.docServer[i]] {
			if int(j) == i {
				continue
			}
			name := strings.ToLower(ix.docs[j].Tool)
			if k := strings.Index(desc, name); k >= 0 && wordAt(desc, k, len(name)) && (best < 0 || len(name) > len(ix.docs[best].Tool)) {
				best = int(j)
			}
		}
		if best >= 0 {
			ix.deprecated[i] = int32(best)
		}
	}
}

// notDeprecated marks a tool that is not deprecated.
const notDeprecated = -2

// wordAt reports whether s[i:i+n] is not part of a longer name.
func wordAt(s string, i, n int) bool {
	isName := func(c byte) bool {
		return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
	}
	return (i == 0 || !isName(s[i-1])) && (i+n == len(s) || !isName(s[i+n]))
}

// demoteDeprecated puts every deprecated candidate below its replacement
// (which becomes a candidate if it was not one) and lowers the others.
func (ix *Index) demoteDeprecated(cands []int32, score []float64) []int32 {
	for _, d := range cands {
		switch r := ix.deprecated[d]; {
		case r == notDeprecated:
		case r < 0:
			score[d] *= deprecatedFactor
		default:
			if score[r] == 0 {
				cands = append(cands, r)
			}
			if score[r] <= score[d] {
				score[r] = score[d]
				score[d] *= deprecatedFactor
			}
		}
	}
	return cands
}

// A query that carries a value (a path, URL, id, quoted text or a name no
// tool uses, as in "what do we know about Carlos") wants a tool it can pass
// that value to: a tool without parameters keeps noParamsFactor of its
// score. A backend none of whose tools declares a parameter is exempt: its
// schemas say nothing (gitlab's are broken).
const noParamsFactor = 0.85

// unknownName reports whether one of the query's capitalised names is no
// word of any tool.
func (ix *Index) unknownName(names map[string]bool) bool {
	for n := range names {
		if _, ok := ix.tools.lookup(n); !ok {
			return true
		}
	}
	return false
}

// argPenalty lowers the scores of the cands that take no parameters.
func (sc *scorer) argPenalty(cands []int32) {
	ix := sc.ix
	for _, d := range cands {
		if len(ix.docs[d].Params) == 0 && ix.srvParams[ix.docServer[d]] {
			sc.score[d] *= noParamsFactor
		}
	}
}

// hasWord reports whether the text s has the lowercase word w.
func hasWord(s, w string) bool {
	if !containsFold(s, w) {
		return false // the common case, without splitting s
	}
	for _, t := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !isWordRune(r) }) {
		if t == w {
			return true
		}
	}
	return false
}

// containsFold reports whether s contains the lowercase ASCII string w in
// any case.
func containsFold(s, w string) bool {
	if w == "" {
		return true
	}
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i]|0x20 == w[0]|0x20 && strings.EqualFold(s[i:i+len(w)], w) {
			return true
		}
	}
	return false
}

// A step that lists several values of one kind ("read docs/setup.md,
// docs/deploy.md and docs/faq.md") is about all of them at once: a tool
// taking many values of that kind in one parameter ("paths") gains
// manyIDF times the index's largest IDF in that step's ranking. Only
// within a task's steps: over whole requests it cost single ones (a repo
// slug and a path read as two paths).
const manyIDF = 0.6

// valueKindOf returns the kind of value the word f is, or 0.
func valueKindOf(f string) valueKind {
	f = strings.Trim(f, ",;:!?()[]{}<>\"'`")
	switch {
	case f == "":
		return 0
	case isEmail(f):
		return kindEmail
	case isURL(f):
		return kindURL
	case isPath(f) && !isProduct(f):
		return kindPath
	}
	return 0
}

// onlyValues reports whether s holds a value (a path, a URL, an email
// address) and every other word of it is a stop word ("pls", "too").
func onlyValues(s string) bool {
	n := 0
	for _, w := range strings.Fields(s) {
		switch {
		case valueKindOf(w) != 0:
			n++
		case stopWords[strings.ToLower(strings.Trim(w, ",;:!?."))]:
			// "... and /repo/ui/Modal.tsx pls": filler around the values
		default:
			return false
		}
	}
	return n > 0
}

// manyValues returns the kinds of value s carries two or more of.
func manyValues(s string) valueKind {
	var one, many valueKind
	for _, w := range strings.Fields(s) {
		k := valueKindOf(w)
		many |= one & k
		one |= k
	}
	return many
}

// manyKinds returns the kinds of which d takes many values in one
// parameter ("paths", "filePaths", "urls", "emails").
func manyKinds(d *Doc) valueKind {
	var k valueKind
	for _, p := range d.Params {
		ws := nameWordsCased(p.Name)
		if len(ws) == 0 {
			continue
		}
		if w := ws[len(ws)-1]; isPlural(w) {
			k |= wordKinds(w)
		}
	}
	return k
}

// manyBonus adds to the scores of cands that take many values of a kind
// in kinds the bonus for it.
func (sc *scorer) manyBonus(kinds valueKind, cands []int32) {
	if kinds == 0 {
		return
	}
	b := manyIDF * sc.ix.maxIDF
	for _, d := range cands {
		if sc.ix.manyKinds[d]&kinds != 0 {
			sc.score[d] += b
		}
	}
}
