package search

import (
	"regexp"
	"strings"
	"sync"
)

// Round thirty (bench/retrieval-notes.md).

// LearnedWords are the words of a labelled request that go into the
// learned table (learnedgen/gen.go): its words of three letters or more,
// but those of the values a request's words never become terms of
// (queryTokensKinds gives a URL, an email, a phone number or an id one
// hint term instead): "shop" and "example" of "https://shop.example.com"
// could only match a request that says them in another sense. Nor do the
// words of an owner~name identifier ("acme~seo-cache", an Apify store or
// actor: round sixty-six), a name to pass on.
func LearnedWords(query string) []string {
	var out []string
	for _, raw := range strings.Fields(query) {
		f := strings.Trim(raw, ".,;:!?()[]{}<>\"'`")
		if isURL(f) || isEmail(f) || isPhone(f) || isOpaqueID(f) || ownerName(f) {
			continue
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(raw), func(r rune) bool { return r < 'a' || r > 'z' }) {
			if len(w) >= 3 {
				out = append(out, w)
			}
		}
	}
	return out
}

// buildWriteTwins gives the family of reading to a tool whose name has no
// verb when its backend has the same name with "_write" after it
// (azure-devops's repo_pull_request and repo_pull_request_write,
// wit_work_item and wit_work_item_write): the one of the pair that does
// not write reads, so a request to open, set or change the thing is not
// for it.
func (ix *Index) buildWriteTwins(srvDocs [][]int32) {
	for _, ds := range srvDocs {
		names := map[string]bool{}
		for _, d := range ds {
			names[strings.ToLower(ix.docs[d].Tool)] = true
		}
		for _, d := range ds {
			if ix.verbs[d] == 0 && names[strings.ToLower(ix.docs[d].Tool)+"_write"] {
				ix.verbs[d] = verbRead
			}
		}
	}
}

// A request that picks things by a condition ("get every entry whose
// Status is 'In progress'", "the issues where the assignee is me") and
// names no id asks for the things that meet it: a tool named for getting
// one thing (get_*, retrieve-*) serves it less than a tool of the same
// backend named for listing, searching or querying.

// filterWords say that a condition follows.
var filterWords = setOf(`whose where`)

// filterFactor scales the score of a tool named for getting one thing in
// such a request.
var filterFactor = 0.9

// filterPenalty applies filterFactor to cands named for getting one thing
// when the request filters, names no id and some candidate of the same
// backend is named for listing, searching or querying.
func (sc *scorer) filterPenalty(query string, cands []int32) {
	ws := lowerWords(query)
	filters := false
	for i, w := range ws {
		if i > 0 && filterWords[w] {
			filters = true
		}
		if hasDigit(w) {
			return
		}
	}
	if !filters {
		return
	}
	ix := sc.ix
	many := map[int32]bool{}
	for _, d := range cands {
		switch ix.nameVerbs[d] {
		case "list", stem("search"), stem("query"), "find":
			many[ix.docServer[d]] = true
		}
	}
	for _, d := range cands {
		switch ix.nameVerbs[d] {
		case "get", stem("retrieve"), "fetch":
			if many[ix.docServer[d]] {
				sc.score[d] *= filterFactor
			}
		}
	}
}

// backendAbbreviations are the short names people give products a
// backend serves, by the words of the backend's name: "ADO" is Azure
// DevOps (its users' name for it, as in "the ADO repo", "ADO work item
// 1203"; VSTS was its name before).
var backendAbbreviations = map[string]string{"ado": "azure devops", "vsts": "azure devops"}

// abbreviationNamed returns the backends the query word w (lowercase)
// abbreviates.
func (ix *Index) abbreviationNamed(w string) []int32 {
	full, ok := backendAbbreviations[w]
	if !ok {
		return nil
	}
	var out []int32
	for s, name := range ix.servers {
		if strings.Join(lowerWords(name), " ") == full {
			out = append(out, int32(s))
		}
	}
	return out
}

// chartWords are the everyday names of what a chart type shows, from
// the vocabulary of charting (not the words of any request): a density
// is a violin's, nested rectangles are a treemap's, a reporting
// hierarchy is an organization chart, markers or pins on a map a pin
// map, a shaded or filled line an area chart, bins or buckets of
// frequencies a histogram, the stages a funnel loses things at a funnel,
// a bridge of ups and downs a waterfall, an itinerary a path map.
var chartWords = []struct{ from, to string }{
	{"density", "violin distribution"},
	{"nested", "treemap hierarchical"},
	{"rectangles", "treemap"},
	{"hierarchy", "organization tree"},
	{"marker", "pin map"},
	{"markers", "pin map"},
	{"pins", "pin map"},
	{"shade", "area"},
	{"shaded", "area"},
	{"filled", "area"},
	{"bins", "histogram"},
	{"buckets", "histogram"},
	{"frequency", "histogram"},
	{"stages", "funnel"},
	{"bridge", "waterfall"},
	{"itinerary", "path map"},
}

// chartPhrases rewrite the names of chart types said in two words.
var chartPhrases = []struct{ from, to string }{
	{"vertical bars", "column chart"},
	{"horizontal bars", "bar chart"},
	{"org chart", "organization chart"},
	{"flowchart", "flow diagram"},
}

func init() {
	everyday = append(everyday, chartWords...)
	phrases = append(phrases, chartPhrases...)
}

// Arithmetic: to add two numbers is to sum them ("add 17 and 25", "add
// two and three", "what is 1234 plus 5678"), not to create anything; the
// rewrite says "sum" so that the verb rules do not take "add" for making
// a thing.
var arithmeticAdd = sync.OnceValue(func() *regexp.Regexp {
	n := `(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`
	// round106.go: "1234 + 5678", "what do 1024 and 2048 add up to"
	return regexp.MustCompile(`(?i)\b(?:add(?: up)?|sum(?: up)?) ` + n + ` (?:and|to|with|plus|\+) ` + n + `\b|\b` + n + `(?: plus | ?\+ ?)` + n + `\b|\b` + n + ` and ` + n + ` add up\b`)
})

// rewriteArithmetic rewrites the additions of s as sums.
func rewriteArithmetic(s string) string {
	if !strings.ContainsAny(s, "0123456789") && !containsFold(s, "add") && !containsFold(s, "plus") {
		return s
	}
	return arithmeticAdd().ReplaceAllStringFunc(s, func(m string) string {
		sm := arithmeticAdd().FindStringSubmatch(m)
		a, b := sm[1], sm[2]
		if a == "" {
			a, b = sm[3], sm[4]
		}
		if a == "" {
			a, b = sm[5], sm[6]
		}
		return "sum of " + a + " and " + b
	})
}

// ownerName reports whether f is an owner~name identifier: letters or
// digits on both sides of one "~" ("username~my-store").
func ownerName(f string) bool {
	a, b, ok := strings.Cut(f, "~")
	return ok && a != "" && b != "" && !strings.Contains(b, "~") &&
		strings.IndexFunc(a[len(a)-1:], isWordRune) == 0 && strings.IndexFunc(b[:1], isWordRune) == 0
}
