package search

import "strings"

// Round thirty-four: the right tool first for one-step requests, between
// tools of one backend named for the same thing but another action.
//
// Adding to a thing is changing it. "Add the option 'XL' to the hubspot
// contact property tshirt_size", "Add a 'Priority' select property to the
// Notion data source ds_44": the thing after "to" exists already, and the request changes it. When a
// one-step request starts with a verb of creating and names, after "to",
// a thing that both a tool creating and a tool updating of one backend
// are named for (their names' head word), the creating one keeps
// verbConflict of its score.

// leadDeterminers may start the noun phrase after "to".
var leadDeterminers = setOf(`the a an my our this that its their your`)

// addedToHead returns the stem of the head word of the thing query adds
// something to, or "" when query does not start with a verb of creating
// or names nothing after "to".
func addedToHead(query string) string {
	fs := strings.Fields(strings.ToLower(rewritePhrases(query)))
	if len(fs) > 0 && fs[0] == "please" {
		fs = fs[1:]
	}
	if len(fs) < 3 || verbStems()[stem(fs[0])] != verbCreate {
		return ""
	}
	for i := 1; i+1 < len(fs); i++ {
		if fs[i] != "to" {
			continue
		}
		j := i + 1
		for j < len(fs) && leadDeterminers[fs[j]] {
			j++
		}
		return phraseHead(fs[j:])
	}
	return ""
}

// addToPenalty lowers the creating tools named for the thing a request
// adds something to, when a tool of their backend updating it is a
// candidate too.
func (sc *scorer) addToPenalty(query string, cands []int32) {
	h := addedToHead(query)
	if h == "" {
		return
	}
	ix := sc.ix
	id, ok := ix.tools.lookup(h)
	if !ok {
		return
	}
	updating := map[int32]bool{}
	for _, d := range cands {
		if ix.heads[d].id == id && ix.verbs[d]&verbUpdate != 0 {
			updating[ix.docServer[d]] = true
		}
	}
	for _, d := range cands {
		if ix.heads[d].id == id && ix.verbs[d]&verbCreate != 0 && ix.verbs[d]&verbUpdate == 0 && updating[ix.docServer[d]] {
			sc.score[d] *= verbConflict
		}
	}
}

// A question's verb is its copula. "What's the maximum upload file size
// set for Supabase Storage on project qwerty12?", "Is force push allowed
// on the protected branch production?": a question starting with a form
// of "be", or with what, which or who and a form of "be" within its
// first four words, asks about a state, and a verb of a family after it
// ("set", "allowed", "linked") is a participle, not the action asked for:
// the request reads, as a question with no family verb does.

// copulas are the forms of "be" a question's verb may be.
var copulas = setOf(`is are s was were`)

// modalLeads before a family verb make it the action asked about ("what
// is the best way to update", "which branch should I merge").
var modalLeads = setOf(`to i we you can could should would will do does did`)

// copulaQuestion reports whether query is a question whose verb is a
// form of "be" (its first word, or within its first four after what,
// which or who), and no family verb in it follows a modalLeads word.
func copulaQuestion(query string) bool {
	ws := lowerWords(query)
	if len(ws) < 3 || ws[0] != "what" && ws[0] != "whats" && ws[0] != "which" && ws[0] != "who" && !copulas[ws[0]] {
		return false
	}
	cop := ws[0] == "whats" || copulas[ws[0]]
	for i := 1; i < len(ws) && i < 4 && !cop; i++ {
		cop = copulas[ws[i]]
	}
	if !cop {
		return false
	}
	for i := 1; i < len(ws); i++ {
		if verbStems()[stem(ws[i])] != 0 && modalLeads[ws[i-1]] {
			return false
		}
	}
	return true
}
