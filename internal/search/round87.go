package search

import "strings"

// Round eighty-seven: a served product asked for an operation none of its
// tools does, with the object said bare ("pin 4411", "archive
// old-project") or after a label ("slack: archive #old-project channel").

// r87Off, when set (tests), turns round eighty-seven's rules off.
var r87Off bool

// bareObject reports whether w, the word right after an operation verb,
// is an object said without a determiner: a value a thing is named by,
// with a digit in it ("pin 4411", "cancel run-77") or an identifier's
// hyphen or underscore inside it ("archive old-project", "lock
// release_2"). A plain word may be a noun the verb modifies ("clone URL
// of the repository"), so it is none.
func bareObject(w string) bool {
	if r87Off {
		return false
	}
	w = strings.Trim(w, ".,;:!?\"'`()")
	if w == "" {
		return false
	}
	if strings.ContainsAny(w, "0123456789") {
		return true
	}
	i := strings.IndexAny(w, "-_")
	return i > 0 && i < len(w)-1
}

// operationRequest is the request whose first verb operationUndone reads:
// the ask after a label ("circleci: cancel pipeline 4821": "cancel
// pipeline 4821"), else the request itself. afterLabel wants a verb the
// families know after the colon; an operation of its own (operationVerb:
// archive, cancel, merge) is one too.
func operationRequest(query string) string {
	if r87Off {
		return query
	}
	if rest := afterLabel(query); rest != "" {
		return rest
	}
	q := strings.TrimSpace(query)
	i := strings.Index(q, ": ")
	if i <= 0 {
		return query
	}
	label := strings.Fields(q[:i])
	if len(label) == 0 || len(label) > labelWords || particles[strings.ToLower(label[len(label)-1])] {
		return query
	}
	for _, w := range label {
		w = strings.ToLower(strings.Trim(w, "\"'`()[]"))
		if questionWords[w] || strings.HasPrefix(w, "what") || strings.HasPrefix(w, "how") || statementSubjects[w] {
			return query
		}
	}
	rest := strings.TrimSpace(q[i+2:])
	rw := lowerWords(rest)
	if len(rw) == 0 || !operationVerb(stem(strings.ReplaceAll(strings.Trim(rw[0], ".,;:!?\"'`"), "-", ""))) {
		return query
	}
	return rest
}

// namedObject reports whether next and after, the two words after an
// operation verb, are a thing and the value naming it ("cancel pipeline
// 4821", "merge contact 12 into 34", "archive workflow wf-12"): a plain
// word, then a bare object or a channel, handle or path.
func namedObject(next, after string) bool {
	if r87Off || !isLetters(next) {
		return false
	}
	after = strings.Trim(after, ".,;:!?")
	return bareObject(after) || objectStart(after) && !objectStarts[strings.Trim(after, "\"'`")]
}

// isLetters reports whether w is a word of letters only.
func isLetters(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// stateUndone reports whether a one-step request naming one product asks
// to make or set a thing to a state (stateWords: "Make the GitHub repo
// acme/site public", "Set the #finance Slack channel to private", "Make
// the Notion page read-only") that no text of the product's tools says,
// parameters and their values too: no tool sets it. A state a field
// names ("Set the Sentry issue to resolved", a private repository at
// creation) stays answerable, as does a request saying no such state.
func (ix *Index) stateUndone(query string, named []int32) bool {
	if r87Off || len(named) == 0 || !ix.oneNamed(named) {
		return false
	}
	q := requestPart(operationRequest(query))
	ws := strings.Fields(strings.ToLower(q))
	if len(ws) < 3 || !stateOpeners[strings.Trim(ws[0], ".,;:!?\"'`")] {
		return false
	}
	var st []string
	quoted := false
	for _, w := range ws[2:] {
		opens, closes := strings.IndexAny(w, "\"'`") == 0, strings.ContainsAny(strings.TrimRight(w, ".,;:!?)"), "\"'`") && strings.LastIndexAny(w, "\"'`") > 0
		if opens && !closes {
			quoted = true
		}
		if quoted || opens {
			// a name in quotes ("the 'Public API changelog' page")
			// says no state
			if closes {
				quoted = false
			}
			continue
		}
		w = strings.Trim(w, ".,;:!?()\"'`")
		if terms, ok := stateWords[w]; ok {
			st = terms
			break
		}
	}
	if st == nil {
		return false
	}
	for _, s := range named {
		if ix.srvOpen[s] {
			return false
		}
		for _, t := range st {
			if ix.backendHasAny(s, t) {
				return false
			}
		}
	}
	return true
}

// stateOpeners open a request setting a thing's state.
var stateOpeners = setOf(`make set mark switch change flip`)

// stateWords are the states a request sets a thing to, each with the
// stemmed terms a tool setting it would say.
var stateWords = map[string][]string{
	"public":     {stem("public"), stem("visibility")},
	"private":    {stem("private"), stem("visibility")},
	"read-only":  {stem("readonly"), stem("permission"), stem("lock")},
	"readonly":   {stem("readonly"), stem("permission"), stem("lock")},
	"executable": {stem("executable"), stem("permission"), stem("mode"), stem("chmod")},
	"locked":     {stem("lock"), stem("locked")},
	"unlocked":   {stem("lock"), stem("unlock")},
	"hidden":     {stem("hidden"), stem("hide"), stem("visibility")},
	"visible":    {stem("visible"), stem("visibility"), stem("hidden")},
}

// channelWords are verbs that carry a thing through a channel of its own
// (emailing it): a product that has the thing but no tool for the channel
// does not do them ("Email the quarterly report from HubSpot to the
// lead"), and one whose tools say the channel does. Uploading and
// attaching are no such verbs: a product storing files uploads by writing
// them ("Upload config.yml to acme/api on GitHub" is push_files), and
// attaching is adding to a thing ("attach it to the HTTP Request node",
// "Attach the fact that Bob moved to his entry in memory").
var channelWords = stemSet("email")
