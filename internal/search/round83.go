package search

import "strings"

// Round eighty-three: moving a thing to another place none of the named
// product's tools can put it ("Transfer GitHub issue #31 to the acme/api
// repository", "Move the Supabase project to the Frankfurt region"). A
// generic update tool changes the thing, and its words (the issue, the
// project) match, but it cannot relocate it: GitHub's update_issue takes
// the repository only to find the issue. relocateUndone reads the request's
// destination, and a place kind there (a repository, an organization, a
// project, a group, an account, a region, a database, a team ...) must be
// something a tool of the product moves things to: a tool named for moving
// (filesystem's move_file, Notion's API-move-page), a tool named for the
// thing whose text says moving or transferring (n8n's partial update lists
// transferWorkflow and moveToFolder), or a tool of the update family with
// an optional parameter naming that kind (Sentry's update_project takes
// teamSlug: "Move the Sentry project checkout to the payments team").
// Destinations that are states or attributes (a milestone, a stage, an
// iteration, a column) are no places and are left to the other rules.

// relocateVerbs are the verbs of moving a thing to another place, stemmed.
var relocateVerbs = stemSet("move transfer relocate migrate")

// placeKinds are the kinds of place a thing is moved to, stemmed.
var placeKinds = stemSet("repository repo organization org project group account workspace region database server instance portal team namespace folder directory")

// contentWords are contents rather than things of their own: moving them
// is writing them there ("Move the file report.md into the GitHub
// repository acme/docs": create_or_update_file; "Move the documents ...
// into the prod database": a task of reading and inserting), stemmed.
var contentWords = stemSet("file files document documents row rows record records item items data content contents")

// fileNamed reports whether request text names a file by its name and
// extension ("notes.txt", "./build/app.js").
func fileNamed(text string) bool {
	for _, f := range strings.Fields(text) {
		f = strings.TrimRight(f, ".,;:!?\"'`)")
		i := strings.LastIndex(f, ".")
		if i <= 0 || i == len(f)-1 || len(f)-i-1 > 5 {
			continue
		}
		ext := f[i+1:]
		if strings.IndexFunc(ext, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 {
			return true
		}
	}
	return false
}

// relocateUndone reports whether a one-step request naming one product
// asks to move a thing to a place of a kind none of the product's tools
// moves things to.
func (ix *Index) relocateUndone(query string, named []int32) bool {
	if len(named) == 0 || !ix.oneNamed(named) {
		return false
	}
	ws := lowerWords(requestPart(query))
	if len(ws) > 0 && ws[0] == "please" {
		ws = ws[1:]
	}
	if len(ws) < 3 || !relocateVerbs[stem(ws[0])] {
		return false
	}
	to := -1
	for i := 1; i < len(ws); i++ {
		if ws[i] == "to" || ws[i] == "into" || ws[i] == "onto" {
			to = i
		}
	}
	if to < 2 {
		return false
	}
	kind := ""
	for _, w := range ws[to+1:] {
		if placeKinds[stem(w)] {
			kind = stem(w)
		}
	}
	if kind == "" {
		return false
	}
	object := map[string]bool{}
	for _, w := range ws[1:to] {
		if contentWords[stem(w)] {
			return false
		}
		if len(w) >= 3 && !allDigits(w) {
			object[stem(w)] = true
		}
	}
	if fileNamed(requestPart(query)) {
		return false
	}
	for _, s := range named {
		if ix.relocates(s, object, kind) {
			return false
		}
	}
	return true
}

// relocates reports whether a tool of backend s moves a thing (whose
// phrase's stemmed words are object) to a place of kind.
func (ix *Index) relocates(s int32, object map[string]bool, kind string) bool {
	kinds := map[string]bool{kind: true}
	if kind == stem("repository") || kind == stem("repo") {
		kinds[stem("repository")], kinds[stem("repo")] = true, true
	}
	if kind == stem("organization") || kind == stem("org") {
		kinds[stem("organization")], kinds[stem("org")] = true, true
	}
	for _, d := range ix.srvDocs[s] {
		doc := &ix.docs[d]
		forThing := false
		for _, w := range nameWordsCased(doc.Tool) {
			t := stem(w)
			if relocateVerbs[t] {
				return true
			}
			if object[t] {
				forThing = true
			}
		}
		if forThing {
			text := doc.Description
			for _, p := range doc.Params {
				text += " " + p.Name + " " + p.Description
			}
			for _, w := range nameWordsCased(text) {
				if relocateVerbs[stem(w)] && !strings.HasPrefix(w, "migrat") {
					return true
				}
			}
		}
		if nameVerb(doc.Tool)&verbUpdate == 0 {
			continue
		}
		for _, p := range doc.Params {
			if p.Required {
				continue
			}
			for _, w := range nameWordsCased(p.Name) {
				if kinds[stem(w)] {
					return true
				}
			}
		}
	}
	return false
}

// categoryUndone reports whether a one-step request naming doc's backend
// only by its category ("the error tracker", "our team chat") asks an
// operation (operationUndone) or a move (relocateUndone) none of that
// backend's tools does, as if its name were said.
func (ix *Index) categoryUndone(query string, doc int) bool {
	s := []int32{ix.docServer[doc]}
	return ix.operationUndone(query, s) || ix.relocateUndone(query, s)
}

// laterJoined reports whether step follows the one before it in query as
// a step of its own: after "and" or "then" (joinedStep), after a comma or
// semicolon ("Create a Notion page 'Retro', lock it ..."), or after
// "afterwards", "afterward" or "after that". laterStepUndone reads it: a
// step whose verb is an operation the product does nowhere is one
// wherever it stands.
func laterJoined(query, step string) bool {
	if !r83Joined {
		return joinedStep(query, step)
	}
	if joinedStep(query, step) {
		return true
	}
	i := strings.Index(query, step)
	if i <= 0 {
		return false
	}
	before := strings.TrimSpace(query[:i])
	if strings.HasSuffix(before, ",") || strings.HasSuffix(before, ";") {
		return true
	}
	ws := strings.Fields(strings.ToLower(before))
	if len(ws) == 0 {
		return false
	}
	w := strings.Trim(ws[len(ws)-1], ",;:")
	if w == "afterwards" || w == "afterward" {
		return true
	}
	return w == "that" && len(ws) >= 2 && strings.Trim(ws[len(ws)-2], ",;:") == "after"
}

// r83Joined switches laterJoined's readings beyond joinedStep (for the
// round's measurements).
var r83Joined = true
