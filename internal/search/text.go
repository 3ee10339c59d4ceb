package search

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// token is one analysed term with the weight it carries in a query.
// Parts of a camelCase word get a lower query weight than the joined word.
type token struct {
	term   string
	weight float64
}

// analyze splits s into lowercased, stemmed terms with stop words removed.
//
// A word is a maximal run of letters and digits; it is further split at
// camelCase and letter/digit boundaries ("getPullRequest2" -> get, pull,
// request). A word split only by case ("GitHub", "MongoDB") also yields its
// joined form (github, mongodb) so it matches the all-lowercase spelling.
// Pure digit runs and single characters are dropped: issue numbers and ports
// carry no evidence about which tool to use.
func analyze(s string, dst []token) []token { return analyzeN(s, dst, -1) }

// analyzeN is analyze that stops once it has appended max terms (max < 0:
// no limit), so a huge description costs no more than its indexed part.
func analyzeN(s string, dst []token, max int) []token {
	limit := len(dst) + max
	for len(s) > 0 && (max < 0 || len(dst) < limit) {
		i := strings.IndexFunc(s, isWordRune)
		if i < 0 {
			break
		}
		s = s[i:]
		j := strings.IndexFunc(s, func(r rune) bool { return !isWordRune(r) })
		if j < 0 {
			j = len(s)
		}
		dst = appendWord(dst, s[:j])
		s = s[j:]
	}
	return dst
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// appendWord appends the terms of one word.
func appendWord(dst []token, w string) []token {
	if isPlainLower(w) {
		return appendTerm(dst, w, 1)
	}
	parts := splitCase(w)
	if len(parts) > 1 {
		joined := strings.ToLower(w)
		if !allDigits(joined) {
			dst = appendTerm(dst, joined, 1)
		}
		// Letter/digit splits ("n8n", "o200k") are identifiers, not phrases.
		if hasDigit(w) {
			return dst
		}
		for _, p := range parts {
			dst = appendTerm(dst, strings.ToLower(p), 0.5)
		}
		return dst
	}
	return appendTerm(dst, strings.ToLower(w), 1)
}

func appendTerm(dst []token, w string, weight float64) []token {
	if utf8.RuneCountInString(w) < 2 || allDigits(w) || stopWords[w] {
		return dst
	}
	return append(dst, token{term: stem(w), weight: weight})
}

// splitCase splits a word of letters and digits at lower->upper,
// UPPER->Upper+lower and letter<->digit boundaries.
func splitCase(w string) []string {
	rs := []rune(w)
	var parts []string
	start := 0
	for i := 1; i < len(rs); i++ {
		prev, cur := rs[i-1], rs[i]
		split := false
		switch {
		case unicode.IsLower(prev) && unicode.IsUpper(cur):
			split = true
		case unicode.IsUpper(prev) && unicode.IsUpper(cur) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			split = true
		case unicode.IsDigit(prev) != unicode.IsDigit(cur):
			split = true
		}
		if split {
			parts = append(parts, string(rs[start:i]))
			start = i
		}
	}
	return append(parts, string(rs[start:]))
}

// isPlainLower reports whether w is ASCII lowercase letters only.
func isPlainLower(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// stem is a small English suffix stripper in the spirit of Porter's step 1
// (written for this package; no library): plurals, -ing, -ed, -ion after t/s,
// -al, a final y -> i and a final e. It only has to map the forms of one word to
// the same key, not produce real words: "creates", "created", "creating",
// "creation" and "create" all become "creat".
func stem(w string) string {
	if b, ok := irregular()[w]; ok {
		w = b
	}
	n := len(w)
	if n <= 3 || !isASCII(w) || stemExceptions[w] {
		return w
	}
	switch {
	case strings.HasSuffix(w, "sses"):
		w = w[:n-2]
	case strings.HasSuffix(w, "ies") && n > 4:
		w = w[:n-3] + "i"
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"),
		strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "zes"):
		w = w[:n-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:n-1]
	}
	for _, suf := range []string{"ing", "ed"} {
		if b, ok := strings.CutSuffix(w, suf); ok && len(b) >= 3 && hasVowel(b) {
			w = undouble(b)
			break
		}
	}
	if b, ok := strings.CutSuffix(w, "al"); ok && len(b) >= 5 {
		w = b
	}
	if b, ok := strings.CutSuffix(w, "ion"); ok && len(b) >= 4 &&
		(strings.HasSuffix(b, "t") || strings.HasSuffix(b, "s")) {
		w = b
	}
	if b, ok := strings.CutSuffix(w, "y"); ok && len(b) >= 3 && hasVowel(b) {
		w = b + "i"
	}
	if b, ok := strings.CutSuffix(w, "e"); ok && len(b) >= 3 {
		w = b
	}
	return w
}

// irregular maps the irregular forms of verbs tools and requests use to
// their base form ("sent" is "send", "ran" is "run"), and British
// spellings to American ones ("colour" is "color"), before stemming.
// It is built on first use, like the synonym tables.
var irregular = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	// British spellings stem as the American ones tools use.
	for _, g := range strings.Split(`color colour colours|favorite favourite favourites|license licence licences|catalog catalogue catalogues|center centre centres|behavior behaviour behaviours|canceled cancelled|canceling cancelling|modeling modelling|labeled labelled|labeling labelling|gray grey|analyze analyse analysed analyses analysing|organize organise organised organising|summarize summarise summarised|visualize visualise visualised|authorize authorise authorised|optimize optimise optimised|initialize initialise initialised|customize customise customised|serialize serialise serialised`, "|") {
		ws := strings.Fields(g)
		for _, w := range ws[1:] {
			m[w] = ws[0]
		}
	}
	for _, g := range strings.Split(`run ran|send sent|write wrote written|make made|take took taken|give gave given|break broke broken|build built|choose chose chosen|begin began begun|get got gotten|go went gone|see seen|do did done|buy bought|bring brought|think thought|tell told|say said|read|keep kept|spend spent|forget forgot forgotten|freeze froze frozen|hide hid hidden|ring rang rung|rise rose risen|shake shook shaken|speak spoke spoken|steal stole stolen|throw threw thrown|wake woke woken|wear wore worn|draw drew drawn|fly flew flown|grow grew grown|know knew known|show showed shown|feel felt|meet met|pay paid|sell sold|sit sat|stand stood|teach taught|understand understood`, "|") {
		ws := strings.Fields(g)
		for _, w := range ws[1:] {
			m[w] = ws[0]
		}
	}
	return m
})

// stemExceptions end like a plural but are not one ("news" is not "new"),
// or end in an "e" that makes another word ("paste" is not "past").
var stemExceptions = setOf(`news series species alias canvas atlas lens bias always perhaps whereas paste`)

// undouble turns "stopp" into "stop" (not for l, s, z: "install", "process").
func undouble(w string) string {
	n := len(w)
	if n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("aeioulsz", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

func hasVowel(s string) bool { return strings.ContainsAny(s, "aeiouy") }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// stopWords are dropped from documents and queries: function words plus the
// filler of requests to an assistant ("please", "can you", "tell me").
var stopWords = setOf(`a about above after again also am an and any are as at be because been
before being below between both but by can could did do does doing done down during each either
else etc few for from further had has have having he her here hers him his how however i if in
into is it its itself just let lets like me might more most must my myself no nor not now of off
on once only or other our ours out over own please same she should so some such than that the
their them then there these they this those through to too under until up us very via was we
were what when where whether which while who whom why will with within would yet you your yours
yourself many much actually already currently really right tell want need pleas okay ok thing stuff
something anything someone somebody today tomorrow yesterday pls plz thx thanks asap proper
isn aren wasn weren hasn haven hadn doesn didn don won wouldn shouldn couldn mustn ll ve re`)

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
