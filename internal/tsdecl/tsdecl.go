// Package tsdecl renders MCP tools as TypeScript declarations: one
// `declare namespace` per backend, one Promise-returning function per
// tool, its argument type derived from the tool's JSON Schema. The output
// is meant for a model's context, so it is compact: one-line doc comments
// where they fit, object types on one line when short, and only the schema
// annotations that help a caller (description, default, format, bounds).
//
// Rendering is total: broken, hostile or recursive schemas give looser
// types (any, Record<string, any>), never an error, a panic or unbounded
// output. Output is deterministic: properties keep their order in the
// schema JSON. Every function is pure and safe for concurrent use.
package tsdecl

import (
	"encoding/json"
	"strings"
)

// Tool is what tsdecl needs of an MCP tool.
type Tool struct {
	// Name is the tool's original name, e.g. "get-sum".
	Name string
	// Ident is the JavaScript identifier to declare; empty means Ident(Name).
	// A value that is not a valid identifier is passed through Ident.
	Ident string
	// Title is shown only when Description is empty.
	Title string
	// Description is the tool's description; it is cleaned with
	// CleanComment and shown in full unless Options.MaxDescription is set.
	Description string
	// InputSchema is the tool's JSON Schema for its arguments. Nil, empty,
	// invalid or shapeless schemas give `args?: Record<string, any>`.
	InputSchema json.RawMessage
	// OutputSchema is the JSON Schema of the tool's structured result; nil
	// or invalid gives Promise<any>.
	OutputSchema json.RawMessage
	// Warning, if not empty, is shown as a "⚠ WARNING: ..." line first in
	// the tool's doc comment.
	Warning string
}

// Options tunes rendering. A nil *Options is the same as a zero Options.
type Options struct {
	// MaxDescription caps each description (tool and property), in runes;
	// longer ones are cut at a sentence end or word boundary and end
	// with "…". 0 means no limit.
	MaxDescription int
	// MaxParamDescription, when set, caps property descriptions instead
	// of MaxDescription, so a tool's own text can be kept longer than
	// its parameters'.
	MaxParamDescription int
}

// Function returns the declaration of one tool, indented by two spaces for
// use inside a namespace, without a trailing newline:
//
//	/** get-sum: Returns the sum of two numbers */
//	function get_sum(args: { a: number; b: number }): Promise<any>;
//
// The doc comment shows the original name when it differs from the
// identifier. args is optional when the schema requires nothing.
func Function(t Tool, o *Options) string {
	return function(t, decoded(t.InputSchema), decoded(t.OutputSchema), o, nil)
}

// decoded is the schema document of raw, or nil when it is not JSON.
func decoded(raw json.RawMessage) *node {
	if len(raw) == 0 {
		return nil
	}
	n, err := decode(raw)
	if err != nil {
		return nil
	}
	return n
}

func function(t Tool, in, out *node, o *Options, ns *nsState) string {
	id := t.Ident
	switch {
	case id == "":
		id = Ident(t.Name)
	case !isIdent(id) || reserved[id] || protoNames[id]:
		id = Ident(id)
	}
	var b strings.Builder
	if doc := toolDoc(t, id, o); doc != "" {
		b.WriteString("  " + docComment(doc, "  ") + "\n")
	}
	b.WriteString("  function " + id + "(" + args(in, o, ns) + "): Promise<" + result(out, o, ns) + ">;")
	return b.String()
}

// Namespace returns `declare namespace <GlobalIdent(server)> { ... }`; see
// [NamespaceAs].
func Namespace(server string, tools []Tool, o *Options) string {
	return NamespaceAs(server, "", tools, o)
}

// NamespaceAs returns `declare namespace <ident> { ... }` (ident empty:
// GlobalIdent(server); pass the catalog's identifier, which keeps
// colliding server names apart) holding
// Function for each tool in order, ending with a newline. Tools without an
// Ident get one from Idents over all tool names, so colliding names stay
// distinct. When the namespace identifier differs from server, a doc
// comment with the original name comes first.
func NamespaceAs(server, ident string, tools []Tool, o *Options) string {
	names := make([]string, len(tools))
	ins, outs := make([]*node, len(tools)), make([]*node, len(tools))
	var roots []*node
	for i, t := range tools {
		names[i] = t.Name
		ins[i], outs[i] = decoded(t.InputSchema), decoded(t.OutputSchema)
		roots = append(roots, ins[i], outs[i])
	}
	ids := Idents(names)
	ns, defs := planHoist(roots, o)
	var fns strings.Builder
	for i, t := range tools {
		if t.Ident == "" {
			t.Ident = ids[i]
		}
		fns.WriteString(function(t, ins[i], outs[i], o, ns))
		fns.WriteByte('\n')
	}
	var types strings.Builder
	for _, d := range defs {
		r := newRenderer(d.root, o, ns)
		r.self = d.n
		types.WriteString("  type " + ns.hoist[ns.shape[d.n]] + " = " + r.typ(d.n, "  ", 0) + ";\n")
	}
	var b strings.Builder
	id := ident
	if id == "" || !isIdent(id) || reserved[id] || jsGlobals[id] {
		id = GlobalIdent(server)
	}
	if id != server {
		b.WriteString(docComment(oneLine(server), "") + "\n")
	}
	b.WriteString("declare namespace " + id + " {\n")
	if ns.usedInt {
		b.WriteString("  type integer = number;\n")
	}
	b.WriteString(types.String())
	b.WriteString(fns.String())
	b.WriteString("}\n")
	return b.String()
}

// toolDoc is the text of a tool's doc comment.
func toolDoc(t Tool, id string, o *Options) string {
	var lines []string
	if w := oneLine(t.Warning); w != "" {
		lines = append(lines, "⚠ WARNING: "+w)
	}
	desc := describe(t.Description, o)
	if desc == "" {
		desc = oneLine(t.Title)
	}
	if id != t.Name {
		if name := oneLine(t.Name); name != "" {
			if desc != "" {
				desc = name + ": " + desc
			} else {
				desc = name
			}
		}
	}
	if desc != "" {
		lines = append(lines, desc)
	}
	return strings.Join(lines, "\n")
}

// describe cleans a description and applies Options.MaxDescription.
func describe(s string, o *Options) string {
	s = CleanComment(s)
	if o != nil && o.MaxDescription > 0 {
		s = truncate(s, o.MaxDescription)
	}
	return s
}

// oneLine cleans s and joins its lines with spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(CleanComment(s)), " ")
}

// docComment wraps cleaned text in /** */; continuation lines are indented
// by ind (blank lines stay empty).
func docComment(text, ind string) string {
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = ind + lines[i]
		}
	}
	return "/** " + strings.Join(lines, "\n") + " */"
}

// args renders the parameter list of a tool function: empty for a
// schema that admits no keys at all.
func args(root *node, o *Options, ns *nsState) string {
	const loose = "args?: Record<string, any>"
	if !root.isObject() || !typed(root) || notObject(root) {
		return loose
	}
	r := newRenderer(root, o, ns)
	t := r.typ(root, "  ", 0)
	if t == "Record<string, never>" {
		return ""
	}
	if optional(r, root) {
		return "args?: " + t
	}
	return "args: " + t
}

// notObject reports whether a root schema's "type" rules out an object
// (MCP requires one: arguments are an object). Such a schema was declared
// as it reads, `args?: string`, and a script that passed a string, as
// the declaration said, was refused: "arguments must be an object".
func notObject(root *node) bool {
	t := root.get("type")
	switch {
	case t == nil:
		return false
	case t.kind == kString:
		return t.text != "object"
	case t.kind == kArray:
		for _, v := range t.vals {
			if v.kind == kString && v.text == "object" {
				return false
			}
		}
		return true
	}
	return false
}

// optional reports whether a root schema accepts an empty object, judged
// by its required list (following a root $ref once).
func optional(r *renderer, root *node) bool {
	s := root
	if ref := root.get("$ref"); ref != nil && ref.kind == kString {
		if s = r.resolve(ref.text); s == nil || !s.isObject() {
			return false
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if s.has(k) {
			return false
		}
	}
	return len(s.get("required").items()) == 0
}

// result renders the type a tool's Promise resolves to.
func result(root *node, o *Options, ns *nsState) string {
	if !root.isObject() || !typed(root) {
		return "any"
	}
	return newRenderer(root, o, ns).typ(root, "  ", 0)
}
