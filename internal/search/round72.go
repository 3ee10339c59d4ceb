package search

import (
	"slices"
	"strings"
	"sync"
)

// Round seventy-two: a product named by its category. People name a tool
// they use by what it is to them ("the error tracker", "our CRM", "the
// cache", "the notes app", "the CI", "the boards") more often than by its
// brand, and a backend's category is nowhere in its tools' text: Sentry's
// tools say issues and events, never "error tracker"; Redis's say keys,
// never "cache". categoryVocab is that vocabulary: a line per category,
// the phrases users say for it, the backends it holds for by their names'
// words (as productVocab's lines do), and the phrases that say a server
// outside the corpus is of the category (cues: in its name, or in most
// of its tools' descriptions: a server whose tools describe "error
// monitoring" is an error tracker). A category phrase in a request names
// its backends weakly: in a request not split into steps, their tools
// the request's words found gain categoryBonusIDF of the largest IDF (a
// backend the request names gains namedBonusIDF, three), and in the
// relevance check its words are
// evidence for them as a word of their name is (categoryEvidenced); no
// other backend is ruled out by it, the named-backend rules (action.go,
// nearmiss29.go, ...) never read it, and when the ranking with the bonus
// answers "none" the one without it is judged too (categoryUnboost).
// Measured: bench/retrieval-notes.md, round seventy-two.

// categoryVocab: backend is the "|"-separated alternatives of the words
// of the backend names a line holds for (every word of one alternative in
// the name); cues the "|"-separated phrases that give a server the
// category from its own name or its tools' descriptions; says the
// "|"-separated phrases users say for it. Words are matched as they are
// (a plural's "s" aside: catWord) and in order; the longest phrase at a
// place of the request wins ("browser automation" is a browser's, not the
// workflow automation's).
var categoryVocab = []struct {
	backend string
	cues    string
	says    string
}{
	// Sentry is an error tracker (error monitoring, crash reporting,
	// application performance monitoring).
	{"sentry", "error monitoring|error tracking|crash reporting|exception tracking",
		"error tracker|error trackers|error tracking|error monitoring|error monitor|error reporting|error reporter|crash reporter|crash reporting|crash tracker|crash tracking|exception tracker|exception tracking|exception monitoring|apm"},
	// HubSpot is a CRM, the sales and marketing system.
	{"hubspot", "crm|customer relationship",
		"crm|crms|sales system|sales tool|sales platform|sales database|customer database|marketing platform|marketing tool|customer relationship"},
	// Redis is a cache, a key-value store kept in memory.
	{"redis", "key value store|in memory cache|in memory data",
		"cache|cache server|caching layer|key value store|key value cache|in memory store|in memory cache|in memory database"},
	// Notion is a notes app, a knowledge base; a wiki is Notion's or
	// Azure DevOps' (its project wikis).
	{"notion", "note taking|knowledge base",
		"notes app|note app|notes tool|notes workspace|note taking|note taking app|knowledge base|docs workspace"},
	{"notion|azure devops|ado", "",
		"wiki|wiki app|team wiki|company wiki"},
	// CircleCI is the CI: continuous integration, the build server.
	{"circleci", "continuous integration",
		"ci|ci cd|cicd|continuous integration|build server|ci server|ci pipeline"},
	// Figma is the design tool, where mockups and design files live.
	{"figma", "design file|design tool",
		"design tool|design app|design file|design files|mockup|mockups|ui design|design system|wireframe|wireframes"},
	// Context7 is the docs tool: up-to-date library documentation.
	{"context7", "library documentation|up to date documentation",
		"docs tool|docs service|documentation tool|library docs|library documentation|up to date docs|code docs|docs lookup"},
	// Slack is the chat, the messaging app.
	{"slack", "team chat|messaging",
		"chat|team chat|chat app|company chat|work chat|messaging app|messenger"},
	// Azure DevOps is the boards (Azure Boards: sprints, backlogs, work
	// items), the DevOps suite.
	{"azure devops|ado", "work item",
		"boards|board|sprint board|kanban|scrum board|agile board|devops suite"},
	// Apify is a scraper marketplace, a scraping platform of Actors.
	{"apify", "scraping platform|web scraping platform",
		"scraper marketplace|scraping platform|scraper platform|scraper store|actor marketplace"},
	// n8n is workflow automation: the automations, the workflow builder.
	{"n8n", "workflow automation",
		"workflow automation|automation tool|automation platform|automation builder|workflow builder|automation server|automation|automations"},
	// draw.io is the diagram editor.
	{"drawio", "diagram editor|diagramming",
		"diagram editor|diagram tool|diagram app|diagramming tool|diagramming app|diagramming|flowchart editor|flowchart tool"},
	// Playwright, Chrome DevTools and Puppeteer drive the browser; the dev
	// tools are Chrome's.
	{"playwright|chrome devtools|puppeteer", "browser automation|headless browser",
		"browser|web browser|headless browser|automated browser|test browser|browser automation"},
	{"chrome devtools", "",
		"dev tools|devtools|browser dev tools|browser devtools|developer tools"},
	// GitHub and GitLab host code; a self-hosted git server is GitLab.
	{"github|gitlab", "",
		"code host|code hosting|repo host|repo hosting|git host|git hosting|source control"},
	{"gitlab", "",
		"self hosted git|git server"},
	// Postgres and Supabase are SQL databases; Supabase a hosted backend;
	// MongoDB a document database.
	{"postgres|supabase", "",
		"sql database|relational database|sql db"},
	{"supabase", "backend as a service",
		"backend as a service|hosted backend|baas|backend platform|backend service|hosted postgres"},
	{"mongodb|mongo", "nosql|document database",
		"document database|document db|document store|nosql|nosql database|nosql store"},
	// Google Maps is the map service.
	{"google maps", "geocoding",
		"map service|maps service|mapping service|mapping api|mapping app|map app|maps app|the map|geocoder"},
	// Brave Search, Tavily and Exa are search engines; Exa a neural one,
	// Tavily a research assistant.
	{"brave search|tavily|exa", "search engine",
		"search engine|web search engine|search api"},
	{"exa", "", "neural search|neural search engine|ai search engine|semantic search"},
	{"tavily", "", "research assistant|ai search api"},
	// Firecrawl is a web crawler and scraper, and a website watcher.
	{"firecrawl", "web scraping|crawler",
		"web crawler|crawler|web scraper|scraping api|website watcher|web data tool"},
	// memory is the assistant's long-term memory, a knowledge graph.
	{"memory", "knowledge graph",
		"long term memory|memory store|knowledge graph|memory bank"},
	// filesystem is the local disk.
	{"filesystem", "file system",
		"my disk|local disk|on disk|local drive|hard drive|local files|file system|my drive"},
	// ESLint is the linter, the code checker.
	{"eslint", "linter",
		"linter|code checker|style checker|js linter|javascript linter"},
	// antv-chart is a charting tool.
	{"antv chart", "chart",
		"charting tool|chart maker|chart tool|charting service|charting library|visualization tool"},
	// everything is MCP's test and demo server.
	{"everything", "",
		"test server|demo server|sample server|reference server|example server|test mcp server|demo mcp server|mcp test server|mcp demo server|reference test server|mcp reference server|demo test mcp"},
	// sequential-thinking is a thinking tool; thinking or reasoning a
	// problem through step by step is what it does (round eighty-nine).
	{"sequential thinking", "",
		"thinking tool|reasoning tool|step by step thinking|think step by step|reason step by step|thinking step by step|reasoning step by step|think through|think it through|think this through|think that through|reason through|reason it through|through step by step|one step at a time|step by step reasoning|reason carefully|think carefully|reasoning carefully|thinking carefully|work through step by step"},
}

// categoryBonusIDF is what a category phrase adds to the tools of its
// backends the request's words found, in units of the largest IDF.
var categoryBonusIDF = 1.0

// categoryLine is a line of categoryVocab, its phrases stemmed.
type categoryLine struct {
	alts [][]string // backend-name alternatives, each its words
	cues [][]string
	says [][]string
}

// categoryLines are categoryVocab's lines, stemmed.
var categoryLines = sync.OnceValue(func() []categoryLine {
	var out []categoryLine
	for _, v := range categoryVocab {
		var l categoryLine
		for _, a := range strings.Split(v.backend, "|") {
			l.alts = append(l.alts, lowerWords(a))
		}
		for _, c := range strings.Split(v.cues, "|") {
			if p := catWords(c); len(p) > 0 {
				l.cues = append(l.cues, p)
			}
		}
		for _, s := range strings.Split(v.says, "|") {
			if p := catWords(s); len(p) > 0 {
				l.says = append(l.says, p)
			}
		}
		out = append(out, l)
	}
	return out
})

// catWords returns the lowercase words of s, each without a plural's
// "s" (catWord).
func catWords(s string) []string {
	ws := lowerWords(s)
	for i, w := range ws {
		ws[i] = catWord(w)
	}
	return ws
}

// catWord is w without a plural's "s": category phrases are matched word
// for word, not stemmed ("the boards" is no "boarding pass").
func catWord(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// catQueryWords returns the words of a request for category phrases
// (catWord), and each one's stem; a word of a value ("crm.contacts",
// "session:42", "acme_crm") is "", which no phrase matches.
func catQueryWords(query string) ([]string, []string) {
	lq := strings.ToLower(query)
	n := strings.Count(lq, " ") + 1
	ws, stems := make([]string, 0, n), make([]string, 0, n)
	for f := range strings.FieldsSeq(lq) {
		f = strings.Trim(f, ".,;:!?()[]{}\"'`")
		if strings.ContainsAny(f, ".:_@=#") {
			ws, stems = append(ws, ""), append(stems, "")
			continue
		}
		for w := range strings.FieldsFuncSeq(f, func(r rune) bool { return !isWordRune(r) }) {
			ws, stems = append(ws, catWord(w)), append(stems, stem(w))
		}
	}
	return ws, stems
}

// categoryPhrase is a phrase of a category and the backends it names.
type categoryPhrase struct {
	words []string
	only  []bool // by backend number
}

// buildCategories resolves categoryLines against the index's backends: a
// line holds for a backend whose name has every word of one of its
// alternatives or of one of its cues, or most of whose tools' descriptions
// (three quarters) say one of its cues. ix.categories are the phrases of
// the lines holding for some backend, keyed by their first word.
func (ix *Index) buildCategories() {
	lines := categoryLines()
	var descs [][][]string // by backend, each tool's stemmed words, when a cue needs them
	for _, l := range lines {
		var only []bool
		set := func(s int) {
			if only == nil {
				only = make([]bool, len(ix.servers))
			}
			only[s] = true
		}
		for s, nw := range ix.srvWords {
			if slices.ContainsFunc(l.alts, func(a []string) bool { return len(a) > 0 && allIn(a, nw) }) {
				set(s)
				continue
			}
			sw := make([]string, len(nw))
			for i, w := range nw {
				sw[i] = catWord(w)
			}
			if slices.ContainsFunc(l.cues, func(c []string) bool { return allIn(c, sw) }) {
				set(s)
				continue
			}
			if len(l.cues) == 0 {
				continue
			}
			if descs == nil {
				descs = make([][][]string, len(ix.servers))
				for d := range ix.docs {
					s := ix.docServer[d]
					descs[s] = append(descs[s], catWords(ix.docs[d].Description))
				}
			}
			n := 0
			for _, dw := range descs[s] {
				if slices.ContainsFunc(l.cues, func(c []string) bool { return hasPhrase(dw, c) }) {
					n++
				}
			}
			if len(descs[s]) > 0 && 4*n >= 3*len(descs[s]) {
				set(s)
			}
		}
		if only == nil {
			continue
		}
		if ix.categories == nil {
			ix.categories = map[string][]categoryPhrase{}
		}
		for _, p := range l.says {
			ix.categories[p[0]] = append(ix.categories[p[0]], categoryPhrase{p, only})
		}
	}
	if ix.categories != nil {
		ix.buildCatSid()
	}
}

// allIn reports whether every word of a is in ws.
func allIn(a, ws []string) bool {
	return !slices.ContainsFunc(a, func(w string) bool { return !slices.Contains(ws, w) })
}

// hasPhrase reports whether p occurs in ws, its words consecutive.
func hasPhrase(ws, p []string) bool {
	for i := 0; i+len(p) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(p)], p) {
			return true
		}
	}
	return false
}

// queryCategories returns the backends the category phrases of query name
// (by backend number, nil when none) and the stemmed words of those
// phrases. At each place the longest phrase is taken, and its words are
// not read again.
func (ix *Index) queryCategories(query string) ([]bool, []string) {
	if len(ix.categories) == 0 {
		return nil, nil
	}
	if last := ix.lastCat.Load(); last != nil && last.query == query {
		return last.cat, last.terms
	}
	cat, terms := ix.findCategories(query)
	ix.lastCat.Store(&catAnswer{query, cat, terms})
	return cat, terms
}

// catAnswer is queryCategories' last answer: a query's analysis asks for
// it once for the ranking and once for each tool the relevance check
// judges.
type catAnswer struct {
	query string
	cat   []bool
	terms []string
}

// findCategories is queryCategories, not kept.
func (ix *Index) findCategories(query string) ([]bool, []string) {
	ws, stems := catQueryWords(query)
	var out []bool
	var terms []string
	for i := 0; i < len(ws); {
		var best []categoryPhrase
		n := 0
		for _, p := range ix.categories[ws[i]] {
			if len(p.words) < n || i+len(p.words) > len(ws) || !slices.Equal(ws[i:i+len(p.words)], p.words) {
				continue
			}
			if len(p.words) > n {
				best, n = best[:0], len(p.words)
			}
			best = append(best, p)
		}
		if n == 0 || i > 0 && quantifiedCategory(ws[i-1]) {
			// round81.go: "on every browser" is no product.
			i += max(n, 1)
			continue
		}
		for _, p := range best {
			if out == nil {
				out = make([]bool, len(ix.servers))
			}
			for s, ok := range p.only {
				out[s] = out[s] || ok
			}
		}
		terms = append(terms, stems[i:i+n]...)
		i += n
	}
	return out, terms
}

// categoryUnboost: when the ranking with the category bonus answers
// "none", the ranking without it is judged too.
var categoryUnboost = true

// categoryBoost adds the category bonus to the tools of cands whose
// backend cat holds, and returns them.
func (sc *scorer) categoryBoost(cands []int32, cat []bool) []int32 {
	if cat == nil || categoryBonusIDF == 0 {
		return nil
	}
	var out []int32
	for _, d := range cands {
		if cat[sc.ix.docServer[d]] {
			out = append(out, d)
		}
	}
	sc.categoryAdd(out, 1)
	return out
}

// categoryAdd adds the category bonus times k to the tools docs.
func (sc *scorer) categoryAdd(docs []int32, k float64) {
	b := k * categoryBonusIDF * sc.ix.maxIDF
	for _, d := range docs {
		sc.score[d] += b
	}
}

// categoryEvidence is the evidence, in the relevance check of a tool of
// a backend the request names by its category, of each word of the
// category phrase: as much as a word of the backend's name (1) times this.
// 0 leaves them as they are.
var categoryEvidence = 1.0

// categoryEvidenced returns qs with the words of query's category phrases
// matching doc's backend's name at categoryEvidence when doc's backend is
// of their category (through the server-level posting of a word of its
// name, which evidence counts as naming it), qs itself otherwise.
func (ix *Index) categoryEvidenced(query string, qs []qterm, doc int) []qterm {
	if categoryEvidence == 0 {
		return qs
	}
	s := ix.docServer[doc]
	if ix.catSid == nil || ix.catSid[s] < 0 {
		return qs
	}
	cat, terms := ix.queryCategories(query)
	if cat == nil || !cat[s] {
		return qs
	}
	var out []qterm
	for i := range qs {
		if !slices.Contains(terms, qs[i].term) {
			continue
		}
		if out == nil {
			out = slices.Clone(qs)
		}
		out[i].exps = append(slices.Clone(out[i].exps), expansion{id: -1, sid: ix.catSid[s], w: categoryEvidence, only: cat})
	}
	if out == nil {
		return qs
	}
	return out
}

// buildCatSid finds, for each backend, the server-level term id of a word
// of its name that names it (-1 when none).
func (ix *Index) buildCatSid() {
	ix.catSid = make([]int32, len(ix.servers))
	for s, nw := range ix.srvWords {
		ix.catSid[s] = -1
		for _, w := range nw {
			id, ok := ix.srv.lookup(stem(w))
			if !ok {
				continue
			}
			if p, ok := find(ix.srv.post, id, int32(s)); ok && p.named {
				ix.catSid[s] = id
				break
			}
		}
	}
}
