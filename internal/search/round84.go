package search

import (
	"slices"
	"strings"
)

// Round eighty-four: a task's steps said in everyday words.
//
// chatDropVerbs are everyday verbs of putting something where a team
// reads it: "drop the list in #sales", "loop in #billing with a note",
// "shoot a summary to #ops", "pop it in the team chat". Followed, in their
// own part, by a chat channel ("#sales") or the word "chat" / "Slack",
// they say to post there (the "notify" of notifyVerbs); alone they are
// other actions (MongoDB's drop-collection, Playwright's browser_drop).
var chatDropVerbs = setOf(`drop loop shoot toss pop stick throw`)

// placeWords are the prepositions before the place a thing is put.
var placeWords = setOf(`in into to on onto`)

// r84Off turns the round's rules off (measurements).
var r84Off = false

// chatTargetAhead reports whether, after the verb at fields[i] and within
// its own part (up to seven words, stopping at a punctuation mark ending a
// word or at a clause word), a chat channel or the word "chat" or "slack"
// follows a preposition of place: "drop a note in #backend", "drop it in
// the team chat", "loop in #billing"; not "drop the #old-random channel",
// whose channel is the object.
func chatTargetAhead(fields []string, i int) bool {
	if r84Off {
		return false
	}
	place := false
	for j := i + 1; j < len(fields) && j <= i+7; j++ {
		if j > i+1 && placeWords[strings.ToLower(strings.Trim(fields[j-1], ",;:.!?()"))] {
			place = true
		}
		p := fields[j-1]
		if j > i+1 && strings.ContainsAny(p[len(p)-1:], ",;:.!?") {
			return false
		}
		raw := strings.TrimRight(fields[j], ",;:.!?)")
		if isChannel(raw) {
			return place
		}
		w := strings.ToLower(strings.Trim(raw, "'\"`()"))
		if w == "chat" || w == "slack" {
			return place
		}
		if clauseWords[w] {
			return false
		}
	}
	return false
}

// channelKept reports whether a step's best tool top keeps its place
// against h, a tool of the whole request's first backend (stepTop): the
// step carries a chat channel ("... and let #ops know", "tell #mobile it's
// green again"), top's backend takes one and h's does not. A channel is a
// value, as a path is (round80.go's channelStep), and the value rule of
// stepTop did not know it: CircleCI's pipeline status took the place of
// Slack's post in "Rerun the failed workflow on CircleCI ... and once
// that's done tell #mobile it's green again".
func (ix *Index) channelKept(info clause, top, h Hit) bool {
	if r84Off || !hasChannel(info.step) {
		return false
	}
	return ix.takesChannel(ix.docServer[top.Doc]) && !ix.takesChannel(ix.docServer[h.Doc])
}

// buildRound84 records the backends that store a value under a key: a
// tool of theirs takes both a "key" and a "value" (Redis's set).
func (ix *Index) buildRound84() {
	ix.srvKeyValue = make([]bool, len(ix.servers))
	for i := range ix.docs {
		var key, value bool
		for _, p := range ix.docs[i].Params {
			switch strings.ToLower(p.Name) {
			case "key":
				key = true
			case "value":
				value = true
			}
		}
		if key && value {
			ix.srvKeyValue[ix.docServer[i]] = true
		}
	}
}

// keyValueStore reports whether backend s stores a value under a key: the
// value may be any thing ("save the customer's shipping address in Redis
// under cust:88:addr", "stash the session token in Redis"), so that its
// tools never mention the thing says nothing of whether they keep it
// (strangerUndone).
func (ix *Index) keyValueStore(s int32) bool { return !r84Off && ix.srvKeyValue[s] }

// storeVerbs are everyday verbs of keeping a value somewhere to find it
// later: "save", "stash", "cache", "store", "persist" ("keep" left out:
// "Keep a copy of the Redis dump on S3" is no value set).
var storeVerbs = stemSet("save stash cache store persist")

// storedInKeyValue reports whether v, a request's verb, is one of
// storeVerbs and backend s a key-value store: saving a thing in Redis is
// setting a key to it, in Redis's words (unservedAction read "save" as an
// action Redis does nowhere, and "Save the customer's shipping address in
// Redis under cust:88:addr" was "none").
func (ix *Index) storedInKeyValue(s int32, v string) bool {
	return ix.keyValueStore(s) && storeVerbs[v]
}

// categoryStep returns the backends the category phrases of a step name
// (round72.go: "find out why the CI went red", "ping Marco in the team
// chat") when it names none by its name, else nil; they decide the step's
// backends as a file's kind does (fileStep): the request's named bonus
// went to GitHub in "The CI went red on main for web-app; find out why and
// file it as a GitHub issue", and "the team chat" read as Sentry's teams
// (spelledStep).
func (ix *Index) categoryStep(c clause) []int32 {
	if r84Off || len(c.named) > 0 {
		return nil
	}
	cat, terms := ix.findCategories(c.step)
	if cat == nil {
		return nil
	}
	var out []int32
	for s, ok := range cat {
		if ok {
			out = append(out, int32(s))
		}
	}
	if n := containerAfter(c.step, terms); n != "" && !slices.ContainsFunc(out, func(s int32) bool { return len(ix.objectTools(s, n)) > 0 }) {
		// "the crm database": a database named crm, not HubSpot's;
		// "the ci-alerts chat channel" is Slack's (its channels).
		return nil
	}
	if ix.categoryObjectElsewhere(c.step, terms, out) {
		return nil // "the CI checks on PR 88" (round107.go)
	}
	return out
}

// containerAfter returns the kind of container (containerNouns) said
// right after a word of a category phrase (terms, the phrases' stems) in
// text, or "": "the crm database" names a database, "the ci-alerts chat
// channel" a channel.
func containerAfter(text string, terms []string) string {
	fs := strings.Fields(text)
	for i := 0; i+1 < len(fs); i++ {
		w := strings.ToLower(strings.Trim(fs[i], ".,;:!?()'\"`"))
		next := strings.ToLower(strings.Trim(fs[i+1], ".,;:!?()'\"`"))
		if containerNouns[next] && slices.Contains(terms, stem(w)) {
			return next
		}
	}
	return ""
}

// chatStep gives a step carrying a #channel that names no backend, and
// none of whose request's named backends takes a channel (nf empty after
// channelStep), the backends that take one: "pull up what the team said
// in #design yesterday". Round ninety-three gave it every step, not only
// one whose verb reads: a step said by its goal ("give everyone a
// heads-up in #oncall", "summarize them in #qa") posts there.
func (ix *Index) chatStep(c clause, nf []int32) []int32 {
	if r84Off || !chatSteps || len(nf) > 0 || len(c.named) > 0 || (r93Off && verbStems()[requestVerb(c.step)]&verbRead == 0) || !hasChannel(c.step) {
		return nf
	}
	for s := range ix.servers {
		if ix.takesChannel(int32(s)) {
			nf = append(nf, int32(s))
		}
	}
	return nf
}

// chatSteps turns chatStep on (measured).
var chatSteps = true
