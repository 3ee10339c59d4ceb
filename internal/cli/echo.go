package cli

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// maxEcho is the most bytes of an argument that a message repeats.
const maxEcho = 64

// echo is s as a message repeats what the user typed: quoted (%q), and
// cut to its first maxEcho bytes (at a rune boundary) with "…" and its
// length when longer, so that a 100 kB argument is named, not printed
// back whole ("xxxx…" (102400 bytes)).
func echo(s string) string {
	if len(s) <= maxEcho {
		return strconv.Quote(s)
	}
	n := maxEcho
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return fmt.Sprintf("%s (%d bytes)", strconv.Quote(s[:n]+"…"), len(s))
}
