package search

import (
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
	pathWeight = 0.6
	argWeight  = 0.3
)

// tlds are the top-level domains that make "example.com" a URL rather than
// a file name; a URL with a scheme or "www." needs none.
var tlds = setOf(`com org net io dev app co ai edu gov test local uk de fr eu us info biz me tv sh`)

// queryTokens analyses a query: phrases rewritten, arguments replaced by
// hints. It also returns the words of paths and the capitalised names.
func queryTokens(query string) (toks []token, paths, names map[string]bool) {
	fields := strings.Fields(rewritePhrases(query))
	paths, names = map[string]bool{}, properNames(query)
	for i := 0; i < len(fields); i++ {
		f := strings.Trim(fields[i], ".,;:!?()[]{}<>\"'`")
		switch {
		case isURL(f):
			toks = appendTerm(toks, "url", hintWeight)
		case isEmail(f):
			toks = appendTerm(toks, "email", hintWeight)
		case isDecimal(f) && i+1 < len(fields) && isDecimal(strings.Trim(fields[i+1], ".,;:!?()[]")):
			toks = appendTerm(toks, "coordinates", hintWeight)
			i++
		case isPath(f):
			n := len(toks)
			toks = analyze(f, toks)
			for j := n; j < len(toks); j++ {
				toks[j].weight *= pathWeight
				paths[toks[j].term] = true
			}
			toks = appendTerm(toks, "file", hintWeight)
		default:
			toks = analyze(fields[i], toks)
		}
	}
	return toks, paths, names
}

func isURL(f string) bool {
	l := strings.ToLower(f)
	if strings.Contains(l, "://") || strings.HasPrefix(l, "www.") {
		return true
	}
	host, _, _ := strings.Cut(l, "/")
	host, _, _ = strings.Cut(host, ":")
	i := strings.LastIndexByte(host, '.')
	return i > 0 && tlds[host[i+1:]] && !strings.Contains(host, "@")
}

func isEmail(f string) bool {
	at := strings.IndexByte(f, '@')
	return at > 0 && strings.Contains(f[at:], ".") && !strings.ContainsAny(f, "/ ")
}

// isPath reports whether f looks like a file path or file name: it has a
// slash between word characters, or ends in a dot and a short extension.
func isPath(f string) bool {
	if strings.Contains(f, "/") || strings.Contains(f, `\`) {
		return strings.IndexFunc(f, isWordRune) >= 0
	}
	i := strings.LastIndexByte(f, '.')
	if i < 0 || i == len(f)-1 {
		return false
	}
	ext := f[i+1:]
	return len(ext) <= 5 && strings.IndexFunc(ext, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
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
