package search

import (
	"slices"
	"strings"
)

// Round ninety-three: a step said only by where its result goes. "Dump the
// list of tables in Supabase project prj9 into docs/tables.md", "Back up
// n8n workflow 55 to /tmp/wf55.json", "save workflow 212 as a JSON file at
// backups/wf212.json": one clause asks for two steps, the named backend's
// read and a file's save, and was read as one step of the named backend,
// whose five kept no file tool. splitDestination cuts such a part before
// its destination: the part names a backend before the path, carries no
// path of its own there (a move or a copy of a file is one file step),
// and the path is a file's (an extension) written after "into", "to",
// "->", or after "file" ("as a JSON file at <path>"). The cut-off
// destination becomes a step of its own, "save into <path>", which
// fileStep (filestep.go) gives the file backends.

// The verb of such a clause says the save ("archive the Slack history of
// #launch into ...", "back up workflow 55 to ..."), not the read: the
// part before the destination is read with "get" in its place (keepVerbs),
// so that a backend lacking the verb's action is not ruled out by it
// (round79.go) and its read tool is the part's.

// keepVerbs say keeping a copy of a thing, which the destination's save
// does.
var keepVerbs = setOf("save write store dump export archive persist stash snapshot mirror backup copy put keep")

// r93Off turns the round's rule off for a measurement (R93OFF=1).
var r93Off bool

// destWords lead a destination: "into docs/x.md", "to /tmp/x.json",
// "-> tree.txt".
var destWords = setOf("into to ->")

// fileWordBefore are the words a "file" phrase starts with before its
// path ("as a JSON file at", "in a file", "to a local file").
var fileWordBefore = setOf("as in into to")

// destFile reports whether w is a file's path or name: not a URL, its
// last segment with an extension of one to five letters.
func destFile(w string) bool {
	w = strings.TrimRight(w, ",;:!?.'\"`)")
	if w == "" || strings.Contains(w, "://") || strings.HasPrefix(w, "#") || strings.Contains(w, "@") {
		return false
	}
	last := w[strings.LastIndex(w, "/")+1:]
	dot := strings.LastIndex(last, ".")
	if dot <= 0 || dot == len(last)-1 || len(last)-dot-1 > 5 {
		return false
	}
	for _, r := range last[dot+1:] {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// destCut returns the index of the word a part's destination starts at, or
// -1.
func destCut(ws []string) int {
	for j := 2; j < len(ws); j++ {
		if !destFile(ws[j]) {
			continue
		}
		if destWords[strings.ToLower(ws[j-1])] {
			return j - 1
		}
		for f := j - 1; f >= j-3 && f > 0; f-- {
			if w := strings.ToLower(ws[f]); w != "file" {
				continue
			}
			for k := f - 1; k >= f-4 && k > 0; k-- {
				if fileWordBefore[strings.ToLower(ws[k])] {
					return k
				}
			}
		}
		return -1
	}
	return -1
}

// splitDestination cuts each part of split whose backend's result goes to
// a file into the part and its save step.
func (ix *Index) splitDestination(split []string, naming, foreign map[string]bool) []string {
	if r93Off || !slices.ContainsFunc(split, func(p string) bool { return strings.Contains(p, ".") }) {
		return split // no file's name (an extension) in any part
	}
	var out []string
	for _, p := range split {
		if !strings.Contains(p, ".") {
			out = append(out, p) // no file's name (an extension) in it
			continue
		}
		ws := strings.Fields(p)
		if f := contentsOf(ws); f != "" {
			// "post the contents of CHANGELOG.md to #releases": the
			// file is read first.
			out = append(out, "read "+f, p)
			continue
		}
		if len(naming) == 0 {
			out = append(out, p)
			continue
		}
		if f, rest := loadInto(ws); f != "" && ix.namesBackend(rest, naming, foreign) {
			// "load config/seed.json into the settings collection of
			// the app Mongo db": a read, then an insert there.
			out = append(out, "read "+f, "insert "+rest)
			continue
		}
		k := destCut(ws)
		if k < 2 {
			out = append(out, p)
			continue
		}
		pre := strings.Join(ws[:k], " ")
		if !ix.namesBackend(pre, naming, foreign) {
			out = append(out, p)
			continue
		}
		out = append(out, readPart(ws[:k]), "save "+strings.Join(ws[k:], " "))
	}
	return out
}

// readPart joins a part's words before its destination with its keeping
// verb (among its first words) read as "get".
func readPart(ws []string) string {
	ws = append([]string(nil), ws...)
	for i := 0; i < len(ws) && i < 4; i++ {
		w := strings.ToLower(ws[i])
		if w == "back" && i+1 < len(ws) && strings.ToLower(ws[i+1]) == "up" {
			ws = append(ws[:i+1], ws[i+2:]...)
			ws[i] = "get"
			break
		}
		if keepVerbs[w] {
			ws[i] = "get"
			break
		}
	}
	return strings.Join(ws, " ")
}

// namesBackend reports whether text names a backend (a word of naming)
// and carries no path.
func (ix *Index) namesBackend(text string, naming, foreign map[string]bool) bool {
	if _, _, _, kinds := queryTokensKinds(text); kinds&kindPath != 0 {
		return false
	}
	for _, t := range ix.queryTermsWith(text, foreign) {
		if naming[t.term] {
			return true
		}
	}
	return false
}

// contentsOf returns the file of "the contents of <file>" in a part whose
// first word is no verb reading a file, or "".
func contentsOf(ws []string) string {
	if len(ws) == 0 || fileReadVerbs[strings.ToLower(ws[0])] {
		return ""
	}
	for i := 1; i+1 < len(ws); i++ {
		if w := strings.ToLower(ws[i-1]); (w == "contents" || w == "content") && strings.ToLower(ws[i]) == "of" && destFile(ws[i+1]) {
			return strings.TrimRight(ws[i+1], ",;:!?.'\"`)")
		}
	}
	return ""
}

// loadVerbs load a file into a place.
var loadVerbs = setOf("load import")

// loadInto returns the file and the place of "load <file> into <place>",
// or "".
func loadInto(ws []string) (string, string) {
	if len(ws) < 4 || !loadVerbs[strings.ToLower(ws[0])] || !destFile(ws[1]) || !destWords[strings.ToLower(ws[2])] {
		return "", ""
	}
	return ws[1], strings.Join(ws[2:], " ")
}

// chatPost marks a step chatStep gave the chat backends, whose verb does
// not read ("ping #infra with the list", "give everyone a heads-up in
// #oncall", "drop the list in #sales"), as one that posts, whatever
// action its other words seem to ask ("list"): its backend's history
// read, matching the step's words as well, took the post's place.
func (ix *Index) chatPost(c *clause, nf []int32) {
	if r93Off || len(nf) == 0 || len(c.named) > 0 || !hasChannel(c.step) {
		return
	}
	if verbStems()[requestVerb(c.step)]&verbRead != 0 || !channelPlace(c.step) {
		return
	}
	for _, s := range nf {
		if !ix.takesChannel(s) {
			return
		}
	}
	c.act = verbCreate
}

// channelPlace reports whether a step's channel is where it goes: right
// after its first word ("ping #infra", "tell #eng") or after "in", "to",
// "into" or "on" ("give everyone a heads-up in #oncall"), in a step not
// led by a setting ("In #incidents find ...") nor naming a channel's
// thing ("summarize last week's #design discussion" reads it).
func channelPlace(step string) bool {
	ws := strings.Fields(step)
	if len(ws) == 0 || settingWords[strings.ToLower(ws[0])] {
		return false
	}
	for j := 1; j < len(ws); j++ {
		if !isChannel(strings.TrimRight(ws[j], ",;:!?.)")) {
			continue
		}
		if j == 1 || destWords[strings.ToLower(ws[j-1])] || strings.EqualFold(ws[j-1], "in") || strings.EqualFold(ws[j-1], "on") {
			return true
		}
	}
	return false
}

// appendTop makes, in a step adding content to an existing page ("add a
// summary to the Notion page 'Frontend tips'", "write it down in Notion
// page 3c4d...", "fill the Notion page 1a2b with the results"), the tool of
// the step's backend described as appending ("Append block children") the
// step's top when it scores appendFloor of the top. A page's content is
// its block children in Notion's API (developers.notion.com: "Append block
// children" adds content to a page), so the step was read as the page's
// other writes (its move, its comment, its creation, its markdown) whose
// one-line descriptions say "page" and tied with it. Not for "a new page"
// (newTop) nor a page "under" another (a child page is created).
func (sc *scorer) appendTop(c clause, cands []int32) {
	if r93Off || len(cands) == 0 || !addsToPage(c.step) {
		return
	}
	ix := sc.ix
	top := sc.highest(cands)
	srvs := c.named
	if len(srvs) == 0 {
		srvs = []int32{ix.docServer[top]}
	}
	best := int32(-1)
	for _, s := range srvs {
		for _, d := range ix.srvDocs[s] {
			if sc.score[d] > 0 && appends(ix.docs[d]) && (best < 0 || sc.score[d] > sc.score[best]) {
				best = d
			}
		}
	}
	if best < 0 || best == top || sc.score[best] < appendFloor*sc.score[top] {
		return
	}
	sc.score[best] = sc.score[top] * 1.001
}

// appendFloor is how close to its step's top the appending tool must
// score.
const appendFloor = 0.7

// appends reports whether a tool's description's first line says it
// appends.
func appends(d Doc) bool {
	line, _, _ := strings.Cut(d.Description, "\n")
	for _, w := range strings.Fields(strings.ToLower(line)) {
		if w = strings.Trim(w, ",;:.!?()|"); w == "append" || w == "appends" {
			return true
		}
	}
	return false
}

// pageAddVerbs add content to a thing.
var pageAddVerbs = setOf("add append put write jot list note record paste drop dump insert summarize summarise log")

// pagePreps lead the page content goes to.
var pagePreps = setOf("to in on into onto")

// addsToPage reports whether a step adds content to an existing page: a
// verb of pageAddVerbs then "to", "in", "on", "into" or "onto" and, within four
// words, "page" with no "new" or "fresh" between; or "fill" with "page"
// as its object.
func addsToPage(step string) bool {
	if !strings.Contains(step, "page") && !strings.Contains(step, "Page") {
		return false
	}
	ws := strings.Fields(strings.ToLower(step))
	for i := range ws {
		ws[i] = strings.Trim(ws[i], ",;:.!?\"'`()")
	}
	if len(ws) < 3 {
		return false
	}
	verb := -1
	for i := 0; i < len(ws) && i < 3; i++ {
		if pageAddVerbs[ws[i]] || ws[i] == "fill" {
			verb = i
			break
		}
	}
	if verb < 0 {
		return false
	}
	if ws[verb] == "fill" {
		for j := verb + 1; j < len(ws) && j <= verb+4; j++ {
			if ws[j] == "new" || ws[j] == "fresh" {
				return false
			}
			if ws[j] == "page" {
				return true
			}
		}
		return false
	}
	for i := verb + 1; i < len(ws); i++ {
		if !pagePreps[ws[i]] {
			continue
		}
		for j := i + 1; j < len(ws) && j <= i+4; j++ {
			if ws[j] == "new" || ws[j] == "fresh" || ws[j] == "under" {
				return false
			}
			if ws[j] == "page" {
				return true
			}
		}
	}
	return false
}

// slashWords are the pairs English writes with a slash between two words
// ("lat/lng", "and/or", "read/write", "input/output"): read as a path,
// such a pair made its step a file step ("Get the lat/lng for 'Zürich HB'
// and cache it in Redis" lost the geocoding to the file backends).
var slashWords = setOf("lat/lng lat/long lat/lon and/or read/write input/output km/h pros/cons on/off yes/no min/max either/or before/after start/end open/close true/false he/she his/her")

// slashPair reports whether f is such a pair, or two upper-case
// abbreviations of at most four letters ("CI/CD", "UI/UX", "I/O",
// "EUR/USD", "TCP/IP").
func slashPair(f string) bool {
	if r93Off {
		return false
	}
	a, b, ok := strings.Cut(f, "/")
	if !ok || a == "" || b == "" || strings.Contains(b, "/") {
		return false
	}
	if slashWords[strings.ToLower(f)] {
		return true
	}
	upper := func(w string) bool {
		if len(w) > 4 {
			return false
		}
		for _, r := range w {
			if r < 'A' || r > 'Z' {
				return false
			}
		}
		return true
	}
	return upper(a) && upper(b)
}
