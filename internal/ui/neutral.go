package ui

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// neutral is b (a rendered page, a fragment or /status.json) with each
// character that would act on what the reader sees instead of being
// shown written as an escape: C0 controls but tab, line feed and
// carriage return, DEL, C1 controls, bidirectional overrides and
// isolates and the other invisible format characters (zero-width
// spaces and joiners, the byte-order mark) as \u202e, and bytes that
// are not UTF-8 as \x9b. What the page shows comes in good part from
// others (a client's name, a backend's tool names, errors and stderr):
// html/template escapes markup, not these, and a client naming itself
// with U+202E reordered the rest of its cell on the page. The page's own
// text holds none of them; in JSON, \u202e is the escape of the
// character it replaces, so /status.json keeps its values.
func neutral(b []byte) []byte {
	clean := true
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if !plainASCII(c) {
				clean = false
				break
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 || hidden(r) {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return b
	}
	out := make([]byte, 0, len(b)+64)
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if plainASCII(c) {
				out = append(out, c)
			} else {
				out = fmt.Appendf(out, `\u%04x`, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			out = fmt.Appendf(out, `\x%02x`, c)
		case hidden(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out
}

func plainASCII(c byte) bool {
	return c == '\n' || c == '\t' || c == '\r' || c >= 0x20 && c != 0x7f
}

// hidden: a control, a bidirectional control or another format
// character (Cf: zero-width space and joiners, word joiner, BOM, soft
// hyphen's kin), none of which a reader sees for what it is.
func hidden(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || unicode.Is(unicode.Cf, r)
}
