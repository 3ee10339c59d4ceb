package backend

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxServerText bounds what an authorization server's answer puts in an
// error: an error_description, a registration error's body.
const maxServerText = 400

// serverText makes text from an authorization server fit to print on a
// terminal: control characters (an escape sequence could clear the
// screen or forge lines), bidirectional overrides and bytes that are not
// UTF-8 become '?', line breaks and tabs a space, and it is cut to max
// bytes, saying how long it was.
func serverText(s string, max int) string {
	n := len(s)
	var b strings.Builder
	for i, r := range s {
		if b.Len() >= max {
			fmt.Fprintf(&b, "… (%d bytes in all)", n)
			break
		}
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"): // not UTF-8
			b.WriteByte('?')
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			b.WriteByte('?')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
