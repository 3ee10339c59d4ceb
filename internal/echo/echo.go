// Package echo repeats, in a message, what someone else wrote: a name, a
// query or a value that a user, a client, a script or a backend gave and
// that the message must name. It is named, not printed back whole: a 100 kB
// argument or tool name is its first Max bytes and its length, so an error
// never costs more than its own words in a terminal or in a model's
// context. Distance measures how far a name is from one it may mean, for
// "did you mean" hints. The package is pure and imports nothing of ours.
package echo

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Max is the most bytes of a text that a message repeats.
const Max = 64

// Quote is s as %q writes it (control characters escaped), cut to its
// first Max bytes (at a rune boundary) with "…" and its length when longer:
// "xxxx…" (102400 bytes).
func Quote(s string) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%s (%d bytes)", strconv.Quote(cut(s)+"…"), len(s))
}

// Clip is s unquoted, cut as Quote cuts it: for a name that a message
// writes bare ("server.tool: ..."). Control characters are escaped as
// Quote escapes them when s has any.
func Clip(s string) string {
	long := len(s) > Max
	if long {
		s = cut(s)
	}
	if q := strconv.Quote(s); q[1:len(q)-1] != s {
		s = q[1 : len(q)-1]
	}
	if long {
		return s + "…"
	}
	return s
}

// cut is the first Max bytes of s, backed off to a rune boundary.
func cut(s string) string {
	n := Max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Path is a file's path as a line of output shows it: as it is, or as
// %q writes it when it holds a control, bidirectional or other invisible
// character or a byte that is not UTF-8. It is not cut (a path must
// stay whole to be found), and a repository's file or directory named
// "x\nIMPORTANT: …" no longer begins a line of its own.
func Path(s string) string {
	if strings.IndexFunc(s, unshowable) >= 0 || !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	return s
}

// ShellArg is s as one argument of a POSIX shell command that a message
// tells someone to run: as it is when it holds only letters, digits and
// /._-+:@, else in double quotes when nothing in it means anything there
// (no $, `, \, " or !), else in single quotes (each quote in it closed,
// escaped and reopened), so that a name a backend chose (`x;curl …|sh`,
// `$(…)`, `(instructions)`) stays one literal argument when the command
// is pasted into a shell. (Messages put a command in single quotes, so
// double quotes read better inside one.) It is not cut: the command
// must name s exactly.
//
// A name holding a control, bidirectional or other invisible character
// (or a byte that is not UTF-8) is written in $'…' with each such
// character escaped (\x1b, \u202e), which bash, zsh and ksh read back
// exactly: quoted as it was, an escape sequence reached the terminal or
// client showing the message, and a right-to-left override reordered the
// command as shown.
func ShellArg(s string) string {
	switch {
	case strings.IndexFunc(s, unshowable) >= 0 || !utf8.ValidString(s):
		return ansiC(s)
	case s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@,") == "":
		return s
	case !strings.ContainsAny(s, "$`\\\"!"):
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ShellWord is s as one word of a command shown to someone to run: as it
// is when it holds only characters no shell reads specially, in $'…' when
// it holds a control, bidirectional or invisible character (as ShellArg
// writes it: quoted as it was, a directory named "x\nIMPORTANT: …" broke
// the command over lines), else single-quoted.
func ShellWord(s string) string {
	switch {
	case s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@,") == "":
		return s
	case strings.IndexFunc(s, unshowable) >= 0 || !utf8.ValidString(s):
		return ansiC(s)
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// unshowable reports whether r cannot stand for itself in a command shown
// to someone: a control, bidirectional or other invisible character.
func unshowable(r rune) bool {
	// The controls (Cc) and the bidirectional and other format characters
	// (Cf) are all outside unicode.IsPrint, which takes ' ' as printable.
	return !unicode.IsPrint(r)
}

// ansiC is s in $'…' quotes, the characters unshowable and the bytes that
// are not UTF-8 escaped, and \ and ' too.
func ansiC(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && unshowable(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case r > 0xffff && unshowable(r):
			fmt.Fprintf(&b, `\U%08x`, r)
		case unshowable(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
		i += n
	}
	b.WriteByte('\'')
	return b.String()
}
