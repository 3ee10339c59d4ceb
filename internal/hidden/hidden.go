// Package hidden is the one table of hidden Unicode for the whole
// project: characters that render as nothing (or move text around) in
// most interfaces while a model still reads them. trust (sanitising tool
// text and results, poisoning rules) and tsdecl (doc comments) both use
// it, so what one strips the other strips too. The package is pure and
// imports nothing of ours.
package hidden

import "unicode"

// Is reports whether r is hidden: C0 and C1 control characters and DEL
// (but not '\n' and '\t'; '\r' is hidden), every format (Cf) character
// (zero-width spaces and joiners, bidi marks, embeddings, overrides and
// isolates, the BOM, the soft hyphen, tags U+E0000-U+E007F, interlinear
// annotations, invisible operators), variation selectors (U+FE00-U+FE0F,
// U+E0100-U+E01EF, Mongolian U+180B-U+180F), the rest of the tag block
// and planes' reserved specials (U+E0000-U+E0FFF, U+FFF0-U+FFF8,
// U+2065), the combining grapheme joiner, Hangul fillers, Khmer inherent
// vowels and the braille blank.
func Is(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || (r >= 0x7f && r <= 0x9f): // C0, DEL, C1
		return true
	case r >= 0xFE00 && r <= 0xFE0F: // variation selectors
		return true
	case r >= 0xE0000 && r <= 0xE0FFF: // tags, variation selectors supplement, reserved
		return true
	case r >= 0x180B && r <= 0x180F: // Mongolian variation selectors and vowel separator
		return true
	case r >= 0xFFF0 && r <= 0xFFF8, r == 0x2065: // unassigned specials next to format characters
		return true
	case r == 0x034F, // combining grapheme joiner
		r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, // Hangul fillers
		r == 0x17B4, r == 0x17B5, // Khmer inherent vowels
		r == 0x2800: // braille blank
		return true
	}
	return unicode.Is(unicode.Cf, r)
}
