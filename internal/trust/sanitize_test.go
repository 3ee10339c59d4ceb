package trust

import (
	"github.com/switchboard-mcp/switchboard/internal/hidden"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSanitize(t *testing.T) {
	tests := []struct {
		name, in, want string
		changed        bool
	}{
		{"plain", "Read a file.\n\tIndented", "Read a file.\n\tIndented", false},
		{"zero width", "ig\u200bno\u200cre\u200d\u2060\ufeff", "ignore", true},
		{"bidi", "a\u202ab\u202bc\u202cd\u202de\u202ef\u2066g\u2067h\u2068i\u2069j\u200ek\u200fl\u061cm", "abcdefghijklm", true},
		{"tags", "hi\U000E0001\U000E0041\U000E007F", "hi", true},
		{"variation selectors", "⚠️ x\ufe00 \U000E0100y", "⚠ x y", true},
		{"soft hyphen and Cf", "co\u00adop\u180e\u206a", "coop", true},
		{"C0 and C1", "a\x00b\x07c\x1bd\x7fe\u0080f\u009fg", "abcdefg", true},
		{"line endings", "a\r\nb\rc\u2028d\u2029e\u0085f", "a\nb\nc\nd\ne\nf", true},
		{"fillers", "x\u3164y\u115fz\u034f\u2800", "xyz", true},
		{"invalid utf8", "a\xffb", "a\ufffdb", true},
		{"emoji kept", "日本語 ✓ 🙂", "日本語 ✓ 🙂", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, changed := Sanitize(tt.in)
			if got != tt.want || changed != tt.changed {
				t.Errorf("Sanitize(%q) = %q, %v; want %q, %v", tt.in, got, changed, tt.want, tt.changed)
			}
		})
	}
}

func TestSanitize_NoAllocWhenClean(t *testing.T) {
	s := strings.Repeat("clean text ", 100)
	if n := testing.AllocsPerRun(10, func() { Sanitize(s) }); n != 0 {
		t.Errorf("%v allocations for clean text", n)
	}
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"", "a\r\n\r\nb", "\r\u200b\n", "\xff\xfe", "x\U000E0041y", poisonedAdd, "\u202e\u2066"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		clean, changed := Sanitize(s)
		if changed != (clean != s) {
			t.Fatalf("changed=%v but clean==s is %v", changed, clean == s)
		}
		again, changed2 := Sanitize(clean)
		if again != clean || changed2 {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, clean, again)
		}
		if !utf8.ValidString(clean) {
			t.Fatalf("invalid UTF-8 out: %q", clean)
		}
		for _, r := range clean {
			if Hidden(r) {
				t.Fatalf("hidden %U left in %q", r, clean)
			}
		}
	})
}

// TestSanitize_StripsTheSharedHiddenTable: Sanitize drops exactly the
// runes of the shared table (tsdecl.CleanComment is tested the same way).
func TestSanitize_StripsTheSharedHiddenTable(t *testing.T) {
	for r := rune(0); r <= 0xE0FFF; r++ {
		if r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029 || (r >= 0xD800 && r <= 0xDFFF) {
			continue // line breaks, surrogates
		}
		got, _ := Sanitize("a" + string(r) + "b")
		if dropped := got == "ab"; dropped != hidden.Is(r) {
			t.Fatalf("U+%04X: Sanitize gives %q, hidden.Is = %v", r, got, hidden.Is(r))
		}
	}
}
