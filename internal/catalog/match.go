package catalog

import "golang.org/x/text/unicode/norm"

// Match returns the one of names that s asks for: the name equal to s, or
// whose alias (a server's or tool's identifier; nil for none) is; else the
// one name equal to s in Unicode's compatibility composition (NFKC: "café"
// composed and decomposed alike, the ligature "ﬁ" as "fi"), as
// trust.Confusable compares names. "" when none is, or when several are
// equal to s only in NFKC (two servers "café", one composed and one
// decomposed, asked for in a third form): which one was meant is unknown.
// An exact match always wins, so each of two names differing only in
// composition is found by its own.
func Match(s string, names []string, alias func(string) string) string {
	for _, n := range names {
		if n == s || alias != nil && alias(n) == s {
			return n
		}
	}
	return MatchFolded(s, names, alias)
}

// MatchFolded is Match without the exact comparison: the one name equal
// to s (or whose alias is) in NFKC, or "".
func MatchFolded(s string, names []string, alias func(string) string) string {
	k := norm.NFKC.String(s)
	found := ""
	for _, n := range names {
		if norm.NFKC.String(n) == k || alias != nil && norm.NFKC.String(alias(n)) == k {
			if found != "" && found != n {
				return ""
			}
			found = n
		}
	}
	return found
}

// NameKey is the form in which Match compares names (NFKC), for hints
// that name what a name asked for may mean.
func NameKey(s string) string { return norm.NFKC.String(s) }
