package agentconf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// splice is one byte replacement.
type splice struct {
	start, end int
	text       string
}

func applySplices(data []byte, sp []splice) []byte {
	// Splices are applied from the end so earlier offsets stay valid;
	// callers never produce overlapping ones.
	for i := 1; i < len(sp); i++ {
		for j := i; j > 0 && sp[j].start > sp[j-1].start; j-- {
			sp[j], sp[j-1] = sp[j-1], sp[j]
		}
	}
	out := bytes.Clone(data)
	for _, s := range sp {
		out = append(out[:s.start], append([]byte(s.text), out[s.end:]...)...)
	}
	return out
}

func lineStart(data []byte, pos int) int {
	return bytes.LastIndexByte(data[:pos], '\n') + 1
}

func onlySpace(b []byte) bool {
	return len(bytes.Trim(b, " \t\r")) == 0
}

// jsoncRemove removes every member named key from the object at path.
// A missing object or member is not an error: data comes back unchanged.
func jsoncRemove(data []byte, path []string, key string) ([]byte, error) {
	for {
		root, err := parseJSONC(data)
		if err != nil {
			return nil, err
		}
		obj, err := root.lookup(path)
		if err != nil {
			return nil, err
		}
		if obj == nil {
			return data, nil
		}
		if obj.kind != '{' {
			return nil, fmt.Errorf("%s is not an object", dotted(path))
		}
		idx := -1
		for i, m := range obj.members {
			if m.key == key {
				idx = i
			}
		}
		if idx < 0 {
			return data, nil
		}
		data = removeMember(data, obj, idx)
	}
}

func removeMember(data []byte, obj *jvalue, idx int) []byte {
	return applySplices(data, removeSplices(data, obj, idx))
}

// removeSplices returns the deletions (splices with no text) that take
// member idx out of obj, with its line, the // comments on and above
// it, and the comma that strict JSON no longer wants.
func removeSplices(data []byte, obj *jvalue, idx int) []splice {
	m := obj.members[idx]
	var sp []splice
	if ls := lineStart(data, m.keyStart); ls <= obj.start || !onlySpace(data[ls:m.keyStart]) {
		// A member sharing its line with what precedes it: take it
		// with the separator on one side.
		sep := func(b []byte) bool { return len(bytes.Trim(b, " \t\r\n,")) == 0 }
		switch {
		case idx+1 < len(obj.members) && sep(data[m.val.end:obj.members[idx+1].keyStart]):
			return []splice{{m.keyStart, obj.members[idx+1].keyStart, ""}}
		case idx > 0 && m.comma >= 0 && obj.members[idx-1].comma >= 0 && sep(data[obj.members[idx-1].comma:m.keyStart]) && sep(data[m.val.end:m.comma]):
			return []splice{{obj.members[idx-1].comma + 1, m.comma + 1, ""}}
		case idx > 0 && sep(data[obj.members[idx-1].val.end:m.keyStart]):
			return []splice{{obj.members[idx-1].val.end, m.val.end, ""}}
		}
	}
	start := m.keyStart
	if ls := lineStart(data, start); ls > obj.start && onlySpace(data[ls:start]) {
		start = ls
	}
	end := m.val.end
	if m.comma >= 0 {
		if onlySpace(data[end:m.comma]) {
			end = m.comma + 1
		} else {
			sp = append(sp, splice{m.comma, m.comma + 1, ""})
		}
	} else if idx > 0 {
		// The last member without a trailing comma: its predecessor's
		// comma must go so that strict JSON stays valid.
		if prev := obj.members[idx-1]; prev.comma >= 0 {
			sp = append(sp, splice{prev.comma, prev.comma + 1, ""})
		}
	}
	if len(obj.members) == 1 && len(bytes.Trim(data[obj.start+1:m.keyStart], " \t\r\n")) == 0 {
		// The only member: leave {} when nothing but space remains.
		rest := data[end : obj.end-1]
		if len(bytes.Trim(rest, " \t\r\n")) == 0 {
			return append(sp, splice{obj.start + 1, obj.end - 1, ""})
		}
	}
	// Take the rest of the line, with a // comment on it, when the
	// member had the line to itself; and the // comment lines right
	// above it, which describe it.
	if start < m.keyStart || lineStart(data, start) == start {
		rest := end
		for rest < len(data) && (data[rest] == ' ' || data[rest] == '\t') {
			rest++
		}
		if bytes.HasPrefix(data[rest:], []byte("//")) {
			end = rest
			for end < len(data) && data[end] != '\n' {
				end++
			}
		}
		nl := bytes.IndexByte(data[end:], '\n')
		switch {
		case nl >= 0 && onlySpace(data[end:end+nl]):
			end += nl + 1
		default:
			// Something else follows on the line (a closing brace):
			// take the line break before the member instead, unless it
			// ends a // comment, which would then run on over what
			// follows (a member on that line went into the comment).
			if start > 0 && data[start-1] == '\n' && start-1 > obj.start && !bytes.Contains(data[lineStart(data, start-1):start-1], []byte("//")) {
				start--
				if start > 0 && data[start-1] == '\r' && start-1 > obj.start {
					start--
				}
			}
		}
		floor := obj.start + 1
		if idx > 0 {
			floor = obj.members[idx-1].val.end
		}
		for start > floor {
			ls := lineStart(data, start-1)
			if ls < floor || !bytes.HasPrefix(bytes.TrimLeft(data[ls:start], " \t"), []byte("//")) {
				break
			}
			start = ls
		}
	}
	return append(sp, splice{start, end, ""})
}

// jsoncSet sets member key of the object at path to value (any value
// encoding/json can marshal), creating missing objects along path. An
// existing member has its value replaced in place; a new one is added
// after the last member. The result is unchanged when the value is
// already equal.
func jsoncSet(data []byte, path []string, key string, value any) ([]byte, error) {
	root, err := parseJSONC(data)
	if err != nil {
		return nil, err
	}
	if root.kind != '{' {
		return nil, fmt.Errorf("the file must hold a JSON object")
	}
	obj := root
	i := 0
	for ; i < len(path); i++ {
		m := obj.member(path[i])
		if m == nil {
			break
		}
		if m.val.kind != '{' {
			return nil, fmt.Errorf("%s is not an object", dotted(path[:i+1]))
		}
		obj = m.val
	}
	// Wrap the value in the objects still missing.
	name := key
	if i < len(path) {
		name = path[i]
		value = nest(path[i+1:], key, value)
	}
	unit := indentUnit(data)
	if m := obj.member(name); m != nil {
		// Only reachable when i == len(path): replace the value.
		ind := string(leadingSpace(data, m.keyStart))
		text, err := render(value, ind, unit)
		if err != nil {
			return nil, err
		}
		if equalJSON(data[m.val.start:m.val.end], text) {
			return data, nil
		}
		return applySplices(data, []splice{{m.val.start, m.val.end, text}}), nil
	}
	return insertMember(data, obj, name, value, unit)
}

// orderedObject is a JSON object that keeps its keys in order.
type orderedObject []kv

type kv struct {
	Key   string
	Value any
}

func (o orderedObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshal(e.Key)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		v, err := marshal(e.Value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// rawJSON is JSONC source text inserted as it is (an entry put back by
// undo, with its comments and layout).
type rawJSON string

// MarshalJSON writes the value the text holds, without its comments.
func (r rawJSON) MarshalJSON() ([]byte, error) {
	v, err := parseJSONC([]byte(r))
	if err != nil {
		return nil, err
	}
	return marshal(v.decode([]byte(r)))
}

// nest wraps value as {path[0]: {path[1]: ... {key: value}}}.
func nest(path []string, key string, value any) any {
	v := orderedObject{{key, value}}
	for j := len(path) - 1; j >= 0; j-- {
		v = orderedObject{{path[j], v}}
	}
	return v
}

func insertMember(data []byte, obj *jvalue, name string, value any, unit string) ([]byte, error) {
	out, err := insertLF(data, obj, name, value, unit)
	if err != nil {
		return out, err
	}
	// Write the line breaks the file uses where the text goes.
	prefix := 0
	for prefix < len(data) && data[prefix] == out[prefix] {
		prefix++
	}
	crlf := bytes.Contains(data, []byte("\r\n"))
	if nl := bytes.IndexByte(data[prefix:], '\n'); nl >= 0 {
		crlf = prefix+nl > 0 && data[prefix+nl-1] == '\r'
	}
	if !crlf {
		return out, nil
	}
	var fixed []byte
	suffix := 0
	for suffix < len(data)-prefix && data[len(data)-1-suffix] == out[len(out)-1-suffix] {
		suffix++
	}
	mid := bytes.ReplaceAll(out[prefix:len(out)-suffix], []byte("\r\n"), []byte("\n"))
	mid = bytes.ReplaceAll(mid, []byte("\n"), []byte("\r\n"))
	fixed = append(fixed, out[:prefix]...)
	fixed = append(fixed, mid...)
	return append(fixed, out[len(out)-suffix:]...), nil
}

func insertLF(data []byte, obj *jvalue, name string, value any, unit string) ([]byte, error) {
	key, err := marshal(name)
	if err != nil {
		return nil, err
	}
	if t := bytes.TrimSpace(data); len(obj.members) == 0 && len(t) > 2 && bytes.IndexByte(t, '\n') < 0 {
		// A file on one line stays on one line.
		text, err := render(value, "", "")
		if err != nil {
			return nil, err
		}
		return applySplices(data, []splice{{obj.start + 1, obj.end - 1, string(key) + ": " + text}}), nil
	}
	if len(obj.members) == 0 {
		ind := string(leadingSpace(data, obj.start))
		text, err := render(value, ind+unit, unit)
		if err != nil {
			return nil, err
		}
		member := ind + unit + string(key) + ": " + text
		inner := data[obj.start+1 : obj.end-1]
		if len(bytes.Trim(inner, " \t\r\n")) == 0 {
			return applySplices(data, []splice{{obj.start + 1, obj.end - 1, "\n" + member + "\n" + ind}}), nil
		}
		return applySplices(data, []splice{{obj.start + 1, obj.start + 1, "\n" + member}}), nil
	}
	last := obj.members[len(obj.members)-1]
	multiline := bytes.IndexByte(data[obj.start:last.keyStart], '\n') >= 0
	if !multiline {
		text, err := render(value, "", "")
		if err != nil {
			return nil, err
		}
		member := string(key) + ": " + text
		if last.comma >= 0 {
			return applySplices(data, []splice{{last.comma + 1, last.comma + 1, " " + member + ","}}), nil
		}
		return applySplices(data, []splice{{last.val.end, last.val.end, ", " + member}}), nil
	}
	ind := string(leadingSpace(data, last.keyStart))
	text, err := render(value, ind, unit)
	if err != nil {
		return nil, err
	}
	member := ind + string(key) + ": " + text
	if last.comma >= 0 {
		at := endOfLine(data, last.comma+1)
		return applySplices(data, []splice{{at, at, "\n" + member + ","}}), nil
	}
	at := endOfLine(data, last.val.end)
	if at == last.val.end {
		return applySplices(data, []splice{{at, at, ",\n" + member}}), nil
	}
	return applySplices(data, []splice{
		{last.val.end, last.val.end, ","},
		{at, at, "\n" + member},
	}), nil
}

// endOfLine returns the offset after pos's trailing spaces and a //
// comment on the same line, or pos itself when other content follows.
func endOfLine(data []byte, pos int) int {
	i := pos
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r') {
		i++
	}
	if i == len(data) || data[i] == '\n' {
		if i > pos && data[i-1] == '\r' {
			i-- // keep CRLF together
		}
		return i
	}
	for i > pos && data[i-1] == '\r' {
		i--
	}
	if bytes.HasPrefix(data[i:], []byte("/*")) {
		end := bytes.Index(data[i:], []byte("*/"))
		if end >= 0 && bytes.IndexByte(data[i:i+end], '\n') < 0 {
			return endOfLine(data, i+end+2)
		}
		return pos
	}
	if bytes.HasPrefix(data[i:], []byte("//")) {
		nl := bytes.IndexByte(data[i:], '\n')
		if nl < 0 {
			return len(data)
		}
		i += nl
		if i > 0 && data[i-1] == '\r' {
			i--
		}
		return i
	}
	if i == len(data) || data[i] == '\n' || data[i] == '\r' {
		return i
	}
	return pos
}

// leadingSpace returns the indentation of the line holding pos.
func leadingSpace(data []byte, pos int) []byte {
	ls := lineStart(data, pos)
	i := ls
	for i < pos && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	return data[ls:i]
}

// indentUnit guesses the file's indentation step: the first indented
// line's leading whitespace, else two spaces.
func indentUnit(data []byte) string {
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		t := bytes.TrimLeft(line, " \t")
		if len(t) > 0 && len(t) < len(line) {
			return string(line[:len(line)-len(t)])
		}
	}
	return "  "
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// render marshals v; with a unit, indented as if it starts on a line
// indented by ind, with arrays of scalars kept on one line.
func render(v any, ind, unit string) (string, error) {
	if r, ok := v.(rawJSON); ok {
		return string(r), nil
	}
	b, err := marshal(v)
	if err != nil {
		return "", err
	}
	if unit == "" {
		return compact(b), nil
	}
	tree, err := parseJSONC(b)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	pretty(&out, b, tree, ind, unit)
	return out.String(), nil
}

func pretty(out *strings.Builder, src []byte, v *jvalue, ind, unit string) {
	switch v.kind {
	case '{':
		if len(v.members) == 0 {
			out.WriteString("{}")
			return
		}
		out.WriteString("{\n")
		for i, m := range v.members {
			k, _ := marshal(m.key)
			out.WriteString(ind + unit)
			out.Write(k)
			out.WriteString(": ")
			pretty(out, src, m.val, ind+unit, unit)
			if i < len(v.members)-1 {
				out.WriteByte(',')
			}
			out.WriteByte('\n')
		}
		out.WriteString(ind + "}")
	case '[':
		flat := true
		for _, e := range v.elems {
			if e.kind == '{' || e.kind == '[' {
				flat = false
			}
		}
		if flat {
			out.WriteString(compact(src[v.start:v.end]))
			return
		}
		out.WriteString("[\n")
		for i, e := range v.elems {
			out.WriteString(ind + unit)
			pretty(out, src, e, ind+unit, unit)
			if i < len(v.elems)-1 {
				out.WriteByte(',')
			}
			out.WriteByte('\n')
		}
		out.WriteString(ind + "]")
	default:
		out.Write(src[v.start:v.end])
	}
}

// compact is single-line JSON with a space after ':' and ','.
func compact(b []byte) string {
	var out strings.Builder
	inStr := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		out.WriteByte(c)
		switch {
		case inStr && c == '\\':
			i++
			out.WriteByte(b[i])
		case c == '"':
			inStr = !inStr
		case !inStr && (c == ':' || c == ','):
			out.WriteByte(' ')
		}
	}
	return out.String()
}

func equalJSON(a []byte, b string) bool {
	va, err := parseJSONC(a)
	if err != nil {
		return false
	}
	vb, err := parseJSONC([]byte(b))
	if err != nil {
		return false
	}
	ja, _ := json.Marshal(va.decode(a))
	jb, _ := json.Marshal(vb.decode([]byte(b)))
	return bytes.Equal(ja, jb)
}
