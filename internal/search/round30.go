package search

import "strings"

// Round thirty (bench/retrieval-notes.md).

// LearnedWords are the words of a labelled request that go into the
// learned table (learnedgen/gen.go): its words of three letters or more,
// but those of the values a request's words never become terms of
// (queryTokensKinds gives a URL, an email, a phone number or an id one
// hint term instead): "shop" and "example" of "https://shop.example.com"
// could only match a request that says them in another sense.
func LearnedWords(query string) []string {
	var out []string
	for _, raw := range strings.Fields(query) {
		f := strings.Trim(raw, ".,;:!?()[]{}<>\"'`")
		if isURL(f) || isEmail(f) || isPhone(f) || isOpaqueID(f) {
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
