package backend

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
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

var (
	// the oauth2 package's complaints about a token answer's JSON, after
	// its "cannot parse json: " (golang.org/x/oauth2/internal/token.go):
	// expires_in is read as a json.Number, then as an int64
	expiresRangeRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^strconv\.ParseInt: parsing "(.*)": value out of range$`)
	})
	expiresSyntaxRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^strconv\.ParseInt: parsing "(.*)": invalid syntax$`)
	})
	expiresNumberRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^json: invalid number literal, trying to unmarshal "(.*)" into Number$`)
	})
	fieldTypeRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^json: cannot unmarshal (\w+) into Go struct field tokenJSON\.(\w+) of type ([\w.]+)$`)
	})
)

// tokenAnswerFault words the oauth2 package's complaint about a token
// answer (detail, what follows its "cannot parse json: ") by the field
// at fault; "" when it is none of those known. The oauth2 package names
// no field of expires_in ("strconv.ParseInt: parsing …: value out of
// range").
func tokenAnswerFault(detail string) string {
	quote := func(v string) string { return serverText(v, 64) }
	if m := expiresRangeRE().FindStringSubmatch(detail); m != nil {
		return fmt.Sprintf(`its "expires_in" (%s) is a number of seconds past what a 64-bit integer holds`, quote(m[1]))
	}
	if m := expiresSyntaxRE().FindStringSubmatch(detail); m != nil {
		return fmt.Sprintf(`its "expires_in" (%s) is not a whole number of seconds`, quote(m[1]))
	}
	if m := expiresNumberRE().FindStringSubmatch(detail); m != nil {
		return fmt.Sprintf(`its "expires_in" (%s) is not a number of seconds`, quote(m[1]))
	}
	if m := fieldTypeRE().FindStringSubmatch(detail); m != nil {
		want := "a string"
		if m[3] == "json.Number" {
			want = "a number of seconds"
		}
		return fmt.Sprintf(`its %q is a JSON %s, not %s`, m[2], m[1], want)
	}
	return ""
}
