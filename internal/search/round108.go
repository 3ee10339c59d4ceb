package search

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Round 108: URLs of one object, and the blind sets extra78, extra79,
// tasks108 and none108.

// r108Off turns round 108's rules off (measurement).
var r108Off = false

// urlCollections are the path segments code hosts and trackers put before
// an object's number, with the words a person says for that object:
// GitHub's ".../issues/314" and ".../pull/12", GitLab's
// ".../-/merge_requests/31", Azure DevOps' ".../_workitems/edit/4512".
var urlCollections = map[string]string{
	"issues":         "issue",
	"issue":          "issue",
	"pull":           "pull request",
	"pulls":          "pull request",
	"pullrequest":    "pull request",
	"merge_requests": "merge request",
	"commit":         "commit",
	"commits":        "commit",
	"pipelines":      "pipeline",
	"pipeline":       "pipeline",
	"jobs":           "job",
	"runs":           "run",
	"builds":         "build",
	"releases":       "release",
	"milestones":     "milestone",
	"discussions":    "discussion",
	"edit":           "", // "_workitems/edit/4512": the segment before says
	"_workitems":     "work item",
	"workitems":      "work item",
	"replays":        "replay",
	"traces":         "trace",
}

// objectOfURL returns, for a URL field f whose path ends in a collection
// of urlCollections and an object's number or hash ("…/issues/314",
// "…/commit/9f3c2ab"), the words for that object and its id ("issue
// 314"), or "".
func objectOfURL(f string) string {
	l := strings.ToLower(strings.Trim(f, "()<>\"'`,.;"))
	_, rest, ok := strings.Cut(l, "://")
	if !ok {
		return ""
	}
	rest, _, _ = strings.Cut(rest, "?")
	rest, _, _ = strings.Cut(rest, "#")
	segs := strings.Split(strings.TrimRight(rest, "/"), "/")
	for i := len(segs) - 1; i >= 2; i-- {
		id := segs[i]
		if !objectNumber(id) {
			continue
		}
		col := segs[i-1]
		words, ok := urlCollections[col]
		if ok && words == "" && i >= 3 {
			words = urlCollections[segs[i-2]]
		}
		if words == "" {
			return ""
		}
		return words + " " + id
	}
	return ""
}

// objectNumber reports whether a URL path segment is an object's number
// (digits) or a commit's hash (seven to forty hex digits, one of them a
// letter).
func objectNumber(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	digits, letter := true, false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
		case r >= 'a' && r <= 'f':
			digits, letter = false, true
		default:
			return false
		}
	}
	return digits && len(s) <= 12 || letter && len(s) >= 7
}

// withObjectURL says after each URL of one object what it is: "look up
// https://github.com/acme/web/issues/314" asks for issue 314, as "look up
// issue 314 in acme/web" does, not for the issues its path's word
// ("issues") would make it read as. A URL on a host a backend's
// parameters take (Sentry's) is left to objectURLBonus (round96.go): that
// backend's tools take it as it is.
func (ix *Index) withObjectURL(query string) string {
	if r108Off || !strings.Contains(query, "://") {
		return query
	}
	fields := strings.Fields(query)
	changed := false
	for i, f := range fields {
		if !strings.Contains(f, "://") {
			continue
		}
		if o := objectOfURL(f); o != "" && len(ix.urlHostServers(strings.Trim(f, "()<>\"'`"))) == 0 {
			fields[i] = f + " (" + o + ")"
			changed = true
		}
	}
	if !changed {
		return query
	}
	return strings.Join(fields, " ")
}

// withoutURLs returns query without its URLs: the words of a URL's path
// ("…/-/merge_requests/31") are no plural of the request's, which asks
// for the one merge request the URL names.
func withoutURLs(query string) string {
	if r108Off || !strings.Contains(query, "://") {
		return query
	}
	fs := strings.Fields(query)
	out := fs[:0]
	for _, f := range fs {
		if !strings.Contains(f, "://") {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// pluralParticiples marks in number (queryNumber's) the participle that
// says what many things are to one: "which issues are linked to issue
// #204" asks for the issue's links, as "list the links of issue #204"
// does; the plural is the links', whose tool is named for them
// (list_issue_links), not only the issues'.
func pluralParticiples(ws []string, number map[string]bool) {
	if r108Off {
		return
	}
	for i := 0; i+2 < len(ws); i++ {
		if !isPlural(ws[i]) || ws[i+1] != "are" && ws[i+1] != "were" {
			continue
		}
		p := ws[i+2]
		if len(p) > 4 && strings.HasSuffix(p, "ed") {
			number[stem(p)] = true
		}
	}
}

// namesGiven lifts, by a head word's weight, a tool that reads things by
// the list of their names (a "names" array: the memory server's
// open_nodes) when a request that changes nothing gives two or more
// names in quotes: "pull up what memory has on 'Alice Chen' and 'Project
// Orion'" asks for those two, by name, not for a search whose query
// would be one of them.
func (sc *scorer) namesGiven(query string, cands []int32) {
	if r108Off || quotedCount(query) < 2 {
		return
	}
	qt, _, _, _ := queryTokensKinds(query)
	if v := requestVerbs(query, qt); v != 0 && v != verbRead {
		return
	}
	ix := sc.ix
	for _, d := range cands {
		for _, p := range ix.docs[d].Params {
			if p.Name == "names" {
				sc.score[d] += headIDF * ix.maxIDF
				break
			}
		}
	}
}

// quotedCount returns how many fields of query open a quotation.
func quotedCount(query string) int {
	n := 0
	for _, f := range strings.Fields(query) {
		if strings.HasPrefix(f, "'") || strings.HasPrefix(f, "\"") || strings.HasPrefix(f, "“") || strings.HasPrefix(f, "‘") {
			n++
		}
	}
	return n
}

// verbObjectUndone reports whether a one-step request to delete a thing
// of the one backend it names asks what no tool of that backend does to
// that thing: "Remove the old-webhook Edge Function from our Supabase
// project" (Supabase deploys, lists and reads Edge Functions, and deletes
// only branches), "get rid of the /Onboarding/Old page" of the Azure
// DevOps wiki (wiki_upsert_page makes or changes one). The thing is the
// words of the request the best tool's name has besides its verb
// ("edge", "function" of deploy_edge_function); a tool doing it deletes
// (its name's verb, or an operation of its action parameter) and has one
// of those words in its name.
func (ix *Index) verbObjectUndone(query string, named []int32, top int32, oneStep bool) bool {
	if r108Off || !oneStep || !slices.Contains(named, ix.docServer[top]) {
		return false
	}
	s := ix.docServer[top]
	if slices.ContainsFunc(named, func(n int32) bool { return ix.srvOpen[n] }) || containsFold(query, "drag") || whQuestion(query) {
		// "drag and drop" moves; "how many items are in dataset X? I
		// don't need the rows themselves" reads.
		return false
	}
	qt, _, _, _ := queryTokensKinds(query)
	f := requestVerbs(query, qt)
	if f != verbDelete || !plainDelete(query) {
		return false
	}
	said := map[string]bool{}
	for i, w := range lowerWords(query) {
		if i > 0 {
			// The first word is the request's verb ("Count how
			// many ..., then delete ..."), not its thing.
			said[stem(w)] = true
		}
	}
	server := map[string]bool{}
	for _, w := range lowerWords(ix.servers[s]) {
		server[stem(w)] = true
	}
	var objs []string
	for _, w := range lowerWords(ix.docs[top].Tool) {
		if t := stem(w); said[t] && verbStems()[t] == 0 && !server[t] {
			objs = append(objs, t)
		}
	}
	if len(objs) == 0 || objs[len(objs)-1] != stem(lastWord(ix.docs[top].Tool)) {
		// The thing is the best tool's own ("test automation":
		// n8n_test_workflow is named for a workflow, not a test).
		return false
	}
	for _, d := range ix.namedDocs(named) {
		does := ix.verbs[d]&f != 0
		if !does {
			if _, ok := ix.opsDo(d, "delete", f); ok {
				does = true
			}
		}
		if !does {
			continue
		}
		for _, w := range lowerWords(ix.docs[d].Tool) {
			if slices.Contains(objs, stem(w)) {
				return false
			}
		}
	}
	return true
}

// whQuestion reports whether query starts with a question word.
func whQuestion(query string) bool {
	ws := lowerWords(query)
	return len(ws) > 0 && whWords[ws[0]]
}

// namedDocs returns the tools of the backends named.
func (ix *Index) namedDocs(named []int32) []int32 {
	if len(named) == 1 {
		return ix.srvDocs[named[0]]
	}
	var out []int32
	for _, s := range named {
		out = append(out, ix.srvDocs[s]...)
	}
	return out
}

// plainDeleteWords say to delete and nothing else: "clear" my to-dos marks
// them done, "drop" is an artifact's name as often as a verb, "trash" and
// "archive" set a field.
var plainDeleteWords = setOf(`delete remove erase destroy purge wipe`)

// plainDelete reports whether query says to delete with plainDeleteWords
// or "get rid of".
func plainDelete(query string) bool {
	if containsFold(query, "get rid of") {
		return true
	}
	for _, w := range lowerWords(query) {
		if plainDeleteWords[w] {
			return true
		}
	}
	return false
}

// lastWord returns the last word of a tool's name.
func lastWord(name string) string {
	ws := lowerWords(name)
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// localFactor is what a search of local places keeps of its score for a
// request that says no place (localPenalty).
const localFactor = 0.9

// placeNouns are the things people search near a place.
var placeNouns = setOf(`place places shop shops store stores restaurant restaurants cafe cafes café bar bars hotel hotels pharmacy pharmacies business businesses station stations vet vets clinic clinics dentist dentists plumber plumbers electrician electricians bakery bakeries gym gyms bookstore bookstores pizza ramen sushi coffee museum museums park parks venue venues garage garages salon salons`)

// localPenalty lowers a search of local places (a tool named so: Brave's
// brave_local_search) for a request that says no place: no word of
// nearness, no place nor business, no "in" before a capitalised name, no
// address or coordinates. "Has the vendor published the postmortem?
// Search with Brave" searches the web; Brave's local search, which falls
// back to the web, tied with its web search on "search" and "Brave".
func (sc *scorer) localPenalty(query string, kinds valueKind) {
	if r108Off || kinds&(kindCoordinates|kindAddress) != 0 {
		return
	}
	fs := strings.Fields(query)
	for i, f := range fs {
		w := strings.ToLower(strings.Trim(f, ".,;:!?()\"'`"))
		if nearWords[w] || placeNouns[w] || w == "local" || w == "me" && i > 0 && strings.EqualFold(fs[i-1], "near") {
			return
		}
		if (w == "in" || w == "at") && i+1 < len(fs) {
			if r := []rune(strings.Trim(fs[i+1], ".,;:!?()\"'`")); len(r) > 1 && unicode.IsUpper(r[0]) {
				return
			}
		}
	}
	for _, d := range sc.ix.localTools {
		sc.score[d] *= localFactor // a tool no candidate stays at 0
	}
}

// withLoadURL rewrites "load" before a URL as "open": "puppeteer load
// acme.io/pricing" navigates to the page; "load" is a verb of reading,
// and no tool of a browser's is named for reading.
func withLoadURL(query string) string {
	if r108Off || !containsFold(query, "load") {
		return query
	}
	fs := strings.Fields(query)
	changed := false
	for i := 0; i+1 < len(fs); i++ {
		if !strings.EqualFold(strings.Trim(fs[i], ",;:"), "load") {
			continue
		}
		j := i + 1
		if strings.EqualFold(fs[j], "up") && j+1 < len(fs) {
			j++
		}
		if isURL(strings.Trim(fs[j], ".,;:!?()[]{}<>\"'`")) {
			fs[i] = "open"
			changed = true
		}
	}
	if !changed {
		return query
	}
	return strings.Join(fs, " ")
}

// undoVerbs take back what was done, or say what is no longer wanted, as
// requestVerbPlace returns them (stemmed). A backend that does none of
// them by name, description or synonym does not do it however well the
// rest of the request matches its tools: "Resume the Apify run I aborted"
// (Apify aborts runs and starts new ones), "Dismiss the review on PR 61"
// (GitHub makes reviews). "Undo", "withdraw" and "restore" are left out:
// undoing a thumbs-up deletes the reaction, withdrawing an approval is
// unapprove_merge_request, a page restored from the trash is patched.
var undoVerbs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range words(`revert resume unarchive unpin unstar unfollow unsubscribe unwatch dismiss unlock unmute undelete reinstate retract`) {
		m[stem(w)] = true
	}
	return m
})

// undoVerb reports whether the stemmed verb v is one of undoVerbs.
func undoVerb(v string) bool { return !r108Off && undoVerbs()[v] }

// accessGrant matches a request giving a person access to a thing: "give
// bob@acme.io edit access to ...", "grant Maria read permissions on
// ...", "add sara@acme.io as a user with the editor role", "set up a
// database user with read rights".
var accessGrant = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:(?:give|grant)\s+(\S+(?:\s+\S+)??)\s+(?:(?:edit|editing|view|viewing|read|read-only|write|admin|comment|commenting|full|owner|guest)\s+)?(?:access|permissions?|rights)\b|add\s+(\S+)\s+as\s+an?\s+(?:\w+\s+)?(?:user|member|admin|guest|collaborator|editor|viewer|owner)\b|(?:database|db)\s+user\b[^.;]*\b(?:role|rights|permissions?|access)\b)`)
})

// accessUndone reports whether a one-step request naming one product
// gives a person access to something of it, or adds a user of it with a
// role (accessGrant), and no tool of the product adds people, shares or
// sets permissions: "Give bob@acme.io edit access to the Q3 planning page
// in Notion" (Notion's tools read and write pages, and share nothing),
// "add sara@acme.io as a user with the editor role on our self-hosted
// n8n", "set up that database user with read rights" in MongoDB.
func (ix *Index) accessUndone(query string, named []int32) bool {
	if r108Off || len(named) == 0 || !ix.oneNamed(named) {
		return false
	}
	m := accessGrant().FindStringSubmatch(query)
	if m == nil {
		return false
	}
	if who := m[1] + m[2]; who != "" && !personObject(strings.Fields(who)) && !strings.EqualFold(who, "me") && !strings.EqualFold(who, "them") {
		return false
	}
	for _, s := range named {
		if ix.srvOpen[s] {
			return false
		}
		for _, d := range ix.srvDocs[s] {
			if addsPeople(ix.docs[d].Tool) || slices.ContainsFunc(lowerWords(ix.docs[d].Tool), func(w string) bool { return accessToolWords[w] }) {
				return false
			}
		}
	}
	return true
}

// accessToolWords name a tool that gives access.
var accessToolWords = setOf(`share sharing permission permissions access role roles grant`)

// forEachLead matches a task opening by what it goes through: "For every
// open GitHub issue labeled stale in acme/web, ..." (at most twelve words
// before the comma).
var forEachLead = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^(\s*)for (each|every|all)\b(\s+(?:[^o\s,;:]|o[^f\s,;:])[^\s,;:]*(?:\s+[^\s,;:]+){0,11}?),`)
})

// withForEach rewrites a task's opening "For every X," as "List every X,
// then": going through the things is its first step, as a script lists
// them before its loop ("For each HubSpot deal closing this month, fetch
// its associated company, ..." searches the deals first).
func withForEach(query string) string {
	if r108Off || !containsFold(query, "for ") {
		return query
	}
	return forEachLead().ReplaceAllString(query, "${1}List ${2}${3}, then")
}

// multipleFactor is what a tool for several things at once keeps for a
// request naming one (multiplePenalty).
const multipleFactor = 0.95

// multiplePenalty lowers a tool named for several things at once
// ("read_multiple_files") for a request naming one file and no more:
// "Read package.json, then ..." reads one file (read_text_file), which
// the tool for many does too, but is not what it is for.
func (sc *scorer) multiplePenalty(query string) {
	if r108Off {
		return
	}
	paths := 0
	for _, raw := range strings.Fields(query) {
		f := strings.Trim(raw, ".,;:!?()[]{}<>\"'`")
		w := strings.ToLower(f)
		if manyWords[w] || isPlural(w) && (w == "files" || w == "documents" || w == "paths") {
			return
		}
		if isPath(f) && !isURL(f) {
			paths++
		}
	}
	if paths != 1 {
		return
	}
	for _, d := range sc.ix.manyTools {
		sc.score[d] *= multipleFactor
	}
}

// manyWords say that several things are meant.
var manyWords = setOf(`all every each both several multiple many these those them`)

// containerWords name what holds records.
var containerWords = setOf(`database databases table tables collection collections`)

// containerFactor is what a tool reading a container itself keeps for a
// request asking for records in it (containerPenalty).
const containerFactor = 0.95

// containerPenalty lowers a tool reading a container itself (named for
// it last: Notion's API-retrieve-a-database, which returns its
// properties) for a request asking for things in it: "Which tasks in the
// Notion sprint database are still not done?" asks for rows, a query's
// (API-query-data-source).
func (sc *scorer) containerPenalty(query string) {
	if r108Off {
		return
	}
	ws := lowerWords(query)
	container := ""
	for i, w := range ws {
		if !isPlural(w) || containerWords[w] || stopWords[w] {
			continue
		}
		if i+1 >= len(ws) || ws[i+1] != "in" && ws[i+1] != "from" {
			continue
		}
		for j := i + 2; j < len(ws) && j <= i+6; j++ {
			if containerWords[ws[j]] {
				container = stem(ws[j])
				break
			}
		}
		if container != "" {
			break
		}
	}
	if container == "" {
		return
	}
	for _, d := range sc.ix.holderReads[container] {
		sc.score[d] *= containerFactor
	}
}

// elsewhereThing reports whether tool d, named for a file's or a folder's
// thing (obj, noneDoes'), keeps such things of its own, taking no path:
// n8n's n8n_manage_folders deletes folders of workflows, not "the build/
// folder" of a project's directory.
func (ix *Index) elsewhereThing(obj []string, d int32) bool {
	if r108Off || ix.kinds[d]&kindPath != 0 {
		return false
	}
	return slices.ContainsFunc(obj, func(o string) bool { return fileThings[o] })
}

// firstFileDeleteUndone reports whether a task's first step deletes a
// file or a folder by its path, which no tool does (fileDeleteUndone):
// "Delete the build/ folder and everything inside it from the project
// directory" was cut at "and" into two steps, and judged as a task, the
// rule for one step never read it.
func (ix *Index) firstFileDeleteUndone(info []clause, naming map[string]bool) bool {
	return !r108Off && len(info) > 0 && ix.fileDeleteUndone(info[0].text, naming)
}

// idPair reports whether "and" joins two ids of one kind, the last word
// of before and the first of after: "Merge Sentry issues WEB-12 and
// WEB-15 into a single issue" is one step on two issues, not "Merge
// Sentry issues WEB-12" and a step "WEB-15 into a single issue".
func idPair(before, after string) bool {
	if r108Off {
		return false
	}
	bs, as := strings.Fields(before), strings.Fields(after)
	if len(bs) == 0 || len(as) == 0 {
		return false
	}
	b, a := bs[len(bs)-1], as[0]
	return dashID(b) && dashID(a) || refNumber(b) && refNumber(a)
}

// dashID reports whether f is an id of a capitalised key, a dash and a
// number or code: "WEB-12", "PAY-3XF", "API-77Q".
func dashID(f string) bool {
	f = strings.Trim(f, ".,;:!?()[]{}<>\"'`")
	p, n, ok := strings.Cut(f, "-")
	if !ok || len(p) < 2 || n == "" || len(n) > 8 || p[0] < 'A' || p[0] > 'Z' {
		return false
	}
	return capsWithDigit(p + n)
}

// refNumber reports whether f is a number written as a reference: "#12",
// "!45".
func refNumber(f string) bool {
	f = strings.Trim(f, ".,;:?()[]{}<>\"'`")
	return len(f) > 1 && (f[0] == '#' || f[0] == '!') && allDigits(f[1:])
}

// idAsked matches a request for an id itself: "the Context7 ID for
// next.js", "What is the Context7 identifier for the Prisma ORM docs?".
var idAsked = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:id|ids|identifier|identifiers)\s+(?:for|of)\b`)
})

// idFirst lifts, by two head words' weight, a tool named for finding ids
// (its name's last word "id" or "ids": Context7's resolve-library-id) for
// a request asking for an id (idAsked): the tools taking one (query-docs
// and its libraryId) share the words but answer something else.
func (sc *scorer) idFirst(query string) {
	if r108Off || !idAsked().MatchString(query) {
		return
	}
	ix := sc.ix
	for _, d := range ix.idTools {
		if sc.score[d] != 0 { // a candidate
			sc.score[d] += 2 * headIDF * ix.maxIDF
		}
	}
}

// placeOfFiles matches where files are, said after them: "in the local
// project folder", "inside the working directory". ("on disk" and "the
// repo folder" say which backend's files: kept.)
var placeOfFiles = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\s+(?:in|inside|within)\s+(?:the\s+|my\s+|our\s+|this\s+)?(?:(?:local|current|project|working)\s+)*(?:folder|directory|dir|workspace)\b`)
})

// withoutPlaceOfFiles drops placeOfFiles from a request that names a
// file by its path: "Rename notes/draft.md to notes/2024-review.md in
// the local project folder" renames a file, and the folder it is in is
// no folder to list (directory_tree).
func withoutPlaceOfFiles(query string) string {
	if r108Off || !strings.ContainsAny(query, "/.") {
		return query
	}
	m := placeOfFiles().FindStringIndex(query)
	if m == nil {
		return query
	}
	_, paths, _, kinds := queryTokensKinds(query[:m[0]])
	if kinds&kindPath == 0 || len(paths) == 0 {
		return query
	}
	return query[:m[0]] + query[m[1]:]
}

// buildRound108 records the tools the round's penalties and bonus read:
// named for local places (localPenalty), for several things at once
// (multiplePenalty), for finding ids (idFirst), and reading a container
// itself (containerPenalty), so that a query does not split every
// candidate's name.
func (ix *Index) buildRound108() {
	ix.localTools, ix.manyTools, ix.idTools, ix.holderReads = nil, nil, nil, map[string][]int32{}
	for d := range ix.docs {
		ws := lowerWords(ix.docs[d].Tool)
		n := len(ws)
		if n == 0 {
			continue
		}
		if slices.Contains(ws, "local") {
			ix.localTools = append(ix.localTools, int32(d))
		}
		if slices.Contains(ws, "multiple") {
			ix.manyTools = append(ix.manyTools, int32(d))
		}
		if ws[n-1] == "id" || ws[n-1] == "ids" {
			ix.idTools = append(ix.idTools, int32(d))
		}
		if containerWords[ws[n-1]] && nameVerb(ix.docs[d].Tool) == verbRead {
			t := stem(ws[n-1])
			ix.holderReads[t] = append(ix.holderReads[t], int32(d))
		}
	}
}
