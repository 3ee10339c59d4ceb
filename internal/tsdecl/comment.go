package tsdecl

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard-mcp/switchboard/internal/hidden"
)

// summaryMax bounds the length of Summary's result in runes.
const summaryMax = 160

// CleanComment returns s made safe for the body of a /** */ comment: "*/"
// becomes "*\/"; control characters other than newline and tab are removed;
// invisible and bidirectional-control characters (zero-width spaces and
// joiners, bidi embeddings, overrides and isolates, BOM, soft hyphen, word
// joiner, variation selectors, tag characters, Hangul fillers: the
// project's one table, internal/hidden) and invalid UTF-8 are removed; CR and CRLF become LF, U+2028/U+2029 become LF;
// trailing spaces are trimmed from each line; runs of blank lines collapse
// to one; leading and trailing blank lines are dropped. The result is empty
// when s has no visible text. CleanComment is pure and safe for concurrent use.
func CleanComment(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			// invalid UTF-8: drop
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				i++
			}
			b.WriteByte('\n')
		case r == '\u2028' || r == '\u2029':
			b.WriteByte('\n')
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case hidden.Is(r):
			// drop
		default:
			b.WriteRune(r)
		}
	}
	t := strings.ReplaceAll(b.String(), "*/", "*\\/")

	lines := strings.Split(t, "\n")
	out := lines[:0]
	blank := true // drops leading blank lines
	for _, l := range lines {
		l = strings.TrimRightFunc(l, unicode.IsSpace)
		if l == "" {
			if !blank {
				out = append(out, "")
			}
			blank = true
			continue
		}
		blank = false
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n")
}

// Summary returns the first sentence of description on one line: cleaned
// with CleanComment, markdown heading marks dropped, stopped at the first
// blank line or list item, whitespace collapsed, and cut at a word boundary
// with "…" if longer than 160 runes. An empty description gives "".
// Summary is pure and safe for concurrent use.
func Summary(description string) string {
	text := CleanComment(description)
	var para []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || (len(para) > 0 && listItem(l)) {
			if len(para) > 0 {
				break
			}
			continue
		}
		l = strings.TrimSpace(strings.TrimLeft(l, "#"))
		para = append(para, l)
		if strings.HasSuffix(l, ":") {
			break
		}
	}
	s := strings.Join(strings.Fields(strings.Join(para, " ")), " ")
	s = firstSentence(s)
	return truncate(s, summaryMax)
}

// listItem reports whether a line starts a markdown list item or heading.
func listItem(l string) bool {
	if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "```") {
		return true
	}
	if len(l) >= 2 && (l[0] == '-' || l[0] == '*' || l[0] == '+') && l[1] == ' ' {
		return true
	}
	i := 0
	for i < len(l) && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(l) && (l[i] == '.' || l[i] == ')') && l[i+1] == ' '
}

// abbreviations end with a period but rarely end a sentence.
var abbreviations = []string{"e.g.", "i.e.", "etc.", "vs.", "approx.", "incl.", "Mr.", "Dr.", "No."}

// firstSentence returns s up to and including the first '.', '!' or '?'
// that is followed by a space and is not part of a common abbreviation.
func firstSentence(s string) string {
	for i := 0; i+1 < len(s); i++ {
		c := s[i]
		if (c != '.' && c != '!' && c != '?') || s[i+1] != ' ' {
			continue
		}
		if c == '.' && endsWithAbbreviation(s[:i+1]) {
			continue
		}
		return s[:i+1]
	}
	return s
}

func endsWithAbbreviation(s string) bool {
	for _, a := range abbreviations {
		if strings.HasSuffix(s, a) && (len(s) == len(a) || s[len(s)-len(a)-1] == ' ' || s[len(s)-len(a)-1] == '(') {
			return true
		}
	}
	return false
}

// truncate cuts s to at most max runes (max > 0) and appends "…": after the
// last sentence end if that keeps more than half, else at the last space if
// that does, else mid-word. Strings of at most max runes are returned
// unchanged.
func truncate(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	cut, n := 0, 0
	for i := range s {
		if n == max-1 {
			cut = i
			break
		}
		n++
	}
	head := s[:cut]
	if end := lastSentenceEnd(head); end > len(head)/2 {
		head = head[:end]
	} else if sp := strings.LastIndexAny(head, " \n\t"); sp > len(head)/2 {
		head = head[:sp]
	}
	return strings.TrimRightFunc(head, unicode.IsSpace) + "…"
}

// lastSentenceEnd returns the index just after the last '.', '!' or '?'
// in s that is followed by whitespace, or -1.
func lastSentenceEnd(s string) int {
	for i := len(s) - 2; i >= 0; i-- {
		if c := s[i]; (c == '.' || c == '!' || c == '?') && (s[i+1] == ' ' || s[i+1] == '\n') {
			return i + 1
		}
	}
	return -1
}
