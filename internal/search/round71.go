package search

import (
	"slices"
	"strings"
)

// Round seventy-one: "none" for a request naming a product we serve for
// an action none of its tools does.
//
// A reading tool's action parameter is a filter. zereight-gitlab's
// list_events and get_project_events take an "action" that selects which
// events are listed ("returns events with the specified action type"),
// list_todos one that selects which to-dos (assigned, mentioned,
// build_failed, ...): they list, whatever the value. Round sixty-seven
// read such a parameter listing no values as one that does anything, and
// with it the whole backend (srvOpen), so that "archive the GitLab
// project", "retry pipeline 5521 in GitLab" and "restore the deleted
// gitlab issue" were answered. A tool named for reading only (nameVerb:
// list, get, search, ...) now takes no action parameter (filterAction),
// and its backend is judged by its other tools, as any backend is.

// filterAction reports whether tool i's action parameters are filters:
// its name starts with a verb of reading and says no other action
// (list_events, get_project_events; not azure-devops's repo_pull_request,
// whose "pull" is no verb of its name).
func (ix *Index) filterAction(i int) bool {
	ws := lowerWords(ix.docs[i].Tool)
	return ix.verbs[i] == verbRead && len(ws) > 0 && verbStems()[stem(ws[0])] == verbRead
}

// Opening the backend puts GitLab's answerable requests under the object
// rule, which did not know two of its ways of naming an action:
//
// A tool named for marking its thing done (mark_todo_done,
// mark_all_todos_done) ends it: it clears, closes, dismisses, finishes,
// completes, resolves, ticks or checks off the thing ("Close to-do 7781
// on GitLab", "clear all my gitlab todos", "dismiss gitlab todo item
// 4410"). endsThing answers for a tool, in toolDoes and toolDoesOwn, and
// backendDoes for a backend having one.
//
// A tool named "un" and a verb (unprotect_branch, unapprove_merge_request)
// removes the thing that verb names: "remove branch protection", "remove
// protection from branch staging" (the object's head "protection" stems
// to the verb's "protect"). undoneBy answers in the object rule for a
// verb of deleting whose object is that thing.

// endVerbs are the verbs a tool marking its thing done does.
var endVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("clear close dismiss finish complete resolve tick check done mark acknowledge") {
		m[stem(w)] = true
	}
	return m
}()

// doneWord is the stem of the word that names a tool for marking its
// thing done.
var doneWord = stem("done")

// endsThing reports whether tool d is named for marking its thing done
// and v is a verb of ending it.
func (ix *Index) endsThing(d int32, v string) bool {
	if !endVerbs[v] {
		return false
	}
	for _, w := range lowerWords(ix.docs[d].Tool) {
		if stem(w) == doneWord {
			return true
		}
	}
	return false
}

// srvEnds reports whether some tool of backend s ends its thing by v.
func (ix *Index) srvEnds(s int32, v string) bool {
	if !endVerbs[v] {
		return false
	}
	for _, d := range ix.srvDocs[s] {
		if ix.endsThing(d, v) {
			return true
		}
	}
	return false
}

// undoneBy reports whether a tool of backend s is named "un" and obj, a
// verb's stem (unprotect_branch for "protection"): it removes obj.
func (ix *Index) undoneBy(s int32, obj string) bool {
	if obj == "" {
		return false
	}
	for _, d := range ix.srvDocs[s] {
		for _, w := range lowerWords(ix.docs[d].Tool) {
			if stem(w) == "un"+obj || !r107Off && stem(w) == "dis"+obj {
				// "disconnect" ends a connection (round107.go)
				return true
			}
		}
	}
	return false
}

// A thing the request names by its path ("Attach the diagram
// /tmp/arch.svg to acme/api on GitLab") is a file, whatever it calls it:
// a backend with a tool taking a path may have it though no text of it
// says "diagram" (upload_markdown). pathNamed answers for the object
// rule's unmentioned.
func (ix *Index) pathNamed(query string, h objectHead, named []int32) bool {
	ws := strings.Fields(strings.ToLower(query))
	for i := 0; i+1 < len(ws); i++ {
		if stem(strings.Trim(ws[i], ".,;:!?()\"'`")) != h.word || !isPath(strings.TrimRight(ws[i+1], ".,;:!?)\"'`")) {
			continue
		}
		for _, s := range named {
			if ix.srvKinds[s]&kindPath != 0 {
				return true
			}
		}
	}
	return false
}

// plainNoun reports whether f, the word after a quoted name inside an
// object's phrase, continues the phrase as its noun ("the unused 'old-ui'
// ticket tag in acme/api": the thing is a tag, not "unused"): a lowercase
// word, no value, preposition, stop word or backend's name.
func plainNoun(f string, naming map[string]bool) bool {
	lw := strings.Trim(f, ".,;:!?()[]{}<>")
	if lw == "" || strings.IndexFunc(lw, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
		return false
	}
	return !clauseEnds[lw] && !headPrepositions[lw] && !meansPrepositions[lw] && !naming[stem(lw)] &&
		!objectStarts[lw] && !stopWords[lw] && !nameFollows[lw] && lw != "a" && lw != "an"
}

// A tool about the server's tools (zereight-gitlab's discover_tools:
// "Available categories: ... pipelines, milestones, wiki, releases, tags,
// ... webhooks ... variables"; n8n's tools_documentation) names things
// whose tools are not among those served: the categories it would
// activate are not loaded, and documentation of the tools says nothing a
// tool does. Its text is no evidence that its backend does a verb or
// knows a thing (backendHas, backendHasAny, onlyParam): "Create a
// milestone in the GitLab project", "publish a GitLab release", "add a
// webhook". Its own score is untouched.

// toolsWord is the stem of the word that names a tool about tools.
var toolsWord = stem("tools")

// buildAboutTools marks the tools named for the server's tools.
func (ix *Index) buildAboutTools() {
	ix.aboutTools = make([]bool, len(ix.docs))
	for i := range ix.docs {
		for _, w := range lowerWords(ix.docs[i].Tool) {
			if stem(w) == toolsWord {
				ix.aboutTools[i] = true
			}
		}
	}
}

// A verb of deleting that a tool says only in the name of a parameter
// acting on something else is not done to the tool's thing:
// zereight-gitlab's update_project takes remove_source_branch_after_merge
// (the merged branch is removed, not the project), so "Delete the GitLab
// project acme/throwaway" is served by none of its project tools. A
// parameter named for the state alone ("in_trash", "archived", Notion's
// patch-page) still does it. deletesOther answers for the object rule.
func (ix *Index) deletesOther(d int32, v string, f verbFamily) bool {
	if f&verbDelete == 0 || ix.verbs[d]&verbDelete != 0 || ix.nameVerbs[d] == v {
		return false
	}
	terms := map[string]bool{}
	for _, t := range verbTerms(v) {
		terms[t] = true
	}
	for t := range terms {
		id, ok := ix.tools.lookup(t)
		if !ok {
			continue
		}
		for _, p := range ix.tools.post[id] {
			if p.doc == d && p.core {
				return false // its name or description says it
			}
		}
	}
	if _, does := ix.opsDo(d, v, f); does {
		return false
	}
	other := false
	for _, p := range ix.docs[d].Params {
		ws := camelWords(p.Name)
		named := false
		for i, w := range ws {
			if terms[stem(w)] {
				if i == len(ws)-1 {
					return false // "remove": the thing's own state
				}
				named = true
			}
		}
		if named {
			other = true
			continue
		}
		for _, w := range lowerWords(p.Description) {
			if terms[stem(w)] {
				return false // a parameter saying it of the thing
			}
		}
	}
	return other
}

// createdUnnamed reports whether the request creates a thing (heads[0])
// that no tool of the named backends is named for, nor any word of its
// phrase, and that no tool of theirs changing something mentions in its
// name or description: "Create a milestone called 'Sprint 14' in the
// GitLab project", "Create an alert rule in Sentry", "Add a deploy key to
// the GitLab project". A backend names what it creates (create_issue,
// create_label, create_team); a thing only its reading tools or its
// parameters mention is not one it makes.
func (ix *Index) createdUnnamed(query, v string, heads []objectHead, named []int32) bool {
	if !createVerbs[v] || len(heads) == 0 || heads[0].means || actionNoun(heads[0].word) {
		return false
	}
	h := heads[0]
	if ix.pathNamed(query, h, named) || !headEnds(query, h) {
		return false
	}
	// round75.go: "new", "extra" name no thing
	for _, s := range named {
		phrase := append([]string{h.word}, withoutModifiers(h.rest)...)
		if ix.foreignThing(s, h.word) {
			// round104.go: "a MongoDB database user" is a user
			phrase = phrase[:1]
		}
		if ix.srvOpen[s] || len(ix.objectToolsOrLead(s, h.word)) > 0 || ix.anyObjectTools(s, phrase[1:]) {
			return false
		}
		var terms []string
		for _, w := range phrase {
			terms = append(terms, objectTerms(w)...)
			// the product's own noun: an Azure DevOps sprint is
			// an iteration, a bug a work item (productVocab)
			terms = append(terms, ix.productMeans(s, w)...)
		}
		if ix.anyObjectTools(s, terms) {
			return false
		}
		for _, d := range ix.srvDocs[s] {
			for _, t := range terms {
				if ix.docOps[d].words[t] {
					return false // an operation's value names it (createTable)
				}
			}
			if ix.verbs[d]&^verbRead != 0 && enumNames(&ix.docs[d], terms) {
				return false // a kind it makes (create_issue's issue_type incident)
			}
		}
		for _, t := range terms {
			id, ok := ix.tools.lookup(t)
			if !ok {
				continue
			}
			for _, p := range ix.tools.post[id] {
				d := p.doc
				if p.core && ix.docServer[d] == s && !ix.aboutTools[d] && ix.verbs[d]&^verbRead != 0 {
					return false
				}
			}
		}
	}
	return true
}

// createVerbs make a new thing; adding, inserting, appending, writing,
// sending or giving put content into a thing named after them ("add a
// row to the data table", "append a paragraph to the page"), and "make"
// often makes a thing something ("make develop the default branch").
var createVerbs = stemSet("create publish setup establish")

// headEnds reports whether the object's phrase ends at its head h in the
// query: after it, and after at most one value naming it ("the GitHub
// release v3.1.0"), comes a preposition, a word introducing its name or a
// clause, a quoted name or the request's end, not more words of the
// phrase ("a priority 1 test case": the thing is a test case).
func headEnds(query string, h objectHead) bool {
	fs := strings.Fields(rewritePhrases(query))
	for i, raw := range fs {
		w := strings.ToLower(strings.Trim(raw, ".,;:!?()[]{}<>\"'`"))
		if w == "" || stem(w) != h.word {
			continue
		}
		if strings.ContainsAny(raw[len(raw)-1:], ".,;:!?") || i+1 == len(fs) {
			return true
		}
		j := i + 1
		if n := strings.ToLower(strings.Trim(fs[j], ".,;:!?()[]{}<>")); strings.ContainsAny(n, "0123456789/_:.#@$\\-") {
			if strings.ContainsAny(fs[j][len(fs[j])-1:], ".,;:!?") || j+1 == len(fs) {
				return true
			}
			j++
		}
		n := strings.ToLower(strings.Trim(fs[j], ".,;:!?()[]{}<>"))
		return headPrepositions[n] || meansPrepositions[n] || nameFollows[n] || clauseEnds[n] || strings.ContainsAny(n[:min(1, len(n))], "\"'`")
	}
	return false
}

// enumNames reports whether a value some parameter of doc d lists has
// one of terms among its words: a kind of thing the tool makes or sets
// ("Open an incident in GitLab project web/app": create_issue's
// issue_type lists incident).
func enumNames(d *Doc, terms []string) bool {
	for _, p := range d.Params {
		for _, v := range p.Enum {
			for _, w := range camelWords(v) {
				if slices.Contains(terms, stem(w)) {
					return true
				}
			}
		}
	}
	return false
}

// productMeans returns the stemmed words backend s's tools use for w, a
// stemmed word users say for a thing of the product (productVocab's
// lines holding for s, and those for every backend).
func (ix *Index) productMeans(s int32, w string) []string {
	var out []string
	for _, v := range productVocab {
		if v.backend != "" && !ix.lineHolds(v.backend, s) {
			continue
		}
		for _, x := range words(v.says) {
			if stem(x) == w {
				for _, m := range words(v.means) {
					out = append(out, stem(m))
				}
				break
			}
		}
	}
	return out
}

// lineHolds reports whether a productVocab line for backends (its
// "|"-separated alternatives of name words) holds for backend s.
func (ix *Index) lineHolds(backends string, s int32) bool {
	for _, a := range strings.Split(backends, "|") {
		ws := lowerWords(a)
		if len(ws) > 0 && !slices.ContainsFunc(ws, func(w string) bool { return !slices.Contains(ix.srvWords[s], w) }) {
			return true
		}
	}
	return false
}
