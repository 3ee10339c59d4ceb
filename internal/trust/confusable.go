package trust

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// RuleMixedScript is the id of the rule reporting a word that mixes Latin
// letters with letters of another script that look Latin (a Cyrillic а in
// pаypal): a Block in a name, a Warn in a text.
const RuleMixedScript = "mixed-script"

// confusables maps Cyrillic and Greek letters that look like Latin ones to
// the Latin letter a reader takes them for. It is small on purpose: the
// letters of those two scripts a model or a person reads as Latin in a
// Latin word, not Unicode's whole confusables table (which maps, among
// others, digits and symbols, and whose weaker pairs would fold ordinary
// Greek and Russian words into Latin ones). Full-width and styled letters
// are folded before by NFKC.
var confusables = map[rune]rune{
	// Cyrillic, lower case.
	'а': 'a', 'е': 'e', 'һ': 'h', 'і': 'i', 'ј': 'j', 'к': 'k', 'ӏ': 'l', 'о': 'o',
	'р': 'p', 'ԛ': 'q', 'ѕ': 's', 'с': 'c', 'у': 'y', 'ү': 'y', 'ѵ': 'v', 'ԝ': 'w',
	'х': 'x', 'ԁ': 'd', 'ԍ': 'g',
	// Cyrillic, upper case.
	'А': 'A', 'В': 'B', 'Е': 'E', 'Һ': 'H', 'І': 'I', 'Ӏ': 'I', 'Ј': 'J', 'К': 'K',
	'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'Ԛ': 'Q', 'Ѕ': 'S', 'С': 'C', 'Т': 'T',
	'У': 'Y', 'Ү': 'Y', 'Ѵ': 'V', 'Ԝ': 'W', 'Х': 'X', 'Ԁ': 'D', 'Ԍ': 'G',
	// Greek, lower case.
	'α': 'a', 'ε': 'e', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o',
	'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x', 'ϲ': 'c', 'ϳ': 'j',
	// Greek, upper case.
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M',
	'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X', 'Ϲ': 'C',
}

// wordRune is what a word is made of for the confusable fold: letters and
// the marks on them.
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsMark(r) }

// foldConfusables returns s with the letters of [confusables] written as
// the Latin letters they look like, in the words where a reader takes them
// for Latin: a word that also holds a Latin letter (ignore аll, whose а is
// Cyrillic), and a word made of such letters alone (аӀӀ), which reads as a
// Latin word. A word of its own script that holds any other letter (все,
// предыдущие, οδηγίες) stays as it is. mixed is the first word holding
// Latin letters and such letters together, as it was, or "".
func foldConfusables(s string) (folded, mixed string) {
	if isASCII(s) {
		return s, ""
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		j := i
		for j < len(s) {
			r, n := decodeRune(s[j:])
			if !wordRune(r) {
				break
			}
			j += n
		}
		if j == i {
			_, n := decodeRune(s[i:])
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		w := s[i:j]
		latin, look, other := false, false, false
		for _, r := range w {
			switch {
			case r < 0x80 || unicode.Is(unicode.Latin, r):
				latin = latin || unicode.IsLetter(r)
			case confusables[r] != 0:
				look = true
			case unicode.IsLetter(r):
				other = true
			}
		}
		if look && latin && mixed == "" {
			mixed = w
		}
		if look && (latin || !other) {
			for _, r := range w {
				if c := confusables[r]; c != 0 {
					r = c
				}
				b.WriteRune(r)
			}
		} else {
			b.WriteString(w)
		}
		i = j
	}
	return b.String(), mixed
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func decodeRune(s string) (rune, int) { return utf8.DecodeRuneInString(s) }

// mixedFinding is the finding for a mixed-script word, the word shown with
// its non-ASCII letters escaped (p\u0430ypal), so the lookalike shows.
func mixedFinding(sev Severity, where, word string) Finding {
	q := strconv.QuoteToASCII(word)
	if len(q) > 120 {
		q = q[:120] + "…"
	}
	return Finding{Rule: RuleMixedScript, Severity: sev, Where: where, Excerpt: "a word mixing Latin letters with lookalike letters of another script: " + q}
}
