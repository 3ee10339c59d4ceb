package search

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Round 107: the false "none" answers of tasks whose first step names its
// backend by a category, and the blind sets extra76, extra77, tasks107
// and none107.

// r107Off turns round 107's rules off (measurement).
var r107Off = false

// objectPrepositions introduce what a category's thing belongs to:
// "the CI checks on PR 88", "the logs of run 12".
var objectPrepositions = setOf(`on of for`)

// objectAbbreviations are short names of things, with the words of their
// tools' names that say them: a pull request's tools are named
// "…_pull_request…", a merge request's "…_merge_request…".
var objectAbbreviations = map[string]string{"pr": "pull request", "prs": "pull request", "mr": "merge request", "mrs": "merge request"}

// toolNamedFor reports whether a tool of backend s has the words of
// phrase, in order, among the words of its name.
func (ix *Index) toolNamedFor(s int32, phrase string) bool {
	want := strings.Fields(phrase)
	for _, d := range ix.srvDocs[s] {
		ws := lowerWords(ix.docs[d].Tool)
		for i := 0; i+len(want) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(want)], want) {
				return true
			}
		}
	}
	return false
}

// categoryObjectElsewhere reports whether a step naming a category
// (terms, the category phrases' stems) says the thing belongs to an
// object none of the category's backends (cat) has tools for and some
// other backend has: "check the CI checks on PR 88" reads a pull
// request's checks, GitHub's, not CircleCI's.
func (ix *Index) categoryObjectElsewhere(step string, terms []string, cat []int32) bool {
	if r107Off {
		return false
	}
	fs := strings.Fields(strings.ToLower(step))
	for i := range fs {
		fs[i] = strings.Trim(fs[i], ".,;:!?()'\"`")
	}
	at := slices.IndexFunc(fs, func(w string) bool { return slices.Contains(terms, stem(w)) })
	if at < 0 {
		return false
	}
	for j := at + 1; j+1 < len(fs); j++ {
		if !objectPrepositions[fs[j]] {
			continue
		}
		k := j + 1
		for k < len(fs) && determiners[fs[k]] {
			k++
		}
		if k == len(fs) || fs[k] == "" {
			return false
		}
		has := func(s int32) bool { return len(ix.objectTools(s, stem(fs[k]))) > 0 }
		if full, ok := objectAbbreviations[fs[k]]; ok {
			has = func(s int32) bool { return ix.toolNamedFor(s, full) }
		}
		if slices.ContainsFunc(cat, has) {
			return false
		}
		for s := range ix.servers {
			if !slices.Contains(cat, int32(s)) && has(int32(s)) {
				return true
			}
		}
		return false
	}
	return false
}

// pairDepth is how deep in the ranking pairCovered looks for each named
// backend's best tool.
const pairDepth = 5

// pairCovered reports whether a request naming two backends of different
// products in one step ("Put the current Mongo db stats for shop in a
// Slack message to #db") is covered by the best tool of each of them
// together: the share of the query's term mass that one or the other
// holds reaches what a named backend's tool is held to alone.
func (ix *Index) pairCovered(qs []qterm, named []int32, hits []Hit) bool {
	if r107Off || len(named) != 2 || ix.sameNamed(named[0], named[1]) {
		return false
	}
	best := [2]int{-1, -1}
	for i := 0; i < len(hits) && i < pairDepth; i++ {
		for k, s := range named {
			if best[k] < 0 && ix.docServer[hits[i].Doc] == s {
				best[k] = hits[i].Doc
			}
		}
	}
	if best[0] < 0 || best[1] < 0 {
		return false
	}
	var total, got float64
	for _, q := range qs {
		mass := q.weight * q.idf
		total += mass
		a, _ := ix.termEvidence(q, best[0], learnedEvidence)
		b, _ := ix.termEvidence(q, best[1], learnedEvidence)
		got += mass * max(a, b)
	}
	return total > 0 && got/total >= ix.opt.MinCoverage*namedShare
}

// quotedServer returns the backend whose whole name a query word is, in
// quotes ("the 'everything' reference server", "the `memory` server"),
// or -1: a name set apart so is the name, even a word of everyday speech.
func (ix *Index) quotedServer(raw string) int32 {
	if r107Off {
		return -1
	}
	w := strings.TrimRight(raw, ".,;:!?)")
	if len(w) < 3 {
		return -1
	}
	open, close := w[0], w[len(w)-1]
	if open != close || !strings.ContainsRune("'\"`", rune(open)) {
		return -1
	}
	return ix.serverNamed(w[1 : len(w)-1])
}

// belongingsOnly reports whether a piece after "and" is only what the
// thing before it holds ("delete the Supabase project old-demo and all
// its data", "and everything in it"): the same step's object, not a step.
func belongingsOnly(piece string) bool {
	if r107Off {
		return false
	}
	ws := strings.Fields(strings.ToLower(strings.TrimRight(piece, ".,;:!?")))
	if len(ws) < 2 || len(ws) > 5 {
		return false
	}
	switch {
	case ws[0] == "all" && (possessives[ws[1]] || ws[1] == "of" && len(ws) > 2 && possessives[ws[2]]):
	case (ws[0] == "everything" || ws[0] == "anything") && (ws[1] == "in" || ws[1] == "inside" || ws[1] == "on" || ws[1] == "under"):
	default:
		return false
	}
	for _, w := range ws[1:] {
		if verbStems()[stem(w)] != 0 && !possessives[w] {
			return false
		}
	}
	return true
}

// documentFormats are formats of documents a request may ask a result in.
var documentFormats = setOf(`pdf pdfs docx xlsx pptx epub`)

// formatAsked matches a request for a result in a document format: "as
// PDFs", "to a PDF", "into one pdf", "export ... pdf".
var formatAsked = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:as|to|into)(?: an?| one| a single| separate)? (pdf|pdfs|docx|xlsx|pptx|epub)\b`)
})

// formatUndone reports whether a one-step request asks for its result in
// a document format (formatAsked) that no tool writes: none has the
// format's name among the words of its name (toolFormats; "Export our
// entire Notion workspace as PDFs", "convert this docx into a pdf";
// firecrawl_parse reads a PDF, and writes none).
func (ix *Index) formatUndone(query string) bool {
	if r107Off {
		return false
	}
	m := formatAsked().FindStringSubmatch(query)
	return m != nil && !ix.toolFormats[strings.TrimSuffix(strings.ToLower(m[1]), "s")]
}

// inclusionSaid reports whether a part says what the step before it
// takes in ("Export our Notion workspace as PDFs, including all
// subpages"): the same step, not one of its own.
func inclusionSaid(part string) bool {
	if r107Off {
		return false
	}
	ws := strings.Fields(strings.ToLower(part))
	return len(ws) > 1 && len(ws) <= 6 && (ws[0] == "including" || ws[0] == "incl" || ws[0] == "excluding")
}

// contextSubjects open a statement about the situation rather than a
// request: "Our GitHub org keeps growing", "I know HubSpot covers a lot
// of this", "we hired fourteen engineers".
var contextSubjects = setOf(`we we're we've we'd our i i'm i've my they they're their it it's this that there he she nobody everyone everybody someone anyone people`)

// contextPrepositions open a part that says when or what for, before a
// determiner: "For the quarterly security review", "After last week's
// release".
var contextPrepositions = setOf(`for during after before since`)

// contextConjunctions open a part that says why or what follows ("so
// nobody can log in ...", "which I'm dreading", "because the deploy
// broke ..."), when a subject comes next.
var contextConjunctions = setOf(`so because since which as`)

// contextPart reports whether a part of a longer request is context, not
// a step: a statement opened by a subject (contextSubjects), or by a
// conjunction and a subject, asking for no action and no question.
// "I'd like you to ...", "we need to ..." and "I want ..." ask, and are
// steps; so is any part partAction reads an action in.
func contextPart(part string) bool {
	if r107Off || strings.Contains(part, "?") {
		return false
	}
	ws := strings.Fields(strings.ToLower(strings.Trim(part, "()[]")))
	for len(ws) > 0 && contextConjunctions[ws[0]] && len(ws) > 1 && contextSubjects[ws[1]] {
		ws = ws[1:]
	}
	if len(ws) > 2 && contextPrepositions[ws[0]] && (possessives[ws[1]] || determiners[ws[1]]) {
		// "For the quarterly security review (which I'm dreading)"
		return partAction(strings.Join(ws, " ")) == 0
	}
	if len(ws) < 3 || !contextSubjects[ws[0]] {
		return false
	}
	for i, w := range ws[1:min(4, len(ws))] {
		w = strings.Trim(w, ",;:.!")
		if firstPerson[ws[0]] && asksWords[w] || w == "you" || w == "please" || modalWords[w] && i+2 < len(ws) && ws[i+2] == "you" {
			return false
		}
	}
	return partAction(strings.Join(ws, " ")) == 0
}

// firstPerson subjects ask with asksWords: "I'd like", "we need", "I
// want"; "nobody can log in" asks nothing.
var firstPerson = setOf(`i i'd i'm we we'd we're`)

// asksWords, after a first-person subject, make a statement a request.
var asksWords = setOf(`like need want wanted would 'd must should have`)

// modalWords before "you" ask: "can you", "could you".
var modalWords = setOf(`can could would will`)

// contextUndone reports whether a request read as several parts (info)
// is steps among parts of context (contextPart: "Our Supabase project
// keeps hitting connection limits, so please upgrade the organization to
// the Pro plan"), and each of those steps, asked of a backend the
// request names (named; srv, its best tool's), is one none of its tools
// does (namedStepUndone, as for a request of one step).
func (ix *Index) contextUndone(info []clause, naming map[string]bool, named []int32, srv int32) bool {
	if r107Off || !slices.Contains(named, srv) {
		return false
	}
	steps := 0
	for _, c := range info {
		if contextPart(c.step) {
			continue
		}
		// A step whose object is a pronoun ("take it back") has it in
		// the context: it is not judged alone.
		if backRef(c.step) || !ix.namedStepUndone(c.step, naming, named, srv) {
			return false
		}
		steps++
	}
	return steps > 0
}

// refusedLeads say a product is not the one to use: "not Playwright",
// "rather than Playwright", "instead of Playwright", "(which is) not on
// Supabase" (round108.go).
var refusedLeads = [][]string{{"not"}, {"rather", "than"}, {"instead", "of"}, {"not", "on"}, {"not", "in"}, {"not", "via"}, {"not", "with"}, {"not", "through"}}

// withoutRefused drops from query a backend's name that a refusedLead
// says is not the one to use ("We're sticking with Puppeteer for this
// one-off, not Playwright."), when the query names another backend
// elsewhere: the name refused is no evidence for its tools.
func (ix *Index) withoutRefused(query string) string {
	if r107Off || !containsFold(query, "not") && !containsFold(query, "than") && !containsFold(query, "instead") {
		return query
	}
	fs := strings.Fields(query)
	drop := map[int]bool{}
	for i := range fs {
		for _, l := range refusedLeads {
			j := i + len(l)
			if j >= len(fs) || !equalWords(lowerFields(fs[i:j]), l) {
				continue
			}
			name := strings.ToLower(strings.Trim(fs[j], ".,;:!?()'\"`"))
			if ix.serverNamed(name) < 0 {
				continue
			}
			for k := i; k <= j; k++ {
				drop[k] = true
			}
		}
	}
	if len(drop) == 0 {
		return query
	}
	var kept []string
	other := false
	for i, f := range fs {
		if drop[i] {
			if n := len(kept); n > 0 && endsPart(f) && !endsPart(kept[n-1]) {
				kept[n-1] += f[len(f)-1:] // the punctuation that ended the part
			}
			continue
		}
		if ix.serverNamed(strings.ToLower(strings.Trim(f, ".,;:!?()'\"`"))) >= 0 {
			other = true
		}
		kept = append(kept, f)
	}
	if !other {
		return query
	}
	return strings.Join(kept, " ")
}

// serverNamed returns the backend whose whole name is w (lowercase), or
// -1.
func (ix *Index) serverNamed(w string) int32 {
	for s, name := range ix.servers {
		if strings.EqualFold(name, w) {
			return int32(s)
		}
	}
	return -1
}

// lowerFields returns fs lowercased.
func lowerFields(fs []string) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = strings.ToLower(f)
		if !r108Off {
			// "(not supabase)": the parenthesis opens the refusal.
			out[i] = strings.TrimLeft(out[i], "([")
		}
	}
	return out
}

// endsPart reports whether a field ends in punctuation that ends a part.
func endsPart(f string) bool { return f != "" && strings.ContainsAny(f[len(f)-1:], ".,;:!?") }

// queryTool returns backend s's one tool running queries (runsQueries),
// or -1 when it has none or several.
func (ix *Index) queryTool(s int32) int32 {
	out := int32(-1)
	for _, d := range ix.srvDocs[s] {
		if ix.runsQueries(d) {
			if out >= 0 {
				return -1
			}
			out = d
		}
	}
	return out
}

// A tool that makes a link to a product's page (HubSpot's get-link,
// "Generates HubSpot UI links for different pages") shares the words of
// any request about the product's records ("find their company record in
// HubSpot"), and answers only one that asks for a link. linkMakers are
// the tools named get or generate ... link(s) for no thing of their own
// before it (GitLab's get_issue_link is a relation between issues).

// buildRound107 records the link makers, the property tools and the
// document formats tools are named for.
func (ix *Index) buildRound107() {
	ix.linkMakers, ix.propTools, ix.toolFormats = nil, nil, map[string]bool{}
	for d := range ix.docs {
		ws := lowerWords(ix.docs[d].Tool)
		n := len(ws)
		for _, w := range ws {
			if documentFormats[w] {
				ix.toolFormats[w] = true
			}
		}
		if n > 0 && (ws[n-1] == "property" || ws[n-1] == "properties") {
			ix.propTools = append(ix.propTools, int32(d))
		}
		if n < 2 || ws[n-1] != "link" && ws[n-1] != "links" {
			continue
		}
		if ws[n-2] == "get" || ws[n-2] == "generate" || n > 2 && ws[n-3] == "generate" {
			ix.linkMakers = append(ix.linkMakers, int32(d))
		}
	}
}

// linkWords say a link, or the page it opens ("open the record page
// for deal 991").
var linkWords = setOf(`link links url urls href hyperlink permalink page pages`)

// linkPenalty lowers the link makers when the request says no link.
func (sc *scorer) linkPenalty(query string) { sc.unsaidPenalty(query, sc.ix.linkMakers, linkWords) }

// A tool named for a property (HubSpot's update-property: "Update an
// existing property definition") shares the words of a request to change
// a record's field ("move the HubSpot deal 123 to closedlost", "set the
// stage of deal 123"), and answers only one that says a property or a
// field. propWords say one.
var propWords = setOf(`property properties prop props field fields attribute attributes schema option options enumeration definition definitions column columns`)

// propPenalty lowers the property tools when the request says no
// property.
func (sc *scorer) propPenalty(query string) { sc.unsaidPenalty(query, sc.ix.propTools, propWords) }

// unsaidPenalty lowers tools (their score times verbConflict) when no
// word of query is one of words.
func (sc *scorer) unsaidPenalty(query string, tools []int32, words map[string]bool) {
	if r107Off || len(tools) == 0 || slices.ContainsFunc(lowerWords(query), func(w string) bool { return words[w] }) {
		return
	}
	for _, d := range tools {
		sc.score[d] *= verbConflict
	}
}

// A request for data out of a table ("Pull signups per month from the
// users table in Supabase project abcd1234", "count the orders per day in
// the orders table on supabase") reads its rows, which a tool running SQL
// does; the words it shares with a tool listing tables ("table") put that
// one first. tableDataWords say rows or an amount over them.
var tableDataWords = setOf(`per count counts sum total totals average avg rows records top most least revenue signups`)

// tableDataAsked reports whether text asks for data out of a table it
// names ("the users table", "table orders"), with no verb of making,
// changing or deleting.
func tableDataAsked(text string) bool {
	if r107Off || !containsFold(text, "table") {
		return false
	}
	ws := lowerWords(text)
	table, data := false, asksAmount(text)
	for i, w := range ws {
		if w == "table" && (i > 1 && determiners[ws[i-2]] || i+1 < len(ws) && !stopWords[ws[i+1]]) {
			table = true
		}
		if tableDataWords[w] {
			data = true
		}
	}
	if !table || !data {
		return false
	}
	return verbStems()[requestVerb(text)]&(verbCreate|verbUpdate|verbDelete) == 0
}

// sqlTool reports whether tool d runs SQL: "sql" among the words of its
// name, or a name that is "query" alone (postgres's).
func (ix *Index) sqlTool(d int32) bool {
	ws := lowerWords(ix.docs[d].Tool)
	return slices.Contains(ws, "sql") || len(ws) == 1 && ws[0] == "query"
}

// tableData puts each backend's SQL tool first among the backend's
// candidates when text asks for data out of a table (tableDataAsked).
func (sc *scorer) tableData(text string, cands []int32) {
	if !tableDataAsked(text) {
		return
	}
	sc.firstOfBackends(cands, func(s int32) bool { return sc.ix.srvQueries[s] }, sc.ix.sqlTool)
}

// firstOfBackends raises each tool of cands that pick holds for, of a
// backend in (in), just above the best candidate of its backend.
func (sc *scorer) firstOfBackends(cands []int32, in func(s int32) bool, pick func(d int32) bool) {
	ix := sc.ix
	best := map[int32]float64{}
	for _, d := range cands {
		if s := ix.docServer[d]; in(s) && sc.score[d] > best[s] {
			best[s] = sc.score[d]
		}
	}
	for _, d := range cands {
		if b, ok := best[ix.docServer[d]]; ok && sc.score[d] < b && pick(d) {
			sc.score[d] = b * 1.0001
		}
	}
}

// fileSetVerbs change a file a step names by its path: "set it to 0.2 in
// /app/sentry.client.config.ts", "apply the pattern in src/schema.ts".
var fileSetVerbs = setOf(`set apply switch tweak bump`)

// firstContent reports whether the words before a word (ws, lowercase)
// are all stop words or lead-ins: "so" in "so permanently delete ...".
func firstContent(ws []string) bool {
	for _, w := range ws {
		w = strings.Trim(w, ".,;:!?()[]{}<>\"'`")
		if w != "" && !stopWords[w] && !leadIns[w] {
			return false
		}
	}
	return true
}

// isHandle reports whether a field is a person's @handle ("@lena-h").
func isHandle(f string) bool {
	f = strings.Trim(f, ",;:!?()[]{}<>\"'`")
	if r107Off || len(f) < 2 || f[0] != '@' {
		return false
	}
	for _, r := range f[1:] {
		if !isWordRune(r) && r != '-' && r != '.' {
			return false
		}
	}
	return true
}

// Some things about what a product holds are read by a tool named for
// them, and the words of tools that only touch them are no such tool: a
// product's account balance ("How many Firecrawl credits do we have left
// this billing month?"; "Billed at 5 credits" is a tool spending them), a
// key's time left to live ("remaining TTL on redis key rate:ip:10.0.0.7";
// set takes an expiry, nothing reads it). readFacet is one: the words
// that say it, those that say what is asked is what remains, and the
// words of a tool's name that read it.
type readFacet struct{ said, left, tools map[string]bool }

var readFacets = []readFacet{
	{setOf(`credit credits quota quotas balance`), setOf(`left remaining remain balance`), setOf(`credit credits usage quota balance billing`)},
	{setOf(`ttl ttls`), setOf(`left remaining remain long when check show what's what get`), setOf(`ttl expire expiry expiration`)},
	// round108.go: how long until a key expires is its TTL
	{setOf(`expires expire expiry expiration`), setOf(`long until`), setOf(`ttl expire expiry expiration`)},
}

// readFacetUndone reports whether a request asks a named backend one of
// readFacets, and no tool of the backends it names is named for it.
func (ix *Index) readFacetUndone(query string, named []int32) bool {
	if r107Off || len(named) == 0 {
		return false
	}
	ws := lowerWords(query)
	for _, f := range readFacets {
		var said, left bool
		for _, w := range ws {
			said = said || f.said[w]
			left = left || f.left[w]
		}
		if said && left && !ix.namesAny(named, f.tools) {
			return true
		}
	}
	return false
}

// namesAny reports whether a tool of one of the backends named has one of
// words among the words of its name.
func (ix *Index) namesAny(named []int32, words map[string]bool) bool {
	for _, s := range named {
		for _, d := range ix.srvDocs[s] {
			if slices.ContainsFunc(lowerWords(ix.docs[d].Tool), func(w string) bool { return words[w] }) {
				return true
			}
		}
	}
	return false
}

// detailWords name what a step reads of a thing without naming the thing:
// "get the details", "pull up the full info".
var detailWords = setOf(`details detail info information specifics metadata`)

// detailsOnly reports whether a step asks only for the details of what
// the step before named ("Sentry issue API-77Q keeps happening: get the
// details, then ..."): a verb, then determiners, possessives or a word of
// degree, then a detail word, and nothing else. Like a step naming its
// object by a pronoun, it borrows the step before's terms.
func detailsOnly(part string) bool {
	if r107Off {
		return false
	}
	ws := lowerWords(part)
	for len(ws) > 0 && (partLeads[ws[0]] || leadIns[ws[0]]) {
		ws = ws[1:]
	}
	if len(ws) < 2 || verbStems()[stem(ws[0])]&verbRead == 0 {
		return false
	}
	rest := ws[1:]
	if len(rest) > 0 && (rest[0] == "up" || rest[0] == "out") {
		rest = rest[1:] // "pull up", "print out"
	}
	for i, w := range rest {
		if detailWords[w] {
			return i == len(rest)-1
		}
		if !determiners[w] && !possessives[w] && !degreeWords[w] {
			return false
		}
	}
	return false
}

// degreeWords say how much of a thing's details: "the full details".
var degreeWords = setOf(`full complete all more whole entire`)

// hashtagWords, before "#word", make it a hashtag, not a chat channel:
// "run it for #rustlang", "posts tagged #launch".
var hashtagWords = setOf(`for hashtag hashtags tag tags tagged about`)

// hashtagAt reports whether fields[i], a "#word", is a hashtag
// (hashtagWords before it).
func hashtagAt(fields []string, i int) bool {
	return !r107Off && i > 0 && hashtagWords[strings.ToLower(strings.Trim(fields[i-1], ".,;:!?()\"'`"))]
}

// scriptStep returns, for a step carrying JavaScript to run and naming no
// backend itself ("read window.__APP_VERSION__ off the page" after "Using
// puppeteer, open ..."), the backends the request names that run code
// (a tool with a parameter for the code): the step is theirs, whatever
// else the request names (Sentry, where the version is looked up next).
func (ix *Index) scriptStep(c clause, named []int32) []int32 {
	if r107Off || len(c.named) > 0 || len(named) < 2 {
		return nil
	}
	if !slices.ContainsFunc(strings.Fields(c.step), isScript) {
		return nil
	}
	return backendsWhere(named, ix.runsCode)
}

// backendsWhere returns the backends of srvs for which keep holds.
func backendsWhere(srvs []int32, keep func(int32) bool) []int32 {
	var out []int32
	for _, s := range srvs {
		if keep(s) {
			out = append(out, s)
		}
	}
	return out
}

// runsCode reports whether a tool of backend s takes code to run: a
// parameter of one word of codeParams ("script", "function").
func (ix *Index) runsCode(s int32) bool {
	for _, d := range ix.srvDocs[s] {
		for _, p := range ix.docs[d].Params {
			if ws := nameWordsCased(p.Name); len(ws) == 1 && codeParams[ws[0]] {
				return true
			}
		}
	}
	return false
}

// A local file handed to a backend that takes no path ("validate
// /home/dev/app/.circleci/config.yml with circleci config checker",
// "./data/sales_2026.csv -> line chart revenue by month") is read first:
// the backend takes the file's text. withFileRead keeps the file
// backends' tool reading one file's text among the first hits.

// withFileRead puts the file read tool (fileReadTool) in the last place
// of hits when query carries a local path (kindPath, no repository) that
// is no destination, no hit is a file backend's, and the first hit's
// backend takes no path.
func (ix *Index) withFileRead(query string, hits []Hit, limit int) []Hit {
	if r107Off || len(hits) < 3 || len(hits) < limit || len(ix.fileSrv) == 0 || !strings.Contains(query, "/") {
		return hits // a file's path has a "/" (filePath)
	}
	if ix.srvKinds[ix.docServer[hits[0].Doc]]&kindPath != 0 {
		return hits
	}
	for _, h := range hits {
		if slices.Contains(ix.fileSrv, ix.docServer[h.Doc]) {
			return hits
		}
	}
	if !slices.ContainsFunc(strings.Fields(query), filePath) || pathDestination(query) {
		return hits
	}
	if _, _, _, kinds := queryTokensKinds(query); kinds&kindPath == 0 || kinds&(kindRepo|kindURL) != 0 {
		return hits
	}
	d := ix.fileReadTool()
	if d < 0 {
		return hits
	}
	out := slices.Clone(hits)
	out[len(out)-1] = Hit{Doc: int(d), Server: ix.docs[d].Server, Tool: ix.docs[d].Tool, Score: hits[len(hits)-1].Score}
	return out
}

// fileReadTool returns the file backends' tool reading one file's text:
// a reading tool named for a file and for text, or -1.
func (ix *Index) fileReadTool() int32 {
	for _, s := range ix.fileSrv {
		for _, d := range ix.srvDocs[s] {
			ws := lowerWords(ix.docs[d].Tool)
			if ix.verbs[d]&verbRead != 0 && slices.Contains(ws, "file") && slices.Contains(ws, "text") {
				return d
			}
		}
	}
	return -1
}

// filePath reports whether a field is a file's path: one a path reads as
// (valueKindOf) that starts at the root, the home or the working
// directory, or of folders whose last part has an extension
// ("feature/react-19" is a branch, "appdb.users" a collection).
func filePath(f string) bool {
	f = strings.Trim(f, ",;:!?()[]{}<>\"'`")
	f = strings.TrimSuffix(f, ".")
	if valueKindOf(f) != kindPath {
		return false
	}
	if strings.HasPrefix(f, "/") || strings.HasPrefix(f, "./") || strings.HasPrefix(f, "~/") || strings.HasPrefix(f, "../") {
		return true
	}
	i := strings.LastIndexByte(f, '/')
	return i > 0 && strings.Contains(f[i+1:], ".")
}

// A step that hands over a backend's own URL to read it ("Take this
// Sentry issue https://acme.sentry.io/issues/4412098/ and file a GitLab
// issue with the stack trace", "look up https://acme.sentry.io/issues/4512/")
// asks for what the URL shows: the backend's tool fetching anything by
// its URL (a parameter named "url": get_sentry_resource) is first among
// its tools. urlFetchVerbs say to take what a URL shows.
var urlFetchVerbs = stemSet(`take pull grab fetch open check look get read show see`)

// urlFetch puts first among a backend's candidates its tool taking a URL
// when text carries a URL on the backend's host and asks to read it.
func (sc *scorer) urlFetch(text string, cands []int32) {
	if r107Off || !strings.Contains(text, "://") {
		return
	}
	ix := sc.ix
	var srvs []int32
	for _, f := range strings.Fields(text) {
		if strings.Contains(f, "://") {
			srvs = append(srvs, ix.urlHostServers(strings.Trim(f, "()<>\"'`,.;"))...)
		}
	}
	if len(srvs) == 0 {
		return
	}
	if v := requestVerb(text); v != "" && !urlFetchVerbs[v] && verbStems()[v]&verbRead == 0 {
		return
	}
	sc.firstOfBackends(cands, func(s int32) bool { return slices.Contains(srvs, s) }, ix.takesURL)
}

// takesURL reports whether tool d has a parameter named "url".
func (ix *Index) takesURL(d int32) bool {
	return slices.ContainsFunc(ix.docs[d].Params, func(p Param) bool { return strings.EqualFold(p.Name, "url") })
}

// repoAfterIn reports whether text says a file is "in" or "from" an
// owner/name pair ("read CONTRIBUTING.md in acme/widgets"): two plain
// segments, no extension, not from the root or the working directory.
func repoAfterIn(text string) bool {
	fs := strings.Fields(text)
	for i := 0; i+1 < len(fs); i++ {
		if p := strings.ToLower(fs[i]); p != "in" && p != "from" {
			continue
		}
		f := strings.Trim(fs[i+1], ",;:!?()[]{}<>\"'`.")
		parts := strings.Split(f, "/")
		if len(parts) == 2 && parts[0] != "" && parts[1] != "" && !strings.ContainsAny(f, ".~:") && isPlainLower(strings.ToLower(parts[0])) {
			return true
		}
	}
	return false
}

// copyVerbs carry a thing from one place to another.
var copyVerbs = setOf(`copy move mirror port transfer migrate duplicate clone`)

// splitCopy cuts a part that copies a thing from one backend into another
// ("Copy the LICENSE file from GitHub repo acme/core into GitLab project
// acme/core-mirror on main") into a read from the first and a write to
// the second: two backends' steps in one clause.
func (ix *Index) splitCopy(split []string, naming map[string]bool) []string {
	if r107Off || len(naming) == 0 {
		return split
	}
	var out []string
	for _, p := range split {
		ws := strings.Fields(p)
		if q := ix.splitPost(ws, naming); q != nil {
			out = append(out, q...)
			continue
		}
		if len(ws) < 5 || !copyVerbs[strings.ToLower(strings.Trim(ws[0], ",;:!?."))] {
			out = append(out, p)
			continue
		}
		from, into := -1, -1
		for i, w := range ws {
			switch strings.ToLower(w) {
			case "from":
				if from < 0 {
					from = i
				}
			case "into", "to":
				if from >= 0 && into < 0 {
					into = i
				}
			}
		}
		if from < 2 || into < from+2 || into+1 >= len(ws) {
			out = append(out, p)
			continue
		}
		src, dst := strings.Join(ws[from+1:into], " "), strings.Join(ws[into+1:], " ")
		if len(naming) < 2 || !namesBackendWord(src, naming) || !namesBackendWord(dst, naming) {
			out = append(out, p)
			continue
		}
		thing := strings.Join(ws[1:from], " ")
		out = append(out, "get "+thing+" from "+src, "commit "+thing+" to "+dst)
	}
	return out
}

// namesBackendWord reports whether text has a word naming a backend
// (naming: the stemmed words that name the request's backends).
func namesBackendWord(text string, naming map[string]bool) bool {
	for _, w := range lowerWords(text) {
		if naming[stem(w)] {
			return true
		}
	}
	return false
}

// postVerbs send a thing to a channel.
var postVerbs = setOf(`post send share drop`)

// splitPost cuts a part that posts a named backend's things to a chat
// channel ("Post a list of my GitLab merge requests that are still open
// into #code-review in our team chat") into reading them and posting
// them: the channel is another backend's. nil when ws is no such part.
func (ix *Index) splitPost(ws []string, naming map[string]bool) []string {
	if len(ws) < 5 || !postVerbs[strings.ToLower(ws[0])] {
		return nil
	}
	into := -1
	for i, w := range ws {
		if l := strings.ToLower(w); (l == "into" || l == "to" || l == "in") && i+1 < len(ws) && isChannel(strings.Trim(ws[i+1], ",;:!?.()")) {
			into = i
			break
		}
	}
	if into < 2 {
		return nil
	}
	thing := strings.Join(ws[1:into], " ")
	if !namesBackendWord(thing, naming) {
		return nil
	}
	return []string{"list " + thing, "post them " + strings.Join(ws[into:], " ")}
}

// loadRecordsInto matches "load <things> into" with no file between
// ("Load these 250 product records into the products collection"):
// loading things into a store inserts them; a file loaded into one is
// read first (loadInto, round93.go).
var loadRecordsInto = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(load|upload)((?: [^ ./]+){1,8}? into )`)
})

// withLoadInto rewrites loadRecordsInto's "load" as "insert".
func withLoadInto(query string) string {
	if r107Off || !containsFold(query, "load") {
		return query
	}
	return loadRecordsInto().ReplaceAllString(query, "insert$2")
}

// publicWords say a thing made readable by anyone: "publish the page to
// the web", "viewable by anyone who has the link", "give me the public
// link".
var publicWords = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:to the web|anyone (?:with|who has) the link|public(?:ly)? (?:link|url|page|accessible|viewable|visible)|viewable by anyone|visible to anyone)\b`)
})

// publicUndone reports whether a request asks a named backend to make a
// thing readable by anyone (publicWords) and no text of the backend's
// tools says "public" or "publish" (Notion's "pages shared with the
// integration" share with the integration, not with anyone).
func (ix *Index) publicUndone(query string, named []int32) bool {
	if r107Off || len(named) == 0 || !publicWords().MatchString(query) {
		return false
	}
	for _, s := range named {
		for _, w := range []string{"public", "publish"} {
			if ix.backendHasAny(s, stem(w)) {
				return false
			}
		}
	}
	return true
}
