package search

import (
	"slices"
	"strings"
	"unicode"
)

// The named near miss (round twenty-nine). A request that names a backend
// and asks for an action on a thing the backend's tools are named for
// ("delete the Supabase project demo-2023": list_projects, get_project,
// create_project, pause_project, restore_project) is served by one of
// those tools or by none: when none of them does the request's action (by
// the verb family of its name, the verb or a synonym of it anywhere in its
// text, or an action parameter), the backend does not do it to that
// thing, whatever it does to others (delete_branch). backendDoes answers
// for the backend as a whole, so "delete" is done by Supabase; this asks
// it of the tools for the request's object. A request whose object no
// tool of the named backend is named for ("create a milestone in GitLab")
// is left to the other rules, as that its words are in no tool's name says
// little (the tool may call it something else), but for three narrower
// cases: an object the tools only take as a parameter, a thing the
// backend never mentions added to one its tools are named for
// (addedToUndone), and a verb outside the families that the backend does
// not do on a thing it never mentions (strangerUndone).

// objectUndone reports whether the query, one step naming backends,
// asks for an action that no tool of a named backend named for the
// request's object does. The tools named for the object are those with
// its head among the words of their names (objectTools); a tool named by
// a verb alone does what it does to what the lead of its text names
// ("disconnect": "Close a MongoDB connection"). The phrases after the
// object may name the thing acted on instead ("replace the content of the
// Notion page", "wipe the migrations on my Supabase branch": a tool named
// for the page or the branch doing the action serves it) or the means
// ("create a table with a migration": a tool named for migrations that
// changes anything serves it). Reading is left out: a request to show or
// find a thing is often served by a tool for a bigger thing holding it.
// A verb outside the families ("pin", "schedule", "transfer", "star") is
// served by its word or a synonym in a tool's text, as one of the
// families is, and also by any tool changing the object (its name's verb
// of verbUpdate): "reassign the engagement" is updating it, in other
// words (and so is a verb of objectVerbFamilies: "overwrite the page").
// A light verb ("put", "bring", "turn", "ship") says its action
// with the words after it ("put the project on hold", "bring the branch
// up to date") and decides nothing. An object that the backend's tools
// only take as a parameter ("milestone": create_issue's and update_issue's
// milestone) is no thing they act on, unless another word of its phrase
// is ("branch main"): a verb of the families acting on it is done only by
// a tool for a thing a phrase after it names ("set the milestone of issue
// #5": update_issue). Adding a thing the backend never mentions to one
// its tools are named for is addedToUndone's; a verb outside the families
// that the backend does not do, on a thing it never mentions,
// strangerUndone's.
func (ix *Index) objectUndone(query string, naming map[string]bool, named []int32) bool {
	if len(named) == 0 {
		return false
	}
	v, at := requestVerbAt(query)
	outside := verbStems()[v] == 0
	if v == "" || outside && lightVerbs[v] {
		return false
	}
	f := verbStems()[v] | objectVerbFamilies[v]
	if f&verbRead != 0 {
		return false
	}
	if len(named) > 1 && !r104Off && transferVerbs[v] {
		// "save the Supabase advisor warnings to Notion": one
		// product's thing put into another's, two steps in one
		// clause (round104.go).
		return false
	}
	if outside && ix.nameSaysVerb(v, named) {
		return false
	}
	if !r106Off && textVerbs[v] && ix.nameSaysVerb(v, named) {
		// "Post the deploy checklist in #ops on Slack": what is posted
		// is the text slack_post_message posts (round106.go).
		return false
	}
	heads := objectHeads(query, at, naming)
	if len(heads) == 0 && (ownOperations[v] || fieldStates[v] || f == verbDelete) {
		heads = objectHeadsAfterValue(query, at, naming)
	}
	if len(heads) > 0 {
		heads[0] = ix.nameAfterObject(heads[0], named)
	}
	if addVerbs[v] && ix.addedToUndone(heads, named) {
		return true
	}
	if f == 0 && ix.strangerUndone(v, heads, named) {
		return true
	}
	if ix.createdUnnamed(query, v, heads, named) {
		return true // round71.go
	}
	decided := false
	firstHas := map[int32]bool{} // the object has tools of its own
	for i, h := range heads {
		for _, s := range named {
			apart := outside && ix.srvActions[s] && ix.actionsApart(s, h.word, v)
			if ix.srvOpen[s] || outside && ix.srvActions[s] && !apart {
				// round67.go: a backend whose action parameters
				// list their values is judged by them, for a verb
				// of the families.
				return false
			}
			if f&verbDelete != 0 && ix.undoneBy(s, h.word) {
				// round71.go: unprotect_branch removes the
				// protection.
				return false
			}
			if i == 0 && ix.restServes(s, h, v, f) {
				return false // round106.go
			}
			tools := ix.objectToolsOrLead(s, h.word)
			if i == 0 && len(tools) > 0 && !actionNoun(h.word) {
				firstHas[s] = true
			}
			if len(tools) == 0 {
				if i == 0 && !outside && ix.onlyParam(s, h.word) && !ix.anyObjectTools(s, h.rest) && !ix.pathNamed(query, h, named) {
					// "close the GitHub milestone": a value
					// the backend's tools take, no thing
					// they act on.
					decided = true
				}
				continue
			}
			if i == 0 {
				decided = true
			}
			tools = append(tools, ix.leadTools(s, h.word)...)
			grouped := i == 0 && ix.actionGrouped(s)
			for _, d := range tools {
				if grouped && ix.namesOtherThing(d, h.word) {
					// round104.go: Azure DevOps' pull request
					// writer removes reviewers, not repositories.
					continue
				}
				changes := ix.verbs[d]&^verbRead != 0
				if apart && ix.docOps[d].has {
					// round79.go: its operations are of
					// other things and none says the verb.
					continue
				}
				if i > 0 && firstHas[s] && h.place() {
					// The place the object is in, which has
					// tools of its own: a tool for the place
					// serves only if it changes it and speaks of
					// the object (round46.go).
					if changes && ix.docHasAny(d, objectTerms(heads[0].word)) {
						return false
					}
					continue
				}
				if ix.toolDoesOwn(d, v, f) && !ix.renamesNot(d, v) && !ix.deletesOther(d, v, f) || h.means && changes || outside && ix.verbs[d]&verbUpdate != 0 && updateServes(v) {
					return false
				}
			}
		}
	}
	if !decided && len(heads) > 0 && f&^verbRead != 0 && !outside && ix.unmentioned(heads[0], named) && !ix.pathNamed(query, heads[0], named) {
		return true
	}
	if decided && ix.modifierServes(heads[0], v, f, named) {
		return false // round104.go
	}
	return decided
}

// objectVerbFamilies are verbs the families of verbs.go leave out that
// say one of their actions (the rewritten "set up" is "setup"; switching
// a feature on or off changes a setting: "turn on image transformations
// for storage in Supabase"), and the verbs of finding out, which read a
// state ("check the latest pipeline in CircleCI", "compare the two
// branches in GitLab").
var objectVerbFamilies = func() map[string]verbFamily {
	m := map[string]verbFamily{}
	for w, f := range map[string]verbFamily{"setup": verbCreate, "attach": verbCreate, "overwrite": verbUpdate, "filter": verbRead} {
		m[stem(w)] = f
	}
	for _, w := range words("check verify review examine compare summarize explain analyze count measure") {
		m[stem(w)] = verbRead
	}
	for _, w := range words("enable disable toggle activate deactivate switch turnon turnoff") {
		m[stem(w)] = verbUpdate
	}
	return m
}()

// lightVerbs, outside the families, say little of an action by
// themselves ("put the project on hold", "bring the branch up to date",
// "turn the PDF into text").
var lightVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("bring put turn pull take keep ship throw start run do have let") {
		m[stem(w)] = true
	}
	return m
}()

// requestVerbAt is requestVerbPlace's verb with the index of its word in
// the fields of the rewritten query, -1 and "" when there is none.
func requestVerbAt(query string) (string, int) {
	v, _ := requestVerbPlace(query)
	if v == "" {
		return "", -1
	}
	for i, w := range strings.Fields(strings.ToLower(rewritePhrases(query))) {
		w = strings.ReplaceAll(strings.Trim(w, ".,;:!?()[]{}<>\"'`"), "-", "")
		if w != "" && stem(w) == v {
			return v, i
		}
	}
	return "", -1
}

// objectHead is the stemmed head word of a phrase of the request; means
// is set for a phrase after a preposition of means ("with a migration").
type objectHead struct {
	word  string
	means bool
	rest  []string // the phrase's words before the head, stemmed
	prep  string   // the preposition before the phrase, "" for the first
}

// objectHeads returns the head of the object of the request's verb (the
// word at index at of the rewritten query's fields): the last word of
// the noun phrase after it ("delete the empty folder build/tmp": folder),
// past determiners and the words that name a backend, up to a preposition
// or another stop word, a value (a path, an id, a quoted or capitalised
// name), punctuation or a word saying a name follows ("called"); then the
// heads of the phrases after the prepositions that follow, up to the end
// of the clause. None when no phrase follows the verb as its object
// ("reply in the thread", "post 'done' to #ops").
func objectHeads(query string, at int, naming map[string]bool) []objectHead {
	fs := strings.Fields(rewritePhrases(query))
	var heads []objectHead
	var np []string
	means := false
	prep := ""
	flush := func() {
		if len(np) > 0 {
			h := objectHead{word: stem(np[len(np)-1]), means: means, prep: prep}
			for _, w := range np[:len(np)-1] {
				h.rest = append(h.rest, stem(w))
			}
			heads = append(heads, h)
			np = np[:0]
		}
		means = false
	}
	closed := false // the phrase has ended; the next starts at a preposition
	for i := at + 1; i < len(fs); i++ {
		raw := fs[i]
		end := strings.ContainsAny(raw[len(raw)-1:], ".,;:!?")
		w := strings.Trim(raw, ".,;:!?()[]{}<>")
		if w == "" {
			break
		}
		if q := w[:1]; strings.ContainsAny(q, "\"'`") {
			// A quoted value, maybe of several words.
			for len(w) < 2 || !strings.HasSuffix(w, q) {
				if i+1 >= len(fs) {
					break
				}
				i++
				w = strings.Trim(fs[i], ".,;:!?()[]{}<>")
			}
			if strings.ContainsAny(fs[i][len(fs[i])-1:], ".,;:!?") {
				flush()
				break
			}
			if len(np) > 0 {
				if i+1 < len(fs) && plainNoun(fs[i+1], naming) {
					// round71.go: a name inside the phrase
					// ("the unused 'old-ui' ticket tag"): its
					// noun follows.
					np = np[:0]
					continue
				}
				flush()
				closed = true
			}
			continue
		}
		lw := strings.ToLower(w)
		value := strings.ContainsAny(lw, "0123456789/_:.#@$\\") ||
			strings.Contains(lw, "-") ||
			unicode.IsUpper([]rune(w)[0]) && i > 0
		switch {
		case clauseEnds[lw]:
			end = true
		case headPrepositions[lw] || meansPrepositions[lw]:
			flush()
			if len(heads) == 0 {
				// No phrase for a direct object: "reply in the
				// thread", "post 'done' to #ops".
				return nil
			}
			closed = false
			means = meansPrepositions[lw]
			prep = lw
		case naming[stem(lw)]:
		case capitalWord(w) && modifierOnly(np):
			// round75.go: "a new Git repository", "an extra
			// Sentry DSN": a noun of the phrase, not a name.
			np = append(np, lw)
		case value && parenthetical(raw, np):
			// round106.go: "a red (#d9534f) 'needs-design' label": an
			// aside inside the phrase.
		case value && modelInPhrase(np, fs, i, naming):
			// round106.go: "a new MongoDB Atlas M10 cluster": a
			// model or size inside the phrase; its noun follows.
		case value || objectStarts[lw] || lw == "a" || lw == "an":
			if len(np) > 0 {
				flush()
				closed = true
			}
		case stopWords[lw] || nameFollows[lw]:
			flush()
			if len(heads) == 0 {
				return nil
			}
			closed = true
		case !closed:
			np = append(np, lw)
		}
		if end {
			break
		}
	}
	flush()
	return heads
}

// nameFollows end the noun phrase of a verb's object besides the stop
// words: a name follows.
var nameFollows = setOf(`called named titled entitled labelled labeled saying`)

// headPrepositions start a phrase whose head may be what the request acts
// on ("the content of the page", "the migrations on my branch").
var headPrepositions = setOf(`of on in to from for into under`)

// meansPrepositions start a phrase naming the means of the action
// ("create a table with a migration").
var meansPrepositions = setOf(`with using via through`)

// clauseEnds end the clause of the request's verb.
var clauseEnds = setOf(`and then so that which who when if because while`)

// objectTerms are obj and its hand-written synonyms of weight
// synonymWeight or more ("repo": repository).
func objectTerms(obj string) []string {
	terms := []string{obj}
	for _, syn := range synonyms()[obj] {
		if !syn.wordnet && syn.w >= synonymWeight {
			terms = append(terms, syn.term)
		}
	}
	return terms
}

// objectTools returns the tools of backend s with obj, or a hand-written
// synonym of it, among the words of their names.
func (ix *Index) objectTools(s int32, obj string) []int32 {
	terms := objectTerms(obj)
	var out []int32
	for _, d := range ix.srvDocs[s] {
		for _, w := range lowerWords(ix.docs[d].Tool) {
			if slices.Contains(terms, stem(w)) {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// anyObjectTools reports whether some tool of backend s is named for one
// of the words ws (objectTools).
func (ix *Index) anyObjectTools(s int32, ws []string) bool {
	for _, w := range ws {
		if len(ix.objectTools(s, w)) > 0 {
			return true
		}
	}
	return false
}

// onlyParam reports whether obj, or a hand-written synonym of it, is in
// the text of some tool of backend s, and only in its parameters.
func (ix *Index) onlyParam(s int32, obj string) bool {
	found := false
	for _, t := range objectTerms(obj) {
		id, ok := ix.tools.lookup(t)
		if !ok {
			continue
		}
		for _, p := range ix.tools.post[id] {
			if ix.docServer[p.doc] != s || ix.aboutTools[p.doc] {
				continue
			}
			if p.core {
				return false
			}
			found = true
		}
	}
	return found
}

// leadTools returns the tools of backend s named by one distinctive word
// (a verb alone: "disconnect") that say obj, or a hand-written synonym of
// it, in the lead of their text (the name, the title and the first terms
// of the description): "Close a MongoDB connection".
func (ix *Index) leadTools(s int32, obj string) []int32 {
	var out []int32
	for _, t := range objectTerms(obj) {
		id, ok := ix.tools.lookup(t)
		if !ok {
			continue
		}
		for _, p := range ix.tools.post[id] {
			if p.lead && ix.docServer[p.doc] == s && len(ix.nameTerms[p.doc]) <= 1 && !slices.Contains(out, p.doc) {
				out = append(out, p.doc)
			}
		}
	}
	return out
}

// toolDoes reports whether tool d does the verb v of family f: its
// name's verb is of f or is v, or its text (any field) has v or a synonym
// of it (hand-written, or WordNet's at wordnetWeight), or it takes an
// action parameter.
func (ix *Index) toolDoes(d int32, v string, f verbFamily) bool {
	if f != 0 && ix.verbs[d]&f != 0 || ix.nameVerbs[d] == v || ix.endsThing(d, v) {
		return true
	}
	if _, does := ix.opsDo(d, v, f); does {
		return true
	}
	terms := []string{v}
	for _, syn := range synonyms()[v] {
		if !syn.wordnet || syn.w >= wordnetWeight {
			terms = append(terms, syn.term)
		}
	}
	return ix.docHasAny(d, terms)
}

// strangerUndone reports whether v, a verb outside the families, is done
// by no tool of the named backends (by the word or a hand-written synonym,
// as backendDoes and backendHasSynonym judge) and the object's head is in
// no text of theirs: "lock the conversation on GitHub issue #12", "invite
// a new developer to my Supabase organization". Either alone is common in
// a request a backend serves (a verb in other words, a thing it calls
// otherwise); both together are a request for something else. A backend
// with an action parameter decides nothing.
func (ix *Index) strangerUndone(v string, heads []objectHead, named []int32) bool {
	if len(heads) == 0 || heads[0].means {
		return false
	}
	for _, s := range named {
		if ix.srvActions[s] || ix.backendDoes(s, v) || ix.backendHasSynonym(s, v) || ix.backendHasAny(s, heads[0].word) || ix.keyValueStore(s) {
			return false
		}
	}
	return true
}

// addVerbs put a thing into another ("add X to Y", "give X access to Y");
// sending, posting, pushing or uploading X to Y delivers X, which Y's
// tools take as content ("send the weekly update to the #general
// channel").
var addVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("add give insert attach") {
		m[stem(w)] = true
	}
	return m
}()

// addedToUndone reports whether the request adds a thing no text of the
// named backends has, not even a parameter (the head of heads[0]), to one
// their tools are named for (the head of heads[1]), none of which changes
// it: "add a collaborator to my github repo" (search_repositories,
// create_repository, fork_repository), "add an environment variable to my
// CircleCI project". Creating the second thing is not adding to it; a
// tool updating it may (update_project). A backend whose tools take an
// action parameter decides nothing.
func (ix *Index) addedToUndone(heads []objectHead, named []int32) bool {
	if len(heads) < 2 || heads[1].means || !r104Off && notDestination[heads[1].prep] {
		// "save the advisor warnings for project abcd1234 to
		// Notion": the project is whose warnings, not where they go
		// (round104.go).
		return false
	}
	for _, s := range named {
		if ix.srvOpen[s] || ix.backendHasAny(s, heads[0].word) {
			return false
		}
		// The product's own noun for it: an Azure Boards story is a
		// work item ("add a story to Azure Boards").
		for _, m := range ix.productMeans(s, heads[0].word) {
			if ix.backendHasAny(s, m) {
				return false
			}
		}
	}
	decided := false
	for _, s := range named {
		tools := ix.objectTools(s, heads[1].word)
		if len(tools) > 0 {
			decided = true
		}
		for _, d := range tools {
			if ix.verbs[d]&verbUpdate != 0 {
				return false
			}
		}
	}
	return decided
}
