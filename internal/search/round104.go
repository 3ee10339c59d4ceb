package search

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Round 104 (bench/retrieval-notes.md): uploading.
//
// "Upload build.log as a file to #ci on Slack" asks an operation of its
// own: a file goes up to the product, which stores it. None of Slack's
// tools takes a file, so the request is "none"; before, "upload" was
// no operation verb and the request read as posting a message. Where a
// tool says it uploads (Playwright's and Chrome's file inputs, GitLab's
// upload_markdown, Supabase's edge function files) or pushes files to a
// repository (GitHub's push_files: uploading files to a repository is
// pushing them), the product does it.

// r104Off turns round 104's rules off (in the tests).
var r104Off bool

// r104Verbs are operations of their own round 104 adds to
// operationVerb: uploading a file, and muting a channel or a person
// ("Could you mute that Slack channel for me?").
var r104Verbs = stemSet("upload mute unmute snooze")

// uploadVerb is the stem of "upload".
var uploadVerb = stem("upload")

// uploadWords say, as a tool's verb, that it uploads: pushing files to a
// repository uploads them, and so does attaching or importing one.
var uploadWords = setOf(`upload uploads push pushes attach attaches import imports`)

// uploadsBy reports whether a tool of backend s uploads: its name says
// one of uploadWords, or its description starts with one. A tool that
// only mentions a file uploaded earlier ("Download attachments ...
// uploaded with an error report", "The files to upload" of a function
// deployed) does something else with it.
func (ix *Index) uploadsBy(s int32) bool {
	for _, d := range ix.srvDocs[s] {
		if ix.aboutTools[d] {
			continue
		}
		doc := &ix.docs[d]
		for _, w := range lowerWords(doc.Tool) {
			if uploadWords[w] {
				return true
			}
		}
		if ws := lowerWords(doc.Description); len(ws) > 0 && uploadWords[ws[0]] {
			return true
		}
	}
	return false
}

// A thing another product manages is the thing asked for, whatever the
// words before it name: "Create a MongoDB database user 'reporting'
// with readWrite on analytics" creates a user, which GitHub, Slack,
// HubSpot, Notion and GitLab name tools for and none of MongoDB's tools
// says outside a parameter ("If the user has asked for a vector search"
// is the person at the keyboard). Before, "database", a thing MongoDB
// names, made the phrase one of MongoDB's.

// foreignThing reports whether w is a thing a tool of another backend is
// named for and no name, title or description of backend s's tools says.
func (ix *Index) foreignThing(s int32, w string) bool {
	if r104Off {
		return false
	}
	elsewhere := false
	for o := range ix.servers {
		if int32(o) != s && ix.srvThings[o][w] {
			elsewhere = true
			break
		}
	}
	return elsewhere && !ix.backendPosts(s, w, func(p posting) bool { return p.core })
}

// A backend whose every tool reads (Google Maps' search, details,
// directions and geocoding; the web searchers) keeps nothing of the
// user's: "Save Blue Bottle Coffee to my starred places in Google Maps"
// asks it to store something, which none of its tools does.

// ownStoreVerbs are the verbs of a request that stores, changes or removes
// something of the user's.
var ownStoreVerbs = stemSet(`save store bookmark favorite favourite star pin add insert delete remove erase update edit modify rename upload`)

// readOnlyUndone reports whether query, asked of the named backends,
// starts with one of ownStoreVerbs and every tool of theirs only reads
// and takes no path to write what it read to; or starts with one of
// ownChangeVerbs and every tool of theirs only reads (round 110: "Rename
// the layer 'Rectangle 12' in the landing page design file" is not done by
// Figma's download to a path).
func (ix *Index) readOnlyUndone(query string, named []int32) bool {
	if r104Off || len(named) == 0 {
		return false
	}
	v, _ := requestVerbPlace(query)
	if v == "" {
		// "Save Blue Bottle Coffee to my favourites": a name, not a
		// determiner, after the verb.
		v = firstWordStem(requestPart(query))
	}
	change := !r110Off && ownChangeVerbs[v]
	if !ownStoreVerbs[v] && !change {
		return false
	}
	for _, s := range named {
		if ix.srvOpen[s] {
			return false
		}
		for _, d := range ix.srvDocs[s] {
			if !ix.aboutTools[d] && (ix.verbs[d]&^verbRead != 0 || !change && ix.kinds[d]&kindPath != 0) {
				// A tool taking a path keeps what it reads there:
				// "Save the logo from Figma file K9dLx2 into
				// ./assets" downloads it.
				return false
			}
		}
	}
	return true
}

// firstWordStem returns the stem of the first word of s, "" when it has
// none.
func firstWordStem(s string) string {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		w = strings.ReplaceAll(strings.Trim(w, ".,;:!?()[]{}<>\"'`"), "-", "")
		if w == "" || stopWords[w] || leadIns[w] {
			continue
		}
		return stem(w)
	}
	return ""
}

// ingModifier reports whether w, a request's first word, is an -ing form
// modifying the noun after it ("walking directions", "failing tests")
// rather than the request's verb: the next word is no determiner, value
// or preposition starting an object, nor a verb's particle.
func ingModifier(w string, rest []string) bool {
	if r104Off || len(w) < 6 || !strings.HasSuffix(w, "ing") || len(rest) == 0 {
		return false
	}
	next := strings.Trim(rest[0], ".,;:!?()[]{}<>\"'`")
	if next == "" || objectStart(rest[0]) || stopWords[next] || !isLetters(next) {
		return false
	}
	return true
}

// The shell's commands that print a file, typed with the file's path
// ("cat src/server/handlers/auth.py", "tail -n 200 /var/log/app.log"),
// read it. Only as a request's first word and before a path: a cat is
// an animal elsewhere.

// fileCommands print a file's text.
var fileCommands = setOf(`cat head tail less more bat`)

// rewriteFileCommand returns s with a first word of fileCommands
// followed by "read file" when a later word is a path (isPath); s
// itself otherwise.
func rewriteFileCommand(s string) string {
	if r104Off {
		return s
	}
	fs := strings.Fields(s)
	if len(fs) < 2 || !fileCommands[strings.ToLower(fs[0])] {
		return s
	}
	for _, f := range fs[1:] {
		if strings.HasPrefix(f, "-") {
			continue // a flag: "-n", "-f"
		}
		if isPath(strings.Trim(f, ",;:!?()[]{}<>\"'`")) {
			return fs[0] + " read file " + strings.Join(fs[1:], " ")
		}
		if !allDigits(f) {
			return s
		}
	}
	return s
}

// statementThings open a statement about a thing when a request marker
// ("please", "can you") follows: "The branch old-experiment in acme/web
// was merged ages ago, please delete it from GitHub".
var statementThings = setOf(`the this that these those`)

// notDestination are prepositions before a second object that say whose
// or what the first is, not where it is added to.
var notDestination = setOf(`for from of with by about as`)

// transferVerbs put a thing of one product into another when the request
// names two.
var transferVerbs = stemSet(`save copy send post export put move sync push upload add write log file record share dump mirror import`)

// valueListGoesOn reports whether q, a part after prev, starts with the
// last value of a list prev ends with: "push main.tf, variables.tf and
// outputs.tf in one commit" is one step, its files a list, however many
// words follow the last of them.
func valueListGoesOn(prev, q string) bool {
	if r104Off {
		return false
	}
	pf, qf := strings.Fields(prev), strings.Fields(q)
	if len(pf) < 2 || len(qf) == 0 {
		return false
	}
	if isHandle(qf[0]) && isHandle(pf[len(pf)-1]) {
		return true // "Add @lena-h and @tkowalski as reviewers" (round107.go)
	}
	k := valueKindOf(qf[0])
	return k != 0 && valueKindOf(pf[len(pf)-1])&k != 0
}

// A sentence of the speaker's before the request ("I keep getting
// pinged in #random. Could you mute that Slack channel for me?") is no
// step: the request is the sentence asking, as withoutDoing has it for
// a clause of what the speaker is doing. The sentence is kept when the
// request points back into it ("... Could you close it?").

// sentenceBefore returns the span of query before its request when
// query opens with a sentence of statementSubjects and a later sentence
// asks ("Could you", "Can you", "Please"), nil otherwise.
func sentenceBefore(query string) []int {
	if r104Off {
		return nil
	}
	first, _, _ := strings.Cut(strings.TrimSpace(query), " ")
	if !statementSubjects[strings.ToLower(strings.Trim(first, ".,;:!?\"'`"))] {
		return nil
	}
	for _, m := range requestMarker().FindAllStringIndex(query, -1) {
		if !strings.ContainsAny(query[m[0]:m[0]+1], ".!?") {
			continue
		}
		ws := lowerWords(query[m[1]:])
		for i, w := range ws {
			if backPronouns[w] || (w == "that" || w == "this") && (i == len(ws)-1 || stopWords[ws[i+1]]) {
				// "make the Chrome tab behave like that"
				return nil
			}
		}
		return []int{0, m[1]}
	}
	return nil
}

// backPronouns point back to a thing said before.
var backPronouns = setOf(`it its them they their those these one ones`)

// dotFile reports whether f, a query's field, is a run-control dotfile
// (".eslintrc.json", ".prettierrc", ".npmrc") or an env file (".env",
// ".env.local"): a local file to read or write, which names no backend
// ("eslintrc" was ESLint's name by the prefix rule). A product's own
// file (".gitlab-ci.yml", ".circleci/config.yml") still names it.
func dotFile(f string) bool {
	if r104Off || len(f) < 3 || f[0] != '.' || strings.ContainsAny(f, `/\\`) {
		return false
	}
	name, _, _ := strings.Cut(strings.ToLower(f[1:]), ".")
	return len(name) > 2 && strings.HasSuffix(name, "rc") || name == "env"
}

// Going from one place to another asks for directions: "How do I walk
// from Amsterdam Centraal to the Rijksmuseum?", "cycle from Brooklyn
// Bridge Park to Prospect Park". The places' names are most of such a
// request and name no tool; "directions" does.

// travelFrom matches a verb of going after a subject, "to" or the
// request's start, then "from" and later "to".
var travelFrom = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)((?:^|\b(?:i|we|you|to|me|please)\s+)(?:walk|drive|cycle|bike|ride|commute|travel|get|go))\s+(from\s+\S[^?!]*?\s+to\s+\S)`)
})

// rewriteTravel returns s with "directions" before the "from" of a
// verb of going from one place to another.
func rewriteTravel(s string) string {
	if r104Off || !containsFold(s, "from") || containsFold(s, "how long") || containsFold(s, "how far") {
		// "How long would it take to drive from ... to ...": the
		// time or distance, a matrix's.
		return s
	}
	return travelFrom().ReplaceAllString(s, "$1 directions $2")
}

// A terse request names its object as a chain of nouns whose last is
// the head: "update notion page properties", "push multiple files single
// commit github". The head's own tools (retrieve-a-page-property: reads)
// may not do the verb while a tool of a word before it does and speaks
// of the head: API-patch-page updates a page's properties, push_files
// pushes files in a single commit. Such a request is served.

// modifierServes reports whether a tool of a named backend, for a word of
// h's phrase before the head, does v and mentions the head; a tool
// whose action parameter chooses what it does decides nothing here
// (Azure DevOps' pipelines_build for "delete build pipeline 17").
func (ix *Index) modifierServes(h objectHead, v string, f verbFamily, named []int32) bool {
	if r104Off {
		return false
	}
	head := objectTerms(h.word)
	for _, s := range named {
		for _, w := range withoutModifiers(h.rest) {
			for _, d := range ix.objectToolsOrLead(s, w) {
				if !ix.docOps[d].has && ix.toolDoesOwn(d, v, f) && ix.docHasAny(d, head) {
					return true
				}
			}
		}
	}
	return false
}

// A backend whose tools choose their operation by an action parameter
// (Azure DevOps) groups them by a prefix ("repo_", "wit_") and names
// each by the thing it acts on last: repo_pull_request_write writes pull
// requests, wit_work_item_link_write links. Each mentions the group's
// thing in its lead ("the repository", "a work item"), and so served
// "Delete the Azure DevOps repository old-api" (its update_reviewers
// removes a reviewer) and "Delete work item 1234" (unlink). The tools
// that do an operation on the head are those named for it last.

// namesOtherThing reports whether d's name ends in a thing other than
// obj, the request's head: its last word that is no verb of the
// families ("write", "read", "get") is not obj, said in any of its
// words for it.
func (ix *Index) namesOtherThing(d int32, obj string) bool {
	if r104Off {
		return false
	}
	ws := nameWordsCased(ix.docs[d].Tool)
	for i := len(ws) - 1; i >= 0; i-- {
		w := ws[i]
		if verbStems()[stem(w)] != 0 || nameOpWords[w] {
			continue
		}
		return !slices.Contains(objectTerms(obj), stem(w))
	}
	return false
}

// nameOpWords end tools' names as their operation without being verbs
// of the families.
var nameOpWords = setOf(`write read`)

// actionGrouped reports whether a third or more of backend s's tools
// choose their operation by an action parameter: a backend built that
// way throughout (Azure DevOps), not one with a tool or two that take an
// action (Playwright's tabs).
func (ix *Index) actionGrouped(s int32) bool {
	n, has := 0, 0
	for _, d := range ix.srvDocs[s] {
		n++
		if ix.docOps[d].has {
			has++
		}
	}
	return n > 0 && 3*has >= n
}

// ownChangeVerbs change or remove a thing the product holds: a tool
// writing what it reads to a path does none of it.
var ownChangeVerbs = stemSet(`delete remove erase update edit modify rename change comment`)
