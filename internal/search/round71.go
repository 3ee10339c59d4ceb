package search

import "strings"

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
			if stem(w) == "un"+obj {
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
