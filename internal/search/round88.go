package search

import (
	"strings"
)

// Round eighty-eight: a served product asked for something outside what
// its tools cover, said with an object its tools pass near ("Set up an
// incoming webhook for #alerts in Slack", "Change the message retention
// policy of our Slack workspace", "Add a repository secret to acme/web on
// GitHub"): a generic word of the request (set, add, channel, repo)
// matches a tool, and the rules reading the verb find one that does it.

// r88Off, when set (tests), turns round eighty-eight's rule off.
var r88Off bool

// facetWords are the things around what a product holds that its MCP
// tools, when they serve them, say by name: its settings (a retention
// policy, an eviction policy, a webhook, an integration, a custom domain,
// SMTP), its plan and billing, the roles and permissions of its people,
// its operation (backups, replication, sharding, persistence) and its
// export formats. Each is the word's stem with the terms a tool serving
// it would say (the word itself is always one). The hand-written synonyms
// are left out: they are too broad here ("plan" would be served by a
// pipeline's words). A facet marked inner is
// one a tool running arbitrary code or SQL does as well (a role, a
// permission, a backup, a variable); the others are the vendor's own
// settings, which no such tool reaches.
var facetWords = func() map[string]facet {
	m := map[string]facet{}
	add := func(inner bool, ws string, also ...string) {
		for _, w := range strings.Fields(ws) {
			f := facet{inner: inner, terms: []string{stem(w)}}
			for _, a := range also {
				f.terms = append(f.terms, stem(a))
			}
			m[stem(w)] = f
		}
	}
	add(false, "retention", "retain")
	add(false, "webhook webhooks", "webhook")
	add(false, "integration integrations", "integration", "integrate")
	add(false, "billing", "bill", "cost", "charge")
	add(false, "invoice invoices", "invoice", "bill")
	add(false, "subscription", "subscribe")
	add(false, "pricing price", "price", "cost", "charge")
	add(false, "plan", "tier")
	add(false, "tier", "plan")
	add(false, "domain", "dns")
	add(false, "smtp")
	add(false, "sso saml", "sso", "saml")
	add(false, "favourite favourites favorite favorites", "favorite", "favourite", "bookmark", "save")
	add(false, "alert alerts alerting", "alert") // round103.go: "a Sentry alert rule"
	add(false, "credit credits quota", "credit", "quota")
	// round106.go: a service's own running (the memory and CPU it
	// uses, how long it has been up), a place's time zone and an
	// account's password.
	add(false, "memory ram", "memory", "maxmemory", "ram")
	add(false, "cpu uptime")
	add(false, "timezone")
	add(false, "password passwords", "password", "credential")
	add(false, "campaign campaigns newsletter newsletters", "campaign", "newsletter")
	add(true, "reviewer reviewers", "reviewer")
	add(true, "guest guests", "guest")
	add(true, "role", "permission")
	add(true, "permission permissions", "permission", "role", "access")
	add(true, "collaborator collaborators", "collaborator", "member", "permission")
	add(true, "editor viewer", "permission", "role", "access")
	add(true, "secret secrets", "secret")
	add(true, "variable variables", "variable", "env")
	add(true, "backup backups", "backup", "snapshot", "dump")
	add(true, "replication replica", "replica", "replication", "replicate")
	add(true, "sharding shard", "shard", "sharding")
	add(true, "eviction", "evict", "maxmemory")
	add(true, "persistence", "persistence", "persist", "aof")
	add(true, "protection", "protect")
	add(true, "pdf csv xlsx docx")
	for _, w := range words("pdf csv xlsx docx") {
		f := m[stem(w)]
		f.format = true
		m[stem(w)] = f
	}
	return m
}()

// facet is a word of facetWords.
type facet struct {
	inner bool
	// format: a file format, a facet only as what a thing is made into
	// ("export the page as a PDF"), not as what a request brings ("from
	// this CSV")
	format bool
	terms  []string
}

// facetCarriers are the words that may follow a facet's word in its
// phrase with the facet still the thing asked of: "the retention policy",
// "an incoming webhook URL", "SMTP settings", "a nightly backup
// schedule". Any other word after it is the thing ("the billing bug",
// "webhook failures").
var facetCarriers = stemSet(`policy policies period setting settings rule rules url urls schedule config configuration options option plan tier subscription level access`)

// settingVerbs open a request for a setting, whatever follows them.
var settingVerbs = stemSet(`setup configure enable disable upgrade downgrade turnon turnoff`)

// textVerbs carry a text whose words are no object of the request
// ("Post the launch plan to #general on Slack").
var textVerbs = stemSet(`post send message write comment reply note tell say announce ask store remember record`)

// facetUndone reports whether a one-step request naming one product asks
// it of a facet (facetWords) that no text of the product's tools says,
// parameters and learned words included: the facet's word heads the
// request's object or the phrase after "to" or "as" ("Upgrade our Slack
// workspace to the Pro plan", "Share the Notion page with alice as an
// editor"). A product with a tool running code or SQL, or an action
// parameter listing nothing, does the facets inside it.
func (ix *Index) facetUndone(query string, naming map[string]bool, named []int32) bool {
	if r88Off || len(named) == 0 || !ix.oneNamed(named) {
		return false
	}
	found := facetsAsked(query, naming)
	if len(found) == 0 {
		return false
	}
	for _, f := range found {
		if ix.facetServed(f, named) {
			return false
		}
	}
	return true
}

// facetsAsked returns the facets (facetWords) a request asks its product
// of: the heads of its object and of the phrases after "to" and "as".
func facetsAsked(query string, naming map[string]bool) []facet {
	q := howTo(requestPart(operationRequest(query)))
	v, _ := requestVerbPlace(q)
	if v == "" {
		// "Set up replication for the MongoDB cluster", "Configure
		// SMTP settings ...": a verb of settings first, its object
		// bare.
		if ws := strings.Fields(strings.ToLower(rewritePhrases(q))); len(ws) > 0 && settingVerbs[stem(strings.Trim(ws[0], ".,;:!?\"'`"))] {
			v = stem(strings.Trim(ws[0], ".,;:!?\"'`"))
		}
	}
	if v == "" && !r106Off {
		// "How many Firecrawl credits do I have left?" (round106.go)
		return questionFacets(q, naming)
	}
	if v == "" || textVerbs[v] {
		return nil
	}
	var found []facet
	phrases := [][]string{requestObject(q, v, naming)}
	if !namingVerbs[v] && toThing(q) {
		phrases = append(phrases, requestObject(q, "to", naming))
	}
	if asThing(q) {
		phrases = append(phrases, requestObject(q, "as", naming))
	}
	for _, phrase := range phrases {
		found = append(found, phraseFacets(phrase)...)
	}
	found = append(found, acronymFacets(q)...)
	return found
}

// phraseFacets returns the facets (facetWords) a phrase's stemmed words
// ask of: a facet's word at the phrase's end, or before another facet's
// word or a carrier ("the retention policy").
func phraseFacets(phrase []string) []facet {
	var found []facet
	for i, w := range phrase {
		f, ok := facetWords[w]
		if !ok {
			continue
		}
		if i+1 < len(phrase) {
			if _, next := facetWords[phrase[i+1]]; !next && !facetCarriers[phrase[i+1]] {
				continue
			}
		}
		found = append(found, f)
	}
	return found
}

// acronymFacets returns the facets a request says in capitals ("Configure
// SMTP settings", "Export the page as a PDF"), which requestObject reads
// as names: a word of capitals outside quotes whose lowercase is a facet,
// at the end of its phrase or before a carrier.
func acronymFacets(q string) []facet {
	var out []facet
	ws := strings.Fields(q)
	quoted := false
	for i, w := range ws {
		if quoted {
			quoted = !closesQuote(w)
			continue
		}
		if strings.ContainsAny(w[:1], "'\"`") {
			quoted = !closesQuote(w[1:])
			continue
		}
		t := strings.Trim(w, ".,;:!?()[]{}<>")
		if len(t) < 2 || strings.ToUpper(t) != t || strings.ToLower(t) == t {
			continue
		}
		f, ok := facetWords[stem(strings.ToLower(t))]
		if !ok || f.format && !madeInto(ws[:i]) {
			continue
		}
		if t != strings.TrimRight(w, ")") || i+1 == len(ws) {
			out = append(out, f)
			continue
		}
		next := strings.ToLower(strings.Trim(ws[i+1], ".,;:!?()[]{}<>\"'`"))
		if objectEnds[next] || facetCarriers[stem(next)] {
			out = append(out, f)
		}
	}
	return out
}

// namingVerbs take a name or a place after "to" ("Rename the collection
// to backups", "Move the page to Billing plans"), no facet.
var namingVerbs = stemSet(`rename move copy name title call retitle relabel`)

// toThing reports whether the request's first "to" opens a thing's
// phrase ("to the Pro plan", "to our Google Drive integration"), a
// determiner or possessive after it: a bare word after "to" is a value
// the thing is set to ("Change the label to billing").
func toThing(q string) bool {
	ws := strings.Fields(strings.ToLower(rewritePhrases(q)))
	for i, w := range ws[:max(len(ws)-1, 0)] {
		if w == "to" {
			return objectStarts[ws[i+1]]
		}
	}
	return false
}

// asThing reports whether the request's first "as" says what a thing or
// person is to be ("as an editor", "as a collaborator"), an article after
// it: "close the issue as not planned" says how.
func asThing(q string) bool {
	ws := strings.Fields(strings.ToLower(rewritePhrases(q)))
	for i, w := range ws[:max(len(ws)-1, 0)] {
		if w == "as" {
			return articles[ws[i+1]]
		}
	}
	return false
}

// articles are the words that open a noun phrase after "as".
var articles = setOf(`a an the`)

// facetServed reports whether a named backend may serve facet f: some
// text of its tools says one of its terms, or more than one labelled
// request for one of its tools used one (learnedRepeated: since round 110
// the table learns from requests enough that one request's word, "the
// alerts" of a request to search Sentry's issues, is no facet the tool
// serves), or it runs code or SQL and f is inner, or it takes an action
// parameter listing nothing.
func (ix *Index) facetServed(f facet, named []int32) bool {
	for _, s := range named {
		if ix.srvOpen[s] || f.inner && ix.runsAnything(s) {
			return true
		}
		for _, t := range f.terms {
			if ix.backendHasAny(s, t) {
				return true
			}
		}
		ws := ix.srvLearnedRepeated(s)
		for _, t := range f.terms {
			if ws[t] {
				return true
			}
		}
	}
	return false
}

// runsAnything reports whether backend s has a tool taking SQL or code to
// run (Postgres's query, Supabase's execute_sql, a browser's evaluate).
func (ix *Index) runsAnything(s int32) bool {
	for _, d := range ix.srvDocs[s] {
		if paramKinds(&ix.docs[d])&kindSQL != 0 {
			return true
		}
		for _, p := range ix.docs[d].Params {
			// the parameter named for the code itself, not a
			// setting about it ("focusOnUserCode",
			// "code_owner_approval_required")
			if ws := nameWordsCased(p.Name); len(ws) == 1 && codeParams[ws[0]] {
				return true
			}
		}
	}
	return false
}

// codeParams name a parameter taking code or a query to run.
var codeParams = setOf(`sql code script function expression`)

// madeInto reports whether the words before a format say what a thing is
// made into: "as", "to", "into", or "as a" / "as an" right before it.
func madeInto(before []string) bool {
	n := len(before)
	if n == 0 {
		return false
	}
	last := strings.ToLower(before[n-1])
	if last == "a" || last == "an" {
		return n >= 2 && strings.ToLower(before[n-2]) == "as"
	}
	return last == "as" || last == "to" || last == "into"
}

// howToOpeners ask how to do a thing rather than to do it.
var howToOpeners = []string{"how do i ", "how can i ", "how do we ", "how can we ", "how to ", "is it possible to ", "can i ", "can we "}

// howTo returns the ask of a request asking how to do it ("How do I add a
// webhook to a GitHub repo?": "add a webhook to a GitHub repo?"), else q.
func howTo(q string) string {
	l := strings.ToLower(strings.TrimSpace(q))
	for _, o := range howToOpeners {
		if strings.HasPrefix(l, o) {
			return strings.TrimSpace(q)[len(o):]
		}
	}
	return q
}
