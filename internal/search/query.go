package search

import (
	"slices"
	"strings"
	"unicode"
)

// Queries carry arguments as well as the task: URLs, file paths, coordinates,
// names of people and places. Their words say little about which tool to use
// (and "index" in "src/index.js" is no request for an index), so queryTokens
// replaces each by a hint of its kind at hintWeight and keeps the words of a
// path at pathWeight. When deciding relevance, a word of a path counts at
// argWeight of its IDF, and so does a capitalised name that no tool uses
// (at argWeight of an unknown word).
const (
	hintWeight = 0.5
	pathWeight = 0.4
	argWeight  = 0.3
)

// tlds are the top-level domains that make "example.com" a URL rather than
// a file name; a URL with a scheme or "www." needs none.
var tlds = setOf(`com org net io dev app co ai edu gov test local uk de fr eu us info biz me tv sh`)

// queryTokens analyses a query: phrases rewritten, arguments replaced by
// hints. It also returns the words of paths and other argument text (the
// content of a message or note, quoted text) and the capitalised names.
func queryTokens(query string) (toks []token, paths, names map[string]bool) {
	toks, paths, names, _ = queryTokensKinds(query)
	return toks, paths, names
}

// queryTokensKinds is queryTokens that also reports the kinds of values the
// query carries.
func queryTokensKinds(query string) (toks []token, paths, names map[string]bool, kinds valueKind) {
	fields := strings.Fields(rewritePhrases(query))
	paths, names = map[string]bool{}, properNames(query)
	content, quoted, verb, naming, purpose := false, false, false, false, false
	sql := sqlSpan(fields)
	know := -1 // the "know" of "let ... know" (letKnow)
	for i := 0; i < len(fields); i++ {
		raw := fields[i]
		f := strings.Trim(raw, ".,;:!?()[]{}<>\"'`")
		if len(raw) > 1 && raw[0] == '.' && isWordRune(rune(raw[1])) {
			// A dotfile (".env.local", ".gitlab-ci.yml") keeps its dot.
			f = "." + f
		}
		if !quoted && len(raw) > 1 && strings.ContainsAny(raw[:1], "'\"`“‘") && f != "" {
			quoted = true
		}
		lower := strings.ToLower(f)
		n := len(toks)
		// asArgs appends the terms of text at weight w of their IDF and
		// notes them as argument words: they name no tool.
		asArgs := func(text string, w float64) {
			from := len(toks)
			toks = analyze(text, toks)
			for j := from; j < len(toks); j++ {
				toks[j].weight *= w
				paths[toks[j].term] = true
			}
		}
		switch {
		case i >= sql[0] && i < sql[1]:
			// A SQL statement: one value for a tool that runs SQL; its
			// words ("count", "users") name no tool.
			if i == sql[0] {
				toks = appendTerm(toks, "sql", hintWeight)
				kinds |= kindSQL
			}
			asArgs(raw, argWeight)
		case isScript(raw):
			// "document.title", "document.querySelectorAll('a').length":
			// JavaScript to run; its words name no tool.
			toks = appendTerm(toks, "javascript", hintWeight)
			asArgs(raw, argWeight)
		case isEmoji(raw):
			// "remove the 🎉 I added", "take back the :tada:": an emoji,
			// for the tools that add or remove reactions.
			toks = appendTerm(toks, "emoji", hintWeight)
		case isURL(f):
			toks = appendTerm(toks, "url", hintWeight)
			kinds |= kindURL
		case isEmail(f):
			toks = appendTerm(toks, "email", hintWeight)
			kinds |= kindEmail
		case isPhone(f) && (r106Off || phoneDigits(f, fields[i+1:]) >= minPhoneDigits):
			// "+1 555 0100": the number's other groups are part of it.
			toks = appendTerm(toks, "phone", hintWeight)
			kinds |= kindPhone
			for i+1 < len(fields) && allDigits(strings.Trim(fields[i+1], ".,;:!?()[]-")) {
				i++
			}
		case isCoordinatePair(f), isDecimal(f) && i+1 < len(fields) && isDecimal(strings.Trim(fields[i+1], ".,;:!?()[]")):
			toks = appendTerm(toks, "coordinates", hintWeight)
			kinds |= kindCoordinates
			if !isCoordinatePair(f) {
				i++
			}
		case isPath(f) && isRepoSlug(f) && repoContext(fields):
			// "facebook/react" in a query about pull requests, issues or
			// commits: a repository, passed to tools taking one.
			asArgs(f, pathWeight)
			toks = appendTerm(toks, "repository", hintWeight)
			kinds |= kindRepo
		case isPath(f):
			asArgs(f, pathWeight)
			if !isProduct(f) && !isRef(fields, i, f) {
				// A product's name ("Next.js") is no file, nor is a
				// branch ("from feature/login into main").
				toks = appendTerm(toks, "file", hintWeight)
				kinds |= kindPath
				if m := mediaKind(f); m != "" {
					// "./images/cat.jpg", "./standup.mp3": an image or a
					// recording, for the tools that read media.
					toks = appendTerm(toks, m, hintWeight)
				}
			}
		case isSnakeName(f):
			// "audit_log", "user_id": a name to give or find, not words
			// of the task (a tool's own name spelt out gets its bonus
			// from Index.mentioned).
			asArgs(f, argWeight)
		case isNamespacedKey(f) && strings.ContainsAny(f, "*?"):
			// "session:*": a pattern of keys, which a tool that lists
			// keys matching a pattern takes, not one taking a key.
			toks = appendTerm(toks, "pattern", hintWeight)
			asArgs(f, argWeight)
		case isNamespacedKey(f):
			// "cache:home", "user:7:profile": a key to pass on, as Redis
			// and other key-value stores name them.
			toks = appendTerm(toks, "key", hintWeight)
			kinds |= kindKey
			asArgs(f, argWeight)
		case !r106Off && isComparison(f):
			// "dealstage=contractsent", "amount>50000": a condition
			// on a field, for the tools that filter (round106.go).
			toks = appendTerm(toks, "filter", hintWeight)
			asArgs(f, argWeight)
		case isChannel(f) && !hashtagAt(fields, i):
			// "#random", "#deploys": a channel's name, an argument.
			toks = appendTerm(toks, "channel", hintWeight)
			asArgs(f, argWeight)
		case isOpaqueID(f):
			// "XyZ12345", "PROJ-123", "session:42": a value to pass on.
			toks = appendTerm(toks, "id", hintWeight)
		case quoted || content:
			// The text of a message, note or value: an argument.
			asArgs(raw, argWeight)
		case lower == "so" && i > 0 && i+1 < len(fields) && purposeStarts[strings.ToLower(strings.Trim(fields[i+1], ".,;:!?"))],
			timeMarkers[lower] && i > 0 && i+1 < len(fields) && subjects[strings.ToLower(strings.Trim(fields[i+1], ".,;:!?"))],
			reasonStarts[strings.ReplaceAll(lower, "’", "'")] && i > 0 && strings.ContainsAny(fields[i-1][len(fields[i-1])-1:], ",;"),
			lower == "to" && i > 0 && measureVerbs[strings.ToLower(fields[i-1])]:
			// "hover over the menu so the submenu shows up", "load the
			// picture so you can look at it": what follows says what the
			// step is for, not what to do; its words, up to the end of
			// the clause, are arguments. So do "before I push it",
			// "once we deploy": when the step is done, not what it is
			// ("check this .gitlab-ci.yml before I push it"). And so
			// does a reason after a comma ("close issue 77, it's a
			// duplicate": no request to duplicate anything). So does
			// what a cost or a time is of ("what it costs to run", "how
			// long it takes to build"): a measure to read, not a run.
			purpose = true
		case purpose:
			asArgs(raw, argWeight)
		case nameMarkers[lower] && i > 0:
			// "a page called Meeting notes": what follows is a name to
			// give or find, an argument like a path; the marker itself
			// ("called") is no request to call anything.
			naming = true
		case i > 0 && i+1 < len(fields) && determiners[strings.ToLower(fields[i-1])] &&
			isPlainLower(f) && f == raw && !containerNouns[f] && !stopWords[f] && !modifiers[f] && !strings.HasSuffix(f, "ed") &&
			containerNouns[strings.ToLower(strings.TrimRight(fields[i+1], ".,;:!?"))]:
			// "the config folder", "the orders collection": the word
			// before a kind of container names one, an argument.
			asArgs(raw, argWeight)
		case naming:
			asArgs(raw, argWeight)
		case (verb || sayingMarkers[lower]) && contentMarkers[lower] && i > 0:
			// "saying", "containing": the text that follows is an argument;
			// the marker itself says little about the tool.
			toks = analyze(raw, toks)
			for j := n; j < len(toks); j++ {
				toks[j].weight *= argWeight
			}
			content = true
		case notifyVerbs[lower] && i+1 < len(fields) && partStartAt(fields, i):
			// "warn Slack channel C0OPS", "ping #ops": to tell
			// someone, as "tell" below (round64.go).
			toks = appendTerm(toks, "notify", 1)
			verb = true
		case chatDropVerbs[lower] && partStartAt(fields, i) && chatTargetAhead(fields, i):
			// "drop the list in #sales", "loop in #billing": to post there
			// (round84.go).
			toks = appendTerm(toks, "notify", 1)
			verb = true
		case lower == "let" && partStartAt(fields, i) && letKnow(fields, i) > 0:
			// "let Slack channel C0DEPLOY know it has started": tell
			// them; the "know" is skipped (no knowledge graph).
			toks = appendTerm(toks, "notify", 1)
			verb = true
			know = letKnow(fields, i)
		case i == know:
		case lower == "tell" && i+1 < len(fields) && !tellSelf[strings.ToLower(strings.Trim(fields[i+1], ".,;:!?"))]:
			// "tell #deploys that ...", "tell Sam the build is green": to
			// tell someone other than the assistant is to notify them
			// ("tell me" asks the assistant).
			toks = appendTerm(toks, "notify", 1)
			verb = true
		case lower == "list" && i+1 < len(fields) && namesFile(fields[i+1]):
			// "what's inside /home/dev/.env.example" (rewritten "list"):
			// what is inside a file is read, a folder's is listed.
			toks = appendTerm(toks, "read", 1)
		case lower == "open" && opensFile(fields[i+1:]):
			// "open ./docs/setup.md", "open the file notes.md": to open
			// a file is to read it.
			toks = appendTerm(toks, "read", 1)
		case keyNames[f] && i > 0 && pressVerbs[strings.ToLower(fields[i-1])]:
			// "hit Escape", "press Enter": a key of the keyboard, named
			// as keyboard APIs name it, to press.
			toks = appendTerm(toks, "key", hintWeight)
			toks = appendTerm(toks, "press", hintWeight)
		default:
			toks = analyze(raw, toks)
			if pageWords[lower] && i+2 < len(fields) && allDigits(strings.Trim(fields[i+1], ".,;:!?")) &&
				isPlural(strings.ToLower(strings.Trim(fields[i+2], ".,;:!?"))) && !unitWords[strings.ToLower(strings.Trim(fields[i+2], ".,;:!?"))] {
				// "the first 20 companies", "the last 10 runs": a page of
				// a list.
				toks = appendTerm(toks, "list", hintWeight)
			}
			if contentVerbs[lower] {
				verb = true
			}
			if webWords[lower] && i+1 < len(fields) && strings.EqualFold(fields[i+1], "for") {
				// "search the web for X": X is what to search for, an
				// argument; its words name no tool.
				content = true
				i++
			}
			if i+2 < len(fields) && aboutMarkers[strings.ToLower(fields[i+1])] && !topicNouns[lower] && !stopWords[lower] &&
				verbStems()[stem(strings.ToLower(strings.Trim(fields[0], ".,;:!?")))]&verbCreate == 0 {
				// "an issue about dark mode", "a work item about the
				// timeout": things found by what they are about (unless
				// the request makes one: "write a poem about the sea").
				toks = appendTerm(toks, "search", hintWeight)
			}
			if topicNouns[lower] {
				// "news about the Mars rover", "a report on battery
				// recycling", "any news today about the EU": the topic
				// is what to look into, an argument (stop words such as
				// "today" may come between).
				j := i + 1
				for j < len(fields) && stopWords[strings.ToLower(fields[j])] && !topicMarkers[strings.ToLower(fields[j])] {
					j++
				}
				if j < len(fields) && topicMarkers[strings.ToLower(fields[j])] {
					content = true
					i = j
				}
			}
		}
		if quoted && closesQuote(raw) {
			quoted = false
		}
		if strings.ContainsAny(raw[len(raw)-1:], ".!?;") {
			content, verb = false, false
		}
		if !r105Off && content && strings.HasSuffix(raw, ":") && i+1 < len(fields) && verbStems()[stem(strings.ToLower(fields[i+1]))] != 0 {
			// "the docs on middleware: find the library first, ...": a
			// topic ends at a colon the steps follow (round105.go).
			content = false
		}
		if colonContent && strings.HasSuffix(raw, ":") && i > 0 && i+1 < len(fields) &&
			verbStems()[stem(strings.ToLower(fields[i+1]))] == 0 && (r106Off || !askedAfterLabel(fields[i+1:])) {
			// "post to #ci: build is green", "sales per region: North
			// 20, South 35": what follows a colon is the data or text
			// to pass on, unless it starts with a verb (the steps of
			// the task: "...: find the library, then pull the docs").
			content = true
		}
		if strings.ContainsAny(raw[len(raw)-1:], ".!?;,:") || i+1 < len(fields) && nameEnds[strings.ToLower(fields[i+1])] {
			naming = false
		}
		if strings.ContainsAny(raw[len(raw)-1:], ".!?;,:") || i+1 < len(fields) && clauseWords[strings.ToLower(fields[i+1])] {
			purpose = false
		}
	}
	if placePair(fields) {
		kinds |= kindCoordinates
	}
	if hasAddress(query) {
		// A street address: a place, for the tools taking one (round105.go).
		toks = appendTerm(toks, "address", hintWeight)
		kinds |= kindAddress
	}
	if relatesNames(fields) {
		// A fact between two named things (round53.go).
		toks = appendTerm(toks, "relation", hintWeight)
	}
	if plotsPair(fields) {
		toks = appendTerm(toks, "scatter", hintWeight)
		toks = appendTerm(toks, "correlation", hintWeight)
	}
	return toks, paths, names, kinds
}

// keyNames are the keys of a keyboard as keyboard APIs name them
// (capitalised) after a pressVerb ("hit Escape", "press Enter", "tap
// ArrowDown"); "hit enter" is left to the everyday synonyms.
var (
	keyNames   = setOf(`Escape Esc Enter Return Tab Backspace Delete Space ArrowDown ArrowUp ArrowLeft ArrowRight PageDown PageUp Home End F5 F12`)
	pressVerbs = setOf(`hit press tap`)
)

// pageWords before a number and a plural ask for a page of a list ("the
// first 20 companies"); unitWords are plurals that measure, not list
// ("the last 30 days", "the first 20 lines").
var (
	pageWords = setOf(`first last top latest next`)
	unitWords = setOf(`lines seconds minutes hours days weeks months years bytes characters chars words percent`)
)

// plotVerbs ask for a chart; pairWords set one measure against another.
var (
	plotVerbs = setOf(`plot plotting chart graph visualise visualize`)
	pairWords = setOf(`against versus vs vs.`)
)

// plotsPair reports whether fields ask to plot one measure against another
// ("plot ad spend against revenue", "show height versus points per game"):
// what a scatter chart shows, the relationship of two variables.
func plotsPair(fields []string) bool {
	plot := false
	for i, f := range fields {
		w := strings.ToLower(strings.Trim(f, ",;:!?()\"'`"))
		switch {
		case plotVerbs[w]:
			plot = true
		case plot && i > 0 && pairWords[w]:
			return true
		}
	}
	return false
}

// scriptGlobals start JavaScript expressions run in a page.
var scriptGlobals = []string{"document.", "window.", "console.", "navigator.", "localStorage.", "sessionStorage.", "location."}

// isScript reports whether raw is a JavaScript expression: it starts with a
// browser global ("document.title") or calls something ("foo.bar()",
// "x => x").
func isScript(raw string) bool {
	f := strings.Trim(raw, ".,;:!?\"'`")
	for _, g := range scriptGlobals {
		if strings.HasPrefix(f, g) && len(f) > len(g) {
			return true
		}
	}
	return strings.Contains(f, "=>") || strings.Contains(f, ").") || strings.HasSuffix(f, "()")
}

// isRef reports whether path-like field f (fields[i]) is a branch or
// other ref: after "from", "into" or "onto", with no extension and no
// trailing slash ("from feature/login into main").
func isRef(fields []string, i int, f string) bool {
	if i == 0 || strings.HasSuffix(f, "/") || strings.Contains(f[strings.LastIndexByte(f, '/')+1:], ".") {
		return false
	}
	switch strings.ToLower(fields[i-1]) {
	case "from", "into", "onto":
		return true
	}
	return false
}

// plainFiles are files usually named without an extension.
var plainFiles = setOf(`README LICENSE CHANGELOG CONTRIBUTING CODEOWNERS NOTICE AUTHORS
Dockerfile Containerfile Makefile Jenkinsfile Gemfile Rakefile Procfile Vagrantfile Brewfile Podfile Pipfile Justfile`)

// opensFile reports whether the words after "open" name a file: a path
// ("./docs/setup.md", "notes.md") or "(the|this|my) file".
func opensFile(rest []string) bool {
	if len(rest) == 0 {
		return false
	}
	f := strings.Trim(rest[0], ".,;:!?()[]{}<>\"'`")
	if isPath(f) && !isURL(f) && !isProduct(f) {
		return true
	}
	w := strings.ToLower(f)
	if determiners[w] && len(rest) > 1 {
		w = strings.ToLower(strings.Trim(rest[1], ".,;:!?"))
	}
	return w == "file" || w == "files"
}

// namesFile reports whether raw is a path whose last part has an extension
// or is a dotfile (".env.example", "notes.txt"), not a folder.
func namesFile(raw string) bool {
	f := strings.Trim(raw, ",;:!?()[]{}<>\"'`")
	f = strings.TrimRight(f, ".")
	if !isPath(f) || isURL(f) || isProduct(f) || strings.HasSuffix(f, "/") {
		return false
	}
	last := f[strings.LastIndexAny(f, `/\`)+1:]
	return strings.Contains(last, ".") && last != "." && last != ".."
}

// isSnakeName reports whether f is a lowercase name of words joined by
// underscores ("audit_log", "orders_tmp").
func isSnakeName(f string) bool {
	if !strings.Contains(f, "_") || f[0] == '_' || f[len(f)-1] == '_' {
		return false
	}
	for _, r := range f {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// isEnvName reports whether f is an environment variable's name: capital
// words joined by underscores ("NEXT_PUBLIC_SUPABASE_URL", "GITHUB_TOKEN").
// A backend's name inside one names no backend.
func isEnvName(f string) bool {
	if !strings.Contains(f, "_") || f[0] == '_' || f[len(f)-1] == '_' {
		return false
	}
	letter := false
	for _, r := range f {
		switch {
		case r >= 'A' && r <= 'Z':
			letter = true
		case r >= '0' && r <= '9' || r == '_':
		default:
			return false
		}
	}
	return letter
}

// isChannel reports whether f is a chat channel's name: "#" and a word
// that does not start with a digit ("#random", "#dev-ops"; not "#42").
func isChannel(f string) bool {
	if !r96Off && slackChannelID(f) {
		return true // round96.go
	}
	if len(f) < 2 || f[0] != '#' {
		return false
	}
	r := rune(f[1])
	return unicode.IsLetter(r) && strings.IndexFunc(f[1:], func(r rune) bool { return !isWordRune(r) && r != '-' && r != '_' }) < 0
}

// placePair reports whether fields go "from <Name> to <Name>": two places
// (capitalised, as names are), the origin and destination of a route.
func placePair(fields []string) bool {
	capital := func(f string) bool {
		f = strings.TrimLeft(f, "\"'(")
		return f != "" && f[0] >= 'A' && f[0] <= 'Z'
	}
	// place reports whether a place's name starts at fields[i], after an
	// article ("from the Louvre to the Eiffel Tower").
	place := func(i int) bool {
		if i < len(fields) && strings.EqualFold(fields[i], "the") {
			i++
		}
		return i < len(fields) && capital(fields[i])
	}
	from := -1
	for i, f := range fields {
		switch strings.ToLower(f) {
		case "from":
			if place(i + 1) {
				from = i
			}
		case "to":
			if from >= 0 && i > from+1 && place(i+1) {
				return true
			}
		}
	}
	return false
}

// closesQuote reports whether field f ends a quotation: it ends (before
// any punctuation) in a closing quote character.
func closesQuote(f string) bool {
	t := strings.TrimRight(f, ".,;:!?)")
	return t != "" && strings.ContainsAny(t[len(t)-1:], "'\"`”’")
}

// contentVerbs say that a query passes text along (to remember, note,
// write or send); after one, a contentMarker starts that text, which is
// an argument like a path ("remember that Carlos prefers tea", "tell the
// channel that the deploy finished").
var (
	contentVerbs   = setOf(`remember memorize forget note jot record save write tell say post send reply comment mention inform notify message know mind`)
	contentMarkers = setOf(`that saying says stating containing reading`)
	// sayingMarkers start the text to pass on after any verb ("open an
	// issue saying the page crashes").
	sayingMarkers = setOf(`saying stating`)
)

// determiners, containerNouns and modifiers find a name placed before the
// kind of thing it names ("the config folder", "our orders collection",
// "the email field", "the search box"), unless the word says which one by
// its state ("the new folder", "the default branch", or a past participle:
// "the focused field").
var (
	determiners    = setOf(`the my our this that your their`)
	containerNouns = setOf(`folder directory dir file collection table channel page database db repo repository project branch bucket workflow team org organization workspace board list index view doc document sheet spreadsheet field box input textbox button menu dropdown checkbox form`)
	modifiers      = setOf(`new old whole entire current previous next last first open closed same default main shared public private remote local active latest recent other top full`)
)

const colonContent = true

// webWords name the web as the place to search ("search the web for").
var webWords = setOf(`web internet online google`)

// topicNouns are kinds of writing or findings that are about a topic; after
// one, a topicMarker starts the topic ("news about X", "research on Y").
var (
	topicNouns   = setOf(`news article articles report reports research paper papers study studies story stories info information facts docs documentation`) // docs: round105.go
	topicMarkers = setOf(`about on regarding concerning`)
	// aboutMarkers after a noun say what the things looked for are about.
	aboutMarkers = setOf(`about regarding concerning mentioning`)
)

// measureVerbs before "to" say that what follows is what a cost or a time
// is of.
var measureVerbs = setOf(`cost costs take takes took`)

// purposeStarts follow "so" when it starts a clause saying what a step is
// for ("so the dropdown shows", "so I can read it").
var purposeStarts = setOf(`the that it its i we you they he she my our your`)

// timeMarkers start a clause saying when a step is done; subjects start
// the clause after one ("before I push it", "after we merge").
var (
	timeMarkers = setOf(`before after once until`)
	subjects    = setOf(`i we you they he she`)
)

// reasonStarts start a clause, after a comma, that says why.
var reasonStarts = setOf(`it's that's they're there's because`)

// nameMarkers introduce the name of a thing to create or find; nameEnds
// are the words after which a name usually ends ("a folder called
// build and list it", "a label named bug in the repo").
var (
	nameMarkers = setOf(`called named titled entitled`)
	nameEnds    = setOf(`and then in on to for with at from into under inside of by as that which`)
)

// isEmoji reports whether a field of a query is an emoji: pictographs
// ("🎉", "👍🏽") or a shortcode (":tada:", ":+1:").
func isEmoji(raw string) bool {
	f := strings.Trim(raw, ".,;!?()[]{}<>\"'`")
	if len(f) > 2 && f[0] == ':' && f[len(f)-1] == ':' {
		return strings.IndexFunc(f[1:len(f)-1], func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '+' || r == '-')
		}) < 0
	}
	pict := false
	for _, r := range f {
		switch {
		case unicode.Is(unicode.So, r):
			pict = true
		case r == 0xFE0F || r == 0x200D || r >= 0x1F3FB && r <= 0x1F3FF:
			// a variation selector, a zero-width joiner, a skin tone
		default:
			return false
		}
	}
	return pict
}

func isURL(f string) bool {
	l := strings.ToLower(f)
	if strings.Contains(l, "://") || strings.HasPrefix(l, "www.") {
		return true
	}
	host, _, _ := strings.Cut(l, "/")
	host, _, _ = strings.Cut(host, ":")
	i := strings.LastIndexByte(host, '.')
	// A name starting with a dot is a file (".env.local"), not a host.
	return i > 0 && host[0] != '.' && tlds[host[i+1:]] && !strings.Contains(host, "@")
}

// isOpaqueID reports whether f looks like an identifier rather than a
// word: at least six characters mixing letters with at least two digits,
// and no slash (a path) or "@" (an email).
func isOpaqueID(f string) bool {
	if len(f) < 6 || strings.ContainsAny(f, `/\@`) {
		return false
	}
	var letters, digits, switches int
	prevLower := false
	for _, r := range f {
		switch {
		case unicode.IsLetter(r):
			letters++
			if unicode.IsUpper(r) && prevLower {
				switches++
			}
		case unicode.IsDigit(r):
			digits++
		}
		prevLower = unicode.IsLower(r)
	}
	// A long token whose case goes up and down and holds a digit is
	// generated, not written ("ChIJN1t_tDeuEmsR", a Google place ID).
	return letters > 0 && (digits >= 2 || digits == 1 && switches >= 3 && len(f) >= 10)
}

// isNamespacedKey reports whether f is a key of colon-separated parts
// ("cache:home", "session:42"), not a time ("6:30"), a URL or a path.
func isNamespacedKey(f string) bool {
	parts := strings.Split(f, ":")
	if len(parts) < 2 || strings.ContainsAny(f, `/\@ `) || strings.EqualFold(parts[0], "localhost") {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.IndexFunc(p, func(r rune) bool { return !isWordRune(r) && r != '_' && r != '-' && r != '*' }) >= 0 {
			return false
		}
	}
	return strings.IndexFunc(parts[0], unicode.IsLetter) >= 0
}

// isPhone reports whether f starts an international phone number: a "+"
// and digits (dashes and dots between them allowed).
func isPhone(f string) bool {
	d, ok := strings.CutPrefix(f, "+")
	return ok && d != "" && allDigits(strings.NewReplacer("-", "", ".", "", "(", "", ")", "").Replace(d))
}

func isEmail(f string) bool {
	at := strings.IndexByte(f, '@')
	return at > 0 && strings.Contains(f[at:], ".") && !strings.ContainsAny(f, "/ ")
}

// isPath reports whether f looks like a file path or file name: it has a
// slash between word characters, or ends in a dot and a short extension.
func isPath(f string) bool {
	if plainFiles[f] {
		// "Dockerfile", "Makefile", "README": files named without an
		// extension.
		return true
	}
	if slashPair(f) {
		return false // "lat/lng", "and/or", "CI/CD" (round93.go)
	}
	if strings.Contains(f, "/") || strings.Contains(f, `\`) {
		return strings.IndexFunc(f, isWordRune) >= 0
	}
	if len(f) > 1 && f[0] == '.' && isWordRune(rune(f[1])) {
		// A dotfile: ".gitignore", ".env.local".
		return true
	}
	i := strings.LastIndexByte(f, '.')
	if i < 0 || i == len(f)-1 {
		return false
	}
	ext := f[i+1:]
	return len(ext) <= 5 && strings.IndexFunc(ext, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// isProduct reports whether a file-like name is a product's ("Next.js",
// "Node.js"): capitalised, no slash, ending in ".js".
func isProduct(f string) bool {
	return !strings.ContainsAny(f, `/\`) && strings.HasSuffix(strings.ToLower(f), ".js") && f[0] >= 'A' && f[0] <= 'Z'
}

// isCoordinatePair reports whether f is "lat,lng" written without a space.
func isCoordinatePair(f string) bool {
	a, b, ok := strings.Cut(f, ",")
	return ok && isDecimal(a) && isDecimal(b)
}

func isDecimal(f string) bool {
	f = strings.TrimPrefix(f, "-")
	a, b, ok := strings.Cut(f, ".")
	return ok && a != "" && b != "" && allDigits(a) && allDigits(b)
}

// properNames returns the lowercase words of query that are capitalised
// where a sentence does not start: names of people, places and things,
// which are arguments when no tool uses them.
func properNames(query string) map[string]bool {
	out := map[string]bool{}
	start := true
	for _, f := range strings.Fields(query) {
		w := strings.TrimLeft(f, "\"'(`[")
		r := []rune(w)
		if !start && len(r) > 1 && unicode.IsUpper(r[0]) && !unicode.IsUpper(r[1]) {
			out[stem(strings.ToLower(strings.TrimRight(w, ".,;:!?)\"'`]")))] = true
		}
		start = strings.ContainsAny(f[len(f)-1:], ".!?:")
	}
	return out
}

// sqlStarts are the keywords that start a SQL statement, each with the
// keywords one of which must follow it; sqlWords may continue one.
var (
	sqlStarts = map[string][]string{
		"select": {"from"}, "insert": {"into"}, "update": {"set"}, "delete": {"from"},
		"create": {"table", "index", "view"}, "alter": {"table"}, "drop": {"table", "index", "view"},
		"with": {"select"},
	}
	sqlWords = setOf(`select from where and or not in is null like join on group order by having
limit offset as into values set table index view count sum avg min max distinct asc desc inner left
right outer union all insert update delete create alter drop add column primary key`)
)

// sqlSpan returns the fields [start, end) of the SQL statement a query
// carries, written in upper case ("run SELECT count(*) FROM users"): from a
// statement keyword to the field after the last keyword (the table or the
// condition), or [0, 0) when there is none.
func sqlSpan(fields []string) [2]int {
	word := func(f string) string { return strings.Trim(f, ".,;:!?()[]{}<>\"'`*") }
	isKW := func(f string) bool {
		w := word(f)
		return w != "" && w == strings.ToUpper(w) && sqlWords[strings.ToLower(w)]
	}
	for i, f := range fields {
		w := word(f)
		follow, ok := sqlStarts[strings.ToLower(w)]
		if !ok || w != strings.ToUpper(w) {
			continue
		}
		end := -1
		for j := i + 1; j < len(fields) && j <= i+12; j++ {
			if isKW(fields[j]) && slices.Contains(follow, strings.ToLower(word(fields[j]))) {
				end = j
				break
			}
		}
		if end < 0 {
			continue
		}
		for j := end + 1; j < len(fields); j++ {
			if isKW(fields[j]) {
				end = j
			}
		}
		// The table or the condition after the last keyword.
		end++
		for end < len(fields) && strings.IndexFunc(fields[end-1], func(r rune) bool { return strings.ContainsRune(".;!?", r) }) < 0 && !isKW(fields[end]) && end-i < 24 {
			// A plain lowercase word after the value ends it ("orders
			// against the database").
			// An operand after an operator or a call goes on ("now() -
			// interval '1 day'").
			if f := fields[end]; isPlainLower(strings.TrimRight(f, ".,;:!?")) && !isKW(fields[end-1]) && !sqlOperand(fields[end-1]) {
				break
			}
			end++
		}
		return [2]int{i, min(end, len(fields))}
	}
	return [2]int{}
}

// sqlOperand reports whether a field of a SQL statement wants an operand
// after it: an operator ("-", ">=", "||") or a call ("now()", "count(*)").
func sqlOperand(f string) bool {
	if i := strings.IndexByte(f, '('); i > 0 && strings.HasSuffix(f, ")") && isWordRune(rune(f[i-1])) {
		return true
	}
	return f != "" && strings.Trim(f, "=<>!+-*/%|") == ""
}

// tellSelf are the words after "tell" that make it a request to the
// assistant ("tell me whether ...").
var tellSelf = setOf(`me us about what whether if how why which who when where`)

// isRepoSlug reports whether f is "owner/name" as code hosts spell a
// repository: one slash between two names of letters, digits, '-', '_'
// and '.', no file extension, not a relative or home path.
func isRepoSlug(f string) bool {
	a, b, ok := strings.Cut(f, "/")
	if !ok || a == "" || b == "" || strings.Contains(b, "/") || a == "." || a == ".." || a == "~" {
		return false
	}
	name := func(p string) bool {
		return strings.IndexFunc(p, func(r rune) bool { return !isWordRune(r) && r != '-' && r != '_' && r != '.' }) < 0
	}
	if !name(a) || !name(b) {
		return false
	}
	if i := strings.LastIndexByte(b, '.'); i >= 0 && !strings.ContainsAny(b[i+1:], "0123456789") {
		return false // "docs/guide.md": a file
	}
	return true
}

// repoWords say that a query is about a code host's repositories.
var repoWords = setOf(`repo repos repository repositories pr prs pull pulls issue issues commit commits branch branches fork forks star stars release releases mr mrs merge contributors readme`)

// repoContext reports whether the query's words are about repositories.
func repoContext(fields []string) bool {
	for _, f := range fields {
		if repoWords[strings.ToLower(strings.Trim(f, ".,;:!?()[]{}<>\"'`#"))] {
			return true
		}
	}
	return false
}

// mediaExts map the extensions of image, audio and video files to the
// word tools use for them.
var mediaExts = map[string]string{
	"png": "image", "jpg": "image", "jpeg": "image", "gif": "image", "webp": "image", "bmp": "image", "svg": "image", "ico": "image", "tiff": "image", "heic": "image",
	"mp3": "audio", "wav": "audio", "ogg": "audio", "flac": "audio", "m4a": "audio", "aac": "audio",
	"mp4": "video", "mov": "video", "webm": "video", "mkv": "video", "avi": "video",
}

// mediaKind returns "image", "audio" or "video" for a path with such an
// extension, "" otherwise.
func mediaKind(path string) string {
	i := strings.LastIndexByte(path, '.')
	if i < 0 || strings.ContainsRune(path[i:], '/') {
		return ""
	}
	return mediaExts[strings.ToLower(path[i+1:])]
}
