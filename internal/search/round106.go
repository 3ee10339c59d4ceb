package search

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Round 106: what the blind sets extra74, extra75, tasks106 and none106
// missed, and earlier sets' misses of the same kinds.

// r106Off turns round 106's rules off (measurement).
var r106Off = false

// meansWords introduce the means of a step ("using Git", "with the
// Agile template"): a bare "and" after them joins a second means to the
// first, not a step ("Create a project named Falcon using Git and the
// Agile process template").
var meansWords = setOf(`using via`)

// meansEnd reports whether a piece ends in a phrase of means: one of
// meansWords among its last three words, followed only by plain words
// or names (no verb of a family, no value).
func meansEnd(piece string) bool {
	ws := strings.Fields(strings.ToLower(piece))
	for k := 2; k <= 4 && k <= len(ws); k++ {
		if !meansWords[ws[len(ws)-k]] {
			continue
		}
		for _, w := range ws[len(ws)-k+1:] {
			if verbStems()[stem(w)] != 0 || strings.ContainsAny(w, "/:#@0123456789") {
				return false
			}
		}
		return true
	}
	return false
}

// meansStarts reports whether a piece is a second means: a thing, maybe
// after a determiner ("the Agile process template"), with no verb of a
// family and no action.
func meansStarts(piece string) bool {
	ws := strings.Fields(piece)
	if len(ws) > 1 && objectStarts[strings.ToLower(ws[0])] {
		ws = ws[1:]
	}
	if len(ws) == 0 || stopWords[strings.ToLower(ws[0])] || objectPronouns[strings.ToLower(ws[0])] {
		return false
	}
	for _, w := range ws {
		if verbStems()[stem(strings.ToLower(w))] != 0 {
			return false
		}
	}
	return partAction(piece) == 0
}

// chatWords are the clipped words of chat for ordinary words ("can u",
// "pls", "n" for "and", "chan" for a channel), rewritten in the request
// before anything reads it: unlike devShorthand's, the clipped word is
// no term a tool or the learned table knows, and left in place it hides
// the request's verb ("can u star the repo": no verb after "can").
var chatWords = map[string]string{
	"u": "you", "ur": "your", "pls": "please", "plz": "please", "n": "and",
	"chan": "channel", "wanna": "want to", "gonna": "going to", "whats": "what is",
	"wk": "week", "thx": "thanks", "abt": "about", "b4": "before", "tmrw": "tomorrow",
	"rn": "right now", "w/": "with", "w/o": "without", "bc": "because", "cuz": "because",
	// round108.go
	"thru": "through", "msg": "message", "msgs": "messages", "ppl": "people", "r": "are",
}

// rewriteChat returns query with each chatWords word said by itself in
// lower case (a field, its trailing punctuation aside, between two
// words for "n") replaced by its words.
func rewriteChat(query string) string {
	if r106Off || !hasChatWord(query) {
		return query
	}
	fs := strings.Fields(query)
	for i, f := range fs {
		t := strings.TrimRight(f, ".,;:!?")
		to, ok := chatWords[t]
		if !ok || (t == "n" || t == "r") && (i == 0 || i == len(fs)-1 || t != f) {
			continue
		}
		fs[i] = to + f[len(t):]
	}
	return strings.Join(fs, " ")
}

// hasChatWord reports, cheaply, whether a field of query may be a
// chatWords word: the common case, none, is left as it is.
func hasChatWord(query string) bool {
	for i := 0; i < len(query); {
		for i < len(query) && isSpaceByte(query[i]) {
			i++
		}
		j := i
		for j < len(query) && !isSpaceByte(query[j]) {
			j++
		}
		if j-i <= 6 { // the longest chat word and its punctuation
			if _, ok := chatWords[strings.TrimRight(query[i:j], ".,;:!?")]; ok {
				return true
			}
		}
		i = j
	}
	return false
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// minPhoneDigits is the fewest digits of a phone number written with a
// leading "+" (a country code and a subscriber number: seven and more in
// every plan); "+30000" among a waterfall chart's steps is an amount.
const minPhoneDigits = 7

// phoneDigits counts the digits of a number starting f, "+" and all, and
// of the groups of digits after it (next: the fields that follow).
func phoneDigits(f string, next []string) int {
	n := 0
	count := func(s string) {
		for i := 0; i < len(s); i++ {
			if '0' <= s[i] && s[i] <= '9' {
				n++
			}
		}
	}
	count(f)
	for _, g := range next {
		g = strings.Trim(g, ".,;:!?()[]-")
		if !allDigits(g) {
			break
		}
		count(g)
	}
	return n
}

// chatPhrases: how values are "split across" something is their
// distribution ("how is issue WEB-3F9 split across browser.name
// values?": a tag's values' distribution).
var chatPhrases = []struct{ from, to string }{
	{"split across", "distribution across"},
	{"spread across", "distribution across"},
	// A place's time zone or UTC offset is one word, as the APIs say it.
	{"time zone", "timezone"},
	{"time zones", "timezones"},
	{"utc offset", "timezone"},
	// To do again is to do: "regenerate the TypeScript types" asks
	// for what generate_typescript_types does.
	{"regenerate", "generate"},
	{"regenerated", "generated"},
	{"resend", "send"},
	{"repost", "post"},
	{"reupload", "upload"},
	// A page or doc shifted or tucked away somewhere is moved there.
	{"shift", "move"},
	{"tuck", "move"},
	// How long the drive is, is a travel time; what has been going on
	// in a channel is what was posted there.
	{"driving times", "travel times"},
	{"driving time", "travel time"},
	{"drive times", "travel times"},
	{"drive time", "travel time"},
	{"been going on in", "been posted in"},
}

// dropAThing matches a chat's "drop" of a small thing on another ("Drop
// a thumbs-up on the Slack message", "Drop a comment on the Notion
// page"): adding it, not deleting anything.
var dropAThing = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bdrop( (?:a|an|my|our)(?: [\w:-]+){0,2}? (?:comment|comments|reaction|emoji|thumbs-up|thumbsup|like|label|tag|star)\b)`)
})

// seedWith matches a request opening with "seed" ("Seed appdb.users in
// MongoDB with three test accounts"): filling a store with its first
// records is inserting them.
var seedWith = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^(\s*(?:please |pls |can you |could you )?)seed\b`)
})

// rewriteChatVerbs rewrites dropAThing's "drop" as "add" and seedWith's
// "seed" as "insert".
func rewriteChatVerbs(s string) string {
	if r106Off {
		return s
	}
	if containsFold(s, "drop") {
		s = dropAThing().ReplaceAllString(s, "add$1")
	}
	if containsFold(s, "seed") {
		s = seedWith().ReplaceAllString(s, "${1}insert")
	}
	return s
}

func init() { phrases = append(phrases, chatPhrases...) }

// askedAfterLabel reports whether the words after a colon ask a question
// of their own ("before triage: how is issue WEB-3F9 split across
// browsers?"): they are the request, not text to pass on.
func askedAfterLabel(rest []string) bool {
	w := strings.ToLower(strings.Trim(rest[0], "\"'`(["))
	return (w == "how" || w == "what" || w == "which" || w == "who" || w == "where" || w == "when" || w == "why" ||
		w == "what's" || w == "whats" || w == "how's") && len(rest) >= 3
}

// questionFacets returns the facets (facetWords) a question of no verb
// asks its product of: the head of the phrase after "how much", "how
// many", "what" or "which" ("How much memory is the Redis instance
// using?", "How many Firecrawl credits do I have left?", "What time zone
// are these coordinates in?"), the words naming the product aside.
func questionFacets(q string, naming map[string]bool) []facet {
	ws := lowerWords(rewritePhrases(q))
	i := 0
	switch {
	case len(ws) > 2 && ws[0] == "how" && (ws[1] == "much" || ws[1] == "many"):
		i = 2
	case len(ws) > 1 && (ws[0] == "what" || ws[0] == "which"):
		i = 1
		for i < len(ws) && (ws[i] == "s" || ws[i] == "is" || ws[i] == "are" || objectStarts[ws[i]]) {
			i++
		}
	default:
		return nil
	}
	var phrase []string
	for ; i < len(ws) && len(phrase) < 4; i++ {
		w := ws[i]
		if stopWords[w] || verbStems()[stem(w)] != 0 {
			break
		}
		if naming[stem(w)] || objectStarts[w] {
			continue
		}
		phrase = append(phrase, stem(w))
	}
	return phraseFacets(phrase)
}

// sourceSaid reports whether a part of a request only says where its
// answer comes from ("..., according to Google Maps"): no step of its
// own.
func sourceSaid(part string) bool {
	if r106Off {
		return false
	}
	p := strings.ToLower(strings.TrimSpace(part))
	return strings.HasPrefix(p, "according to ") || strings.HasPrefix(p, "as per ")
}

// isComparison reports whether f is a condition on a field: a lowercase
// name, a comparison (=, !=, <, >, <=, >=) and a value, all in one word
// ("dealstage=contractsent", "amount>50000"); not an environment
// variable's assignment (NODE_ENV=production), a path or a URL's query.
func isComparison(f string) bool {
	i := strings.IndexAny(f, "=<>!")
	if i <= 0 || strings.ContainsAny(f, "/&?") {
		return false
	}
	name, rest := f[:i], strings.TrimLeft(f[i:], "=<>!")
	if rest == "" || len(f)-len(rest)-i > 2 || strings.ContainsAny(rest, "=<>!") {
		return false
	}
	for _, r := range name {
		if !('a' <= r && r <= 'z' || r == '_' || r == '.' || '0' <= r && r <= '9') {
			return false
		}
	}
	return 'a' <= name[0] && name[0] <= 'z' && strings.IndexFunc(rest, isWordRune) >= 0
}

// fileThings are the heads of an object that is a file or a folder.
var fileThings = stemSet(`file files folder folders directory directories dir dirs`)

// fileDeleteUndone reports whether a one-step request deletes a file or
// a folder given by its path ("Delete /tmp/cache/old.log from the
// filesystem", "delete the file notes/old-todo.txt") and no tool named
// for files or folders, in any backend, deletes: the tools whose verb
// only matches ("delete-many" of MongoDB's documents, a browser's
// "drop" of files onto a page) do not delete a file, and those of a
// repository's files (taking a repository or project) not a local one.
func (ix *Index) fileDeleteUndone(query string, naming map[string]bool) bool {
	if r106Off {
		return false
	}
	v, at := requestVerbAt(query)
	if v == "" || verbStems()[v] != verbDelete || v == stem("drop") {
		return false // "drop the file onto the upload zone": no delete
	}
	heads := objectHeads(query, at, naming)
	if len(heads) > 0 && messageThings[heads[0].word] {
		// "delete my last message in #general": no tool for messages
		// deletes one either.
		return ix.noneDoes([]string{stem("message")}, v)
	}
	if _, _, _, kinds := queryTokensKinds(query); kinds&kindPath == 0 || kinds&(kindRepo|kindURL) != 0 {
		return false
	}
	if len(heads) > 0 {
		return fileThings[heads[0].word] && ix.noneDoes([]string{heads[0].word}, v)
	}
	if fs := strings.Fields(rewritePhrases(query)); at+1 >= len(fs) || valueKindOf(strings.Trim(fs[at+1], ".,;:!?\"'`")) != kindPath {
		return false // the path is not what is deleted
	}
	return ix.noneDoes([]string{"fil", stem("directory")}, v)
}

// messageThings are the heads of an object that is a chat's message.
var messageThings = stemSet(`message messages msg msgs`)

// noneDoes reports whether no tool named for one of the things obj (stems)
// in any backend deletes (v, of the family of deleting): a repository's
// tools, which take a repository or project, aside.
func (ix *Index) noneDoes(obj []string, v string) bool {
	for s := range ix.servers {
		for _, o := range obj {
			for _, d := range ix.objectToolsOrLead(int32(s), o) {
				if !repoTool(&ix.docs[d]) && ix.toolDoesOwn(d, v, verbDelete) && !ix.elsewhereThing(obj, d) {
					return false
				}
			}
		}
	}
	return true
}

// repoTool reports whether tool d acts in a repository or project: a
// parameter of its names one ("owner", "repo", "project_id").
func repoTool(d *Doc) bool {
	for _, p := range d.Params {
		for _, w := range nameWordsCased(p.Name) {
			if w == "repo" || w == "repository" || w == "owner" || w == "project" {
				return true
			}
		}
	}
	return false
}

// fileModeWords, with a verb of change, say a change of a file's mode or
// owner that no edit of its content makes: making it executable or
// read-only, its permissions or owner.
var fileModeWords = stemSet(`executable readonly permission permissions owner ownership`)

// modeVerbs, outside the family of updates, change a file's mode.
var modeVerbs = stemSet(`change make turn grant`)

// fileModeCommands are the shell's commands for such changes, requests by
// themselves.
var fileModeCommands = stemSet(`chmod chown symlink symlinks`)

// fileModeUndone reports whether a one-step request changes the mode,
// owner or kind of a file given by its path ("chmod +x scripts/deploy.sh",
// "Make the file /srv/app/run.sh executable", "Create a symlink
// /home/dev/current -> releases/v42") and no tool taking a local path
// says such a change (a tool named for files or folders that changes
// anything and whose text says the word). Reading them ("show the
// permissions of ./app") is get_file_info's.
func (ix *Index) fileModeUndone(query string) bool {
	if r106Off || !modeSaid(query) {
		return false // the common case, cheaply
	}
	if _, _, _, kinds := queryTokensKinds(query); kinds&kindPath == 0 || kinds&(kindRepo|kindURL) != 0 {
		return false
	}
	v, _ := requestVerbAt(query)
	f := verbStems()[v] | objectVerbFamilies[v]
	if f&verbRead != 0 {
		return false
	}
	changes := f&verbUpdate != 0 || modeVerbs[v]
	var said []string
	for _, w := range lowerWords(strings.ReplaceAll(query, "read-only", "readonly")) {
		if w := stem(w); fileModeCommands[w] || changes && fileModeWords[w] {
			said = append(said, w)
		}
	}
	if len(said) == 0 {
		return false
	}
	for d := range ix.docs {
		if ix.kinds[d]&kindPath == 0 || repoTool(&ix.docs[d]) || ix.verbs[d]&^verbRead == 0 ||
			!slices.ContainsFunc(lowerWords(ix.docs[d].Tool), func(w string) bool { return fileThings[stem(w)] }) {
			continue
		}
		if ix.docHasAny(int32(d), said) {
			return false
		}
	}
	return true
}

// containerStems are the stems of containerNouns.
var containerStems = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for w := range containerNouns {
		m[stem(w)] = true
	}
	return m
})

// restServes reports whether a word of the object's phrase before its
// head names a thing a tool of backend s does the verb to: "Rename the
// MongoDB collection logs to logs_2025" names the collection by "logs",
// and rename-collection renames it.
func (ix *Index) restServes(s int32, h objectHead, v string, f verbFamily) bool {
	if r106Off {
		return false
	}
	for _, w := range h.rest {
		if !containerStems()[w] {
			continue
		}
		for _, d := range ix.objectTools(s, w) {
			if ix.toolDoesOwn(d, v, f) && !ix.renamesNot(d, v) {
				return true
			}
		}
	}
	return false
}

// reassignVerbs move a thing to another owner ("move the project over to
// the payments team", "hand it over to", "transfer it to").
var reassignVerbs = stemSet(`move transfer hand shift reassign give`)

// reassigned reports whether a request moves a thing to another owner
// (reassignVerbs, then "to" and the owner's kind: "Move the Sentry project
// web over to the payments team") that a tool of backend s changing
// things takes as a parameter (update_project's teamSlug): the move is
// that tool's update.
func (ix *Index) reassigned(query, v string, s int32) bool {
	if r106Off || !reassignVerbs[v] {
		return false
	}
	ws := lowerWords(query)
	i := slices.Index(ws, "to")
	if i < 0 {
		return false
	}
	owner := ""
	for _, w := range ws[i+1:] {
		if stopWords[w] || objectStarts[w] {
			if owner != "" {
				break
			}
			continue
		}
		owner = stem(w)
	}
	if owner == "" {
		return false
	}
	for _, d := range ix.srvDocs[s] {
		if ix.verbs[d]&verbUpdate == 0 {
			continue
		}
		for _, p := range ix.docs[d].Params {
			if pw := nameWordsCased(p.Name); len(pw) > 0 && stem(pw[0]) == owner {
				return true
			}
		}
	}
	return false
}

// withTopsPrereqs returns tops and the prerequisites of tops' tools
// found among hits.
func (ix *Index) withTopsPrereqs(hits []Hit, tops []int32) []int32 {
	kept := slices.Clone(tops)
	for _, t := range tops {
		for _, p := range ix.prereqs[t] {
			if slices.ContainsFunc(hits, func(h Hit) bool { return h.Doc == int(p) }) && !slices.Contains(kept, p) {
				kept = append(kept, p)
			}
		}
	}
	return kept
}

// modelInPhrase reports whether fs[i], a value inside an object's phrase
// (np, the words so far), is a model, size or version of the thing the
// next word names ("a new MongoDB Atlas M10 cluster", "an m5.large
// instance"): a short word with a digit, and the next word a plain noun
// ending the phrase.
func modelInPhrase(np, fs []string, i int, naming map[string]bool) bool {
	if r106Off || len(np) == 0 || i+1 >= len(fs) || !plainNoun(fs[i+1], naming) || strings.ContainsAny(fs[i], "/\\@#:") ||
		len(fs[i]) > 10 || !strings.ContainsAny(fs[i], "0123456789") {
		return false
	}
	if strings.ContainsAny(fs[i+1][len(fs[i+1])-1:], ".,;:!?") || i+2 >= len(fs) {
		return true
	}
	next := strings.ToLower(strings.Trim(fs[i+2], ".,;:!?()[]{}<>"))
	return headPrepositions[next] || meansPrepositions[next] || stopWords[next]
}

// modeParts are parts of the words of fileModeWords and fileModeCommands
// as a request spells them.
var modeParts = []string{"chmod", "chown", "symlink", "execut", "read-only", "readonly", "permission", "owner"}

// modeSaid reports, without allocating, whether query may say a change
// of a file's mode (fileModeWords, fileModeCommands).
func modeSaid(query string) bool {
	for _, w := range modeParts {
		if containsFold(query, w) {
			return true
		}
	}
	return false
}

// parenthetical reports whether raw, a field of a request inside an
// object's phrase (np, the words so far), is an aside in parentheses
// ("a red (#d9534f) 'needs-design' label"): the phrase goes on after it.
func parenthetical(raw string, np []string) bool {
	return !r106Off && len(np) > 0 && len(raw) > 2 && raw[0] == '(' && raw[len(raw)-1] == ')'
}

// bumpWords raise a dependency's version: a product named after one in a
// relative clause, last, or before "to" or "from" ("merge the one that
// bumps eslint", "bump eslint to v9") is the dependency, not a backend;
// before a thing it keeps ("Bump GitHub issue 55") it is the product.
var bumpWords = setOf(`bump bumps bumped bumping`)

// relativeWords open a relative clause.
var relativeWords = setOf(`that which who`)
