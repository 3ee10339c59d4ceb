package agentconf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/tailscale/hujson"

	"github.com/switchboard-mcp/switchboard/internal/nesting"
)

// This file reads JSONC (JSON with // and /* */ comments and trailing
// commas) with tailscale/hujson, keeping each value's byte span, and
// jsonc_edit.go edits by splicing bytes: everything outside the member
// removed, inserted or replaced is kept exactly.

// jvalue is one parsed JSONC value with its byte span in the source.
type jvalue struct {
	kind       byte // '{', '[', '"', 'n' number, 't' true, 'f' false, '0' null
	start, end int  // [start, end) of the value's text
	members    []jmember
	elems      []*jvalue
}

// jmember is one object member.
type jmember struct {
	key      string
	keyStart int // offset of the key's opening quote
	val      *jvalue
	comma    int // offset of the comma after the value, or -1
}

// maxDepth bounds nesting: an agent file in a repository is untrusted,
// and the parser recurses.
const maxDepth = 200

// jsoncParsed counts the bytes parseJSONC parsed, for a test that keeps
// init from parsing an agent file once per server again.
var jsoncParsed atomic.Int64

// parseJSONC parses data as one JSONC value. Empty input is an error.
func parseJSONC(data []byte) (*jvalue, error) {
	jsoncParsed.Add(int64(len(data)))
	if line, deep := nesting.JSONC(data, maxDepth); deep {
		return nil, fmt.Errorf("line %d: nested too deeply", line)
	}
	b := slices.Clone(data)
	if bytes.HasPrefix(b, []byte("\uFEFF")) {
		copy(b, "   ") // a byte-order mark: blanks keep every offset
	}
	v, err := hujson.Parse(b)
	if err != nil && !bytes.HasSuffix(b, []byte("\n")) {
		// hujson wants a // comment to end with a newline, also the
		// last; a real error keeps the position of the first try.
		if v2, err2 := hujson.Parse(append(b, '\n')); err2 == nil {
			v, err = v2, nil
		}
	}
	if err != nil {
		return nil, errors.New(literalHidden(strings.TrimPrefix(err.Error(), "hujson: ")))
	}
	return convertJSONC(&v, data)
}

// literalHidden replaces the literal that hujson quotes whole in an
// "invalid literal: …" error with what is wrong with it: the literal is
// often a value (a password with a backslash, a token left unquoted, a
// string whose closing quote is missing), and init's output is read by
// the agent that ran it.
func literalHidden(msg string) string {
	const tag = "invalid literal: "
	i := strings.Index(msg, tag)
	if i < 0 {
		return msg
	}
	lit := msg[i+len(tag):]
	why := "not a number, true, false or null; a string needs double quotes"
	var v any
	var syn *json.SyntaxError
	if err := json.Unmarshal([]byte(lit), &v); strings.HasPrefix(lit, `"`) && errors.As(err, &syn) {
		// One character at most, as in the config parser's errors.
		why = syn.Error()
	}
	return msg[:i] + "invalid value (" + why + ")"
}

// convertJSONC turns a hujson value into a jvalue over data, the source.
func convertJSONC(v *hujson.Value, data []byte) (*jvalue, error) {
	j := &jvalue{start: v.StartOffset, end: v.EndOffset}
	switch x := v.Value.(type) {
	case *hujson.Object:
		j.kind = '{'
		for i := range x.Members {
			m := &x.Members[i]
			name, ok := m.Name.Value.(hujson.Literal)
			var key string
			if !ok || json.Unmarshal(name, &key) != nil {
				return nil, fmt.Errorf("line %d: bad key", lineAt(data, m.Name.StartOffset))
			}
			val, err := convertJSONC(&m.Value, data)
			if err != nil {
				return nil, err
			}
			jm := jmember{key: key, keyStart: m.Name.StartOffset, val: val, comma: -1}
			if at := m.Value.EndOffset + len(m.Value.AfterExtra); at < len(data) && data[at] == ',' {
				jm.comma = at
			}
			j.members = append(j.members, jm)
		}
	case *hujson.Array:
		j.kind = '['
		for i := range x.Elements {
			e, err := convertJSONC(&x.Elements[i], data)
			if err != nil {
				return nil, err
			}
			j.elems = append(j.elems, e)
		}
	case hujson.Literal:
		switch k := x.Kind(); k {
		case '"', 't', 'f':
			j.kind = byte(k)
		case '0':
			j.kind = 'n'
		case 'n':
			j.kind = '0'
		default:
			return nil, fmt.Errorf("line %d: unexpected %q", lineAt(data, v.StartOffset), x)
		}
	}
	return j, nil
}

func lineAt(data []byte, off int) int {
	return 1 + bytes.Count(data[:min(off, len(data))], []byte{'\n'})
}

// member returns the last member named key (JavaScript semantics), or nil.
func (v *jvalue) member(key string) *jmember {
	for i := len(v.members) - 1; i >= 0; i-- {
		if v.members[i].key == key {
			return &v.members[i]
		}
	}
	return nil
}

// lookup follows path through nested objects. It returns nil when a
// component is missing and an error when one is not an object.
func (v *jvalue) lookup(path []string) (*jvalue, error) {
	cur := v
	for i, k := range path {
		if cur.kind != '{' {
			return nil, fmt.Errorf("%s is not an object", dotted(path[:i]))
		}
		m := cur.member(k)
		if m == nil {
			return nil, nil
		}
		cur = m.val
	}
	return cur, nil
}

// decode converts v to plain Go values: map[string]any, []any, string,
// json.Number, bool or nil.
func (v *jvalue) decode(data []byte) any {
	switch v.kind {
	case '{':
		m := make(map[string]any, len(v.members))
		for _, mb := range v.members {
			m[mb.key] = mb.val.decode(data)
		}
		return m
	case '[':
		a := make([]any, len(v.elems))
		for i, e := range v.elems {
			a[i] = e.decode(data)
		}
		return a
	case '"':
		var s string
		_ = json.Unmarshal(data[v.start:v.end], &s) // checked by the parser
		return s
	case 'n':
		return json.Number(data[v.start:v.end])
	case 't':
		return true
	case 'f':
		return false
	}
	return nil
}

func dotted(path []string) string {
	if len(path) == 0 {
		return "the top level"
	}
	var b strings.Builder
	for i, k := range path {
		if i > 0 {
			b.WriteByte('.')
		}
		if plainKey(k) {
			b.WriteString(k)
		} else {
			// A key holding a dot, a space, a shell's characters or an
			// escape: mcpServers."a.b" is one key, not two, and "gh; rm
			// -rf ~" reads as a name (and keeps the key of undo's maps
			// one for one with the path).
			b.WriteString(strconv.Quote(k))
		}
	}
	return b.String()
}

// plainKey reports whether k reads as one key when written bare in a
// dotted path: letters, digits, '_' and '-', at least one.
func plainKey(k string) bool {
	if k == "" {
		return false
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// deleted moves v's offsets after the deletions sp (splices with no
// text, not overlapping) were made in its source, so that v stays the
// parse of the result: an offset moves back by the bytes deleted before
// it, and a comma deleted becomes -1. The caller has taken out of v the
// members that lay inside a deletion.
func (v *jvalue) deleted(sp []splice) {
	ds := slices.Clone(sp)
	slices.SortFunc(ds, func(a, b splice) int { return a.start - b.start })
	at := func(p int) int {
		n := 0
		for _, d := range ds {
			if d.start >= p {
				break
			}
			n += min(d.end, p) - d.start
		}
		return p - n
	}
	gone := func(p int) bool {
		for _, d := range ds {
			if d.start <= p && p < d.end {
				return true
			}
		}
		return false
	}
	var walk func(v *jvalue)
	walk = func(v *jvalue) {
		v.start, v.end = at(v.start), at(v.end)
		for i := range v.members {
			m := &v.members[i]
			m.keyStart = at(m.keyStart)
			if m.comma >= 0 {
				if gone(m.comma) {
					m.comma = -1
				} else {
					m.comma = at(m.comma)
				}
			}
			walk(m.val)
		}
		for _, e := range v.elems {
			walk(e)
		}
	}
	walk(v)
}

// same reports whether v and w are the same parse: kinds, offsets, keys
// and commas.
func (v *jvalue) same(w *jvalue) bool {
	if v.kind != w.kind || v.start != w.start || v.end != w.end || len(v.members) != len(w.members) || len(v.elems) != len(w.elems) {
		return false
	}
	for i := range v.members {
		x, y := v.members[i], w.members[i]
		if x.key != y.key || x.keyStart != y.keyStart || x.comma != y.comma || !x.val.same(y.val) {
			return false
		}
	}
	for i := range v.elems {
		if !v.elems[i].same(w.elems[i]) {
			return false
		}
	}
	return true
}
