package agentconf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/switchboard-mcp/switchboard/internal/nesting"
)

// This file edits TOML as text, line by line, so comments and layout
// outside the edited tables stay as they are. Values are read with a
// real TOML parser, and every edit is checked by parsing the result.

// tstmt is one top-level TOML statement: a table header or a key/value
// pair (which may span lines).
type tstmt struct {
	header     bool
	key        []string
	start, end int // whole lines: [first line start, after the last newline)
}

// decodeTOML parses data into plain Go values and the order in which
// keys were defined.
func decodeTOML(data []byte) (map[string]any, toml.MetaData, error) {
	// The decoder reads over a UTF-16 byte-order mark (FE FF, FF FE)
	// before UTF-8 text, where the edits' scanner (scanTOML), and Codex,
	// which reads UTF-8 only, stop: a file the decoder took could not be
	// edited ("bad key near offset 0"). Said as newTOMLDoc says it.
	if err := utf16Error(data); err != nil {
		return nil, toml.MetaData{}, err
	}
	if line, deep := nesting.TOML(data, maxDepth); deep {
		return nil, toml.MetaData{}, fmt.Errorf("line %d: nested deeper than %d levels", line, maxDepth)
	}
	var m map[string]any
	md, err := toml.Decode(string(data), &m)
	if err != nil {
		return nil, md, tomlErrorHidden(data, err)
	}
	if m == nil {
		m = map[string]any{}
	}
	return m, md, nil
}

// tomlErrorHidden returns err without the text of the value it is
// about: the decoder quotes a value it cannot read ("expected value but
// found \"trueSECRET\" instead", "… is out of range for int64"), which
// is often a token left unquoted, and init's output is read by the
// agent that ran it. The value is replaced by ***, as in init's diffs.
func tomlErrorHidden(data []byte, err error) error {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return err
	}
	msg := pe.Message
	p := pe.Position
	// A key defined twice is about a key, the table's name the decoder
	// points at: hidden, "Key 'mcp_servers.gh' has already been
	// defined" read "Key '***.gh'", which named no table to look for.
	dup := strings.HasPrefix(msg, "Key '") && strings.HasSuffix(msg, "' has already been defined.")
	if p.Start >= 0 && p.Len > 0 && p.Start+p.Len <= len(data) && !dup {
		v := strings.TrimSpace(string(data[p.Start : p.Start+p.Len]))
		for _, q := range []string{`"`, `'`} {
			msg = strings.ReplaceAll(msg, q+v+q, q+"***"+q)
		}
		if rest, ok := strings.CutPrefix(msg, v+" "); ok && v != "" {
			msg = "*** " + rest // "… is out of range for int64"
		}
		if len(v) >= 6 {
			msg = strings.ReplaceAll(msg, v, "***")
		}
	}
	if pe.LastKey == "" {
		return fmt.Errorf("toml: line %d: %s", p.Line, msg)
	}
	return fmt.Errorf("toml: line %d (last key %q): %s", p.Line, pe.LastKey, msg)
}

// tomlTableNames returns the names of the sub-tables of table (a
// top-level key such as mcp_servers) in definition order.
func tomlTableNames(md toml.MetaData, table string) []string {
	var names []string
	seen := map[string]bool{}
	for _, k := range md.Keys() {
		if len(k) >= 2 && k[0] == table && !seen[k[1]] {
			seen[k[1]] = true
			names = append(names, k[1])
		}
	}
	return names
}

// scanTOML splits valid TOML into statements.
func scanTOML(data []byte) ([]tstmt, error) {
	var out []tstmt
	pos := 0
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		// A byte-order mark, which the decoder (and Codex's toml_edit)
		// takes; it was "bad key near offset 0", and the file skipped.
		// It stays before the first statement.
		pos = 3
	}
	for pos < len(data) {
		start := pos
		for pos < len(data) && (data[pos] == ' ' || data[pos] == '\t') {
			pos++
		}
		if pos >= len(data) {
			break
		}
		switch data[pos] {
		case '\n', '\r', '#':
			pos = nextLine(data, pos)
			continue
		case '[':
			pos++
			if pos < len(data) && data[pos] == '[' {
				pos++
			}
			key, p, err := tomlKey(data, pos)
			if err != nil {
				return nil, err
			}
			pos = nextLine(data, p)
			out = append(out, tstmt{header: true, key: key, start: start, end: pos})
		default:
			key, p, err := tomlKey(data, pos)
			if err != nil {
				return nil, err
			}
			end, err := valueEnd(data, p)
			if err != nil {
				return nil, err
			}
			pos = end
			out = append(out, tstmt{key: key, start: start, end: end})
		}
	}
	return out, nil
}

func nextLine(data []byte, pos int) int {
	nl := bytes.IndexByte(data[pos:], '\n')
	if nl < 0 {
		return len(data)
	}
	return pos + nl + 1
}

// tomlKey parses a dotted key at pos.
func tomlKey(data []byte, pos int) ([]string, int, error) {
	var parts []string
	for {
		for pos < len(data) && (data[pos] == ' ' || data[pos] == '\t') {
			pos++
		}
		if pos >= len(data) {
			return nil, pos, fmt.Errorf("unexpected end of file in a key")
		}
		switch data[pos] {
		case '"':
			end := pos + 1
			for end < len(data) && data[end] != '"' {
				if data[end] == '\\' {
					end++
				}
				end++
			}
			s, ok := tomlBasicString(data[pos:min(end+1, len(data))])
			if !ok {
				return nil, pos, fmt.Errorf("line %d: unsupported quoted key", bytes.Count(data[:pos], []byte("\n"))+1)
			}
			parts = append(parts, s)
			pos = end + 1
		case '\'':
			end := bytes.IndexByte(data[pos+1:], '\'')
			if end < 0 {
				return nil, pos, fmt.Errorf("unterminated quoted key")
			}
			parts = append(parts, string(data[pos+1:pos+1+end]))
			pos += end + 2
		default:
			s := pos
			for pos < len(data) && isBare(data[pos]) {
				pos++
			}
			if s == pos {
				return nil, pos, fmt.Errorf("bad key near offset %d", pos)
			}
			parts = append(parts, string(data[s:pos]))
		}
		for pos < len(data) && (data[pos] == ' ' || data[pos] == '\t') {
			pos++
		}
		if pos < len(data) && data[pos] == '.' {
			pos++
			continue
		}
		return parts, pos, nil
	}
}

// tomlBasicString decodes a quoted TOML key, with TOML's escapes
// (\U0001F600 is no JSON escape: a valid Codex config was refused).
func tomlBasicString(quoted []byte) (string, bool) {
	var m map[string]any
	if _, err := toml.Decode(string(quoted)+" = 0\n", &m); err != nil || len(m) != 1 {
		return "", false
	}
	for k := range m {
		return k, true
	}
	return "", false
}

func isBare(c byte) bool {
	return c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// valueEnd returns the offset after the line where the value that
// follows pos (after '=') ends.
func valueEnd(data []byte, pos int) (int, error) {
	depth := 0
	for pos < len(data) {
		switch c := data[pos]; c {
		case '"', '\'':
			q := string(c)
			if bytes.HasPrefix(data[pos:], []byte(q+q+q)) {
				end := bytes.Index(data[pos+3:], []byte(q+q+q))
				for c == '"' && end >= 0 && escaped(data, pos+3+end) {
					next := bytes.Index(data[pos+3+end+1:], []byte(q+q+q))
					if next < 0 {
						end = -1
						break
					}
					end += 1 + next
				}
				if end < 0 {
					return 0, fmt.Errorf("unterminated multi-line string")
				}
				pos += 3 + end + 3
				for pos < len(data) && data[pos] == c {
					pos++
				}
				continue
			}
			pos++
			for pos < len(data) && data[pos] != c && data[pos] != '\n' {
				if c == '"' && data[pos] == '\\' {
					pos++
				}
				pos++
			}
			pos++
		case '#':
			for pos < len(data) && data[pos] != '\n' {
				pos++
			}
		case '[', '{':
			depth++
			pos++
		case ']', '}':
			depth--
			pos++
		case '\n':
			pos++
			if depth <= 0 {
				return pos, nil
			}
		default:
			pos++
		}
	}
	return pos, nil
}

// escaped reports whether the byte at i follows an odd run of backslashes.
func escaped(data []byte, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && data[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

func hasPrefix(key []string, prefix ...string) bool {
	return len(key) >= len(prefix) && slicesEqual(key[:len(prefix)], prefix)
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// tomlRemove removes every definition of table.name: the [table.name]
// table and its sub-tables, `name = {...}` or `name.x = ...` inside
// [table], and `table.name... = ...` at the top level. Comment lines
// right above a removed header go with it; other comments stay.
func tomlRemove(data []byte, table, name string) ([]byte, error) {
	out, _, err := tomlCut(data, table, name)
	return out, err
}

// tomlCut is tomlRemove that also returns the text it removed.
func tomlCut(data []byte, table, name string) ([]byte, string, error) {
	stmts, err := scanTOML(data)
	if err != nil {
		return nil, "", err
	}
	var cut []splice
	var section []string // key of the current table; nil at the top level
	inSection := -1      // index of the header of a table being removed
	flush := func(until int) {
		if inSection < 0 {
			return
		}
		// Remove from the header through the last statement, then the
		// blank lines after it.
		end := stmts[inSection].end
		for j := inSection + 1; j < until; j++ {
			end = stmts[j].end
		}
		// Comment lines right after the last statement belong to the
		// table unless they lead straight into the next header.
		c := end
		for c < len(data) && bytes.HasPrefix(bytes.TrimLeft(data[c:], " \t"), []byte("#")) {
			c = nextLine(data, c)
		}
		if c > end && (c == len(data) || onlySpace(bytes.TrimRight(data[c:nextLine(data, c)], "\n"))) {
			end = c
		}
		end = skipBlank(data, end)
		// Comment lines right above the header describe the server.
		start, floor := stmts[inSection].start, 0
		if inSection > 0 {
			floor = stmts[inSection-1].end
		}
		for start > floor {
			ls := lineStart(data, start-1)
			if !bytes.HasPrefix(bytes.TrimLeft(data[ls:start], " \t"), []byte("#")) {
				break
			}
			start = ls
		}
		if end == len(data) {
			// At the end of the file, the blank lines before it go too.
			for start > floor {
				ls := lineStart(data, start-1)
				if !onlySpace(bytes.TrimRight(data[ls:start], "\n")) {
					break
				}
				start = ls
			}
		}
		cut = append(cut, splice{start, end, ""})
		inSection = -1
	}
	for i, s := range stmts {
		if s.header {
			section = s.key
			if hasPrefix(s.key, table, name) {
				// Consecutive tables of the server go as one, with the
				// comments between them.
				if inSection < 0 {
					inSection = i
				}
				continue
			}
			flush(i)
			continue
		}
		if inSection >= 0 {
			continue
		}
		full := append(append([]string{}, section...), s.key...)
		if hasPrefix(full, table, name) {
			cut = append(cut, splice{s.start, s.end, ""})
		}
	}
	flush(len(stmts))
	var text strings.Builder
	for _, c := range cut {
		text.Write(data[c.start:c.end])
	}
	return applySplices(data, cut), text.String(), nil
}

// tomlFollow returns the line right after table.name when it is one
// block of the file followed by more (where undo puts it back), or "";
// and, when that line is blank or there is none and the block is keys
// inside a table (`name = {…}`, `name.x = …`, not a header of its own),
// the line right before it, after which undo puts it back: such keys
// are not followed by the blank lines a table is, and appended as they
// were at the end of the file, each came back after a blank line, or
// (with another table last) as a table of its own.
func tomlFollow(data []byte, table, name string) (next, prev string) {
	out, text, err := tomlCut(data, table, name)
	if err != nil || text == "" {
		return "", ""
	}
	// One block: the removed text is a contiguous span.
	start := bytes.Index(data, []byte(text))
	if start < 0 || !bytes.Equal(append(bytes.Clone(data[:start]), data[start+len(text):]...), out) {
		return "", ""
	}
	end := start + len(text)
	if end < len(data) {
		line := strings.TrimRight(string(data[end:nextLine(data, end)]), "\r\n")
		if strings.TrimSpace(line) != "" {
			return line, ""
		}
	}
	if first := strings.TrimLeft(text, " \t\r\n"); start == 0 || strings.HasPrefix(first, "[") || strings.HasPrefix(first, "#") {
		return "", ""
	}
	line := strings.TrimRight(string(data[lineStart(data, start-1):start]), "\r\n")
	if strings.TrimSpace(line) == "" {
		return "", ""
	}
	return "", line
}

// skipBlank moves pos past blank lines.
func skipBlank(data []byte, pos int) int {
	for pos < len(data) {
		nl := nextLine(data, pos)
		if !onlySpace(bytes.TrimRight(data[pos:nl], "\n")) {
			break
		}
		pos = nl
	}
	return pos
}

// tomlAppendTable appends `[table.name]` with the given keys, values
// written as TOML, separated from what precedes by a blank line.
func tomlAppendTable(data []byte, table, name string, keys []kv) ([]byte, error) {
	var b bytes.Buffer
	b.Write(data)
	// A file that is only a byte-order mark is empty: no blank line
	// goes between the mark and the table.
	if len(bytes.TrimPrefix(data, []byte("\ufeff"))) > 0 {
		if !bytes.HasSuffix(data, []byte("\n")) {
			b.WriteByte('\n')
		}
		if !bytes.HasSuffix(b.Bytes(), []byte("\n\n")) && !bytes.HasSuffix(b.Bytes(), []byte("\n\r\n")) {
			b.WriteByte('\n')
		}
	}
	fmt.Fprintf(&b, "[%s.%s]\n", tomlKeyPart(table), tomlKeyPart(name))
	for _, e := range keys {
		v, err := tomlValue(e.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Key, err)
		}
		fmt.Fprintf(&b, "%s = %s\n", tomlKeyPart(e.Key), v)
	}
	if bytes.Contains(data, []byte("\r\n")) {
		// The file's own line ends (Windows): the table added gets them too.
		added := bytes.ReplaceAll(b.Bytes()[len(data):], []byte("\n"), []byte("\r\n"))
		return append(bytes.Clone(data), added...), nil
	}
	return b.Bytes(), nil
}

func tomlKeyPart(k string) string {
	for i := 0; i < len(k); i++ {
		if !isBare(k[i]) {
			s, _ := marshal(k)
			return string(s)
		}
	}
	if k == "" {
		return `""`
	}
	return k
}

// tomlValue writes strings, numbers, booleans, lists and maps (as
// inline tables with sorted keys).
func tomlValue(v any) (string, error) {
	switch t := v.(type) {
	case json.Number:
		return t.String(), nil
	case int, int64, float64:
		return fmt.Sprint(t), nil
	case []any:
		parts := make([]string, len(t))
		for i, e := range t {
			s, err := tomlValue(e)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			s, err := tomlValue(t[k])
			if err != nil {
				return "", err
			}
			parts[i] = tomlKeyPart(k) + " = " + s
		}
		if len(parts) == 0 {
			return "{}", nil
		}
		return "{ " + strings.Join(parts, ", ") + " }", nil
	case string:
		s, err := marshal(t) // JSON escapes are valid TOML basic-string escapes
		return string(s), err
	case []string:
		parts := make([]string, len(t))
		for i, e := range t {
			s, err := marshal(e)
			if err != nil {
				return "", err
			}
			parts[i] = string(s)
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case bool:
		return fmt.Sprint(t), nil
	}
	return "", fmt.Errorf("cannot write %T as TOML", v)
}

// sameExcept reports whether a and b are equal once key is dropped
// from both.
func sameExcept(a, b map[string]any, key string) bool {
	ca := make(map[string]any, len(a))
	for k, v := range a {
		if k != key {
			ca[k] = v
		}
	}
	cb := make(map[string]any, len(b))
	for k, v := range b {
		if k != key {
			cb[k] = v
		}
	}
	return reflect.DeepEqual(ca, cb)
}
