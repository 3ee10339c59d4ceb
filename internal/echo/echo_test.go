package echo

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"demo":                        `"demo"`,
		"a\nb\x1b[31m":                `"a\nb\x1b[31m"`,
		strings.Repeat("x", Max):      `"` + strings.Repeat("x", Max) + `"`,
		strings.Repeat("x", 1e5):      `"` + strings.Repeat("x", Max) + `…" (100000 bytes)`,
		strings.Repeat("é", 40):       `"` + strings.Repeat("é", 32) + `…" (80 bytes)`,
		"x" + strings.Repeat("é", 40): `"x` + strings.Repeat("é", 31) + `…" (81 bytes)`,
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%.20q…) = %s, want %s", in, got, want)
		}
	}
}

func TestClip(t *testing.T) {
	for in, want := range map[string]string{
		"echo":                   "echo",
		"get-sum":                "get-sum",
		"a\x1b[2Jb":              `a\x1b[2Jb`,
		strings.Repeat("x", 1e5): strings.Repeat("x", Max) + "…",
	} {
		if got := Clip(in); got != want {
			t.Errorf("Clip(%.20q…) = %q, want %q", in, got, want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"", "abc", 3}, {"command", "comand", 1}, {"kitten", "sitting", 3}, {"flaw", "lawn", 2}} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestShellArg_KeepsABackendsNameOneLiteralArgument: a quarantine
// message's command names a tool a backend chose; pasted into a shell, no
// name may run anything or split into more arguments.
func TestShellArg_KeepsABackendsNameOneLiteralArgument(t *testing.T) {
	for in, want := range map[string]string{
		"create_issue":    "create_issue",
		"(instructions)":  `"(instructions)"`,
		"x;curl e|sh":     `"x;curl e|sh"`,
		"$(rm -rf ~)":     `'$(rm -rf ~)'`,
		"a`id`'b":         `'a` + "`id`" + `'\''b'`,
		"":                `""`,
		"two words":       `"two words"`,
		`back\slash "q"!`: `'back\slash "q"!'`,
	} {
		if got := ShellArg(in); got != want {
			t.Errorf("ShellArg(%q) = %s, want %s", in, got, want)
		}
	}
}
