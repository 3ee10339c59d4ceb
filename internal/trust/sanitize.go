// Package trust holds Switchboard's trust-and-safety building blocks for
// backend tools: sanitising their text ([Sanitize], [CleanSchema]) and
// results ([CleanResult], [CleanText]), checking names, descriptions,
// schemas and instructions for poisoning ([Inspect], [InspectText]),
// pinning tool definitions by hash ([Hash], [Store]), spotting names that
// imitate each other ([Confusable], [Shadowing]) and per-server allow/deny
// rules ([Policy]).
//
// Everything except [Store] is pure and safe for concurrent use. Of our
// packages it imports only the leaves hidden (the hidden-Unicode table),
// atomicfile and filelock (for the pins file).
package trust

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-mcp/switchboard/internal/hidden"
)

// Sanitize removes invisible and bidirectional control characters and other
// hidden Unicode from s: zero-width characters, bidi embeddings, overrides
// and isolates, tag characters (U+E0000-U+E007F), variation selectors, the
// soft hyphen and every other format (Cf) character, and C0/C1 control
// characters except '\n' and '\t'. Line endings are normalised to '\n'
// (CRLF, CR, NEL, U+2028 and U+2029). Invalid UTF-8 becomes U+FFFD.
//
// changed reports whether clean differs from s. Sanitize is idempotent:
// Sanitize(clean) returns clean, false.
func Sanitize(s string) (clean string, changed bool) {
	if !needsSanitize(s) {
		return s, false
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\r':
			b.WriteByte('\n')
			if i < len(s) && s[i] == '\n' {
				i++
			}
		case r == 0x85 || r == 0x2028 || r == 0x2029:
			b.WriteByte('\n')
		case Hidden(r):
			// dropped
		default:
			b.WriteRune(r)
		}
	}
	clean = b.String()
	return clean, clean != s
}

// needsSanitize reports whether Sanitize would change s.
func needsSanitize(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return true
		}
		if r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029 || Hidden(r) {
			return true
		}
		i += size
	}
	return false
}

// Hidden reports whether r is a character that Sanitize removes: one that
// renders as nothing (or moves text around) in most interfaces while a model
// still reads it. '\n' and '\t' are not hidden; '\r' is (Sanitize turns it
// into a line break). It is the project's one table, [hidden.Is].
func Hidden(r rune) bool { return hidden.Is(r) }

// hiddenClass sorts a hidden rune into the severity of its presence in a
// tool's text: tags, bidi controls and supplementary variation selectors
// (used to smuggle text) block; the rest warn. Emoji presentation selectors
// (U+FE0E, U+FE0F) are ordinary in descriptions and are not reported.
func hiddenClass(r rune) (Severity, bool) {
	switch {
	case r == 0xFE0E || r == 0xFE0F:
		return 0, false
	case r >= 0xE0000 && r <= 0xE0FFF,
		r >= 0x202A && r <= 0x202E,                // embeddings, overrides
		r >= 0x2066 && r <= 0x2069,                // isolates
		r == 0x200E || r == 0x200F || r == 0x061C: // marks
		return Block, true
	case r == '\r':
		return 0, false
	case Hidden(r):
		return Warn, true
	}
	return 0, false
}

// visible replaces hidden runes in s by a readable ⟨U+XXXX⟩ form, so a
// human comparing two texts sees them.
func visible(s string) string {
	if !needsSanitize(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r != '\r' && Hidden(r) {
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
