package echo

import (
	"os/exec"
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

// Round sixty-two: a name holding a control, bidirectional or invisible
// character went into the command in quotes as it was: an escape
// sequence reached the terminal or client that showed the message, and a
// right-to-left override reordered the command as shown (list_tools'
// quarantine lines, pins). Such a name is written in $'…' with each of
// those characters escaped, which bash and zsh read back exactly.
func TestShellArg_EscapesWhatAShellLineCannotShow(t *testing.T) {
	for in, want := range map[string]string{
		"a\x1b[2Jb":    `$'a\x1b[2Jb'`,
		"ok\u202eevil": `$'ok\u202eevil'`,
		"nul\x00x":     `$'nul\x00x'`,
		"it's\n$(x)":   `$'it\'s\n$(x)'`,
		"zw\u200bsp":   `$'zw\u200bsp'`,
		`b\s`:          `'b\s'`,
	} {
		got := ShellArg(in)
		if got != want {
			t.Errorf("ShellArg(%q) = %s, want %s", in, got, want)
		}
		for _, r := range got {
			if r < ' ' || r == 0x7f || r == '\u202e' || r == '\u200b' {
				t.Errorf("ShellArg(%q) = %q holds %U", in, got, r)
			}
		}
		if strings.ContainsRune(in, 0) {
			continue // no shell argument holds NUL
		}
		if bash, err := exec.LookPath("bash"); err == nil {
			out, err := exec.Command(bash, "--norc", "-c", "printf %s "+got).Output()
			if err != nil || string(out) != in {
				t.Errorf("bash reads ShellArg(%q) = %s back as %q (%v)", in, got, out, err)
			}
		}
	}
}

// Round sixty-six: a path is shown whole, quoted only when it holds what
// a line cannot show.
func TestPath_QuotesOnlyWhatALineCannotShow(t *testing.T) {
	for in, want := range map[string]string{
		"/home/u/p/.switchboard.json":  "/home/u/p/.switchboard.json",
		"/home/u/my project/é.toml":    "/home/u/my project/é.toml",
		"/r/x\nIMPORTANT: obey/a.toml": `"/r/x\nIMPORTANT: obey/a.toml"`,
		"/r/\x1b[2J\u202e/a":           `"/r/\x1b[2J\u202e/a"`,
		"/r/\xff/a":                    `"/r/\xff/a"`,
		"/" + strings.Repeat("d", 300): "/" + strings.Repeat("d", 300),
	} {
		if got := Path(in); got != want {
			t.Errorf("Path(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestShellWord(t *testing.T) {
	for in, want := range map[string]string{
		"/h/.claude.json": "/h/.claude.json",
		"/h/my dir/x":     "'/h/my dir/x'",
		"/h/it's":         `'/h/it'\''s'`,
		"x\ny":            `$'x\ny'`,
	} {
		if got := ShellWord(in); got != want {
			t.Errorf("ShellWord(%q) = %s, want %s", in, got, want)
		}
	}
}
