package trust

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// homoglyphs maps Cyrillic and Greek letters (after lower-casing) and a few
// Latin look-alikes to the Latin letter they imitate.
var homoglyphs = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c',
	'т': 't', 'у': 'y', 'х': 'x', 'і': 'i', 'ї': 'i', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w',
	'һ': 'h', 'ӏ': 'l', 'ɡ': 'g', 'ո': 'n', 'ս': 'u',
	// Greek
	'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't',
	'υ': 'u', 'χ': 'x', 'γ': 'y', 'ω': 'w', 'ϲ': 'c', 'ϳ': 'j', 'ζ': 'z', 'μ': 'u',
	// Latin look-alikes
	'ı': 'i', 'ł': 'l', 'ß': 's',
	// digits for letters
	'0': 'o', '1': 'l', '3': 'e', '5': 's',
}

// fold reduces a name to the form Confusable compares: in Unicode's
// compatibility composition (NFKC: "café" composed and decomposed alike,
// the ligature "ﬁ" as "fi"), hidden characters and separators (- _ .
// space) removed, full-width forms narrowed, lower case, homoglyphs and
// look-alike digits mapped to Latin letters.
func fold(s string) string {
	s = norm.NFKC.String(s)
	var b strings.Builder
	for _, r := range s {
		if Hidden(r) || r == '-' || r == '_' || r == '.' || unicode.IsSpace(r) {
			continue
		}
		if r >= 0xFF01 && r <= 0xFF5E { // full-width ASCII
			r -= 0xFEE0
		}
		r = unicode.ToLower(r)
		if m, ok := homoglyphs[r]; ok {
			r = m
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Confusable reports whether a and b could be taken for each other: equal
// after folding case, separators (- _ . space), full-width forms, hidden
// characters, Cyrillic and Greek homoglyphs, and digits used for letters
// (0→o, 1→l, 3→e, 5→s); or, when both folded names have at least 5
// characters, at most one edit (insertion, deletion, substitution) apart.
// Empty names are never confusable.
func Confusable(a, b string) bool {
	fa, fb := fold(a), fold(b)
	if fa == "" || fb == "" {
		return false
	}
	if fa == fb {
		return true
	}
	ra, rb := []rune(fa), []rune(fb)
	return len(ra) >= 5 && len(rb) >= 5 && withinOneEdit(ra, rb)
}

func withinOneEdit(a, b []rune) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return string(a[i+1:]) == string(b[i+1:]) // one substitution (or none)
	}
	return string(a[i:]) == string(b[i+1:]) // one insertion into a
}

// ShadowWarning says that a server or one of its tools imitates another
// configured server.
type ShadowWarning struct {
	// Server is the server whose name or tool looks like Other.
	Server string
	// Other is the configured server it looks like.
	Other string
	// Tool is the offending tool, or empty for a server-level warning.
	Tool string
	// Reason is a human-readable sentence.
	Reason string
}

// Shadowing finds names that imitate another configured server:
//   - a server name confusable with another server's name (one warning per
//     pair, Server being the first in sorted order);
//   - a tool whose name, or a prefix of it ending at a separator, is
//     confusable with another server's name, such as tool
//     "github_create_issue" in server "evil" when "github" is configured.
//
// servers maps a server name to its tool names. The result is sorted by
// Server, Other, Tool; nil when nothing imitates anything.
func Shadowing(servers map[string][]string) []ShadowWarning {
	names := make([]string, 0, len(servers))
	for n := range servers {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []ShadowWarning
	for i, a := range names {
		for _, b := range names[i+1:] {
			if Confusable(a, b) {
				format := "server name %q looks like server %q"
				if norm.NFKC.String(a) == norm.NFKC.String(b) {
					// Composed and decomposed: quoted, they look the same.
					format = "server name %+q looks like server %+q"
				}
				out = append(out, ShadowWarning{Server: a, Other: b,
					Reason: fmt.Sprintf(format, a, b)})
			}
		}
	}
	for _, s := range names {
		seen := map[string]bool{}
		for _, tool := range servers[s] {
			if seen[tool] {
				continue
			}
			seen[tool] = true
			for _, o := range names {
				if o == s {
					continue
				}
				if prefix, ok := namedLike(tool, o); ok {
					out = append(out, ShadowWarning{Server: s, Other: o, Tool: tool,
						Reason: fmt.Sprintf("tool %q of server %q is named like server %q (%q)", tool, s, o, prefix)})
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		x, y := out[i], out[j]
		if x.Server != y.Server {
			return x.Server < y.Server
		}
		if x.Other != y.Other {
			return x.Other < y.Other
		}
		return x.Tool < y.Tool
	})
	return out
}

// namedLike reports whether tool, or a prefix of it that ends at a
// separator, is confusable with server; it returns that prefix.
func namedLike(tool, server string) (string, bool) {
	for i, r := range tool {
		if (r == '-' || r == '_' || r == '.' || r == ' ' || r == ':' || r == '/') && i > 0 {
			if p := tool[:i]; Confusable(p, server) {
				return p, true
			}
		}
	}
	if Confusable(tool, server) {
		return tool, true
	}
	return "", false
}
