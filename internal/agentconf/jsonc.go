package agentconf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// This file is a small JSONC (JSON with // and /* */ comments and
// trailing commas) scanner and editor. Edits splice bytes: everything
// outside the member removed, inserted or replaced is kept exactly.

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

type jparser struct {
	data []byte
	pos  int
}

// parseJSONC parses data as one JSONC value. Empty input is an error.
func parseJSONC(data []byte) (*jvalue, error) {
	p := &jparser{data: data}
	if err := p.skip(); err != nil {
		return nil, err
	}
	if p.pos >= len(data) {
		return nil, fmt.Errorf("no JSON value")
	}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if err := p.skip(); err != nil {
		return nil, err
	}
	if p.pos < len(data) {
		return nil, p.errf("unexpected %q after the top-level value", data[p.pos])
	}
	return v, nil
}

func (p *jparser) errf(format string, a ...any) error {
	line := 1 + bytes.Count(p.data[:min(p.pos, len(p.data))], []byte{'\n'})
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, a...))
}

// skip moves past whitespace and comments.
func (p *jparser) skip() error {
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.pos++
		case c == 0xEF && bytes.HasPrefix(p.data[p.pos:], []byte("\uFEFF")) && p.pos == 0:
			p.pos += 3
		case c == '/' && p.pos+1 < len(p.data) && p.data[p.pos+1] == '/':
			for p.pos < len(p.data) && p.data[p.pos] != '\n' {
				p.pos++
			}
		case c == '/' && p.pos+1 < len(p.data) && p.data[p.pos+1] == '*':
			end := bytes.Index(p.data[p.pos+2:], []byte("*/"))
			if end < 0 {
				return p.errf("unterminated /* comment")
			}
			p.pos += 2 + end + 2
		default:
			return nil
		}
	}
	return nil
}

const maxDepth = 200

func (p *jparser) value(depth int) (*jvalue, error) {
	if depth > maxDepth {
		return nil, p.errf("nested too deeply")
	}
	if p.pos >= len(p.data) {
		return nil, p.errf("unexpected end of file")
	}
	v := &jvalue{start: p.pos}
	switch c := p.data[p.pos]; {
	case c == '{':
		v.kind = '{'
		p.pos++
		for {
			if err := p.skip(); err != nil {
				return nil, err
			}
			if p.pos >= len(p.data) {
				return nil, p.errf("unexpected end of file in object")
			}
			if p.data[p.pos] == '}' {
				p.pos++
				break
			}
			if n := len(v.members); n > 0 && v.members[n-1].comma < 0 {
				return nil, p.errf("expected , or } in object, found %q", p.data[p.pos])
			}
			if p.data[p.pos] != '"' {
				return nil, p.errf("expected a string key, found %q", p.data[p.pos])
			}
			m := jmember{keyStart: p.pos, comma: -1}
			kv, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if err := json.Unmarshal(p.data[kv.start:kv.end], &m.key); err != nil {
				return nil, p.errf("bad key: %v", err)
			}
			if err := p.skip(); err != nil {
				return nil, err
			}
			if p.pos >= len(p.data) || p.data[p.pos] != ':' {
				return nil, p.errf("expected : after key %q", m.key)
			}
			p.pos++
			if err := p.skip(); err != nil {
				return nil, err
			}
			if m.val, err = p.value(depth + 1); err != nil {
				return nil, err
			}
			if err := p.skip(); err != nil {
				return nil, err
			}
			if p.pos < len(p.data) && p.data[p.pos] == ',' {
				m.comma = p.pos
				p.pos++
			}
			v.members = append(v.members, m)
		}
	case c == '[':
		v.kind = '['
		p.pos++
		comma := true
		for {
			if err := p.skip(); err != nil {
				return nil, err
			}
			if p.pos >= len(p.data) {
				return nil, p.errf("unexpected end of file in array")
			}
			if p.data[p.pos] == ']' {
				p.pos++
				break
			}
			if !comma {
				return nil, p.errf("expected , or ] in array, found %q", p.data[p.pos])
			}
			e, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.elems = append(v.elems, e)
			if err := p.skip(); err != nil {
				return nil, err
			}
			comma = p.pos < len(p.data) && p.data[p.pos] == ','
			if comma {
				p.pos++
			}
		}
	case c == '"':
		v.kind = '"'
		p.pos++
		for {
			if p.pos >= len(p.data) || p.data[p.pos] == '\n' {
				return nil, p.errf("unterminated string")
			}
			b := p.data[p.pos]
			p.pos++
			if b == '\\' {
				p.pos++
			} else if b == '"' {
				break
			}
		}
		var s string
		if err := json.Unmarshal(p.data[v.start:p.pos], &s); err != nil {
			return nil, p.errf("bad string: %v", err)
		}
	case c == '-' || (c >= '0' && c <= '9'):
		v.kind = 'n'
		for p.pos < len(p.data) && strings.IndexByte("+-0123456789.eE", p.data[p.pos]) >= 0 {
			p.pos++
		}
		var n json.Number
		if err := json.Unmarshal(p.data[v.start:p.pos], &n); err != nil {
			return nil, p.errf("bad number %q", p.data[v.start:p.pos])
		}
	default:
		for _, lit := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(p.data[p.pos:], []byte(lit)) {
				v.kind = map[string]byte{"true": 't', "false": 'f', "null": '0'}[lit]
				p.pos += len(lit)
				v.end = p.pos
				return v, nil
			}
		}
		return nil, p.errf("unexpected %q", c)
	}
	v.end = p.pos
	return v, nil
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
	return strings.Join(path, ".")
}
