package search

import (
	"slices"
	"strings"
)

// Round twenty-eight: the right tool first for one-step requests, among
// the tools of one backend that share most of their words.
//
// Twins. A backend often has a tool and its undoing twin, named alike but
// for one word: approve_merge_request and unapprove_merge_request,
// protect_branch and unprotect_branch, performance_start_trace and
// performance_stop_trace, firecrawl_interact and firecrawl_interact_stop.
// The doing twin's words are all in the undoing one's name too, so a
// request to undo ("withdraw my approval", "end the screencast I started",
// "close firecrawl's live browser session") matches both, and the doing
// twin, with the shorter name or more words repeated in its description,
// often wins. A request that asks to end, stop or take something away,
// and does not use the doing twin's own verb in its base form, wants the
// undoing twin: the doing one keeps verbConflict of its score.

// undoOpposites are the name words whose undoing twin is another word,
// not "un" or "dis" before them.
var undoOpposites = map[string][]string{
	"start":  {"stop", "end", "finish"},
	"begin":  {"end", "stop"},
	"open":   {"close"},
	"enable": {"disable"},
	"show":   {"hide"},
	"lock":   {"unlock"},
	"resume": {"pause"},
}

// undoWords are the words an undoing twin adds to its doing twin's name
// ("firecrawl_interact_stop").
var undoWords = setOf(`stop end close cancel abort finish`)

// endingWords ask to end or take something away: a request using one
// wants the undoing twin. ("take back", "shut down", "turn off" are
// rewritten to remove, stop and disable first.)
var endingWords = setOf(`stop end finish finished halt terminate kill cancel close withdraw revoke retract undo remove delete unset disable done lift`)

// twinOf reports whether b is the undoing twin of a (a tool's name words,
// lowercase), and returns the word of a that b undoes ("" when b only
// adds a word of undoWords).
func twinOf(a, b []string) (string, bool) {
	switch {
	case len(b) == len(a)+1:
		// firecrawl_interact, firecrawl_interact_stop.
		for i := range b {
			if !undoWords[b[i]] {
				continue
			}
			if equalWords(a, append(append([]string{}, b[:i]...), b[i+1:]...)) {
				return "", true
			}
		}
	case len(b) == len(a):
		diff := -1
		for i := range a {
			if a[i] != b[i] {
				if diff >= 0 {
					return "", false
				}
				diff = i
			}
		}
		if diff < 0 {
			return "", false
		}
		x, y := a[diff], b[diff]
		if y == "un"+x || y == "dis"+x {
			return x, true
		}
		for _, o := range undoOpposites[x] {
			if y == o {
				return x, true
			}
		}
	}
	return "", false
}

// twinDepth is how many of the best candidates are looked at for twins.
const twinDepth = 10

// twinPenalty lowers the doing twin among the best candidates when query
// asks to end or take away and does not use its verb in its base form.
func (sc *scorer) twinPenalty(query string, cands []int32) {
	ws := lowerWords(rewritePhrases(query))
	ending := false
	base := map[string]bool{}
	for _, w := range ws {
		base[w] = true
		if endingWords[w] || strings.HasPrefix(w, "un") && len(w) > 5 && verbStems()[stem(w[2:])] != 0 {
			ending = true
		}
	}
	if !ending {
		return
	}
	ix := sc.ix
	top := ix.topK(cands, sc.score, twinDepth)
	names := make([][]string, len(top))
	for i, h := range top {
		names[i] = nameWordsCased(h.Tool)
	}
	var doing []int32
	for i, a := range top {
		for j, b := range top {
			if b.Doc == a.Doc || ix.docServer[b.Doc] != ix.docServer[a.Doc] {
				continue
			}
			if w, ok := twinOf(names[i], names[j]); ok && (w == "" || !base[w]) {
				doing = append(doing, int32(a.Doc))
				break
			}
		}
	}
	for _, d := range doing {
		sc.score[d] *= verbConflict
	}
}

// firstRules applies this file's rules to a request of one step, or of
// parts asking for one action (oneAction), whose verbs are of the
// families qv (a question's: verbRead).
func (sc *scorer) firstRules(query string, qv verbFamily, cands []int32) {
	sc.twinPenalty(query, cands)
	sc.compoundPenalty(query, qv, cands)
	sc.pluralPenalty(queryNumber(plainWords(query)), cands)
	sc.partPenalty(query, cands)
	sc.findPenalty(query, cands)
	sc.phrasePenalty(query, cands)
	sc.filterPenalty(query, cands)
}

// wholeRules applies this file's rules that hold for a request of any
// number of steps.
func (sc *scorer) wholeRules(query string, cands []int32) {
	sc.notPenalty(query, cands)
	sc.linkPenalty(query) // round107.go
	sc.propPenalty(query) // round107.go
	sc.tableData(query, cands)
	sc.urlFetch(query, cands)
	sc.namesGiven(query, cands) // round108.go
}

// A verb read as a noun. A tool named for a verb changing a thing's state
// outside the verb families (merge_merge_request; stateVerbs) does what a
// request asks only when the request uses that verb as a verb: "show me
// MR !57", "is merge request 44 approved by codeowners yet?", "withdraw
// my approval from merge request 12" say "merge" only in the name of the
// thing ("merge request", which "MR" is rewritten to). A one-step request
// with a verb of a family, or a question, that uses the tool's verb only
// before "request" keeps verbConflict of the tool's score.

// compoundHeads follow a verb that is part of a noun ("merge request",
// "pull request").
var compoundHeads = setOf(`request requests`)

// compoundOnly returns the stems of the words of query used only before a
// compoundHeads word, or nil.
func compoundOnly(query string) map[string]bool {
	ws := lowerWords(rewritePhrases(query))
	var out map[string]bool
	for i, w := range ws {
		if i+1 < len(ws) && compoundHeads[ws[i+1]] {
			if out == nil {
				out = map[string]bool{}
			}
			out[stem(w)] = true
		}
	}
	for i, w := range ws {
		if out != nil && !(i+1 < len(ws) && compoundHeads[ws[i+1]]) {
			delete(out, stem(w))
		}
	}
	return out
}

// compoundPenalty lowers the tools named for a state verb that the
// request uses only as part of a compound noun.
func (sc *scorer) compoundPenalty(query string, qv verbFamily, cands []int32) {
	if qv == 0 {
		return
	}
	only := compoundOnly(query)
	if len(only) == 0 {
		return
	}
	for v := range only {
		if !stateVerbs()[v] {
			continue
		}
		for _, d := range sc.ix.verbDocs[v] {
			sc.score[d] *= verbConflict
		}
	}
}

// Many of a thing. A tool whose name's head word is singular
// (get-key-value-store-record, API-retrieve-a-page-property) returns one
// of that thing; a request using the head word (or a hand-written synonym
// of it) only as a plural ("list the records in store my-store", "the
// properties of page 9c8d") wants many, from the tool listing them or
// the one returning their owner, and not one: the tool keeps
// singularFactor of its score. The mirror of singularPenalty (number.go),
// which lowers a plural head for a request naming one thing by its id.
func (sc *scorer) pluralPenalty(number map[string]bool, cands []int32) {
	ix := sc.ix
	plural := map[int32]bool{}
	for t, pl := range number {
		id, ok := ix.tools.lookup(t)
		if !ok {
			continue
		}
		if !pl {
			plural[id] = false
			continue
		}
		if _, seen := plural[id]; !seen {
			plural[id] = true
		}
		for _, s := range synonyms()[t] {
			if s.wordnet {
				continue
			}
			if sid, ok := ix.tools.lookup(s.term); ok {
				if _, seen := plural[sid]; !seen {
					plural[sid] = true
				}
			}
		}
	}
	for _, d := range cands {
		h := ix.heads[d]
		if h.id >= 0 && !h.plural && plural[h.id] {
			sc.score[d] *= singularFactor
		}
	}
}

// plainWords returns query without its values: quoted spans and words
// holding a path's, a URL's or a name's characters ("./scripts/a.js",
// "crm.contacts", "good-first-issue" stay; "scripts" is no plural asked
// for).
func plainWords(query string) string {
	q, _ := protectQuotes(query)
	var out []string
	for _, f := range strings.Fields(q) {
		t := strings.TrimRight(f, ",;:!?.)")
		if strings.ContainsAny(t, "/.:_@#=\x00") {
			continue
		}
		out = append(out, f)
	}
	return strings.Join(out, " ")
}

// A part named after "its". "Get the Notion page 0f1e with its
// properties", "show me hubspot workflow 556677 and its actions", "Show
// Azure DevOps PR 512 in repo api with its changed files": the request
// wants the thing named first, whole, with the part it names after "with
// its" or "and its"; a tool returning that part alone (its name's head
// word the last word of the part: API-retrieve-a-page-property) is not
// it, and keeps partFactor of its score.
var partFactor = verbConflict

// partHeads returns the stems of the last words of the noun phrases
// after "with its" or "and its" in query.
func partHeads(query string) []string {
	fs := strings.Fields(strings.ToLower(query))
	var out []string
	for i := 1; i+1 < len(fs); i++ {
		if fs[i] != "its" || fs[i-1] != "with" && fs[i-1] != "and" {
			continue
		}
		if h := phraseHead(fs[i+1:]); h != "" {
			out = append(out, h)
		}
	}
	return out
}

// partPenalty lowers the tools whose head word is a part the request
// names after "its".
func (sc *scorer) partPenalty(query string, cands []int32) {
	if !containsFold(query, " its ") {
		return
	}
	sc.headPenalty(partHeads(query), cands)
}

// phraseHead returns the stem of the last word of the noun phrase fs
// starts with: its plain lower-case words up to a stop word, a word that is
// not plain, or punctuation ending one; "" when there is none.
func phraseHead(fs []string) string {
	last := ""
	for _, f := range fs {
		w := strings.TrimRight(f, ",;:!?.)")
		if stopWords[w] || !isPlainLower(w) {
			break
		}
		last = w
		if w != f {
			break
		}
	}
	if last == "" {
		return ""
	}
	return stem(last)
}

// headPenalty lowers the candidates whose name's head word is one of
// heads to partFactor of their score.
func (sc *scorer) headPenalty(heads []string, cands []int32) {
	ix := sc.ix
	for _, t := range heads {
		id, ok := ix.tools.lookup(t)
		if !ok {
			continue
		}
		for _, d := range cands {
			if ix.heads[d].id == id {
				sc.score[d] *= partFactor
			}
		}
	}
}

// What a request says it does not want. "info about apify dataset ds_44,
// not the items", "the paths modified by MR 907, without the patch": the
// thing after "not the", "without the", "don't need the", "rather than
// the" or "instead of the" is what the request does not ask for, and a
// tool whose name's head word is the last word of that thing keeps
// partFactor of its score.
var notLeads = [][]string{{"not", "the"}, {"without", "the"}, {"need", "the"}, {"rather", "than", "the"}, {"instead", "of", "the"}, {"not", "its"}, {"without", "its"}}

// notHeads returns the stems of the last words of the noun phrases after
// notLeads in query ("need the" only after "don't", "do not" or "no").
func notHeads(query string) []string {
	fs := strings.Fields(strings.ToLower(strings.ReplaceAll(query, "’", "'")))
	var out []string
	for i := range fs {
		for _, l := range notLeads {
			if i+len(l) >= len(fs) || !equalWords(fs[i:i+len(l)], l) {
				continue
			}
			if l[0] == "need" && (i == 0 || fs[i-1] != "don't" && fs[i-1] != "not" && fs[i-1] != "dont") {
				continue
			}
			if h := phraseHead(fs[i+len(l):]); h != "" {
				out = append(out, h)
			}
		}
	}
	return out
}

// notPenalty lowers the tools whose head word is a thing the request
// says it does not want.
func (sc *scorer) notPenalty(query string, cands []int32) {
	sc.headPenalty(notHeads(query), cands)
}

// Finding by text. A request to find things by words they contain ("Find
// GitLab projects with 'terraform' in the name", "github issues
// mentioning 'generic methods'") is what a backend's search tool does; its
// list and get tools filter by fields. When such a request's best
// candidates hold a tool named for searching, the other tools of its
// backend among them named for listing or getting keep verbConflict of
// their score.

// findVerbs ask to find; textFilters say the request filters by text.
var (
	findVerbs   = setOf(`search find look lookup any there`)
	textFilters = setOf(`mentioning mention mentions named containing contain contains matching match matches about`)
)

// findsByText reports whether query asks to find things by text: a verb of
// finding and a quoted text or a word of textFilters.
func findsByText(query string) bool {
	ws := lowerWords(rewritePhrases(query))
	find, text := false, false
	for _, w := range ws {
		find = find || findVerbs[w]
		text = text || textFilters[w]
	}
	if !text {
		q, quotes := protectQuotes(query)
		text = len(quotes) > 0 && q != ""
	}
	return find && text
}

// searchDepth is how many of the best candidates findPenalty looks at.
const searchDepth = 10

// findPenalty lowers the list and get tools of a backend whose search tool
// is among the best candidates of a request finding things by text.
func (sc *scorer) findPenalty(query string, cands []int32) {
	if !findsByText(query) {
		return
	}
	ix := sc.ix
	top := ix.topK(cands, sc.score, searchDepth)
	srv := map[int32]bool{}
	for _, h := range top {
		if ix.nameVerbs[h.Doc] == stem("search") {
			srv[ix.docServer[h.Doc]] = true
		}
	}
	for _, h := range top {
		if v := ix.nameVerbs[h.Doc]; srv[ix.docServer[h.Doc]] && (v == "list" || v == "get") {
			sc.score[h.Doc] *= verbConflict
		}
	}
}

// A backend's own words. Products name the same thing differently: GitLab
// has merge requests where GitHub has pull requests. A request naming no
// backend that uses two adjacent words that the names of one backend's
// tools hold together ("merge request": get_merge_request_note) and the
// names of the others' do not speaks that backend's language, whatever
// single words (merge_pull_request's "merge", get_pull_request_comments'
// "request") other backends share with it: among the best candidates, the
// tools of backends none of whose tools' names hold the pair keep
// verbConflict of their score. Backends one word names together (GitLab:
// gitlab and zereight-gitlab) count as one.

// phraseDepth is how many of the best candidates phrasePenalty looks at.
const phraseDepth = 30

// phrasePenalty applies the rule above.
func (sc *scorer) phrasePenalty(query string, cands []int32) {
	ws := lowerWords(rewritePhrases(plainWords(query)))
	type pair struct{ a, b string }
	ix := sc.ix
	inName := func(t string) bool {
		id, ok := ix.tools.lookup(t)
		return ok && ix.nameWord[id]
	}
	var pairs []pair
	for i := 0; i+1 < len(ws); i++ {
		if stopWords[ws[i]] || stopWords[ws[i+1]] {
			continue
		}
		if a, b := stem(ws[i]), stem(ws[i+1]); inName(a) && inName(b) {
			pairs = append(pairs, pair{a, b})
		}
	}
	if len(pairs) == 0 {
		return
	}
	top := ix.topK(cands, sc.score, phraseDepth)
	// The stemmed name words of the hits whose names hold the second
	// word of some pair (found in the postings, without splitting every
	// name): the others hold no pair, nor a rival's.
	names := make([][]string, len(top))
	inToolName := func(t string, d int) bool {
		id, _ := ix.tools.lookup(t)
		p, ok := find(ix.tools.post, id, int32(d))
		return ok && p.named
	}
	for i, h := range top {
		for _, p := range pairs {
			if inToolName(p.b, h.Doc) {
				names[i] = nameWordsCased(h.Tool)
				for j, w := range names[i] {
					names[i][j] = stem(w)
				}
				break
			}
		}
	}
	for _, p := range pairs {
		var own []int32
		for k, h := range top {
			nw := names[k]
			// The first word of a name is its verb or its backend's
			// prefix (browser_console_messages), no modifier.
			for i := 1; i+1 < len(nw); i++ {
				if nw[i] == p.a && nw[i+1] == p.b {
					if s := ix.docServer[h.Doc]; !slices.Contains(own, s) {
						own = append(own, s)
					}
					break
				}
			}
		}
		if len(own) == 0 || len(own) > 1 && !ix.oneNamed(own) {
			continue
		}
		// Another backend names the same thing (the second word) by
		// another word before it ("pull request"): two vocabularies.
		rival := false
		for k, h := range top {
			if ix.sameNamed(own[0], ix.docServer[h.Doc]) {
				continue
			}
			nw := names[k]
			for i := 1; i+1 < len(nw) && !rival; i++ {
				x := nw[i]
				rival = nw[i+1] == p.b && x != p.a && verbStems()[x] == 0 && !stopWords[x]
			}
		}
		if !rival {
			continue
		}
		if named, _ := ix.namedServersWith(query, nil); len(named) > 0 {
			return
		}
		for _, h := range top {
			if !ix.sameNamed(own[0], ix.docServer[h.Doc]) {
				sc.score[h.Doc] *= verbConflict
			}
		}
		return
	}
}

// One action in several parts. The splitter cuts a request at "and", a
// comma or a question mark, so a single request often has several parts
// ("show the priority and color of the label regression", "Is Supabase
// project qwerty123 healthy? show its status and region", "create a bug
// in Azure Boards: checkout button does nothing on iOS"). When no two
// parts ask for different actions, the request asks for one kind of
// action, and the rules of a one-step request's verbs (rank.go) apply to
// its whole ranking as to a one-step request's. A part's action is the
// family of its verbs; failing one, a word that starts it before its
// object (a determiner, a value, a pronoun or a name: "merge it", "draw
// it as a graph", "archive the page", "Complete Azure DevOps pull request
// 88") is a verb of its own; a part starting with a noun ("color of the
// label") or a question asks for none.
func oneAction(query string) bool {
	q, _ := protectQuotes(query)
	var parts []string
	var cur []string
	for _, f := range strings.Fields(q) {
		t := strings.TrimRight(f, ",;:!?.")
		cur = append(cur, t)
		if t != f {
			parts = append(parts, strings.Join(cur, " "))
			cur = nil
		}
	}
	parts = append(parts, strings.Join(cur, " "))
	var fam verbFamily
	for _, p := range parts {
		for _, q := range splitWords(p, "then", "and", "also", "plus", "afterwards", "finally") {
			f := partAction(q)
			if f == 0 {
				continue
			}
			if f&^verbRead != 0 && isQuestion(q) {
				// "Who is allowed to push and merge to ...?": the verbs
				// of a question are what it asks about, not its action,
				// and would be taken for the request's own.
				return false
			}
			if fam != 0 && f != fam {
				return false
			}
			fam = f
		}
	}
	return true
}

// otherAction is the action of a part whose verb is of no family.
const otherAction verbFamily = 1 << 7

// partLeads are the words before a part's verb.
var partLeads = setOf(`please can could would you then also just and so`)

// partAction returns the action a part of a request asks for, 0 none.
func partAction(step string) verbFamily {
	toks, _, _ := queryTokens(step)
	f := queryVerbs(withoutParticiples(step, toks))
	if lv := leadVerb(step); lv != 0 {
		f = lv
	}
	if f != 0 {
		return f
	}
	orig := strings.Fields(step)
	ws := strings.Fields(strings.ToLower(step))
	for len(ws) > 0 && (partLeads[ws[0]] || leadIns[ws[0]]) {
		ws, orig = ws[1:], orig[1:]
	}
	if len(ws) < 2 || isQuestion(ws[0]) {
		return 0
	}
	v := stem(strings.Trim(ws[0], ",;:!?.\"'`"))
	if f := verbStems()[v]; f != 0 {
		return f
	}
	if f := stepLeadVerb(ws); f != 0 {
		return f // "open Notion page 5e6f7a", "assign it to sam" (round52.go)
	}
	if !stopWords[v] && isPlainLower(v) && (objectStart(ws[1]) || objectPronouns[ws[1]] || isUpper(orig[1])) {
		return otherAction
	}
	return 0
}

// objectPronouns and particles follow a verb as its object or with it.
var objectPronouns = setOf(`it them him her me us up down out off back`)

// isUpper reports whether w starts with an upper-case letter.
func isUpper(w string) bool {
	return w != "" && w[0] >= 'A' && w[0] <= 'Z'
}
