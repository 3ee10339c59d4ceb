package search

import (
	"slices"
	"strings"
)

// nameWord is one word of backend names that names those backends when a
// query uses it ("GitLab", "Postgres"), as opposed to a word that is just as
// common in other backends' tools ("maps", "search").
type nameWord struct {
	word    string  // lowercase surface word, e.g. "gitlab"
	servers []int32 // backends whose name has the word
}

// maxNamed is the most backends one query word may name.
const maxNamed = 3

// buildNames finds the naming words of backend names. A word names its
// backends when at least half of the tools whose text uses it belong to
// them, or when hardly any other tool uses it (at most 2, or 0.5% of the
// tools), and at most maxNamed backends share it.
func (ix *Index) buildNames() {
	ix.nameKeys = map[string][]int32{}
	byWord := map[string][]int32{}
	var order []string
	for s, name := range ix.servers {
		for _, w := range nameWords(name) {
			if _, ok := byWord[w]; !ok {
				order = append(order, w)
			}
			if !slices.Contains(byWord[w], int32(s)) {
				byWord[w] = append(byWord[w], int32(s))
			}
		}
	}
	for _, w := range order {
		srv := byWord[w]
		if len(srv) > maxNamed || stopWords[w] {
			continue
		}
		var df, inside int
		if id, ok := ix.tools.lookup(stem(w)); ok {
			for _, p := range ix.tools.post[id] {
				df++
				if slices.Contains(srv, ix.docServer[p.doc]) {
					inside++
				}
			}
		}
		if outside := df - inside; 2*inside >= df || outside <= max(2, len(ix.docs)/200) {
			k := nameKey(w)
			ix.nameKeys[k] = append(ix.nameKeys[k], int32(len(ix.names)))
			ix.names = append(ix.names, nameWord{word: w, servers: srv})
		}
	}
}

// nameKey is the bucket of a word in Index.nameKeys: its first three
// letters, which every spelling sameName accepts shares (stems differ only
// at the end and names are at least three letters long).
func nameKey(w string) string { return w[:3] }

// nameWords returns the lowercase words of a backend name of at least three
// characters ("zereight-gitlab" -> zereight, gitlab; "MongoDB" -> mongodb).
func nameWords(name string) []string {
	var out []string
	for _, w := range lowerWords(name) {
		if len(w) >= 3 && !allDigits(w) {
			out = append(out, w)
		}
	}
	return out
}

// sameName reports whether query word q spells name word n: equal, equal
// after stemming, or one a prefix of the other by at most two letters
// ("mongo" for "mongodb", "postgresql" for "postgres").
func sameName(q, n string) bool {
	if q == n || stem(q) == stem(n) {
		return true
	}
	if len(q) < 4 || len(n) < 4 {
		return false
	}
	d := len(q) - len(n)
	return (d > 0 && d <= 2 && strings.HasPrefix(q, n)) || (d < 0 && d >= -2 && strings.HasPrefix(n, q))
}

// spelledByVerb reports whether query word q spells name word n only as a
// prefix of it and q is a verb: "draw" is a request's action, not drawio
// ("draw a pie chart of ..." named drawio and lost its charts to drawio's
// editors; "circle back" named circleci). A verb spelled in full, or after
// stemming, still names its backend ("slack").
func spelledByVerb(q, n string) bool {
	return q != n && stem(q) != stem(n) && (isVerb(q) || prefixVerbs[q])
}

// prefixVerbs are verbs isVerb leaves out (so that "draw a diagram" keeps
// its drawing sense for the ranking) that spell a backend's name's prefix.
var prefixVerbs = setOf(`draw`)

// namedServers returns the backends the query names, in order of first
// mention, and the stemmed query words that name them. A word that is part of
// a product no backend serves ("Google" in "Google Calendar") names nothing.
func (ix *Index) namedServers(query string) ([]int32, map[string]bool) {
	return ix.namedServersWith(query, ix.vendorProducts(query))
}

// namedServersWith is namedServers given the vendor products the query
// names (vendorProducts).
func (ix *Index) namedServersWith(query string, vp [][]string) ([]int32, map[string]bool) {
	var out []int32
	var terms map[string]bool
	whole := query
	for _, raw := range strings.Fields(query) {
		// "draw.io", "n8n.io": a product's own domain names its backend
		// (a URL with a scheme or a path is a value to pass on).
		f := strings.ToLower(strings.Trim(raw, ".,;:!?()[]{}<>\"'`"))
		if !r107Off {
			// "draw.io's stencil library": the domain, possessive
			// (round107.go).
			f = strings.TrimSuffix(strings.TrimSuffix(f, "'s"), "’s")
		}
		if s := ix.quotedServer(raw); s >= 0 && !slices.Contains(out, s) {
			out = append(out, s) // "the 'everything' demo server" (round107.go)
		}
		if isURL(f) {
			// A URL on the host a backend's parameters take
			// ("https://acme.sentry.io/issues/4512/"; round53.go).
			for _, s := range ix.urlHostServers(f) {
				if !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
		}
		if s := ix.schemeServer(f); s >= 0 && !slices.Contains(out, s) {
			// "mongodb://localhost:27017": a connection string
			// names the backend of its scheme (round 110).
			out = append(out, s)
		}
		label, tld, ok := strings.Cut(f, ".")
		if !ok || strings.ContainsAny(tld, "./:") || !tlds[tld] {
			continue
		}
		whole := label + tld
		for s, name := range ix.servers {
			if strings.EqualFold(name, label) || strings.EqualFold(name, whole) {
				if !slices.Contains(out, int32(s)) {
					out = append(out, int32(s))
				}
			}
		}
	}
	query = withoutValues(query)
	foreign := map[string]bool{}
	for _, p := range append(ix.products.mentioned(query), vp...) {
		if !ix.served(p) {
			for _, w := range p {
				foreign[w] = true
			}
		}
	}
	ws := lowerWords(query)
	for i, w := range ws {
		if foreign[w] || len(w) < 3 && backendAbbreviations[w] == "" {
			continue
		}
		if i > 0 && bumpWords[ws[i-1]] && !r106Off && (i+1 == len(ws) || ws[i+1] == "to" || ws[i+1] == "from" || i > 1 && relativeWords[ws[i-2]]) {
			continue // "the PR that bumps eslint": a dependency (round106.go)
		}
		if i > 0 && placePrepositions[ws[i-1]] && (i+1 == len(ws) || stopWords[ws[i+1]]) || serverWordAfter(ws, i) {
			// "put that in memory", "anything in memory about X": a
			// backend's whole name after a preposition, and before no
			// other word it qualifies ("in memory usage"), names it,
			// even a word many tools use ("memory").
			for s, name := range ix.servers {
				if strings.EqualFold(name, w) {
					if terms == nil {
						terms = map[string]bool{}
					}
					terms[stem(w)] = true
					if !slices.Contains(out, int32(s)) {
						out = append(out, int32(s))
					}
				}
			}
		}
		if devAbbreviations[w] != "" && !standaloneWord(query, w) {
			continue // "gh/acme/web": a CircleCI slug's part (round82.go)
		}
		for _, s := range ix.abbreviationNamed(w) {
			// "the ADO repo": a product's short name (round30.go).
			if terms == nil {
				terms = map[string]bool{}
			}
			terms[stem(w)] = true
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
		if len(w) < 3 {
			continue // an abbreviation's (round82.go)
		}
		for _, i := range ix.nameKeys[nameKey(w)] {
			n := &ix.names[i]
			if !sameName(w, n.word) || spelledByVerb(w, n.word) {
				continue
			}
			if terms == nil {
				terms = map[string]bool{}
			}
			terms[stem(w)] = true
			for _, s := range n.servers {
				if !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
		}
	}
	if len(out) == 0 {
		out = ix.refNamed(whole) // owner/repo#42, group/project!45 (round90.go)
	}
	return out, terms
}

// placePrepositions put a thing in or take it from a place ("in memory",
// "to redis", "from postgres").
var placePrepositions = setOf(`in into on to from via using with inside`)

// withoutValues returns query without its URLs and email addresses:
// "https://github.com/acme/widgets" is a value to pass on, not a request
// for the GitHub backend. File names stay: ".gitlab-ci.yml" is about GitLab.
func withoutValues(query string) string {
	fs := strings.Fields(query)
	out := fs[:0]
	for _, raw := range fs {
		f := strings.Trim(raw, ".,;:!?()[]{}<>\"'`")
		if isURL(f) || isEmail(f) || isEnvName(f) || dotFile(strings.TrimRight(strings.TrimLeft(raw, "([{<\"'`"), ".,;:!?)]}>\"'`")) {
			continue
		}
		out = append(out, raw)
	}
	return strings.Join(out, " ")
}

// withoutPaths is withoutValues that also drops paths and repository
// names ("facebook/react" is no mention of Facebook).
func withoutPaths(query string) string {
	fs := strings.Fields(withoutValues(query))
	out := fs[:0]
	for _, f := range fs {
		if !strings.ContainsAny(strings.Trim(f, ".,;:!?()[]{}<>\"'`"), `/\`) {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// namingWeight scales, for ranking tools, a query word that names a backend:
// the backend bonus already counts it, and a tool that repeats its backend's
// name ("Run a Playwright code snippet") is no better for that.
const namingWeight = 0.2

// demoteNaming returns qs with the weights of naming terms scaled by
// namingWeight; qs itself is not modified.
func demoteNaming(qs []qterm, naming map[string]bool) []qterm {
	if len(naming) == 0 {
		return qs
	}
	out := slices.Clone(qs)
	for i := range out {
		if naming[out[i].term] {
			out[i].weight *= namingWeight
		}
	}
	return out
}

// namedBonus is added to every tool of a backend the query names, so that
// "with Playwright, click ..." prefers Playwright's click over another
// backend's.
func (ix *Index) namedBonus() float64 { return namedBonusIDF * ix.maxIDF }

const namedBonusIDF = 3.0

// buildNameTerms records, per tool, the term ids of its name that tell it
// apart from its backend's other tools: a word in the names of at least half
// of a backend's tools (a prefix such as "browser_" or "slack_") is left out.
func (ix *Index) buildNameTerms(srvDocs [][]int32) {
	ix.nameTerms = make([][]int32, len(ix.docs))
	for _, docs := range srvDocs {
		per := make([][]int32, len(docs))
		n := map[int32]int{}
		for i, d := range docs {
			for _, t := range analyze(ix.docs[d].Tool, nil) {
				if t.weight < 1 {
					continue
				}
				id, ok := ix.tools.lookup(t.term)
				if !ok || slices.Contains(per[i], id) {
					continue
				}
				per[i] = append(per[i], id)
				n[id]++
			}
		}
		for i, d := range docs {
			for _, id := range per[i] {
				if len(docs) < 4 || 2*n[id] < len(docs) {
					ix.nameTerms[d] = append(ix.nameTerms[d], id)
				}
			}
		}
	}
}

// nameCoverage is the share of doc's distinctive name terms that the query
// matches, each counted at the weight of its best match (1 for the word
// itself, less through a synonym). match holds that weight by term id.
func (ix *Index) nameCoverage(doc int32, match []float64) float64 {
	ts := ix.nameTerms[doc]
	if len(ts) == 0 {
		return 0
	}
	var got float64
	for _, id := range ts {
		got += match[id]
	}
	return got / float64(len(ts))
}

// nameCoverageIDF scales the name-coverage bonus: a tool whose whole name
// the query spells out gains this many times the index's largest IDF.
const nameCoverageIDF = 0.5

// matchWeights sets, in m (one entry per tool-level term, all zero), the
// best weight each term the query reaches is reached at, and returns the
// ids it set (for clearing).
func matchWeights(qs []qterm, m []float64, set []int32) []int32 {
	for _, q := range qs {
		for _, e := range q.exps {
			if e.id >= 0 && e.only == nil {
				if m[e.id] == 0 {
					set = append(set, e.id)
				}
				m[e.id] = max(m[e.id], e.w*min(q.weight, 1))
			}
		}
	}
	return set
}

// sameNamed reports whether backends a and b are the same or share a word
// that names them both.
func (ix *Index) sameNamed(a, b int32) bool {
	if a == b {
		return true
	}
	for _, n := range ix.names {
		if slices.Contains(n.servers, a) && slices.Contains(n.servers, b) {
			return true
		}
	}
	return false
}
