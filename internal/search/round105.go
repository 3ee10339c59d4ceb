package search

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Round 105 (bench/retrieval-notes.md): rankings asked for without a
// verb.
//
// "pg: top 10 tables by size" and "10 slowest statements in
// pg_stat_statements" ask to read: a ranking of things, by a measure,
// said as the list wanted ("top", "the ten largest"), with no verb
// before it. A named backend's query tool answers it as it answers "list
// the ten largest tables"; before, without a verb of reading, the
// request reached no tool of the backend and read as "none".

// r105Off turns round 105's rules off (in the tests).
var r105Off bool

// superlatives are the measures a ranking is asked by: the usual
// adjectives of size, time, speed and amount (a word of English
// grammar, not of any request set).
var superlatives = setOf(`top bottom largest biggest smallest slowest fastest oldest newest latest
	longest shortest heaviest highest lowest busiest most least costliest priciest cheapest`)

// rankingRead reports whether the request, after a product's label
// ("pg: ..."), starts as a ranking with no verb: a superlative, or a
// number then a superlative ("top 10 tables by size", "10 slowest
// statements", "largest collections in analytics").
func rankingRead(query string) bool {
	if r105Off {
		return false
	}
	q := strings.TrimSpace(query)
	if i := strings.Index(q, ": "); i > 0 && len(strings.Fields(q[:i])) <= labelWords {
		q = q[i+2:]
	}
	ws := lowerWords(q)
	if len(ws) > 0 && ws[0] == "the" {
		ws = ws[1:]
	}
	if len(ws) > 1 && allDigits(ws[0]) {
		ws = ws[1:]
	}
	return len(ws) > 1 && superlatives[ws[0]]
}

// "What did people say under that message?" asks what was said: the
// messages to read, not one to post. A question whose verb of saying
// follows "what did" (or "do", "does", "have", "has") and its subject
// reads; "what should I say to Ann?" asks for words, and is left alone.
// Before, "say" made the request a post.

// sayVerbs are the verbs of saying something a product keeps.
var sayVerbs = setOf(`say said write wrote post posted reply replied comment commented answer answered mention mentioned`)

// saidQuestion reports whether query asks what was said: "what" (or
// "what else"), then did, do, does, have or has, a subject of up to
// three words and a verb of saying.
func saidQuestion(query string) bool {
	if r105Off {
		return false
	}
	ws := lowerWords(query)
	if len(ws) < 4 || ws[0] != "what" {
		return false
	}
	i := 1
	if ws[i] == "else" {
		i++
	}
	switch ws[i] {
	case "did", "do", "does", "have", "has":
	default:
		return false
	}
	for j := i + 2; j < len(ws) && j <= i+4; j++ {
		if sayVerbs[ws[j]] {
			return true
		}
	}
	return false
}

// A diagram pasted in Mermaid's syntax ("graph TD; api-->db",
// "sequenceDiagram; A->>B: hi") is a Mermaid diagram, as a URL is a URL:
// the tool taking Mermaid fits it, whatever the words around it.
// rewriteMermaid adds the word "mermaid" after the diagram's first
// keyword.

// mermaidStart matches the keyword a Mermaid diagram starts with: a
// flowchart's "graph" or "flowchart" and its direction, or a diagram
// type's name (Mermaid's syntax, not any request's words).
var mermaidStart = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:(?:graph|flowchart)\s+(?:TD|TB|BT|RL|LR)\b|(?:sequenceDiagram|classDiagram|stateDiagram(?:-v2)?|erDiagram|gitGraph|mindmap|quadrantChart|xychart-beta)\b)`)
})

// rewriteMermaid returns s with "mermaid" after a Mermaid diagram's
// first keyword.
func rewriteMermaid(s string) string {
	if r105Off || !strings.Contains(s, "graph") && !strings.Contains(s, "flowchart") && !strings.Contains(s, "Diagram") && !strings.Contains(s, "mindmap") && !strings.Contains(s, "Chart") && !strings.Contains(s, "xychart") && !strings.Contains(s, "gitGraph") {
		return s
	}
	loc := mermaidStart().FindStringIndex(s)
	if loc == nil {
		return s
	}
	return s[:loc[1]] + " mermaid" + s[loc[1]:]
}

// A URL of one page ("https://news.ycombinator.com/item?id=41234567",
// "https://acme.io/blog/2024/launch.html") asks for that page: a tool
// that crawls or maps a whole site from a URL does more than asked, and
// its description says to scrape a single page instead. Before, with no
// verb ("firecrawl <url> -> notes/hn.md"), a site's crawl and map
// outranked the page's scrape. A request that speaks of the site ("every
// page under", "the whole docs site", "crawl") keeps them.

// siteWords speak of a site's pages rather than one page.
var siteWords = setOf(`site sites website websites pages every all whole entire crawl crawling map mapping urls links sitemap under subpages`)

// siteToolWords name a tool that takes a site from its URL.
var siteToolWords = setOf(`crawl map`)

// pageURLFactor is what pageURL leaves a site tool's score.
const pageURLFactor = 0.85

// pageURL lowers, for a request whose one URL is of a single page and
// which speaks of no site, the tools that take a URL and are named for
// crawling or mapping a site.
func (sc *scorer) pageURL(query string, cands []int32) {
	if r105Off || !strings.Contains(query, "://") {
		return
	}
	page := false
	for _, f := range strings.Fields(query) {
		if !strings.Contains(f, "://") {
			continue
		}
		if page {
			return // two URLs: more than one page
		}
		if page = singlePageURL(strings.Trim(f, "()<>\"'`,;")); !page {
			return
		}
	}
	if !page {
		return
	}
	for _, w := range lowerWords(query) {
		if siteWords[w] {
			return
		}
	}
	ix := sc.ix
	for _, d := range cands {
		if ix.kinds[d]&kindURL == 0 {
			continue
		}
		for _, w := range lowerWords(ix.docs[d].Tool) {
			if siteToolWords[w] {
				sc.score[d] *= pageURLFactor
				break
			}
		}
	}
}

// singlePageURL reports whether u is the URL of one page: it has a query
// string, two or more path segments, or a last segment with a file's
// extension or a digit.
func singlePageURL(u string) bool {
	_, rest, ok := strings.Cut(u, "://")
	if !ok {
		return false
	}
	_, path, _ := strings.Cut(rest, "/")
	path, q, hasQ := strings.Cut(path, "?")
	path, _, _ = strings.Cut(path, "#")
	if hasQ && q != "" {
		return true
	}
	segs := strings.FieldsFunc(path, func(r rune) bool { return r == '/' })
	if len(segs) >= 2 {
		return true
	}
	if len(segs) == 1 {
		last := segs[0]
		return strings.Contains(last, ".") || strings.ContainsAny(last, "0123456789")
	}
	return false
}

// A street address in a request ("Kurfürstendamm 21, Berlin", "221B
// Baker St", "1600 Amphitheatre Parkway") is a value of its own kind, as
// coordinates are: a place, which a tool taking an address, a location,
// an origin or a destination fits (queryTokensKinds notes it as
// coordinates are noted). So "where exactly is Kurfürstendamm 21,
// Berlin" reads as a request about a place (a geocode) rather than a
// question about a thing called Kurfürstendamm.

// streetAddress matches a house number and a street with its usual
// suffix ("221B Baker St", "10 Downing Street", "1600 Amphitheatre
// Parkway"), or a street named in one word with a German, Dutch or
// French street suffix and its number ("Kurfürstendamm 21",
// "Friedrichstraße 43"): the forms of postal addresses, not of any
// request set.
var streetAddress = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b\d{1,5}[A-Za-z]?\s+(?:\p{Lu}[\p{L}'.-]*\s+){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Ln|Lane|Dr|Drive|Way|Pkwy|Parkway|Pl|Place|Sq|Square|Ct|Court|Ter|Terrace|Hwy|Highway)\b|\b\p{Lu}\p{Ll}+(?:straße|strasse|damm|weg|platz|gasse|allee|ring|ufer|gracht|straat|laan|plein)\s+\d{1,4}[a-z]?\b`)
})

// hasAddress reports whether query carries a street address that is
// the request's place itself: not one things are searched near ("Find
// electricians near 221B Baker Street": the search's location).
func hasAddress(query string) bool {
	if r105Off || !strings.ContainsAny(query, "0123456789") || !streetAddress().MatchString(query) {
		return false
	}
	for _, w := range lowerWords(query) {
		if nearWords[w] {
			return false
		}
	}
	return true
}

// nearWords say that things are searched for around a place.
var nearWords = setOf(`near nearby nearest closest around within`)

// "News on the EU AI Act", "the US market": an acronym of a place or a
// union of places is no technology (foreignAcronym), whatever word tools
// use follows it.

// placeAcronyms are the acronyms of countries, unions and cities most
// often written in English text.
var placeAcronyms = setOf(`eu us usa uk un uae nyc sf la apac emea latam`)

// placeAcronym reports whether f is one of placeAcronyms.
func placeAcronym(f string) bool {
	return !r105Off && placeAcronyms[strings.ToLower(f)]
}

// "In Sentry, could you delete the project 'legacy-ios'?": a phrase of
// where the request is done, then the request. Its verb and object are
// the request's after the comma; before, "In Sentry" hid the verb, and
// no rule saw that no Sentry tool deletes a project.

// scopePrepositions start a phrase saying where a request is done.
var scopePrepositions = setOf(`in inside within`)

// askingLead matches the asking before a request's verb ("could you
// please", "please").
var askingLead = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+)`)
})

// afterScope returns the request after a leading phrase of scope: a
// preposition of scopePrepositions, at most three words and a comma; ""
// when query does not start so.
func afterScope(query string) string {
	if r105Off {
		return ""
	}
	q := strings.TrimSpace(query)
	fs := strings.Fields(q)
	if len(fs) < 3 || !scopePrepositions[strings.ToLower(fs[0])] {
		return ""
	}
	for i := 1; i < len(fs) && i <= 3; i++ {
		if !strings.HasSuffix(fs[i], ",") {
			continue
		}
		rest := strings.Join(fs[i+1:], " ")
		// An imperative or an asking follows, not a question ("In our
		// Postgres database, how many invoices ...").
		if m := askingLead().FindStringIndex(rest); m != nil {
			return rest
		}
		if rw := lowerWords(rest); len(rw) > 0 && (verbWord(rw[0]) || changeFirst(rest)) {
			return rest
		}
		return ""
	}
	return ""
}

// verbWord reports whether w (lowercase) is a verb: of the families or
// WordNet (isVerb), an operation of its own ("merge", "pin") or a verb
// as often a noun ("comment", "link").
func verbWord(w string) bool {
	t := stem(w)
	return isVerb(w) || operationVerb(t) || leadVerbs()[t] != 0
}

// "Please, can you renew the TLS certificate for api.acme.io? It
// expires in two days and certbot keeps failing.": the sentences after
// the request say why, and are no steps of a task. Each had been ranked
// as a step ("It expires in two days": a key's expiry in Redis), passed,
// and spared the request's own step, which no tool serves.

// statementStarts are subjects a statement starts with: a step starting
// so says something rather than asks.
var statementStarts = setOf(`it its this that they he she we i our my there`) // lowerWords splits "it's" into "it", "s"

// stepStatement reports whether a task's step (its own words) is a
// statement: it starts with one of statementStarts and a verb that is
// no request's follows ("it expires", "certbot keeps failing" is not
// caught: its subject is a name).
func stepStatement(step string) bool {
	if r105Off {
		return false
	}
	ws := lowerWords(step)
	if len(ws) < 2 || !statementStarts[ws[0]] {
		return false
	}
	// "it" then a base-form verb is a request's object ("... and then
	// pin it"): only a statement's inflected verb counts.
	return strings.HasSuffix(ws[1], "s") && !strings.HasSuffix(ws[1], "ss") || ws[0] != "it" && ws[0] != "this" && ws[0] != "that" && ws[0] != "they"
}

// askedSteps counts the steps of info that are no statements after the
// first (a statement first says what the request is about, "There's a
// workflow running ... cancel it", and is judged as a step).
func askedSteps(info []clause) int {
	n := 0
	for i, c := range info {
		if i == 0 || !stepStatement(c.step) || stepStatement(info[0].step) {
			n++
		}
	}
	return n
}

// "slack: queue 'standup in 5' to go out Monday 9:00 in #standup", "send
// it to #standup on Slack at 9:00 on Monday": a message to send at a time
// to come is a message scheduled, an operation of its own, which a
// product without a tool that schedules does not do. Before, the time
// was only the message's words, and Slack's post served it.

// laterSendVerbs send or post a message.
var laterSendVerbs = stemSet(`send post queue publish announce message`)

// weekdays and laterWords name a time to come.
var (
	weekdays   = setOf(`monday tuesday wednesday thursday friday saturday sunday`)
	laterWords = setOf(`tomorrow tonight later`)
)

// messageMarker matches a word starting what a message says.
var messageMarker = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:that|saying|says|about|telling|reading)\b`)
})

// clockTime matches a time of day ("9:00", "9am", "10.30 pm").
var clockTime = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?\s?(?:am|pm)\b|\b(?:[01]?\d|2[0-3]):[0-5]\d\b`)
})

// sendLater reports whether query asks to send a message at a time to
// come: its request verb sends (laterSendVerbs), and outside quotes it says a
// weekday or "tomorrow", "tonight", "later" after "on", "at", "for",
// "out" or "next", or a time of day.
func sendLater(query string) bool {
	if r105Off {
		return false
	}
	v, _ := requestVerbPlace(query)
	if v == "" {
		// "queue ...": a verb as often a noun starts the request.
		if rw := lowerWords(requestPart(query)); len(rw) > 0 {
			v = stem(rw[0])
		}
	}
	if !laterSendVerbs[v] {
		return false
	}
	q, _ := protectQuotes(query)
	if m := messageMarker().FindStringIndex(q); m != nil {
		// "... that the office is closed on Friday": the message's
		// own words.
		q = q[:m[0]]
	}
	ws := lowerWords(q)
	for i, w := range ws {
		if laterWords[w] {
			return true
		}
		if weekdays[w] && i > 0 {
			switch ws[i-1] {
			case "on", "for", "out", "next", "at", "by", "until", "this":
				return true
			}
		}
	}
	return clockTime().MatchString(q)
}

// laterUndone reports whether a request naming backends sends a message
// later (sendLater) and none of them schedules anything.
func (ix *Index) laterUndone(query string, named []int32) bool {
	if len(named) == 0 || !sendLater(query) {
		return false
	}
	for _, s := range named {
		if !ix.stepVerbUndone(s, stem("schedule")) {
			return false
		}
	}
	return true
}

// "hubspot contacts 8812 and 9931 are the same person, merge them into
// one": a task whose first step states what its things are (a form of
// "be", no verb of a request) and whose later step asks an operation of
// their product is judged as one whose first step acts
// (laterStepUndone): no HubSpot tool merges. Before, a first step
// without an action made the rule pass the task by.

// statedFirst reports whether the first step of info is a statement: no
// request verb and a form of "be" ("X and Y are the same person").
func statedFirst(info []clause) bool {
	if r105Off || len(info) < 2 {
		return false
	}
	first := info[0].text // the step with the values joined to it
	if v, _ := requestVerbPlace(first); v != "" || isQuestion(first) {
		return false
	}
	for _, w := range lowerWords(first) {
		if copulas[w] && w != "s" {
			return true
		}
	}
	return false
}

// "Rotate the JWT secret of Supabase project abcd1234" (six times in the
// sets): Supabase's get_publishable_keys says "... recommended for new
// applications due to better security and independent rotation" in its
// second sentence, within the thirty terms of its lead, and so rotating
// read as an operation Supabase does. An operation a tool does is said
// in its description's first sentence (or its name, its title, a
// parameter's text): backendSaysOp asks a lead term to be there too.

// buildFirstSaid notes, for each tool, the ids of the index's terms its
// name, title and first sentence say (a sorted list: a map per tool
// cost 7 MiB over 10,000 tools).
func (ix *Index) buildFirstSaid() {
	ix.firstSaid = make([][]int32, len(ix.docs))
	for i := range ix.docs {
		d := &ix.docs[i]
		var ids []int32
		first := ""
		if ss := sentences(d.Description); len(ss) > 0 {
			first = ss[0]
		}
		for _, f := range []string{d.Tool, d.Title, first} {
			for _, w := range lowerWords(f) {
				if id, ok := ix.tools.lookup(stem(w)); ok {
					ids = append(ids, id)
				}
			}
		}
		slices.Sort(ids)
		ix.firstSaid[i] = slices.Clip(slices.Compact(ids))
	}
}

// saidFirst reports whether doc's name, title or first sentence says v
// (a stem); with r105Off any lead term does.
func (ix *Index) saidFirst(doc int32, v string) bool {
	if r105Off {
		return true
	}
	id, ok := ix.tools.lookup(v)
	if !ok {
		return false
	}
	_, found := slices.BinarySearch(ix.firstSaid[doc], id)
	return found
}

// "Delete the directory old-builds/ with the filesystem tools", "using
// the filesystem server": a backend's whole name before "server",
// "tools" or "MCP" names it, even a word many tools use ("filesystem",
// "memory"), as one after a preposition does.

// serverNouns say that the word before them is an MCP server's name.
var serverNouns = setOf(`server servers tools mcp backend`)

// serverWordAfter reports whether the word after ws[i] is a serverNoun
// and ws[i] no indefinite pronoun: "everything" names the everything
// server by its other rules, and held to a named backend's it lost its
// toggles ("the simulated resource-update notifications on the
// everything server").
func serverWordAfter(ws []string, i int) bool {
	return !r105Off && i+1 < len(ws) && serverNouns[ws[i+1]] && !indefinitePronouns[ws[i]]
}

// indefinitePronouns are pronouns some servers are named for.
var indefinitePronouns = setOf(`everything anything something nothing`)

// "Move Linear issue ENG-142 to In Progress", "linear move ENG-42 to
// done", "create a Linear issue for the flaky login test": a product
// named by an ordinary word (round 74 left "linear" out of its lists on
// purpose: "a linear scale") is the product where the word names a
// thing it keeps after it, or labels the request before its verb.

// plainWordProducts are products named by an ordinary word, each with
// the things they keep.
var plainWordProducts = map[string]map[string]bool{
	"linear": setOf(`issue issues ticket tickets project projects cycle cycles team teams workspace board`),
}

// plainWordProduct returns the product of plainWordProducts query names:
// its word before a thing it keeps, or first and before a verb; "" when
// none.
func plainWordProduct(query string) string {
	if r105Off {
		return ""
	}
	ws := lowerWords(query)
	for i, w := range ws {
		things, ok := plainWordProducts[w]
		if !ok || i+1 >= len(ws) {
			continue
		}
		if things[ws[i+1]] || i == 0 && verbWord(ws[1]) {
			return w
		}
	}
	return ""
}
