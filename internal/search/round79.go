package search

import "strings"

// Round seventy-nine: a served product asked for an operation none of its
// tools does, said with a verb the families leave out.

// operationVerb reports whether t, the stem of a request's first word,
// is one of the verbs the object rule already knows as an operation of
// its own or a state a tool sets (round32.go's ownOperations, round46.go's
// fieldStates: archive, cancel, invite, merge, pin, schedule, ...): the
// request's verb, even when no determiner or value follows it ("Archive
// HubSpot deal 4412", "Cancel pipeline 991 in GitLab"), as a first word
// of a request is its verb.
func operationVerb(t string) bool {
	return ownOperations[t] || fieldStates[t] || operationWords[t] || !r87Off && channelWords[t] || !r104Off && r104Verbs[t]
}

// operationWords are verbs of operations of their own that no table
// knew: a request starting with one asks it.
var operationWords = stemSet("revoke kick ban unban block unblock uninstall abort grant unwatch unfollow install reinstall") // install, reinstall: round105.go

// actionsApart reports whether backend s, some tool of which takes an
// action parameter, is still to be judged by its tools for obj and v, a
// verb outside the families: the tools named for obj take no action
// parameter, and no operation any action parameter of s lists says v or
// a synonym of it (nor the product's own word for it). Azure DevOps
// selects its operations by action values (create, update, run_pipeline,
// ...), none on projects, whose only tool, core_list_projects, reads:
// "Archive the Azure DevOps project Legacy" is no operation of it, as
// round sixty-seven's escape for such backends ("install the n8n
// template", "answer the dialog") had it.
func (ix *Index) actionsApart(s int32, obj, v string) bool {
	if !operationVerb(v) {
		return false
	}
	tools := ix.objectToolsOrLead(s, obj)
	if len(tools) == 0 {
		return false
	}
	for _, d := range tools {
		if ix.docOps[d].has {
			return false
		}
	}
	terms := append(verbTerms(v), ix.productMeans(s, v)...)
	for _, d := range ix.srvDocs[s] {
		o := &ix.docOps[d]
		if !o.has {
			continue
		}
		if o.open {
			return false
		}
		for _, t := range terms {
			if o.words[t] {
				return false
			}
		}
	}
	return true
}

// A task whose first step names a product and whose later step, joined
// by "and" or "then", asks an operation of its own (operationVerb: pin,
// schedule, archive, invite, grant, star, lock, cancel ...) that no tool
// of the product does in any way ("Post the outage summary in the Slack
// #ops channel and pin it", "Fork octo/widgets on GitHub and star the
// original") cannot be done: the task is "none" however well its other
// steps are served. laterStepUndone asks it of the backend as a whole
// (stepVerbUndone), not of the step's object, which is often a pronoun.
func (ix *Index) laterStepUndone(query string, named []int32, info []clause) bool {
	stated := statedFirst(info) // round105.go
	if len(info) < 2 || len(info[0].named) == 0 || info[0].act == 0 && !stated || !ix.oneNamed(named) {
		return false
	}
	for i, c := range info {
		if i > 0 && !laterJoined(query, c.step) && !stated {
			continue
		}
		v, _ := requestVerbPlace(c.step)
		if !operationVerb(v) || v == stem("share") || v == stem("undo") || !verbSaid(c.step, v) {
			// "... and share it with the team" sends what the
			// first step made as often as it grants access.
			continue
		}
		if len(c.named) > 0 && (len(named) == 0 || !ix.oneNamed(append(c.named, named[0]))) {
			continue // the step names a backend of its own
		}
		prods := named
		if len(prods) == 0 && !r104Off {
			// The product the first step names by a category or a
			// value ("a new channel in our team chat ... and invite
			// the design people"); the loop held the step undone
			// with no product at all (round104.go).
			prods = info[0].named
		}
		undone := true
		for _, s := range prods {
			if !ix.stepVerbUndone(s, v) {
				undone = false
			}
		}
		if undone {
			if r79Trace != nil {
				r79Trace(v)
			}
			return true
		}
	}
	return false
}

// stepVerbUndone reports whether no tool of backend s does v, an
// operation of its own: not by the word or a synonym in any text of its
// tools, parameters too ("If omitted, the file chooser is cancelled") (backendDoes' terms, hand-written synonyms, the product's own
// words for it), an operation its action parameters list, a field the
// verb sets, or a tool ending its thing. An action parameter listing no
// values does anything.
func (ix *Index) stepVerbUndone(s int32, v string) bool {
	if !ix.srvOpen[s] && !r104Off && v == uploadVerb {
		return !ix.uploadsBy(s)
	}
	if ix.srvOpen[s] || ix.srvEnds(s, v) || ix.backendLeadSynonym(s, v) || ix.backendFieldSays(s, v) {
		return false
	}
	if ix.backendSaysOp(s, v) {
		return false
	}
	terms := append([]string{v}, ix.productMeans(s, v)...)
	for _, t := range terms[1:] {
		if ix.backendHasAny(s, t) {
			return false
		}
	}
	terms = append(terms, verbTerms(v)[1:]...)
	// A synonym counts where a tool says first what it does, not in a
	// note of its text ("conditions that you want to combine with OR
	// logic" is no merging of HubSpot records; round103.go).
	for _, syn := range synonyms()[v] {
		if (!syn.wordnet || syn.w >= wordnetWeight) && ix.backendLeadHas(s, syn.term) {
			return false
		}
	}
	if againVerbs[v] && !r103Off {
		// "... and rerun it": a tool that runs the thing runs it
		// again.
		for _, t := range runTerms() {
			if ix.backendLeadHas(s, t) {
				return false
			}
		}
	}
	for _, d := range ix.srvDocs[s] {
		o := &ix.docOps[d]
		for _, t := range terms {
			if o.words[t] {
				return false
			}
		}
	}
	return true
}

// verbFirst reports whether step starts with the word whose stem is v,
// as the step says it (not a phrase rewritten to it: "bring back every
// page" is no restoring), and an object follows it: a determiner, a
// value or a pronoun ("pin it", "star the original"), not a noun the verb
// modifies ("clone URL of the repository").
func verbFirst(step, v string) bool {
	ws := strings.Fields(strings.ToLower(step))
	if len(ws) < 2 || stem(strings.ReplaceAll(strings.Trim(ws[0], ".,;:!?\"'`"), "-", "")) != v {
		return false
	}
	next := strings.Trim(ws[1], ".,;:!?")
	return objectStart(next) || stepPronouns[next] || bareObject(next) || len(ws) > 2 && namedObject(next, ws[2])
}

// verbSaid is verbFirst for a request that may say something before its
// verb ("Can you star octo/widgets on GitHub?", "I'd like to invite
// kim@acme.com ..."): the first word whose stem is v, as the request says
// it, has an object after it.
func verbSaid(query, v string) bool {
	ws := strings.Fields(strings.ToLower(query))
	for i, w := range ws {
		if stem(strings.ReplaceAll(strings.Trim(w, ".,;:!?\"'`"), "-", "")) == v {
			return verbFirst(strings.Join(ws[i:], " "), v)
		}
	}
	return false
}

// stepPronouns are the objects a later step names an earlier step's
// thing by.
var stepPronouns = setOf(`it them him her everyone everybody`)

// r79Trace, when set (tests), is told each later step laterStepUndone
// judges undone: its verb and the word after it.
var r79Trace func(string)

// operationUndone reports whether a one-step request naming one product
// starts with an operation of its own (operationVerb, said as such:
// verbFirst) that no tool of the product does in any way
// (stepVerbUndone): "Star octo/widgets on GitHub", "Cancel the Supabase
// subscription for the Acme org". The object rule needs the object's
// phrase, which a value or a thing the product mentions in passing
// leaves it without.
func (ix *Index) operationUndone(query string, named []int32) bool {
	if len(named) == 0 || !ix.oneNamed(named) {
		return false
	}
	query = operationRequest(query)
	v, _ := requestVerbPlace(query)
	if v == "" {
		v = askedOperation(requestPart(query))
	}
	if !operationVerb(v) || v == stem("undo") || !verbSaid(requestPart(query), v) {
		// "Undo my thumbs-up on comment 99123": undoing is
		// whatever reverses the thing, here deleting it.
		return false
	}
	for _, s := range named {
		if !ix.stepVerbUndone(s, v) {
			return false
		}
	}
	return true
}

// askedOperation returns the operation verb a question asks about ("How
// do I archive a Slack channel?", "Is there a way to star a repo on
// GitHub?"): the first word of operationVerb after a subject or "to",
// "" when there is none.
func askedOperation(query string) string {
	ws := strings.Fields(strings.ToLower(query))
	for i := 1; i < len(ws); i++ {
		t := stem(strings.ReplaceAll(strings.Trim(ws[i], ".,;:!?\"'`"), "-", ""))
		if operationVerb(t) && askers[ws[i-1]] {
			return t
		}
	}
	return ""
}

// askers stand before the verb a question asks about.
var askers = setOf(`i we you to`)
