package tsdecl

import (
	"slices"
	"strconv"
	"strings"
)

// reserved holds words that cannot be used as a JavaScript binding name in
// strict-mode module code, plus the non-writable globals undefined, NaN and
// Infinity and the strict-mode restricted names eval and arguments.
var reserved = map[string]bool{
	"await": true, "break": true, "case": true, "catch": true, "class": true, "const": true,
	"continue": true, "debugger": true, "default": true, "delete": true, "do": true, "else": true,
	"enum": true, "export": true, "extends": true, "false": true, "finally": true, "for": true,
	"function": true, "if": true, "implements": true, "import": true, "in": true,
	"instanceof": true, "interface": true, "let": true, "new": true, "null": true,
	"package": true, "private": true, "protected": true, "public": true, "return": true,
	"static": true, "super": true, "switch": true, "this": true, "throw": true, "true": true,
	"try": true, "typeof": true, "var": true, "void": true, "while": true, "with": true,
	"yield": true, "eval": true, "arguments": true, "undefined": true, "NaN": true, "Infinity": true,
}

// Ident maps any name to a valid JavaScript identifier: every character
// other than ASCII letters, digits and '_' becomes '_' (one '_' per rune),
// a leading digit gets a '_' prefix, and a reserved word (strict-mode
// keywords, plus eval, arguments, undefined, NaN, Infinity) gets a '_'
// suffix. The empty name gives "_". Ident is pure and safe for concurrent use.
func Ident(name string) string {
	if name == "" {
		return "_"
	}
	var b strings.Builder
	b.Grow(len(name) + 1)
	for i, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_':
			b.WriteRune(r)
		case r >= '0' && r <= '9':
			if i == 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	s := b.String()
	if reserved[s] {
		s += "_"
	}
	return s
}

// Idents maps names to distinct identifiers, in input order. Each name gets
// Ident(name) unless another name maps to the same identifier: then the
// name that sorts first (byte order) keeps it and the others, in sorted
// order, get the first free of ident_2, ident_3, ... Identical names get
// distinct identifiers too (earlier input position first). The result does
// not depend on the input order except between identical names.
// Idents is pure and safe for concurrent use.
func Idents(names []string) []string {
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(names[a], names[b]) })

	out := make([]string, len(names))
	used := make(map[string]bool, len(names))
	for _, i := range order {
		id := Ident(names[i])
		if !used[id] {
			used[id] = true
			out[i] = id
		}
	}
	for _, i := range order {
		if out[i] != "" {
			continue
		}
		base := Ident(names[i])
		for n := 2; ; n++ {
			id := base + "_" + strconv.Itoa(n)
			if !used[id] {
				used[id] = true
				out[i] = id
				break
			}
		}
	}
	return out
}

// isIdent reports whether s can be used unquoted as a property name in a
// TypeScript type literal (an ASCII IdentifierName; reserved words are
// allowed as property names).
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '$':
		case c >= '0' && c <= '9':
			if i == 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}
