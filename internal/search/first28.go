package search

import "strings"

// Round twenty-eight: the right tool first for one-step requests, among
// the tools of one backend that share most of their words.
//
// Twins. A backend often has a tool and its undoing twin, named alike but
// for one word: approve_merge_request and unapprove_merge_request,
// protect_branch and unprotect_branch, performance_start_trace and
// performance_stop_trace, firecrawl_interact and firecrawl_interact_stop.
// The doing twin's words are all in the undoing one's name too, so a
// request to undo ("withdraw my approval", "end the screencast I started",
// "close firecrawl's live browser session") matches both, and the doing
// twin, with the shorter name or more words repeated in its description,
// often wins. A request that asks to end, stop or take something away,
// and does not use the doing twin's own verb in its base form, wants the
// undoing twin: the doing one keeps verbConflict of its score.

// undoOpposites are the name words whose undoing twin is another word,
// not "un" or "dis" before them.
var undoOpposites = map[string][]string{
	"start":  {"stop", "end", "finish"},
	"begin":  {"end", "stop"},
	"open":   {"close"},
	"enable": {"disable"},
	"show":   {"hide"},
	"lock":   {"unlock"},
	"resume": {"pause"},
}

// undoWords are the words an undoing twin adds to its doing twin's name
// ("firecrawl_interact_stop").
var undoWords = setOf(`stop end close cancel abort finish`)

// endingWords ask to end or take something away: a request using one
// wants the undoing twin. ("take back", "shut down", "turn off" are
// rewritten to remove, stop and disable first.)
var endingWords = setOf(`stop end finish finished halt terminate kill cancel close withdraw revoke retract undo remove delete unset disable done lift`)

// twinOf reports whether b is the undoing twin of a (a tool's name words,
// lowercase), and returns the word of a that b undoes ("" when b only
// adds a word of undoWords).
func twinOf(a, b []string) (string, bool) {
	switch {
	case len(b) == len(a)+1:
		// firecrawl_interact, firecrawl_interact_stop.
		for i := range b {
			if !undoWords[b[i]] {
				continue
			}
			if equalWords(a, append(append([]string{}, b[:i]...), b[i+1:]...)) {
				return "", true
			}
		}
	case len(b) == len(a):
		diff := -1
		for i := range a {
			if a[i] != b[i] {
				if diff >= 0 {
					return "", false
				}
				diff = i
			}
		}
		if diff < 0 {
			return "", false
		}
		x, y := a[diff], b[diff]
		if y == "un"+x || y == "dis"+x {
			return x, true
		}
		for _, o := range undoOpposites[x] {
			if y == o {
				return x, true
			}
		}
	}
	return "", false
}

// twinDepth is how many of the best candidates are looked at for twins.
const twinDepth = 10

// twinPenalty lowers the doing twin among the best candidates when query
// asks to end or take away and does not use its verb in its base form.
func (sc *scorer) twinPenalty(query string, cands []int32) {
	ws := lowerWords(rewritePhrases(query))
	ending := false
	base := map[string]bool{}
	for _, w := range ws {
		base[w] = true
		if endingWords[w] || strings.HasPrefix(w, "un") && len(w) > 5 && verbStems()[stem(w[2:])] != 0 {
			ending = true
		}
	}
	if !ending {
		return
	}
	ix := sc.ix
	top := ix.topK(cands, sc.score, twinDepth)
	var doing []int32
	for _, a := range top {
		aw := nameWordsCased(a.Tool)
		for _, b := range top {
			if b.Doc == a.Doc || ix.docServer[b.Doc] != ix.docServer[a.Doc] {
				continue
			}
			if w, ok := twinOf(aw, nameWordsCased(b.Tool)); ok && (w == "" || !base[w]) {
				doing = append(doing, int32(a.Doc))
				break
			}
		}
	}
	for _, d := range doing {
		sc.score[d] *= verbConflict
	}
}

// firstRules applies this file's rules to a one-step request whose verbs
// are of the families qv.
func (sc *scorer) firstRules(query string, qv verbFamily, cands []int32) {
	sc.twinPenalty(query, cands)
}
