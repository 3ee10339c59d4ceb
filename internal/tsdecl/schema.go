package tsdecl

import (
	"net/url"
	"strings"
)

// Limits that keep rendering bounded on hostile schemas.
const (
	maxDepth    = 32        // schema nesting rendered before falling back to any
	maxRefDepth = 8         // $ref expansions on one path before falling back to any
	maxNodes    = 20_000    // schema nodes rendered per declaration before falling back to any
	maxText     = 256 << 10 // bytes of names, docs and literals per declaration before falling back to any
	maxDefault  = 80        // bytes of a default value shown in a doc comment
	inlineWidth = 100       // widest object type kept on one line
)

// renderer turns one schema document into TypeScript type expressions.
type renderer struct {
	root   *node
	refs   []string // $ref targets being expanded, innermost last
	budget int      // nodes left to render
	text   int      // bytes of names, docs and literals left to emit
	maxDoc int      // Options.MaxParamDescription, else MaxDescription
	ns     *nsState // shared by the namespace's tools; never nil
	self   *node    // the hoisted type being declared, rendered in full
}

func newRenderer(root *node, o *Options, ns *nsState) *renderer {
	if ns == nil {
		ns = &nsState{}
	}
	r := &renderer{root: root, budget: maxNodes, text: maxText, ns: ns}
	if o != nil {
		r.maxDoc = o.MaxDescription
		if o.MaxParamDescription > 0 {
			r.maxDoc = o.MaxParamDescription
		}
	}
	return r
}

// typ returns the TypeScript type for schema s. ind is the indentation of
// the line the type starts on; members of multi-line object types are
// indented two more spaces.
func (r *renderer) typ(s *node, ind string, depth int) string {
	r.budget--
	if s == nil || r.budget < 0 || r.text < 0 || depth > maxDepth {
		return "any"
	}
	switch s.kind {
	case kBool:
		if s.b {
			return "any"
		}
		return "never"
	case kObject:
	default:
		return "any"
	}
	if d, ok := r.ns.shape[s]; ok && s != r.self {
		if name, ok := r.ns.hoist[d]; ok {
			return name
		}
	}
	if ref := s.get("$ref"); ref != nil {
		t := r.ref(ref, ind, depth)
		return nullable(s, t)
	}

	var parts []string
	base := r.base(s, ind, depth)
	if base != "" {
		parts = append(parts, base)
	}
	own := s.str("description")
	for _, key := range []string{"anyOf", "oneOf"} {
		var members []string
		for _, m := range s.get(key).items() {
			if base != "" && !typed(m) {
				continue
			}
			t := r.typ(m, ind, depth+1)
			// A branch's own description says when to use it: keep it.
			if d := m.str("description"); d != "" && d != own && t != "any" {
				if doc := oneLine(describe(d, &Options{MaxDescription: r.maxDoc})); doc != "" {
					r.text -= len(doc)
					t = docComment(doc, ind) + " " + t
				}
			}
			members = append(members, t)
		}
		if u := union(members); u != "" {
			parts = append(parts, u)
		}
	}
	for _, m := range s.get("allOf").items() {
		if !typed(m) {
			continue
		}
		parts = append(parts, r.typ(m, ind, depth+1))
	}
	// "type": "object" with no shape adds nothing to a combination.
	if len(parts) > 1 && (parts[0] == "Record<string, any>" || parts[0] == "any") {
		parts = parts[1:]
	}
	var t string
	switch len(parts) {
	case 0:
		t = "any"
	case 1:
		t = parts[0]
	default:
		for i, p := range parts {
			if topLevel(p, '|') {
				parts[i] = "(" + p + ")"
			}
		}
		t = strings.Join(dedupe(parts), " & ")
	}
	return nullable(s, t)
}

// typed reports whether schema s says anything about the type of a value,
// as opposed to only constraining it (e.g. {"required": ["a"]}).
func typed(s *node) bool {
	if s == nil || s.kind == kBool {
		return s != nil
	}
	for _, k := range []string{"type", "properties", "additionalProperties", "patternProperties",
		"items", "prefixItems", "enum", "const", "$ref", "anyOf", "oneOf", "allOf"} {
		if s.has(k) {
			return true
		}
	}
	return false
}

// nullable adds "| null" for OpenAPI's "nullable": true.
func nullable(s *node, t string) string {
	if v := s.get("nullable"); v != nil && v.kind == kBool && v.b && t != "any" && !hasMember(t, "null") {
		if topLevel(t, '&') {
			t = "(" + t + ")"
		}
		return t + " | null"
	}
	return t
}

// ref expands a "$ref" local JSON pointer, falling back to any for remote,
// broken, recursive or too deeply nested references.
func (r *renderer) ref(ref *node, ind string, depth int) string {
	if ref.kind != kString || len(r.refs) >= maxRefDepth {
		return "any"
	}
	for _, seen := range r.refs {
		if seen == ref.text {
			return "any"
		}
	}
	target := r.resolve(ref.text)
	if target == nil {
		return "any"
	}
	r.refs = append(r.refs, ref.text)
	t := r.typ(target, ind, depth+1)
	r.refs = r.refs[:len(r.refs)-1]
	return t
}

// resolve follows a local JSON pointer ("#", "#/$defs/X", "#/definitions/X",
// or any "#/a/b/0" path) from the document root; nil if it does not resolve.
func (r *renderer) resolve(ref string) *node {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil
	}
	if u, err := url.PathUnescape(frag); err == nil {
		frag = u
	}
	n := r.root
	if frag == "" {
		return n
	}
	if !strings.HasPrefix(frag, "/") {
		return nil
	}
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch {
		case n.isObject():
			n = n.get(tok)
		case n != nil && n.kind == kArray:
			i, ok := index(tok, len(n.vals))
			if !ok {
				return nil
			}
			n = n.vals[i]
		default:
			return nil
		}
		if n == nil {
			return nil
		}
	}
	return n
}

func index(tok string, n int) (int, bool) {
	if tok == "" || len(tok) > 9 {
		return 0, false
	}
	i := 0
	for _, c := range []byte(tok) {
		if c < '0' || c > '9' {
			return 0, false
		}
		i = i*10 + int(c-'0')
	}
	return i, i < n
}

// base renders the schema's own type (const, enum, type, or a type implied
// by object or array keywords); "" when it has none.
func (r *renderer) base(s *node, ind string, depth int) string {
	// Literals count against the text left before they are written: an
	// enum of 100,000 values was one union of over a megabyte. One that
	// does not fit is its values' types.
	if c := s.get("const"); c != nil {
		l := literal(c)
		if len(l) > r.text {
			return kindType(c)
		}
		r.text -= len(l)
		return l
	}
	if e := s.get("enum"); e != nil && e.kind == kArray {
		if len(e.vals) == 0 {
			return "never"
		}
		lits := make([]string, len(e.vals))
		n := 0
		for i, v := range e.vals {
			lits[i] = literal(v)
			if n += len(lits[i]) + 3; n > r.text {
				kinds := make([]string, len(e.vals))
				for i, v := range e.vals {
					kinds[i] = kindType(v)
				}
				return union(kinds)
			}
		}
		u := union(lits)
		r.text -= len(u)
		return u
	}
	switch t := s.get("type"); {
	case t != nil && t.kind == kString:
		return r.named(t.text, s, ind, depth)
	case t != nil && t.kind == kArray:
		var names []string
		for _, v := range t.vals {
			if v.kind == kString {
				names = append(names, r.named(v.text, s, ind, depth))
			}
		}
		return union(names)
	}
	switch {
	case s.has("properties"), s.has("additionalProperties"), s.has("patternProperties"):
		return r.object(s, ind, depth)
	case s.has("items"), s.has("prefixItems"):
		return r.array(s, ind, depth)
	}
	return ""
}

// named renders one JSON Schema type name.
func (r *renderer) named(name string, s *node, ind string, depth int) string {
	switch name {
	case "string":
		return "string"
	case "number":
		return "number"
	case "integer":
		r.ns.usedInt = true
		return "integer"
	case "boolean":
		return "boolean"
	case "null":
		return "null"
	case "array":
		return r.array(s, ind, depth)
	case "object":
		return r.object(s, ind, depth)
	}
	return "any"
}

// kindType is the TypeScript type of a JSON value's kind: what a literal
// too long to write stands for.
func kindType(v *node) string {
	switch v.kind {
	case kString:
		return "string"
	case kNumber:
		return "number"
	case kBool:
		return "boolean"
	case kNull:
		return "null"
	}
	return "any"
}

// literal renders a JSON value as a TypeScript literal type; objects and
// arrays, which have no literal type, become any.
func literal(v *node) string {
	switch v.kind {
	case kString:
		return quote(v.text)
	case kNumber:
		return v.text
	case kBool:
		if v.b {
			return "true"
		}
		return "false"
	case kNull:
		return "null"
	}
	return "any"
}

// array renders an array or tuple type.
func (r *renderer) array(s *node, ind string, depth int) string {
	items := s.get("items")
	tuple, rest := s.get("prefixItems"), items
	if tuple == nil && items != nil && items.kind == kArray {
		tuple, rest = items, s.get("additionalItems")
	}
	if tuple != nil && tuple.kind == kArray {
		elems := make([]string, 0, len(tuple.vals)+1)
		for _, it := range tuple.vals {
			elems = append(elems, r.typ(it, ind, depth+1))
		}
		if rest != nil && !(rest.kind == kBool && !rest.b) {
			elems = append(elems, "..."+elem(r.typ(rest, ind, depth+1))+"[]")
		}
		return "[" + strings.Join(elems, ", ") + "]"
	}
	if items == nil {
		return "any[]"
	}
	return elem(r.typ(items, ind, depth+1)) + "[]"
}

// elem parenthesises an array element type when "[]" would bind wrongly.
func elem(t string) string {
	if topLevel(t, '|') || topLevel(t, '&') {
		return "(" + t + ")"
	}
	return t
}

// object renders an object type literal, a Record, or {}.
func (r *renderer) object(s *node, ind string, depth int) string {
	props := s.get("properties")
	index := r.indexType(s, ind, depth)
	if !props.isObject() || len(props.keys) == 0 {
		switch {
		case index != "":
			return "Record<string, " + index + ">"
		case s.has("additionalProperties"): // false: no keys at all
			return "Record<string, never>"
		case props.isObject():
			return "{}"
		}
		return "Record<string, any>"
	}
	required := map[string]bool{}
	for _, v := range s.get("required").items() {
		if v.kind == kString {
			required[v.text] = true
		}
	}
	inner := ind + "  "
	members := make([]string, 0, len(props.keys)+1)
	for i, k := range props.keys {
		p := props.vals[i]
		name := k
		if !isIdent(k) {
			name = quote(k)
		}
		if !required[k] {
			name += "?"
		}
		doc := r.propDoc(p)
		if len(name)+len(doc) > r.text {
			// Names count before they are written, as literals do: the
			// properties that do not fit are any others.
			index = "any"
			break
		}
		r.text -= len(name) + len(doc)
		m := name + ": " + r.typ(p, inner, depth+1)
		if doc != "" {
			m = docComment(doc, inner) + sep(doc, inner) + m
		}
		members = append(members, m)
	}
	switch {
	case index == "any":
		members = append(members, "[key: string]: any")
	case index != "":
		// An index signature would have to admit every property's type
		// (TS2411); an intersection says the same without that rule.
		return layout(members, ind) + " & Record<string, " + index + ">"
	}
	return layout(members, ind)
}

// sep is what follows a member's doc comment: a space for a one-line doc,
// a new indented line for a longer one.
func sep(doc, ind string) string {
	if strings.Contains(doc, "\n") {
		return "\n" + ind
	}
	return " "
}

// layout joins object members on one line when they fit, else one per line.
func layout(members []string, ind string) string {
	width := 4
	for _, m := range members {
		width += len(m) + 2
		if strings.Contains(m, "\n") {
			width = inlineWidth + 1
		}
	}
	if width <= inlineWidth {
		return "{ " + strings.Join(members, "; ") + " }"
	}
	var b strings.Builder
	b.WriteString("{")
	for _, m := range members {
		b.WriteString("\n" + ind + "  " + m)
	}
	b.WriteString("\n" + ind + "}")
	return b.String()
}

// indexType is the value type of an index signature from
// additionalProperties and patternProperties, or "" for none.
func (r *renderer) indexType(s *node, ind string, depth int) string {
	var types []string
	if ap := s.get("additionalProperties"); ap != nil && !(ap.kind == kBool && !ap.b) {
		types = append(types, r.typ(ap, ind+"  ", depth+1))
	}
	if pp := s.get("patternProperties"); pp.isObject() {
		for _, v := range pp.vals {
			types = append(types, r.typ(v, ind+"  ", depth+1))
		}
	}
	return union(types)
}

// union joins types with " | ", dropping duplicates; any absorbs the rest.
func union(types []string) string {
	types = dedupe(types)
	for _, t := range types {
		if t == "any" {
			return "any"
		}
	}
	return strings.Join(types, " | ")
}

func dedupe(types []string) []string {
	out := types[:0:0]
	seen := map[string]bool{}
	for _, t := range types {
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// hasMember reports whether union type t has m as a top-level member.
func hasMember(t, m string) bool {
	for _, p := range strings.Split(t, " | ") {
		if p == m {
			return true
		}
	}
	return false
}

// topLevel reports whether op ('|' or '&') occurs in t outside brackets,
// braces, parentheses, angle brackets, string literals and comments.
func topLevel(t string, op byte) bool {
	depth := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case '"':
			for i++; i < len(t) && t[i] != '"'; i++ {
				if t[i] == '\\' {
					i++
				}
			}
		case '/':
			if i+1 < len(t) && t[i+1] == '*' {
				end := strings.Index(t[i+2:], "*/")
				if end < 0 {
					return false
				}
				i += end + 3
			}
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		default:
			if c == op && depth == 0 {
				return true
			}
		}
	}
	return false
}
