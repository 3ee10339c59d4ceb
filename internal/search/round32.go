package search

// Round thirty-two: named near misses, again. Round twenty-nine's object
// rule (nearmiss29.go) lets any tool changing the request's object serve
// a verb outside the verb families ("reassign the engagement" is updating
// it in other words). Some verbs outside the families are operations of
// their own, which updating a thing's fields does not do: merging two
// things into one, sharing a thing with someone, copying it, archiving
// it, restoring it. For them only a tool that says the verb (its name's
// verb, or the verb or a synonym in its text: Notion's patch-page takes
// "archived") serves: "merge the two duplicate companies in HubSpot"
// (batch-update-objects), "share the Notion page with alex@corp.com"
// (patch-page), "archive the GitLab project" (update_project).

// ownOperations are verbs outside the families that name an operation of
// its own, not a change of a thing's fields.
var ownOperations = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("merge share duplicate clone copy archive unarchive rotate invite subscribe unsubscribe enroll restore revert undo shard retry rerun backup") {
		m[stem(w)] = true
	}
	return m
}()

// updateServes reports whether a tool of the request's object whose
// name's verb changes it serves v, a verb outside the families: yes but
// for the operations of their own.
func updateServes(v string) bool { return !ownOperations[v] && !fieldStates[v] }

// toolDoesOwn is toolDoes for the object rule: for an operation of its
// own, the verb or a synonym in the body of a tool's description is no
// evidence, only in its name, the lead of its text or a parameter ("not
// shared with the integration" in a Notion error message does not share
// the page; patch-page's archived does archive it).
func (ix *Index) toolDoesOwn(d int32, v string, f verbFamily) bool {
	if !ownOperations[v] && !fieldStates[v] {
		return ix.toolDoes(d, v, f)
	}
	if ix.nameVerbs[d] == v || ix.endsThing(d, v) {
		return true
	}
	if ix.verbs[d] == verbRead {
		return false
	}
	if _, does := ix.opsDo(d, v, f); does {
		return true
	}
	// The product's own word for the state ("snooze" or "mute" a Sentry
	// issue is ignoring it, productVocab) counts as the verb's synonym
	// for its backend's tools.
	for _, t := range append(verbTerms(v), ix.productMeans(ix.docServer[d], v)...) {
		id, ok := ix.tools.lookup(t)
		if !ok {
			continue
		}
		for _, p := range ix.tools.post[id] {
			if p.doc == d && (p.lead || !p.core) {
				return true
			}
		}
	}
	return false
}

// verbTerms are v and its synonyms as toolDoes takes them (hand-written,
// or WordNet's at wordnetWeight).
func verbTerms(v string) []string {
	terms := []string{v}
	for _, syn := range synonyms()[v] {
		if !syn.wordnet || syn.w >= wordnetWeight {
			terms = append(terms, syn.term)
		}
	}
	return terms
}

// renameVerb is the stem of "rename".
var renameVerb = stem("rename")

// keyWriters are the verbs of tools that write a value under a key they
// are given: such a tool changes the value, not the name it is stored
// under ("rename the Redis key user:42": set).
var keyWriters = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words("set put store save write") {
		m[stem(w)] = true
	}
	return m
}()

// objectToolsOrLead is objectTools, or when every tool of backend s is
// named by a verb alone ("set", "get", "delete", "list"), the tools whose
// lead says obj (leadTools): such a backend names its objects only in its
// descriptions ("Delete one or more keys from Redis"). Where some tools
// are named for things, a tool named by a verb whose lead mentions obj is
// not for it ("Interact with a page in a live browser session": "end the
// firecrawl interactive browser session" is firecrawl_interact_stop's).
func (ix *Index) objectToolsOrLead(s int32, obj string) []int32 {
	if tools := ix.objectTools(s, obj); len(tools) > 0 {
		return tools
	}
	for _, d := range ix.srvDocs[s] {
		if len(ix.nameTerms[d]) > 1 {
			return nil
		}
	}
	return ix.leadTools(s, obj)
}

// renamesNot reports whether tool d writes values under keys it is given
// and the request renames: it changes the value, not the key.
func (ix *Index) renamesNot(d int32, v string) bool {
	return v == renameVerb && keyWriters[ix.nameVerbs[d]]
}
