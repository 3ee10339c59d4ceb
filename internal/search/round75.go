package search

import (
	"strings"
	"unicode"
)

// Round seventy-five: "none" for a request naming a product we serve for
// an action none of its tools does, continued.
//
// A capitalised word after a word saying only that the thing is new or
// extra ("a new Git repository", "an extra Sentry DSN", "a new Sentry
// Cron monitor") is a noun of the object's phrase, not a name ending it:
// objectHeads read "new" and "extra" as the object, and the object rule
// never saw the thing. modifierOnly answers for objectHeads. The same
// words name no thing in createdUnnamed's phrase either ("new" is in
// "Post a new message", which made Slack create a workspace).

// thingModifiers say of a thing only that it is new, extra, or of a kind
// every backend's things may be; they name no thing.
var thingModifiers = setOf(`new another extra additional separate second fresh private public empty blank dedicated brand`)

// modifierOnly reports whether np, the object's phrase so far, holds only
// thingModifiers, so that a capitalised word next continues it.
func modifierOnly(np []string) bool {
	if !r75Caps || len(np) == 0 {
		return false
	}
	for _, w := range np {
		if !thingModifiers[w] {
			return false
		}
	}
	return true
}

// capitalWord reports whether w is a plain word written capitalised (or
// in capitals): letters only, its first upper case.
func capitalWord(w string) bool {
	if w == "" || !unicode.IsUpper([]rune(w)[0]) {
		return false
	}
	return strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// withoutModifiers returns the stemmed words of a phrase less the
// thingModifiers.
func withoutModifiers(ws []string) []string {
	var out []string
	for _, w := range ws {
		if !thingModifiers[w] && !thingModifiers[unstemModifier[w]] {
			out = append(out, w)
		}
	}
	return out
}

// unstemModifier maps a thingModifier's stem back to it.
var unstemModifier = func() map[string]string {
	m := map[string]string{}
	for w := range thingModifiers {
		m[stem(w)] = w
	}
	return m
}()

// A task of two clauses whose first names the product and asks an action
// none of its tools does ("Create a private Slack channel called
// #launch-war-room and invite Maya to it") was answered by its second
// step, which the backend may do; the first step's thing is what the rest
// acts on, and the task cannot be done. firstStepUndone asks the object
// rule of the first step alone.
//
// Only a first step creating its thing (createVerbs) is read so: the
// later steps act on what it makes. A step of another verb is often a
// fragment whose meaning the rest completes ("Kick the CircleCI workflow
// off again, starting from the job that failed"; "We don't need the
// Supabase project ...; pause it"). The first step must name the backend
// itself (the backend a later step names is that step's: "Crawl the blog
// ... and make a column chart"), and the next must ask an action of its
// own ("create a Reading List database in notion with title, author and
// status columns" is one step, its list split at a comma), joined to the
// first by "and" or "then" (joinedStep), not a comma inside a list or
// parentheses ("(label 'Preferred language', enumeration select ...)").
func (ix *Index) firstStepUndone(query string, naming map[string]bool, named []int32, info []clause) bool {
	if !r75First || len(info) < 2 || len(info[0].named) == 0 || !ix.oneNamed(named) || info[1].act == 0 || !joinedStep(query, info[1].step) {
		return false
	}
	v, at := requestVerbAt(info[0].text)
	if !createVerbs[v] {
		return false
	}
	// The backend knows the thing (tools named for it) and none of
	// them makes it: createdUnnamed's reading of a phrase's end is too
	// weak on a step cut out of a longer request (a tuned-on task lost
	// with it: a word after the thing's noun read as its head).
	heads := objectHeads(info[0].text, at, naming)
	if len(heads) == 0 {
		return false
	}
	known := false
	for _, s := range info[0].named {
		if len(ix.objectToolsOrLead(s, heads[0].word)) > 0 {
			known = true
		}
	}
	return known && ix.objectUndone(info[0].text, naming, info[0].named)
}

// joinedStep reports whether step, a clause of query, follows the one
// before it after "and" or "then".
func joinedStep(query, step string) bool {
	i := strings.Index(query, step)
	if i <= 0 {
		return false
	}
	before := strings.Fields(query[:i])
	if len(before) == 0 {
		return false
	}
	w := strings.ToLower(strings.Trim(before[len(before)-1], ",;:"))
	return w == "and" || w == "then"
}

// r75First and r75Caps switch the round's two rules (for its
// measurements).
var r75First, r75Caps = true, true
