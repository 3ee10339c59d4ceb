package tsdecl

import (
	"strings"
)

// propTags are the schema keywords shown as @tags in a property's doc
// comment, in this order.
var propTags = []string{
	"format", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum",
	"minLength", "maxLength", "pattern", "minItems", "maxItems",
}

// propDoc is the doc comment text for a property schema: its description
// (or that of the schema its $ref names) followed by @deprecated,
// @default and the propTags that are set; "" if there is none of these.
func (r *renderer) propDoc(p *node) string {
	if !p.isObject() {
		return ""
	}
	desc := p.str("description")
	if desc == "" {
		if ref := p.get("$ref"); ref != nil && ref.kind == kString {
			desc = r.resolve(ref.text).str("description")
		}
	}
	desc = describe(desc, &Options{MaxDescription: r.maxDoc})

	var tags []string
	if d := p.get("deprecated"); d != nil && d.kind == kBool && d.b {
		tags = append(tags, "@deprecated")
	}
	if d := p.get("default"); d != nil {
		var b strings.Builder
		d.writeJSON(&b, maxDefault)
		if v := oneLine(b.String()); len(v) <= maxDefault && !obviousDefault(v, desc) {
			tags = append(tags, "@default "+v)
		}
	}
	for _, k := range propTags {
		v := p.get(k)
		if v == nil || (v.kind != kString && v.kind != kNumber) {
			continue
		}
		if s := oneLine(v.text); s != "" {
			tags = append(tags, "@"+k+" "+s)
		}
	}
	if len(tags) == 0 {
		return desc
	}
	t := strings.Join(tags, " ")
	switch {
	case desc == "":
		return t
	case strings.Contains(desc, "\n"):
		return desc + "\n" + t
	}
	return desc + " " + t
}

// obviousDefault reports whether a default (as compact JSON) tells a
// caller nothing: an empty or false value, which omitting the property
// already suggests, or a value the description states as the default.
func obviousDefault(v, desc string) bool {
	switch v {
	case "false", `""`, "null", "[]", "{}":
		return true
	}
	lower := strings.ToLower(desc)
	i := strings.Index(lower, "default")
	if i < 0 {
		return false
	}
	plain := strings.Trim(v, `"`)
	after := desc[i:]
	if len(after) > 40 {
		after = after[:40]
	}
	for j := 0; j+len(plain) <= len(after); j++ {
		k := strings.Index(after[j:], plain)
		if k < 0 {
			return false
		}
		j += k
		end := j + len(plain)
		if (j == 0 || !wordByte(after[j-1])) && (end == len(after) || !wordByte(after[end])) {
			return true
		}
	}
	return false
}

func wordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
