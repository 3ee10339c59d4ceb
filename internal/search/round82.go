package search

import (
	"regexp"
	"strings"
	"sync"
)

// Round eighty-two: terse developer wording. A developer typing into a
// coding agent mid-work often opens with a label and a colon, the product
// or the topic the ask is about ("sentry: delete the whole org", "n8n wf
// 17: autofix it", "perf: start a trace on localhost:3000"), then the
// ask in the imperative. The label is no verb of the request: the request
// part (requestPart, round39.go) starts after it, so the request's verb,
// its object and its verb families are read in the ask, as they are when
// the product is named after it ("delete the whole org in sentry").
//
// A developer also clips words (idx, wf, execs, perf, prod), says the
// shell's and git's commands as verbs (mkdir, ls, grep, git log) and
// calls products by their tools' names (gh, psql): devShorthand,
// gitCommands and devAbbreviations say them in the tools' words, each
// only as a word by itself ("api-prod", "gh/acme/web" are names). And
// putting a value in a form's field fills it (putInField).
//
// Measured: bench/retrieval-notes.md, round eighty-two.

// labelRequest: a short label and a colon before an imperative is no
// part of the request's verb.
var labelRequest = true

// labelWords is the most words a label before a colon has.
const labelWords = 4

// afterLabel returns the ask after a label opening query ("sentry: delete
// the whole org": "delete the whole org"), "" when query opens with no
// label: at most labelWords words, the first of them no verb and none a
// question word, then a colon and a space, then a verb.
func afterLabel(query string) string {
	if !labelRequest {
		return ""
	}
	q := strings.TrimSpace(query)
	i := strings.Index(q, ": ")
	if i <= 0 {
		return ""
	}
	label := strings.Fields(q[:i])
	if len(label) == 0 || len(label) > labelWords {
		return ""
	}
	if particles[strings.ToLower(label[len(label)-1])] {
		return "" // "tidy up: ...": a phrasal verb, no label
	}
	for j, w := range label {
		w = strings.ToLower(strings.Trim(w, "\"'`()[]"))
		if questionWords[w] || strings.HasPrefix(w, "what") || strings.HasPrefix(w, "how") || j == 0 && (isVerb(w) || statementSubjects[w]) {
			return ""
		}
	}
	rest := strings.TrimSpace(q[i+2:])
	if !r105Off {
		// "Sentry: could you delete ...": the asking before the verb
		// (round105.go).
		if m := askingLead().FindStringIndex(rest); m != nil {
			rest = rest[m[1]:]
		}
	}
	rw := lowerWords(rest)
	if len(rw) == 0 || !isVerb(rw[0]) && (r105Off || !verbWord(rw[0])) {
		// (round105.go: an operation's verb or one as often a noun,
		// "slack: queue ...", "gitlab: merge !12", starts a request too)
		return ""
	}
	return rest
}

// devShorthand are the clipped words developers type for the words the
// tools use (a general usage of programmers, not of any request set):
// "idx" an index, "wf" a workflow, "fn" a function, "execs" executions,
// "perf" performance, "repro" reproducing, "deps" dependencies, "cfg" a
// configuration, "creds" credentials, "msg" a message, "prod"
// production; and the shell's commands said as verbs, "mkdir" making a
// directory, "ls" listing one, "rm" removing, "mv" moving, "grep"
// searching. Rewritten before analysis as phrases are (synonyms.go).
var devShorthand = []struct{ from, to string }{
	{"idx", "index"},
	{"idxs", "indexes"},
	{"wf", "workflow"},
	{"wfs", "workflows"},
	{"fn", "function"},
	{"fns", "functions"},
	{"execs", "executions"},
	{"perf", "performance"},
	{"repro", "reproduce"},
	{"deps", "dependencies"},
	{"cfg", "config"},
	{"creds", "credentials"},
	{"msg", "message"},
	{"msgs", "messages"},
	{"prod", "production"},
	{"mkdir", "create directory"},
	{"ls", "list directory"},
	{"rm", "remove"},
	{"mv", "move"},
	{"grep", "search"},
	// round104.go
	{"coords", "coordinates"},
	{"kg", "knowledge graph"},
	// round105.go
	{"perms", "permissions"},
	{"mtime", "modified time"},
	{"stmt", "statement"},
	{"stmts", "statements"},
	{"ppl", "people"},
	{"defs", "definitions"},
	{"a11y", "accessibility"},
	{"d.ts", "typescript types"},
	{"gz", "gzip"},
	{"pg", "postgres"},
	{"psql", "postgres"},
}

// devAbbreviations are products' short names developers type: "gh" is
// GitHub (its command-line tool's name), "pg" and "psql" Postgres (its
// driver's and its shell's names), "postgresql" its full name.
var devAbbreviations = map[string]string{"gh": "github", "pg": "postgres", "psql": "postgres", "postgresql": "postgres"}

// devWords: devShorthand and devAbbreviations are read.
var devWords = true

func init() {
	if !devWords {
		return
	}
	for k, v := range devAbbreviations {
		backendAbbreviations[k] = v
	}
	phrases = append(phrases, gitCommands...)
}

// gitCommands are git's commands said as requests: "git log" lists a
// branch's commits, "git blame" a file's blame, "git diff" a diff.
var gitCommands = []struct{ from, to string }{
	{"git log", "git log list commits"},
}

// devShorthandTo maps each devShorthand word to its words.
var devShorthandTo = func() map[string]string {
	m := map[string]string{}
	for _, p := range devShorthand {
		m[p.from] = p.to
	}
	return m
}()

// rewriteShorthand returns s with each word of devShorthand said by
// itself (a field of s, its punctuation trimmed; not a part of a name,
// "api-prod", "northwind-prod") followed by its words; the word is
// kept, as the learned table may know it ("mkdir").
func rewriteShorthand(s string) string {
	if fieldPut && containsFold(s, "put") || fieldPut && containsFold(s, "paste") {
		s = putInField().ReplaceAllStringFunc(s, func(m string) string {
			if containsFold(m, "file") || containsFold(m, "upload") {
				return m // "put resume.pdf into the file input": an upload
			}
			_, rest, _ := strings.Cut(m, " ")
			return "fill " + rest
		})
	}
	if !devWords || !hasShorthand(s) {
		return s
	}
	fs := strings.Fields(s)
	changed := false
	for i, f := range fs {
		t := strings.Trim(f, ".,;:!?()[]{}<>\"'`")
		to, ok := devShorthandTo[strings.ToLower(t)]
		if !ok {
			continue
		}
		fs[i] = strings.Replace(f, t, t+" "+to, 1)
		changed = true
	}
	if !changed {
		return s
	}
	return strings.Join(fs, " ")
}

// standaloneWord reports whether w (lowercase) is a word of query by
// itself, not a part of a path, a slug or an identifier ("gh" of "gh:"
// or "the gh CLI", not of "gh/acme/web").
func standaloneWord(query, w string) bool {
	for _, f := range strings.Fields(query) {
		if strings.EqualFold(strings.Trim(f, ".,;:!?()[]{}<>\"'`"), w) {
			return true
		}
	}
	return false
}

// fieldPut: putting or pasting a value in a form's field fills it.
var fieldPut = true

// putInField matches "put" or "paste" before a value (up to four words)
// and "in" or "into" a field, an input or a box of a form ("put 12345 in
// the zip code field", "paste jane@acme.io into the email input"): a
// browser's fill, which the light verb "put" never names; not a file
// put in a file input, which is uploaded.
var putInField = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:put|paste)((?:\s+\S+){1,4}?\s+(?:in|into|inside)\s+(?:the|a|an|that|this|its)\s+(?:[\w-]+\s+){0,3}?(?:field|fields|input|inputs|box|textbox|textarea)\b)`)
})

// hasShorthand reports, without allocating, whether a field of s (its
// punctuation trimmed) is a devShorthand word: the common case, none, is
// left as it is cheaply.
func hasShorthand(s string) bool {
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' && s[j] != '\r' {
			j++
		}
		if t := strings.Trim(s[i:j], ".,;:!?()[]{}<>\"'`"); len(t) >= 2 && len(t) <= 6 {
			var b [6]byte
			for k := 0; k < len(t); k++ {
				c := t[k]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				b[k] = c
			}
			if _, ok := devShorthandTo[string(b[:len(t)])]; ok {
				return true
			}
		}
		i = j
	}
	return false
}
