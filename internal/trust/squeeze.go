package trust

import (
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
)

// The rules read words. A name can run its words together
// (IGNOREALLPREVIOUSINSTRUCTIONS, ignoreallpreviousinstructions) or split
// them with what is not a separator to nameWords (ignore1all2previous,
// i_g_n_o_r_e, whose letters it reads as words of one letter), and a model
// still reads the words. squeezed reads such a name's letters again, with
// everything else removed, as the words of the rules' own patterns: the
// longest cover of the letters by those words (ignore all previous
// instructions), letters no word covers kept as words of their own. The
// rules then run over that reading too.

var (
	vocabOnce sync.Once
	vocab     map[string]bool
	vocabMax  int
)

// ruleVocab returns the words of the phrase rules' patterns (lower case,
// two letters or more, apostrophes dropped: don't is dont) and the length
// of the longest.
func ruleVocab() (map[string]bool, int) {
	vocabOnce.Do(func() {
		vocab = map[string]bool{}
		for _, p := range phrases {
			re, err := syntax.Parse(p.pattern, syntax.Perl)
			if err != nil {
				continue
			}
			if ss, ok := patternStrings(re, vocab); ok {
				for _, s := range ss {
					addWords(s, vocab)
				}
			}
		}
		for w := range vocab {
			vocabMax = max(vocabMax, len(w))
		}
	})
	return vocab, vocabMax
}

// patternStrings returns the strings re matches when they are few (a
// word, its alternatives, an optional ending: instructions?, sends?); ok is
// false otherwise. The words of every such string inside re that is not
// returned are added to into.
func patternStrings(re *syntax.Regexp, into map[string]bool) ([]string, bool) {
	const most = 256
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}, true
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
		return []string{""}, true
	case syntax.OpCapture:
		return patternStrings(re.Sub[0], into)
	case syntax.OpQuest:
		ss, ok := patternStrings(re.Sub[0], into)
		if !ok {
			return nil, false
		}
		return append([]string{""}, ss...), true
	case syntax.OpAlternate:
		var out []string
		ok := true
		for _, sub := range re.Sub {
			ss, k := patternStrings(sub, into)
			ok = ok && k
			out = append(out, ss...)
		}
		if !ok || len(out) > most {
			for _, s := range out {
				addWords(s, into)
			}
			return nil, false
		}
		return out, true
	case syntax.OpConcat:
		cur, whole := []string{""}, true
		flush := func() {
			for _, s := range cur {
				addWords(s, into)
			}
			cur = []string{""}
		}
		for _, sub := range re.Sub {
			ss, ok := patternStrings(sub, into)
			if !ok {
				flush()
				whole = false
				continue
			}
			var next []string
			for _, a := range cur {
				for _, b := range ss {
					next = append(next, a+b)
				}
			}
			cur = next
			if len(cur) > most {
				flush()
				whole = false
			}
		}
		if whole {
			return cur, true
		}
		flush()
		return nil, false
	}
	for _, sub := range re.Sub {
		if ss, ok := patternStrings(sub, into); ok {
			for _, s := range ss {
				addWords(s, into)
			}
		}
	}
	return nil, false
}

// addWords adds the runs of ASCII letters of s of two letters or more to
// into, apostrophes dropped.
func addWords(s string, into map[string]bool) {
	s = strings.ReplaceAll(s, "'", "")
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r < 'a' || r > 'z' }) {
		if len(w) >= 2 {
			into[w] = true
		}
	}
}

// maxSqueezed bounds the letters squeezed reads: a name is rarely longer,
// and a URI (read as a name) past it is read by nameWords alone.
const maxSqueezed = 4096

// squeezed returns s's ASCII letters (s already read by nameWords:
// folded, in NFKC), lower-cased, read by segment.
func squeezed(s string) (reading string, left [][2]int, words int) {
	letters := make([]byte, 0, len(s))
	for i := 0; i < len(s) && len(letters) < maxSqueezed; i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z':
			letters = append(letters, c)
		case 'A' <= c && c <= 'Z':
			letters = append(letters, c+'a'-'A')
		}
	}
	return segment(string(letters))
}

// segment covers s (lower-case ASCII letters) with the rules' words,
// covering as many letters as it can and, of such covers, using the
// fewest words; letters left over are kept together as words of their
// own. It returns the reading (the words with spaces between), the byte
// spans in it of the words left over, and the number of rule words used.
func segment(s string) (string, [][2]int, int) {
	v, longest := ruleVocab()
	n := len(s)
	// cov[i], nw[i]: the best cover of s[:i]; from[i]: where its last
	// rule word starts, or -1 when s[i-1] is left over.
	cov, nw, from := make([]int, n+1), make([]int, n+1), make([]int, n+1)
	for i := 1; i <= n; i++ {
		cov[i], nw[i], from[i] = cov[i-1], nw[i-1], -1
		for l := 2; l <= longest && l <= i; l++ {
			if !v[s[i-l:i]] {
				continue
			}
			c, w := cov[i-l]+l, nw[i-l]+1
			if c > cov[i] || c == cov[i] && w < nw[i] {
				cov[i], nw[i], from[i] = c, w, i-l
			}
		}
	}
	type part struct {
		w    string
		left bool
	}
	var parts []part
	for i := n; i > 0; {
		if from[i] >= 0 {
			parts = append(parts, part{s[from[i]:i], false})
			i = from[i]
			continue
		}
		j := i
		for j > 0 && from[j] < 0 {
			j--
		}
		parts = append(parts, part{s[j:i], true})
		i = j
	}
	var b strings.Builder
	var left [][2]int
	for k := len(parts) - 1; k >= 0; k-- {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if parts[k].left {
			left = append(left, [2]int{b.Len(), b.Len() + len(parts[k].w)})
		}
		b.WriteString(parts[k].w)
	}
	return b.String(), left, nw[n]
}

// minRunTogether is the fewest letters of a text's word that
// appendRunTogether reads as run-together words.
const minRunTogether = 12

// appendRunTogether adds the findings of the rules over flat (a text
// flattened) with each word whose letters are the rules' words run
// together, all of them and three or more (IGNOREALLPREVIOUSINSTRUCTIONS,
// ignore1all2previous3instructions), read as those words, for the rules
// found does not hold yet; only what the rules block counts. Other words,
// most of a description's, stay as they are: an identifier such as
// send_conversation_history is read by the rules as written, as before.
func appendRunTogether(out []Finding, found map[string]bool, where, flat string) []Finding {
	var b strings.Builder
	done := 0 // flat[:done] is in b
	for i := 0; i < len(flat); {
		if flat[i] == ' ' || flat[i] == '\n' {
			i++
			continue
		}
		j := i
		for j < len(flat) && flat[j] != ' ' && flat[j] != '\n' {
			j++
		}
		if j-i >= minRunTogether {
			if apart, ok := runTogether(flat[i:j]); ok {
				b.WriteString(flat[done:i])
				b.WriteString(apart)
				done = j
			}
		}
		i = j
	}
	if done == 0 {
		return out
	}
	b.WriteString(flat[done:])
	t := newText(b.String())
	for _, r := range textRules {
		if found[r.ID] || r.ID == "encoded-blob" {
			continue
		}
		if m, ok := r.check(t); ok && m.sev == Block {
			out = append(out, Finding{Rule: r.ID, Severity: Block, Where: where, Excerpt: excerpt(t.flat, m.start, m.end) + " (words run together read apart)"})
		}
	}
	return out
}

// runTogether returns tok's letters read as the rules' words when they
// are all such words, three or more, and at least minRunTogether letters.
func runTogether(tok string) (string, bool) {
	letters := 0
	for i := 0; i < len(tok); i++ {
		if c := tok[i] | 0x20; 'a' <= c && c <= 'z' {
			letters++
		}
	}
	if letters < minRunTogether || letters > maxSqueezed || !edgesAreWords(tok) {
		return "", false
	}
	reading, left, n := squeezed(tok)
	if len(left) > 0 || n < 3 {
		return "", false
	}
	return reading, true
}

// edgesAreWords reports whether tok's letters begin with a rule word and
// end with one, as they must if such words cover them all: most long words
// of a description do not, and are turned away before segment.
func edgesAreWords(tok string) bool {
	v, longest := ruleVocab()
	var first, last []byte
	for i := 0; i < len(tok) && len(first) < longest; i++ {
		if c := tok[i] | 0x20; 'a' <= c && c <= 'z' {
			first = append(first, c)
		}
	}
	for i := len(tok) - 1; i >= 0 && len(last) < longest; i-- {
		if c := tok[i] | 0x20; 'a' <= c && c <= 'z' {
			last = append(last, c)
		}
	}
	slices.Reverse(last)
	return anyWord(v, first, false) && anyWord(v, last, true)
}

// anyWord reports whether a rule word of two letters or more begins
// letters (or ends them, when suffix is set).
func anyWord(v map[string]bool, letters []byte, suffix bool) bool {
	for l := 2; l <= len(letters); l++ {
		w := letters[:l]
		if suffix {
			w = letters[len(letters)-l:]
		}
		if v[string(w)] {
			return true
		}
	}
	return false
}
