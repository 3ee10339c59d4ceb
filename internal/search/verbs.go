package search

import (
	"strings"
	"sync"
)

// A request's verb says what kind of action it wants, and a tool name's
// verb what kind it does. Reading, creating, changing and deleting exclude
// each other: a query that only asks to find something ("find the contact
// with email ...") is not served by a tool that creates one, however many
// of its other words match. A tool whose name's verb is of a family the
// query's verbs exclude keeps verbConflict of its score. Posting, sending,
// pushing, uploading and writing make something (a question about what
// was said is not served by the tool that posts); a tool named for writing
// (write_file, pipelines_write) also overwrites, and renaming, closing,
// replacing and raising change a thing. Verbs outside the
// families (fork, merge, approve) and queries without one change nothing,
// and so does a query of several steps ("find X, then delete it"). Words
// that are as often nouns ("build", "change", "count", "query") are no
// verbs here.
const verbConflict = 0.85

type verbFamily uint8

const (
	verbRead verbFamily = 1 << iota
	verbCreate
	verbUpdate
	verbDelete
)

// verbFamilies are the surface verbs of each family, stemmed when first used.
var verbFamilies = []struct {
	family verbFamily
	words  string
}{
	{verbRead, "get fetch read retrieve show view display see load inspect look obtain grab list enumerate browse search find lookup locate seek dump google"},
	{verbCreate, "create add make insert generate give post send publish push upload write reply append attach respond import"},
	{verbUpdate, "update edit modify patch alter adjust tweak apply replace raise rename close reopen set enable disable rewrite reword rephrase activate deactivate"},
	{verbDelete, "delete remove drop erase destroy discard purge wipe trash unset forget toss ditch nuke clear"},
}

// excludes is, per family, the families a query of only that family rules out.
func excludes(f verbFamily) verbFamily {
	switch f {
	case verbRead:
		return verbCreate | verbUpdate | verbDelete
	case verbCreate:
		return verbRead | verbDelete
	case verbUpdate:
		// Changing one thing is not making another ("edit my comment":
		// not create_note); a tool doing both (create_or_update_file)
		// has both families and is not ruled out.
		return verbRead | verbCreate | verbDelete
	case verbDelete:
		return verbRead | verbCreate | verbUpdate
	}
	return 0
}

// verbStems maps the stemmed verbs of verbFamilies to their families; it
// is built on first use, as synonyms is.
var verbStems = sync.OnceValue(func() map[string]verbFamily {
	m := map[string]verbFamily{}
	for _, f := range verbFamilies {
		for _, w := range words(f.words) {
			m[stem(w)] |= f.family
		}
	}
	return m
})

// nameVerb returns the family of the first verb of a tool name. An HTTP
// method before another verb ("API-post-search": POST /search) is the
// method, not what the tool does.
func nameVerb(name string) verbFamily {
	ws := nameWordsCased(name)
	var first verbFamily
	for i, w := range ws {
		t := stem(w)
		f := verbStems()[t]
		if f == 0 {
			continue
		}
		if first != 0 {
			return f
		}
		if !httpMethods[t] {
			if t == stem("write") {
				// write_file, pipelines_write: writing makes a thing or
				// overwrites it.
				f |= verbUpdate
			}
			if i+2 < len(ws) && ws[i+1] == "or" {
				// "create_or_update_file": both.
				f |= verbStems()[stem(ws[i+2])]
			}
			return f
		}
		first = f
	}
	return first
}

// httpMethods are the HTTP methods that name tools generated from an API
// ("API-post-search"), stemmed.
var httpMethods = map[string]bool{stem("post"): true, stem("put"): true}

// queryVerbs returns the families of the query's own verbs (not those of
// its arguments).
func queryVerbs(toks []token) verbFamily {
	var f verbFamily
	for _, t := range toks {
		if t.weight >= 1 {
			f |= verbStems()[t.term]
		}
	}
	return f
}

// ruledBy returns the verb families every family of qv excludes.
func ruledBy(qv verbFamily) verbFamily {
	var ruled verbFamily = verbRead | verbCreate | verbUpdate | verbDelete
	for f := verbRead; f <= verbDelete; f <<= 1 {
		if qv&f != 0 {
			ruled &= excludes(f)
		}
	}
	return ruled
}

// verbPenalty lowers the scores of cands whose name's verb the query's
// verbs exclude.
func (sc *scorer) verbPenalty(qv verbFamily, cands []int32) {
	if qv == 0 {
		return
	}
	ruled := ruledBy(qv)
	if ruled == 0 {
		return
	}
	for _, d := range cands {
		if v := sc.ix.verbs[d]; v != 0 && v&ruled == v {
			sc.score[d] *= verbConflict
		}
	}
}

// questionWords start a question: a query that asks one ("Which entities
// are linked to Acme?", "Is the build green?") and has no verb of a family
// wants to read, not to create, change or delete. "Can you", "could you"
// and the like start requests, not questions.
var questionWords = setOf(`which what whats who whose where when how is are does do did has have was were`)

// isQuestion reports whether query starts with a question word.
func isQuestion(query string) bool {
	ws := lowerWords(query)
	return len(ws) > 0 && questionWords[ws[0]]
}

// askVerbs ask to find something out: followed by a question word they
// make the rest a question ("check which tabs are open", "see whether the
// branch is protected", "find out who owns it").
var askVerbs = setOf(`check see verify confirm find figure tell ask determine know show`)

// embeddedWords start the question an askVerb asks.
var embeddedWords = setOf(`which what who whose where when whether if how`)

// asksState reports whether text is a question, asked directly ("which
// tabs are open?") or by a verb of finding out ("check which tabs are
// open"): either reads a thing's state.
func asksState(text string) bool {
	if isQuestion(text) {
		return true
	}
	ws := lowerWords(text)
	for len(ws) > 0 && (leadIns[ws[0]] || ws[0] == "please" || ws[0] == "can" || ws[0] == "could" || ws[0] == "you") {
		ws = ws[1:]
	}
	if len(ws) < 2 || !askVerbs[ws[0]] {
		return false
	}
	i := 1
	if ws[i] == "out" || ws[i] == "me" || ws[i] == "us" {
		i++
	}
	return i < len(ws) && embeddedWords[ws[i]]
}

// withoutParticiples returns toks without the terms the query uses only in
// a past form ("the migrations applied to the db", "my paused project",
// "who approved it"): a request's own verb is in its base form ("apply",
// "pause"); a past form describes what is or was, the thing to read.
func withoutParticiples(query string, toks []token) []token {
	if !containsFold(query, "ed") {
		return toks
	}
	var past, base map[string]bool
	for _, w := range lowerWords(query) {
		t := stem(w)
		if verbStems()[t] == 0 {
			continue
		}
		if len(w) > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") {
			if past == nil {
				past = map[string]bool{}
			}
			past[t] = true
		} else {
			if base == nil {
				base = map[string]bool{}
			}
			base[t] = true
		}
	}
	if len(past) == 0 {
		return toks
	}
	out := make([]token, 0, len(toks))
	for _, tk := range toks {
		if !past[tk.term] || base[tk.term] {
			out = append(out, tk)
		}
	}
	return out
}

// asksAmount reports whether query asks how much or how many, or what
// something costs.
func asksAmount(query string) bool {
	return containsFold(query, "how much") || containsFold(query, "how many") ||
		isQuestion(query) && containsFold(query, " cost")
}

// changeFirst reports whether query starts with "change" or "changes" as
// its verb: an imperative, not the noun ("change requests for ...").
func changeFirst(query string) bool {
	ws := lowerWords(query)
	return len(ws) > 1 && ws[0] == "change" && (objectStart(ws[1]) || ws[1] == "it")
}

// leadVerbs are verbs as often nouns ("a comment", "the link", "a log"),
// and so outside the families' words, that are the request's verb when
// they start it ("comment 'LGTM' on MR 19", "link contact 12 to company
// 99", "log a call with Jane", "react with :+1: to note 7712", "undo my
// thumbs down"). Commenting, noting, linking, associating, logging,
// queueing and reacting make a new thing, so unlike "add" (which may add
// to a thing: "add the label bug to issue 4") they rule out changing one
// too; undoing, revoking, retracting and withdrawing take one away.
var leadVerbs = sync.OnceValue(func() map[string]verbFamily {
	m := map[string]verbFamily{}
	for _, w := range words(`comment note jot link associate log queue react`) {
		m[stem(w)] = verbCreate
	}
	for _, w := range words(`undo revoke retract withdraw`) {
		m[stem(w)] = verbDelete
	}
	return m
})

// leadVerb returns the family of a leadVerbs word that starts query (past
// "please", "can you" and the like), 0 otherwise.
func leadVerb(query string) verbFamily {
	for i, w := range lowerWords(requestPart(query)) {
		if i == 0 && (questionWords[w] || strings.HasPrefix(w, "what") || strings.HasPrefix(w, "how")) {
			return 0
		}
		if stopWords[w] || leadIns[w] {
			continue
		}
		return leadVerbs()[stem(w)]
	}
	return 0
}

// leadPenalty lowers the scores of cands whose name's verb a leading verb
// of leadVerbs rules out: a verb making a new thing rules out reading,
// changing and deleting; one taking a thing away, the others.
func (sc *scorer) leadPenalty(lv verbFamily, cands []int32) {
	var ruled verbFamily
	switch lv {
	case verbCreate:
		ruled = verbRead | verbUpdate | verbDelete
	case verbDelete:
		ruled = verbRead | verbCreate | verbUpdate
	default:
		return
	}
	for _, d := range cands {
		if v := sc.ix.verbs[d]; v != 0 && v&ruled == v {
			sc.score[d] *= verbConflict
		}
	}
}

// stateVerbs change the state of a thing without making, editing or
// deleting one, and so are outside the families: protecting a branch,
// approving or merging a request, pausing a project, clicking a button
// (and "new" starting a name, new_page, makes a thing). A question ("is the release branch protected?", "which tabs are
// open?") reads the state, so a tool named for one of them, a verb the
// question does not use in its base form, keeps verbConflict of its
// score.
var stateVerbs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words(`protect unprotect approve unapprove merge pause restore reset rebase fork abort rerun trigger deploy move toggle resolve mark confirm connect disconnect click fill drag hover press type select navigate resize emulate handle execute run publish new`) {
		m[stem(w)] = true
	}
	return m
})

// questionPenalty lowers, for a question, the tools named for a verb of
// stateVerbs the question does not use in its base form.
func (sc *scorer) questionPenalty(query string, cands []int32) {
	base := map[string]bool{}
	for _, w := range lowerWords(query) {
		if !pastForm(w) {
			base[stem(w)] = true
		}
	}
	for _, d := range cands {
		if v := sc.ix.nameVerbs[d]; v != "" && stateVerbs()[v] && !base[v] {
			sc.score[d] *= verbConflict
		}
	}
}
