package echo

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzEcho holds what repeats someone else's text in a message (a name,
// a query, a path, a command's argument) to never panic, and Quote and
// Clip to their bound.
func FuzzEcho(f *testing.F) {
	for _, s := range []string{"", "github", "x;curl …|sh", "$(id)", "a'b\"c", "\x1b[31m", "\u202eevil", "\xff\xfe", strings.Repeat("é", 40), "x\nIMPORTANT: do"} {
		f.Add(s, "githb")
	}
	f.Fuzz(func(t *testing.T, s, other string) {
		for _, got := range []string{Quote(s), Clip(s)} {
			if len(s) > Max && len(got) > 10*Max+64 {
				t.Fatalf("%q of %d bytes is said in %d", s, len(s), len(got))
			}
		}
		if p := Path(s); utf8.ValidString(s) && !strings.ContainsFunc(s, unshowable) && p != s {
			t.Fatalf("Path(%q) = %q", s, p)
		}
		_, _ = ShellArg(s), ShellWord(s)
		if len(s) <= 256 && len(other) <= 256 {
			if d := Distance(s, other); d < 0 || d > max(len(s), len(other)) {
				t.Fatalf("Distance(%q, %q) = %d", s, other, d)
			}
		}
	})
}
