package script

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file knows two things about JavaScript exactly enough to stand in
// for the VM in a static script (static.go): the JSON that JSON.stringify
// writes for a literal in the source (parseStatic), and the JSON that
// JSON.stringify(JSON.parse(text)) writes for a tool's value
// (jsCanonical). Both decline anything whose answer is not plain (lone
// surrogates, integer-like keys, which JavaScript orders first, duplicate
// keys, numbers out of range, deep nesting, comments, ...): the caller
// then leaves it to the VM. The fuzz tests in jsvalue_test.go hold both
// to what QuickJS does.

// maxStaticDepth bounds the nesting of arrays and objects either parser
// accepts.
const maxStaticDepth = 64

// parseStatic parses src as a static script (see static.go); ok is false
// for any other script.
func parseStatic(src string) (st staticScript, ok bool) {
	if len(src) > maxStaticSource {
		return st, false
	}
	p := &litParser{s: src}
	p.space()
	switch {
	case p.word("const") || p.word("let") || p.word("var"):
		// const x = await ns.fn(...); return x
		if !p.space() {
			return st, false
		}
		name, ok := p.ident()
		if !ok || reserved[name] {
			return st, false
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != '=' || p.i+1 < len(p.s) && (p.s[p.i+1] == '=' || p.s[p.i+1] == '>') {
			return st, false
		}
		p.i++
		p.space()
		if !p.word("await") || !p.space() || !p.call(&st) || name == st.ns {
			// name == ns: the call would read the binding before it is made
			return st, false
		}
		if !p.statementEnd() || !p.word("return") || !p.inlineSpace() {
			return st, false
		}
		if ret, ok := p.ident(); !ok || ret != name {
			return st, false
		}
		if st.path, ok = p.path(); !ok {
			return st, false
		}
		st.kind = staticReturn
	case p.word("return"):
		// No line break after return: that would return undefined.
		if !p.inlineSpace() {
			return st, false
		}
		paren := p.i < len(p.s) && p.s[p.i] == '('
		if paren {
			// return (await ns.fn(...))
			p.i++
			p.space()
			if !p.word("await") || !p.space() || !p.call(&st) {
				return st, false
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ')' {
				return st, false
			}
			p.i++
			var ok bool
			if st.path, ok = p.path(); !ok {
				return st, false
			}
			st.kind = staticReturn
			break
		}
		switch {
		case p.word("await"):
			if !p.space() {
				return st, false
			}
			if !p.call(&st) {
				return st, false
			}
			st.kind = staticReturn
		case p.identStart() && !p.literalWord():
			if !p.call(&st) {
				return st, false
			}
			st.kind = staticReturn
		default:
			var b bytes.Buffer
			if !p.literal(&b, 0) {
				return st, false
			}
			st.kind, st.value = staticLiteral, b.Bytes()
		}
	case p.word("await"):
		if !p.space() || !p.call(&st) {
			return st, false
		}
		st.kind = staticDiscard
	default:
		return st, false
	}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ';' {
		p.i++
		p.space()
	}
	return st, p.i == len(p.s)
}

// step is one property access of a path: .key, ?.key, ["key"] or [index].
type step struct {
	key   string
	index int // >= 0 for [index]; -1 for a key
}

// maxPathSteps bounds the steps of a path parseStatic reads.
const maxPathSteps = 16

// path reads the property accesses that follow a value (r.items[0].name,
// (await x.y()).z), if any, up to what follows them. It reports false for
// an access it cannot read as a plain step (a computed key, a call), which
// makes the script not static; with no access it reads nothing.
func (p *litParser) path() ([]step, bool) {
	var out []step
	for {
		save := p.i
		p.space()
		var dot bool
		switch {
		case strings.HasPrefix(p.s[p.i:], "?."):
			p.i += 2
			p.space()
			dot = p.i >= len(p.s) || p.s[p.i] != '['
		case p.i < len(p.s) && p.s[p.i] == '.':
			p.i++
			p.space()
			dot = true
		case p.i < len(p.s) && p.s[p.i] == '[':
		default:
			p.i = save
			return out, true
		}
		if dot {
			name, ok := p.ident() // any name, reserved words too (r.default)
			if !ok {
				return nil, false
			}
			out = append(out, step{key: name, index: -1})
		} else {
			s, ok := p.bracket()
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		if len(out) > maxPathSteps {
			return nil, false
		}
	}
}

// bracket reads ["key"], ['key'] or [index] (a decimal integer without
// leading zeros, below 2^31).
func (p *litParser) bracket() (step, bool) {
	p.i++ // [
	p.space()
	var s step
	switch {
	case p.i < len(p.s) && (p.s[p.i] == '"' || p.s[p.i] == '\''):
		k, ok := p.str()
		if !ok {
			return s, false
		}
		s = step{key: k, index: -1}
	case p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9':
		start := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		digits := p.s[start:p.i]
		n, err := strconv.Atoi(digits)
		if err != nil || n > math.MaxInt32 || len(digits) > 1 && digits[0] == '0' {
			return s, false
		}
		s = step{index: n}
	default:
		return s, false
	}
	p.space()
	if p.i >= len(p.s) || p.s[p.i] != ']' {
		return s, false
	}
	p.i++
	return s, true
}

// litParser reads JavaScript source from s at i.
type litParser struct {
	s string
	i int
}

// space skips whitespace, line breaks (ASCII only) and comments, and
// reports whether it skipped any. A comment that holds U+2028 or U+2029
// (line terminators to JavaScript, which end a // comment and make a /*
// comment a line break), bytes that are not UTF-8, or no end is left where
// it starts, which makes the script not static: the VM reads it.
func (p *litParser) space() bool {
	start := p.i
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		case '/':
			if !p.comment() {
				return p.i > start
			}
		default:
			return p.i > start
		}
	}
	return p.i > start
}

// comment skips the comment at p.i, if there is one that space may skip.
// A // comment ends before its line break, which statementEnd sees; a /*
// comment's own line breaks count as one, as in JavaScript.
func (p *litParser) comment() bool {
	if p.i+1 >= len(p.s) {
		return false
	}
	var end int
	switch p.s[p.i+1] {
	case '/':
		end = strings.IndexAny(p.s[p.i:], "\n\r")
		if end < 0 {
			end = len(p.s)
		} else {
			end += p.i
		}
	case '*':
		k := strings.Index(p.s[p.i+2:], "*/")
		if k < 0 {
			return false
		}
		end = p.i + 2 + k + 2
	default:
		return false
	}
	text := p.s[p.i:end]
	if !utf8.ValidString(text) || strings.Contains(text, "\u2028") || strings.Contains(text, "\u2029") {
		return false
	}
	p.i = end
	return true
}

// statementEnd ends a statement: a semicolon, or a line break, with the
// whitespace around it.
func (p *litParser) statementEnd() bool {
	start := p.i
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ';' {
		p.i++
		p.space()
		return true
	}
	for _, c := range []byte(p.s[start:p.i]) {
		if c == '\n' || c == '\r' {
			return true
		}
	}
	return false
}

// inlineSpace skips spaces and tabs and reports whether it skipped any
// and no line break follows.
func (p *litParser) inlineSpace() bool {
	start := p.i
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
	return p.i > start && p.i < len(p.s) && p.s[p.i] != '\n' && p.s[p.i] != '\r'
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func (p *litParser) identStart() bool { return p.i < len(p.s) && isIdentStart(p.s[p.i]) }

// word consumes w when it is the next whole word.
func (p *litParser) word(w string) bool {
	j := p.i + len(w)
	if j > len(p.s) || p.s[p.i:j] != w || j < len(p.s) && isIdentPart(p.s[j]) {
		return false
	}
	p.i = j
	return true
}

// literalWord reports whether the next word is true, false or null.
func (p *litParser) literalWord() bool {
	save := p.i
	defer func() { p.i = save }()
	return p.word("true") || p.word("false") || p.word("null")
}

// ident reads an ASCII identifier name.
func (p *litParser) ident() (string, bool) {
	if !p.identStart() {
		return "", false
	}
	start := p.i
	for p.i < len(p.s) && isIdentPart(p.s[p.i]) {
		p.i++
	}
	if p.i < len(p.s) && (p.s[p.i] == '\\' || p.s[p.i] >= 0x80) {
		return "", false // an escape or a non-ASCII letter: leave it to the VM
	}
	return p.s[start:p.i], true
}

// reserved are the words that cannot name a namespace global here, and
// the globals a namespace cannot replace (they are not configurable).
var reserved = map[string]bool{
	"await": true, "break": true, "case": true, "catch": true, "class": true, "const": true, "continue": true,
	"debugger": true, "default": true, "delete": true, "do": true, "else": true, "enum": true, "export": true,
	"extends": true, "false": true, "finally": true, "for": true, "function": true, "if": true, "implements": true,
	"import": true, "in": true, "instanceof": true, "interface": true, "let": true, "new": true, "null": true,
	"package": true, "private": true, "protected": true, "public": true, "return": true, "static": true,
	"super": true, "switch": true, "this": true, "throw": true, "true": true, "try": true, "typeof": true,
	"var": true, "void": true, "while": true, "with": true, "yield": true, "arguments": true, "eval": true,
	"undefined": true, "NaN": true, "Infinity": true,
}

// call reads ns.fn(literal?) into st.
func (p *litParser) call(st *staticScript) bool {
	ns, ok := p.ident()
	if !ok || reserved[ns] {
		return false
	}
	p.space()
	var fn string
	switch {
	case p.i < len(p.s) && p.s[p.i] == '.':
		p.i++
		p.space()
		if fn, ok = p.ident(); !ok {
			return false
		}
	case p.i < len(p.s) && p.s[p.i] == '[':
		// ns["get-sum"]: a property named by a string literal.
		p.i++
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != '"' && p.s[p.i] != '\'' {
			return false
		}
		if fn, ok = p.str(); !ok {
			return false
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ']' {
			return false
		}
		p.i++
		st.byName = true
	default:
		return false
	}
	p.space()
	if p.i >= len(p.s) || p.s[p.i] != '(' {
		return false
	}
	p.i++
	p.space()
	st.ns, st.fn = ns, fn
	if p.i < len(p.s) && p.s[p.i] == ')' {
		p.i++
		st.args = json.RawMessage("{}")
		return true
	}
	if p.i >= len(p.s) || p.s[p.i] != '{' {
		// The VM throws for an argument that is not an object; null
		// and undefined would be {} (rare enough to leave to it).
		return false
	}
	var b bytes.Buffer
	if !p.literal(&b, 0) {
		return false
	}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ',' {
		p.i++
		p.space()
	}
	if p.i >= len(p.s) || p.s[p.i] != ')' {
		return false
	}
	p.i++
	st.args = b.Bytes()
	return true
}

// literal reads a JSON-like JavaScript literal and writes what
// JSON.stringify writes for its value.
func (p *litParser) literal(b *bytes.Buffer, depth int) bool {
	if p.i >= len(p.s) || depth > maxStaticDepth {
		return false
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		b.WriteByte('{')
		var keys keySet
		for n := 0; ; n++ {
			p.space()
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				b.WriteByte('}')
				return true
			}
			var key string
			if p.i < len(p.s) && (p.s[p.i] == '"' || p.s[p.i] == '\'') {
				k, ok := p.str()
				if !ok {
					return false
				}
				key = k
			} else {
				k, ok := p.ident()
				if !ok {
					return false // a number, computed or shorthand key, a spread, a method
				}
				key = k
			}
			if !plainKey(key) || !keys.add(key) {
				return false
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return false
			}
			p.i++
			p.space()
			if n > 0 {
				b.WriteByte(',')
			}
			quoteJS(b, key)
			b.WriteByte(':')
			if !p.literal(b, depth+1) {
				return false
			}
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == '}' {
				continue
			}
			return false
		}
	case c == '[':
		p.i++
		b.WriteByte('[')
		for n := 0; ; n++ {
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				b.WriteByte(']')
				return true
			}
			if n > 0 {
				b.WriteByte(',')
			}
			if !p.literal(b, depth+1) { // a hole or a spread fails here
				return false
			}
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == ']' {
				continue
			}
			return false
		}
	case c == '"' || c == '\'':
		s, ok := p.str()
		if !ok {
			return false
		}
		quoteJS(b, s)
		return true
	case c == '`':
		s, ok := p.template()
		if !ok {
			return false
		}
		quoteJS(b, s)
		return true
	case c == '-' || c >= '0' && c <= '9':
		return p.number(b)
	case p.word("true"):
		b.WriteString("true")
	case p.word("false"):
		b.WriteString("false")
	case p.word("null"):
		b.WriteString("null")
	default:
		return false
	}
	return true
}

// plainKey reports whether key keeps its written place in
// JSON.stringify's output: no integer-like key (JavaScript lists those
// first) and no __proto__ (a literal's sets the prototype). Duplicates
// are caught by keySet.
func plainKey(key string) bool { return key != "__proto__" && !isArrayIndex(key) }

// isArrayIndex reports whether k is the canonical form of an integer
// from 0 to 2^32-2, which objects order before their other keys.
func isArrayIndex(k string) bool {
	if k == "" || len(k) > 10 || k[0] == '0' && len(k) > 1 {
		return false
	}
	n := uint64(0)
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return false
		}
		n = n*10 + uint64(k[i]-'0')
	}
	return n < 1<<32-1
}

// str reads a string literal in single or double quotes.
func (p *litParser) str() (string, bool) {
	q := p.s[p.i]
	p.i++
	var out []byte
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == q:
			p.i++
			return string(out), true
		case c == '\n' || c == '\r':
			return "", false
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return "", false
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case 'n':
				out = append(out, '\n')
			case 't':
				out = append(out, '\t')
			case 'r':
				out = append(out, '\r')
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'v':
				out = append(out, '\v')
			case '\'', '"', '\\', '/':
				out = append(out, e)
			case 'x':
				v, ok := hexN(p.s, p.i, 2)
				if !ok {
					return "", false
				}
				p.i += 2
				out = utf8.AppendRune(out, rune(v))
			case 'u':
				r, n, ok := unicodeEscape(p.s, p.i-2)
				if !ok {
					return "", false
				}
				p.i += n - 2
				out = utf8.AppendRune(out, r)
			default:
				return "", false // \0, octal, line continuations, \u{...}: the VM's
			}
		case c < 0x80:
			out = append(out, c)
			p.i++
		default:
			r, n := utf8.DecodeRuneInString(p.s[p.i:])
			if r == utf8.RuneError && n == 1 || r == 0x2028 || r == 0x2029 {
				return "", false
			}
			out = append(out, p.s[p.i:p.i+n]...)
			p.i += n
		}
	}
	return "", false
}

// template reads a template literal that is plain text: no
// substitution, no escape, no carriage return (which JavaScript turns
// into a line feed); its line feeds are its own.
func (p *litParser) template() (string, bool) {
	end := strings.IndexByte(p.s[p.i+1:], '`')
	if end < 0 {
		return "", false
	}
	text := p.s[p.i+1 : p.i+1+end]
	if strings.ContainsAny(text, "\\\r") || strings.Contains(text, "${") || !utf8.ValidString(text) {
		return "", false
	}
	p.i += end + 2
	return text, true
}

// hexN reads n hex digits of s at i.
func hexN[T string | []byte](s T, i, n int) (uint32, bool) {
	if i+n > len(s) {
		return 0, false
	}
	v := uint32(0)
	for k := i; k < i+n; k++ {
		c := s[k]
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | uint32(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | uint32(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | uint32(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// unicodeEscape reads \uXXXX at s[i:] (a surrogate pair as two), and
// returns the rune and the bytes read; a lone surrogate is not ok.
func unicodeEscape[T string | []byte](s T, i int) (rune, int, bool) {
	v, ok := hexN(s, i+2, 4)
	if !ok {
		return 0, 0, false
	}
	switch {
	case v < 0xd800 || v > 0xdfff:
		return rune(v), 6, true
	case v >= 0xdc00:
		return 0, 0, false
	}
	if i+12 > len(s) || s[i+6] != '\\' || s[i+7] != 'u' {
		return 0, 0, false
	}
	lo, ok := hexN(s, i+8, 4)
	if !ok || lo < 0xdc00 || lo > 0xdfff {
		return 0, 0, false
	}
	return 0x10000 + (rune(v)-0xd800)<<10 + (rune(lo) - 0xdc00), 12, true
}

// number reads a decimal number literal (with a minus sign attached) and
// writes it as JavaScript prints it.
func (p *litParser) number(b *bytes.Buffer) bool {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	n, ok := scanNumber(p.s, p.i)
	if !ok {
		return false
	}
	p.i = n
	if p.i < len(p.s) && (isIdentPart(p.s[p.i]) || p.s[p.i] == '.' || p.s[p.i] == '\\' || p.s[p.i] >= 0x80) {
		return false // 1n, 1.2.3, 08, 1_000, ...
	}
	f, err := strconv.ParseFloat(p.s[start:p.i], 64)
	if err != nil {
		return false
	}
	b.Write(jsNumber(nil, f))
	return true
}

// scanNumber reads the digits of a JSON-form number (no sign) at s[i:]:
// 0 or a digit run without a leading zero, a fraction with digits, an
// exponent; it returns the end.
func scanNumber[T string | []byte](s T, i int) (int, bool) {
	digits := func() int {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - start
	}
	if i >= len(s) {
		return i, false
	}
	if s[i] == '0' {
		i++
	} else if digits() == 0 {
		return i, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return i, false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return i, false
		}
	}
	return i, true
}

// jsNumber appends f as JavaScript's Number::toString writes it (the
// shortest digits that read back as f; a plain form from 1e-7 to 1e21,
// else an exponent); f is finite.
func jsNumber(dst []byte, f float64) []byte {
	if f == 0 {
		return append(dst, '0') // -0 too
	}
	if f < 0 {
		dst = append(dst, '-')
		f = -f
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64) // d[.ddd]e±XX
	mant, exp := e, 0
	if k := bytes.IndexByte(e, 'e'); k >= 0 {
		mant = e[:k]
		x, _ := strconv.Atoi(string(e[k+1:]))
		exp = x
	}
	var digits [24]byte
	d := digits[:0]
	for _, c := range mant {
		if c != '.' {
			d = append(d, c)
		}
	}
	k, n := len(d), exp+1 // the value is 0.d × 10^n
	switch {
	case k <= n && n <= 21:
		dst = append(dst, d...)
		for range n - k {
			dst = append(dst, '0')
		}
	case 0 < n && n <= 21:
		dst = append(dst, d[:n]...)
		dst = append(dst, '.')
		dst = append(dst, d[n:]...)
	case -6 < n && n <= 0:
		dst = append(dst, '0', '.')
		for range -n {
			dst = append(dst, '0')
		}
		dst = append(dst, d...)
	default:
		dst = append(dst, d[0])
		if k > 1 {
			dst = append(dst, '.')
			dst = append(dst, d[1:]...)
		}
		dst = append(dst, 'e')
		if n-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, int64(n-1), 10)
	}
	return dst
}

// quoteJS writes s (valid UTF-8, no lone surrogates) as JSON.stringify
// quotes a string.
func quoteJS(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b.WriteString(s[start:i])
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			const hex = "0123456789abcdef"
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
		start = i + 1
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}

// jsCanonical returns JSON.stringify(JSON.parse(text)) for valid JSON
// text, or false when the answer is not plain (see the top of the file).
func jsCanonical(text []byte) (json.RawMessage, bool) {
	c := &canon{s: text}
	c.out.Grow(len(text))
	c.ws()
	if !c.value(0) {
		return nil, false
	}
	c.ws()
	if c.i != len(c.s) {
		return nil, false
	}
	return c.out.Bytes(), true
}

// canon reads JSON from s at i and writes its canonical form to out.
type canon struct {
	s   []byte
	i   int
	out bytes.Buffer
	key []byte // scratch for a decoded key
}

func (c *canon) ws() {
	for c.i < len(c.s) {
		switch c.s[c.i] {
		case ' ', '\t', '\n', '\r':
			c.i++
		default:
			return
		}
	}
}

func (c *canon) lit(w string) bool {
	if len(c.s)-c.i < len(w) || string(c.s[c.i:c.i+len(w)]) != w {
		return false
	}
	c.i += len(w)
	c.out.WriteString(w)
	return true
}

func (c *canon) value(depth int) bool {
	if c.i >= len(c.s) || depth > maxStaticDepth {
		return false
	}
	switch ch := c.s[c.i]; {
	case ch == '{':
		c.i++
		c.out.WriteByte('{')
		c.ws()
		if c.i < len(c.s) && c.s[c.i] == '}' {
			c.i++
			c.out.WriteByte('}')
			return true
		}
		var keys keySet
		for n := 0; ; n++ {
			c.ws()
			if c.i >= len(c.s) || c.s[c.i] != '"' {
				return false
			}
			k, ok := c.str()
			if !ok || !plainKey(k) || !keys.add(k) {
				return false
			}
			if n > 0 {
				c.out.WriteByte(',')
			}
			quoteJS(&c.out, k)
			c.ws()
			if c.i >= len(c.s) || c.s[c.i] != ':' {
				return false
			}
			c.i++
			c.out.WriteByte(':')
			c.ws()
			if !c.value(depth + 1) {
				return false
			}
			c.ws()
			if c.i < len(c.s) && c.s[c.i] == ',' {
				c.i++
				continue
			}
			if c.i < len(c.s) && c.s[c.i] == '}' {
				c.i++
				c.out.WriteByte('}')
				return true
			}
			return false
		}
	case ch == '[':
		c.i++
		c.out.WriteByte('[')
		c.ws()
		if c.i < len(c.s) && c.s[c.i] == ']' {
			c.i++
			c.out.WriteByte(']')
			return true
		}
		for n := 0; ; n++ {
			if n > 0 {
				c.out.WriteByte(',')
			}
			c.ws()
			if !c.value(depth + 1) {
				return false
			}
			c.ws()
			if c.i < len(c.s) && c.s[c.i] == ',' {
				c.i++
				continue
			}
			if c.i < len(c.s) && c.s[c.i] == ']' {
				c.i++
				c.out.WriteByte(']')
				return true
			}
			return false
		}
	case ch == '"':
		s, ok := c.str()
		if !ok {
			return false
		}
		quoteJS(&c.out, s)
		return true
	case ch == '-' || ch >= '0' && ch <= '9':
		start := c.i
		if ch == '-' {
			c.i++
		}
		end, ok := scanNumber(c.s, c.i)
		if !ok {
			return false
		}
		c.i = end
		f, err := strconv.ParseFloat(string(c.s[start:end]), 64)
		if err != nil {
			return false // out of range: Infinity, which JSON.stringify writes as null
		}
		c.out.Write(jsNumber(c.out.AvailableBuffer(), f))
		return true
	case ch == 't':
		return c.lit("true")
	case ch == 'f':
		return c.lit("false")
	case ch == 'n':
		return c.lit("null")
	}
	return false
}

// keySet is the keys of one object seen so far: a slice while small.
type keySet struct {
	list []string
	m    map[string]struct{}
}

// add adds k and reports whether it was new.
func (ks *keySet) add(k string) bool {
	if ks.m != nil {
		if _, dup := ks.m[k]; dup {
			return false
		}
		ks.m[k] = struct{}{}
		return true
	}
	for _, x := range ks.list {
		if x == k {
			return false
		}
	}
	ks.list = append(ks.list, k)
	if len(ks.list) == 32 {
		ks.m = make(map[string]struct{}, 64)
		for _, x := range ks.list {
			ks.m[x] = struct{}{}
		}
	}
	return true
}

// str reads a JSON string at s[i] ('"') and returns its value: valid
// UTF-8, no lone surrogate, no raw control character.
func (c *canon) str() (string, bool) {
	c.i++
	c.key = c.key[:0]
	for c.i < len(c.s) {
		ch := c.s[c.i]
		switch {
		case ch == '"':
			c.i++
			return string(c.key), true
		case ch < 0x20:
			return "", false
		case ch == '\\':
			if c.i+1 >= len(c.s) {
				return "", false
			}
			switch e := c.s[c.i+1]; e {
			case '"', '\\', '/':
				c.key = append(c.key, e)
			case 'b':
				c.key = append(c.key, '\b')
			case 'f':
				c.key = append(c.key, '\f')
			case 'n':
				c.key = append(c.key, '\n')
			case 'r':
				c.key = append(c.key, '\r')
			case 't':
				c.key = append(c.key, '\t')
			case 'u':
				r, n, ok := unicodeEscape(c.s, c.i)
				if !ok {
					return "", false
				}
				c.key = utf8.AppendRune(c.key, r)
				c.i += n
				continue
			default:
				return "", false
			}
			c.i += 2
		case ch < 0x80:
			c.key = append(c.key, ch)
			c.i++
		default:
			r, n := utf8.DecodeRune(c.s[c.i:])
			if r == utf8.RuneError && n == 1 {
				return "", false
			}
			c.key = append(c.key, c.s[c.i:c.i+n]...)
			c.i += n
		}
	}
	return "", false
}
