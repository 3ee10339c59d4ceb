package search

import (
	"slices"
	"strings"
	"unicode"
)

// Round ninety-two: a product's feature switched on, and a product we do
// not serve said as a label before the verb.
//
// "Enable two-factor authentication for our GitHub organization", "Turn
// on single sign-on in Sentry", "Enable auto-merge on pull request #88 on
// GitHub": the feature is no word of the product's tools, but the
// request's other words (organization, pull request, merge) are, and a
// tool of the product that updates something takes it. "linear move
// ENG-42 to done", "npm publish the package": a product whose name is an
// English word or a command, which DefaultProducts cannot hold ("a linear
// scale", "npm run lint" inside a task), said first, before a verb, as
// round ninety's productLabel reads a backend's name.

// r92Off, when set (tests), turns round ninety-two's rules off.
var r92Off bool

// labelProductNames are products no backend of the corpus serves whose
// names are English words or commands: read as a product only as a label
// opening the request before its verb ("linear close ENG-99", "docker:
// build the api image").
var labelProductNames = setOf(`linear npm yarn pnpm docker kubectl brew homebrew pip cargo gradle maven mvn gcloud flyctl wrangler`)

// labelProduct returns the product of labelProductNames the request opens
// with as a label (the name, an optional colon, then a verb), or nil.
func labelProduct(query string) [][]string {
	if r92Off {
		return nil
	}
	f, rest, ok := strings.Cut(strings.TrimSpace(query), " ")
	if !ok || len(f) > 10 {
		return nil // the common case, cheaply
	}
	first := strings.ToLower(strings.TrimSuffix(f, ":"))
	if !labelProductNames[first] {
		return nil
	}
	next, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
	v := strings.ToLower(strings.Trim(next, ".,;:!?\"'`"))
	if !isVerb(v) && !operationVerb(stem(strings.ReplaceAll(v, "-", ""))) {
		return nil
	}
	return [][]string{{first}}
}

// featureVerbs switch a feature on or set it up (rewritePhrases makes
// "turn on" and "switch on" enable, "set up" setup).
var featureVerbs = stemSet(`enable disable setup`)

// featureCarriers say a feature without naming it ("dark mode", "the wiki
// feature"): the word before one is the feature's head.
var featureCarriers = setOf(`feature features setting settings option options mode support notifications`) // notifications: round105.go

// featureUndone reports whether a one-step request naming one product
// switches on, off or sets up a feature (featureVerbs) whose head word no
// text of the product's tools says (parameters included): "Enable 2FA for the acme org on GitHub", "Turn on single
// sign-on for Sentry". A hyphenated head is said as itself ("auto-merge":
// GitLab's auto_merge, Azure DevOps's autoComplete), not by its parts. A
// product running code or SQL is left alone ("Enable the pgvector
// extension in Supabase": SQL does it).
func (ix *Index) featureUndone(query string, naming map[string]bool, named []int32) bool {
	if r92Off || len(named) == 0 || !ix.oneNamed(named) {
		return false
	}
	q := howTo(requestPart(operationRequest(query)))
	v, _ := requestVerbPlace(q)
	if !featureVerbs[v] {
		return false
	}
	head := featureHead(q, v, naming)
	if head == "" {
		return false
	}
	for _, s := range named {
		if ix.srvOpen[s] || ix.runsAnything(s) || ix.saysFeature(s, head) {
			return false
		}
	}
	return true
}

// nameIntros introduce a thing's name, which ends its object ("Set up a
// team called mobile-platform").
var nameIntros = setOf(`called named titled labelled labeled`)

// featureHead returns the head of the object after verb v, lowercase: the
// last word before a word of objectEnds or nameIntros or a punctuation mark, determiners
// and the product's naming words aside, or the word before a carrier
// (featureCarriers). "" when the object holds a quote, a path, a channel,
// a number or nothing.
func featureHead(q, v string, naming map[string]bool) string {
	ws := strings.Fields(strings.ToLower(rewritePhrases(q)))
	at := slices.IndexFunc(ws, func(w string) bool {
		return stem(strings.ReplaceAll(strings.Trim(w, ".,;:!?()[]{}<>\"'`"), "-", "")) == v
	})
	if at < 0 {
		return ""
	}
	var obj []string
	for _, w := range ws[at+1:] {
		t := strings.Trim(w, ".,;:!?()[]{}<>")
		if t == "" || objectEnds[t] || nameIntros[t] {
			break
		}
		if strings.ContainsAny(t, "'\"`/#@:$_.") || strings.Trim(t, "0123456789") == "" {
			return ""
		}
		if !determiners[t] && !objectStarts[t] && !naming[stem(t)] && !naming[t] {
			obj = append(obj, t)
		}
		if strings.ContainsAny(w[len(w)-1:], ".,;:!?") {
			break
		}
	}
	for len(obj) > 1 && featureCarriers[obj[len(obj)-1]] {
		obj = obj[:len(obj)-1]
	}
	if len(obj) == 0 || featureCarriers[obj[0]] && len(obj) == 1 {
		return ""
	}
	return obj[len(obj)-1]
}

// saysFeature reports whether some text of backend s says head: a word
// by its stem (a tool's text or parameters; not its learned words, which
// carry the content requests named: "search Notion for the SSO
// migration page" taught Notion "sso"), a hyphenated
// one as itself, its parts joined or apart in one tool's text.
func (ix *Index) saysFeature(s int32, head string) bool {
	parts := strings.Split(head, "-")
	if len(parts) == 1 {
		// backendHasAny without its exception: a tool about the
		// backend's tools says what it may switch on ("Discover and
		// activate additional tool categories").
		id, ok := ix.tools.lookup(stem(head))
		return ok && slices.ContainsFunc(ix.tools.post[id], func(p posting) bool { return ix.docServer[p.doc] == s })
	}
	apart, joined := strings.Join(parts, " "), strings.Join(parts, "")
	for _, d := range ix.srvDocs[s] {
		t := spacedText(&ix.docs[d])
		if strings.Contains(t, apart) || strings.Contains(t, joined) {
			return true
		}
	}
	return false
}

// spacedText is a tool's name, description and parameter names in
// lowercase with hyphens, underscores and camel case as spaces
// ("autoComplete", "auto_merge", "auto-merge": "auto complete", "auto
// merge").
func spacedText(d *Doc) string {
	var b strings.Builder
	add := func(s string) {
		b.WriteByte(' ')
		for _, w := range nameWordsCased(s) {
			b.WriteString(strings.ToLower(w))
			b.WriteByte(' ')
		}
	}
	add(d.Tool)
	for _, p := range d.Params {
		add(p.Name)
	}
	b.WriteByte(' ')
	b.WriteString(strings.NewReplacer("-", " ", "_", " ").Replace(strings.ToLower(d.Description)))
	return b.String()
}

// memberVerbs add a person to a place.
var memberVerbs = setOf(`add invite`)

// personNouns say a person without naming one.
var personNouns = setOf(`user users member members teammate teammates colleague colleagues person people someone contractor contractors guest guests collaborator collaborators admin admins engineer engineers developer developers hire hires coworker coworkers`)

// memberPlaces are the places a product's people belong to.
var memberPlaces = setOf(`workspace workspaces organization organisation org orgs group groups team teams project projects repo repository account portal channel channels space instance`)

// memberUndone reports whether a one-step request naming one product adds
// or invites a person (an email address, a @handle, a capitalised name, a
// person's noun: "a new user", "our contractor", or a plain word given a
// role: "add maria to the org with the owner role") to one of its places
// (memberPlaces after "to": a workspace, an organization, a group, a
// team, a channel), and no tool of the product adds people: a tool whose
// name says inviting, or adding, creating, updating or managing members
// or users. "Add alice@acme.com to our Slack workspace with the admin
// role", "Invite Dana to the Sentry organization".
func (ix *Index) memberUndone(query string, named []int32) bool {
	if r92Off || len(named) == 0 || !ix.oneNamed(named) {
		return false
	}
	q := howTo(requestPart(operationRequest(query)))
	if f, _, _ := strings.Cut(strings.TrimSpace(q), " "); !memberVerbs[strings.ToLower(f)] {
		return false // the common case, cheaply
	}
	ws := strings.Fields(q)
	if len(ws) < 4 {
		return false
	}
	to := slices.IndexFunc(ws, func(w string) bool { return strings.ToLower(w) == "to" })
	if to < 2 || !personObject(ws[1:to]) && !(to == 2 && isLetters(ws[1]) && roleSaid(ws[to+1:])) {
		return false
	}
	place := false
	for _, w := range ws[to+1:] {
		t := strings.ToLower(strings.Trim(w, ".,;:!?()\"'`"))
		if memberPlaces[t] {
			place = true
			break
		}
		if t != w && t != strings.ToLower(w) {
			break // the phrase ends at a punctuation mark
		}
	}
	if !place {
		return false
	}
	for _, s := range named {
		if ix.srvOpen[s] {
			return false
		}
		for _, d := range ix.srvDocs[s] {
			if addsPeople(ix.docs[d].Tool) {
				return false
			}
		}
	}
	return true
}

// personObject reports whether the words between the verb and "to" say a
// person: an email address, a @handle, a capitalised name, or a person's
// noun after a determiner or adjectives ("a new user").
func personObject(obj []string) bool {
	if len(obj) == 0 || len(obj) > 4 {
		return false
	}
	last := strings.Trim(obj[len(obj)-1], ".,;:!?()\"'`")
	if len(obj) == 1 {
		if strings.Contains(last, "@") || personNouns[strings.ToLower(last)] {
			return true
		}
		return len(last) > 1 && unicode.IsUpper(rune(last[0])) && isLetters(last[1:]) && strings.ToLower(last[1:]) == last[1:]
	}
	return personNouns[strings.ToLower(last)]
}

// roleWords say what a person is given in a place.
var roleWords = setOf(`role roles access permission permissions license licence seat`)

// roleSaid reports whether the words after a place give a person a role
// ("with the admin role", "with admin access", "as an owner"): a word of
// roleWords after "with", or "as a" / "as an" and a person's noun or
// role ("as an admin").
func roleSaid(rest []string) bool {
	with := false
	for i, w := range rest {
		t := strings.ToLower(strings.Trim(w, ".,;:!?()\"'`"))
		switch {
		case t == "with":
			with = true
		case with && roleWords[t]:
			return true
		case t == "as" && i+2 < len(rest) && articles[strings.ToLower(rest[i+1])]:
			return true
		}
	}
	return false
}

// addsPeople reports whether a tool's name says inviting people or adding
// them (invite_user, add_member, manage_members, create_user).
func addsPeople(name string) bool {
	ws := nameWordsCased(name)
	verb, people := false, false
	for _, w := range ws {
		switch w {
		case "invite", "invitation", "invitations":
			return true
		case "add", "create", "update", "manage", "set", "upsert":
			verb = true
		case "member", "members", "membership", "memberships", "user", "users", "collaborator", "collaborators", "people":
			people = true
		}
	}
	return verb && people
}

// pairVerbs join one product to another.
var pairVerbs = setOf(`connect link integrate install`)

// pairPlaces are what of a product is joined to another: the product
// itself, its project, repository, workspace, account or app.
var pairPlaces = setOf(`project projects repo repos repository repositories workspace workspaces org organization organisation account accounts portal instance app apps integration bot site`)

// pairUndone reports whether a one-step request naming two products joins
// one to the other, a standing integration no tool of either sets up:
// opening with a verb of pairVerbs whose object is a product, its
// project, repository, workspace or app ("Connect our Sentry project to the #errors channel in Slack",
// "Link HubSpot to our Notion workspace"), or
// setting up, enabling, adding or creating an integration ("Set up a
// Slack integration for our Notion workspace").
func (ix *Index) pairUndone(query string, named []int32) bool {
	if r92Off || len(named) < 2 || ix.oneNamed(named) {
		return false
	}
	for _, s := range named {
		if ix.srvOpen[s] {
			return false
		}
	}
	q := strings.ToLower(howTo(requestPart(query)))
	if ws := strings.Fields(q); len(ws) > 2 && pairVerbs[ws[0]] {
		// the thing joined is a product itself ("Link HubSpot to
		// ...", "Connect our GitHub repo to ..."), not a thing of
		// it ("Link the Sentry issue WEB-3F in #oncall": a link
		// posted)
		i := 1
		if determiners[ws[i]] || objectStarts[ws[i]] {
			i++
		}
		if ns, _ := ix.namedServersWith(strings.Trim(ws[i], ".,;:!?\"'`"), nil); len(ns) == 0 {
			return false
		}
		return i+1 == len(ws) || objectEnds[ws[i+1]] || pairPlaces[strings.Trim(ws[i+1], ".,;:!?")]
	}
	if !strings.Contains(q, "integration") {
		return false
	}
	v, _ := requestVerbPlace(q)
	return v == "setup" || v == "enabl" || v == "add" || v == "creat"
}
