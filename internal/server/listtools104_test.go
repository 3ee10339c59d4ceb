package server

import "testing"

// Two withheld names that differ only in hidden characters were shown
// alike ("read\u202efile" and "read\u200bfile" both as "readfile"), told
// apart only by their approve commands. Each is shown quoted, escaped;
// a plain name as it is. A newline, a tab or two spaces are escaped too
// (round 121): "a\nb" was shown "a b", the name of another tool, offered.
func TestWithheldName_HiddenCharactersAreShownEscaped(t *testing.T) {
	for in, want := range map[string]string{
		"read\u202efile": `"read\u202efile"`,
		"read\u200bfile": `"read\u200bfile"`,
		"a\x1b[31mred":   `"a\x1b[31mred"`,
		"plain_name":     "plain_name",
		"a\nb":           `"a\nb"`,
		"a\tb":           `"a\tb"`,
		"a  b":           `"a  b"`,
		"a b":            "a b",
		"日本":             "日本",
	} {
		if got := withheldName(in); got != want {
			t.Errorf("withheldName(%q) = %s, want %s", in, got, want)
		}
	}
}
