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
