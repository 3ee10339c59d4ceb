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

// ShellArg is s as one argument of a POSIX shell command that a message
// tells someone to run: as it is when it holds only letters, digits and
// /._-+:@, else in double quotes when nothing in it means anything there
// (no $, `, \, " or !), else in single quotes (each quote in it closed,
// escaped and reopened), so that a name a backend chose (`x;curl …|sh`,
// `$(…)`, `(instructions)`) stays one literal argument when the command
// is pasted into a shell. (Messages put a command in single quotes, so
// double quotes read better inside one.) It is not cut: the command
// must name s exactly.
func ShellArg(s string) string {
	switch {
	case s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@,") == "":
		return s
	case !strings.ContainsAny(s, "$`\\\"!"):
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
