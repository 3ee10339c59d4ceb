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

// protoNames are property names that must not name a tool: assigning
// __proto__ replaces an object's prototype, constructor and prototype
// are read by the engine and by libraries through every object, and
// await, JSON.stringify and string conversion call then, toJSON,
// valueOf, toString and toLocaleString (a tool named then made its
// namespace a thenable: Promise.resolve(ns) called the tool).
var protoNames = map[string]bool{
	"__proto__": true, "constructor": true, "prototype": true,
	"then": true, "toJSON": true, "valueOf": true, "toString": true, "toLocaleString": true,
}

// jsGlobals are the global names a script relies on: the standard
// built-ins of QuickJS, the globals of our prelude (console, setTimeout,
// clearTimeout, progress, resources, prompts, skills) and globalThis. A server named like one would replace it
// for every script, so its namespace gets another identifier.
var jsGlobals = map[string]bool{
	"globalThis": true, "Object": true, "Function": true, "Array": true, "Number": true, "Boolean": true,
	"String": true, "Symbol": true, "BigInt": true, "Math": true, "JSON": true, "Reflect": true, "Proxy": true,
	"Promise": true, "Date": true, "RegExp": true, "Map": true, "Set": true, "WeakMap": true, "WeakSet": true,
	"WeakRef": true, "FinalizationRegistry": true, "Error": true, "EvalError": true, "RangeError": true,
	"ReferenceError": true, "SyntaxError": true, "TypeError": true, "URIError": true, "AggregateError": true,
	"InternalError": true, "ArrayBuffer": true, "SharedArrayBuffer": true, "DataView": true, "Atomics": true,
	"Int8Array": true, "Uint8Array": true, "Uint8ClampedArray": true, "Int16Array": true, "Uint16Array": true,
	"Int32Array": true, "Uint32Array": true, "BigInt64Array": true, "BigUint64Array": true, "Float16Array": true,
	"Float32Array": true, "Float64Array": true, "Iterator": true, "parseInt": true, "parseFloat": true,
	"isNaN": true, "isFinite": true, "decodeURI": true, "decodeURIComponent": true, "encodeURI": true,
	"encodeURIComponent": true, "escape": true, "unescape": true, "queueMicrotask": true, "structuredClone": true,
	"console": true, "setTimeout": true, "clearTimeout": true, "setInterval": true, "clearInterval": true,
	"print": true, "performance": true, "progress": true, "resources": true, "prompts": true, "skills": true,
}

// Ident maps any name to a valid JavaScript identifier: every character
// other than ASCII letters, digits and '_' becomes '_' (one '_' per rune),
// a leading digit gets a '_' prefix, and a reserved word (strict-mode
// keywords, plus eval, arguments, undefined, NaN, Infinity) or a name
// that must not be a property (__proto__, constructor, prototype, then,
// toJSON, valueOf, toString, toLocaleString) gets a '_' suffix. The empty
// name gives "_". Ident is pure and safe for concurrent use.
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
	if reserved[s] || protoNames[s] {
		s += "_"
	}
	return s
}

// GlobalIdent is Ident for a name that becomes a global of scripts (a
// server's namespace): a JavaScript built-in or one of our prelude's
// globals (JSON, Promise, console, Object, setTimeout, ...) also gets a '_'
// suffix, so the namespace never replaces it.
func GlobalIdent(name string) string {
	s := Ident(name)
	if jsGlobals[s] {
		s += "_"
	}
	return s
}

// GlobalIdents is Idents with GlobalIdent: distinct identifiers for
// names that become globals.
func GlobalIdents(names []string) []string { return idents(names, GlobalIdent) }

// Idents maps names to distinct identifiers, in input order. A name that
// is already a valid identifier keeps it (get_user stays get_user); the
// others get Ident(name) when it is free, the name that sorts first
// (byte order) winning, and otherwise, in sorted order, the first free of
// ident_2, ident_3, ... So "get-user" next to "get_user" becomes
// get_user_2, and each identifier names exactly one tool. Identical names
// get distinct identifiers too (earlier input position first). The result
// does not depend on the input order except between identical names.
// Idents is pure and safe for concurrent use.
func Idents(names []string) []string { return idents(names, Ident) }

func idents(names []string, ident func(string) string) []string {
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(names[a], names[b]) })

	out := make([]string, len(names))
	used := make(map[string]bool, len(names))
	// Names that are their own identifier first, then the mangled ones.
	for _, own := range []bool{true, false} {
		for _, i := range order {
			if out[i] != "" {
				continue
			}
			id := ident(names[i])
			if (id == names[i]) == own && !used[id] {
				used[id] = true
				out[i] = id
			}
		}
	}
	for _, i := range order {
		if out[i] != "" {
			continue
		}
		base := ident(names[i])
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
