package tsdecl

import (
	"crypto/sha256"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Hoisting: an object type that occurs more than once in a namespace's
// schemas (memory's entity and relation shapes, apify's storage records)
// is declared once as `type Name = {...};` at the top of the namespace and
// named where it occurs, when that takes fewer characters than repeating
// it. Two schemas are the same type when they are equal as JSON, key order
// included, apart from their own annotations that render at the use site
// (description, default, ...). Schemas holding a $ref are never hoisted:
// a reference resolves against its own document.

// Limits on the work hoisting does for one namespace.
const (
	maxHoistNodes = 50_000 // schema nodes walked; a larger namespace is not hoisted
	maxCandidates = 64     // repeated shapes considered, largest first
	maxRendered   = 256    // repeated shapes rendered to weigh them
	hoistMargin   = 24     // characters a hoisted type must save
)

// digest identifies a schema node's JSON (key order included).
type digest [sha256.Size]byte

// docKeys are the keywords of an object schema that render at the use site
// (in the property's doc comment), not in its type.
var docKeys = map[string]bool{"description": true, "title": true, "default": true, "deprecated": true,
	"examples": true, "$comment": true, "readOnly": true, "writeOnly": true}

// nsState is what the tools of one namespace share while rendering.
type nsState struct {
	shape   map[*node]digest // candidate nodes: objects with properties, no $ref within, not a root
	hoist   map[digest]string
	usedInt bool // a type rendered "integer", declared as an alias of number
}

// occurrence is one place a repeated shape occurs.
type occurrence struct {
	n    *node
	root *node
	hint string // the property name it sits under, for naming
}

// walker computes digests bottom-up and records candidate occurrences.
type walker struct {
	st    *nsState
	occ   map[digest][]occurrence
	order []digest // first-occurrence order
	nodes int
	root  *node
}

// visit returns n's full digest and whether a $ref occurs within n.
func (w *walker) visit(n *node, hint string, isRoot bool) (digest, bool) {
	w.nodes++
	if w.nodes > maxHoistNodes {
		return digest{}, true // too big to hoist: planHoist gives up
	}
	h := sha256.New()
	h.Write([]byte{byte(n.kind)})
	hasRef := false
	switch n.kind {
	case kBool:
		if n.b {
			h.Write([]byte{1})
		}
	case kNumber, kString:
		h.Write([]byte(n.text))
	case kArray:
		for _, v := range n.vals {
			d, ref := w.visit(v, hint, false)
			h.Write(d[:])
			hasRef = hasRef || ref
		}
	case kObject:
		shape := sha256.New()
		shape.Write([]byte{byte(kObject)})
		for i, k := range n.keys {
			child := childHint(n, k, hint)
			d, ref := w.visit(n.vals[i], child, false)
			hasRef = hasRef || ref || k == "$ref"
			// The shape leaves out what renders elsewhere or not at all:
			// the doc keywords, $schema/$id, and additionalProperties:
			// false (beside properties it adds nothing to the type).
			skip := docKeys[k] || k == "$schema" || k == "$id" ||
				k == "additionalProperties" && n.vals[i].kind == kBool && !n.vals[i].b
			for _, hh := range []interface{ Write([]byte) (int, error) }{h, shape} {
				if hh == shape && skip {
					continue
				}
				hh.Write([]byte(k))
				hh.Write([]byte{0})
				hh.Write(d[:])
			}
		}
		if p := n.get("properties"); !isRoot && !hasRef && p.isObject() && len(p.keys) > 0 {
			var sd digest
			copy(sd[:], shape.Sum(nil))
			w.st.shape[n] = sd
			if _, seen := w.occ[sd]; !seen {
				w.order = append(w.order, sd)
			}
			w.occ[sd] = append(w.occ[sd], occurrence{n: n, root: w.root, hint: hint})
		}
	}
	var d digest
	copy(d[:], h.Sum(nil))
	return d, hasRef
}

// childHint is the naming hint for the value of key in object n (a
// property name; the element of an array is named after its property).
func childHint(_ *node, key, hint string) string {
	switch key {
	case "items", "additionalItems", "prefixItems":
		return singular(hint)
	case "properties", "anyOf", "oneOf", "allOf", "additionalProperties", "patternProperties", "$defs", "definitions":
		return hint
	}
	return key
}

// singular is a rough English singular of a property name, for naming
// the element type of an array.
func singular(s string) string {
	switch {
	case strings.HasSuffix(s, "ies") && len(s) > 4:
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "xes"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss") && len(s) > 3:
		return s[:len(s)-1]
	}
	return s
}

// planHoist decides which repeated object shapes of roots to declare once,
// and names them. It returns the state to render with and the shapes to
// declare, in first-occurrence order.
func planHoist(roots []*node, o *Options) (*nsState, []occurrence) {
	st := &nsState{shape: map[*node]digest{}, hoist: map[digest]string{}}
	w := &walker{st: st, occ: map[digest][]occurrence{}}
	for _, r := range roots {
		if r == nil {
			continue
		}
		w.root = r
		w.visit(r, "", true)
		if w.nodes > maxHoistNodes {
			return &nsState{}, nil
		}
	}
	// Only shapes that occur more than once are rendered (to weigh
	// them), at most maxRendered of them.
	type group struct {
		ds   []digest
		occ  []occurrence
		size int
	}
	var groups []*group
	for _, d := range w.order {
		if len(w.occ[d]) < 2 {
			continue
		}
		if len(groups) == maxRendered {
			break
		}
		oc := w.occ[d][0]
		text := newRenderer(oc.root, o, nil).typ(oc.n, "  ", 0)
		groups = append(groups, &group{ds: []digest{d}, occ: w.occ[d], size: len(text)})
	}
	var cands []*group
	for _, g := range groups {
		if len(g.occ) >= 2 {
			cands = append(cands, g)
		}
	}
	slices.SortStableFunc(cands, func(a, b *group) int { return b.size - a.size })
	if len(cands) > maxCandidates {
		cands = cands[:maxCandidates]
	}
	used := map[string]bool{}
	var defs []occurrence
	for _, g := range cands {
		n := w.uses(roots, g.ds)
		name := typeName(g.occ, used)
		inline := n * g.size
		hoisted := g.size + len("type  = ;\n  ") + len(name)*(n+1)
		if inline-hoisted < hoistMargin {
			continue
		}
		used[name] = true
		for _, d := range g.ds {
			st.hoist[d] = name
		}
		defs = append(defs, g.occ[0])
	}
	// Declared in the order they first occur.
	first := map[*node]int{}
	for i, d := range w.order {
		for _, oc := range w.occ[d] {
			if _, ok := first[oc.n]; !ok {
				first[oc.n] = i
			}
		}
	}
	slices.SortStableFunc(defs, func(a, b occurrence) int { return first[a.n] - first[b.n] })
	return st, defs
}

// uses counts how often shape d would be written out given the shapes
// already hoisted: occurrences outside hoisted types, plus one per hoisted
// type whose body holds it.
func (w *walker) uses(roots []*node, ds []digest) int {
	count := 0
	var walk func(n *node, top bool)
	walk = func(n *node, top bool) {
		if n == nil {
			return
		}
		if sd, ok := w.st.shape[n]; ok {
			if slices.Contains(ds, sd) {
				count++
				return
			}
			if _, hoisted := w.st.hoist[sd]; hoisted && !top {
				return
			}
		}
		for _, v := range n.vals {
			walk(v, false)
		}
	}
	for _, r := range roots {
		walk(r, false)
	}
	bodies := map[string]bool{}
	for hd, name := range w.st.hoist {
		if !bodies[name] {
			bodies[name] = true
			walk(w.occ[hd][0].n, true)
		}
	}
	return count
}

// typeGlobals are type names our declarations use or that would confuse
// a reader if a namespace redefined them.
var typeGlobals = map[string]bool{"Record": true, "Partial": true, "Required": true, "Readonly": true,
	"Pick": true, "Omit": true, "Exclude": true, "Extract": true, "NonNullable": true, "ReturnType": true,
	"Parameters": true, "Awaited": true, "Uppercase": true, "Lowercase": true, "Capitalize": true}

// typeName names a hoisted shape: its title, else the property it first
// sits under, in PascalCase; "Item" when neither gives a name. Names are
// unique within the namespace and never a global type.
func typeName(occ []occurrence, used map[string]bool) string {
	base := ""
	if t := occ[0].n.str("title"); t != "" && len(t) <= 40 {
		base = pascal(t)
	}
	for _, o := range occ {
		if base != "" {
			break
		}
		base = pascal(o.hint)
	}
	if base == "" {
		base = "Item"
	}
	if jsGlobals[base] || typeGlobals[base] || reserved[base] {
		base += "_"
	}
	name := base
	for i := 2; used[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	return name
}

// pascal turns a name such as "entity_type" or "key-value store" into
// "EntityType"; "" when nothing of it is an identifier character.
func pascal(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if b.Len() == 0 && unicode.IsDigit(r) {
				b.WriteByte('T')
			}
			if up {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	return b.String()
}
