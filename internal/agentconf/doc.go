package agentconf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// doc is one agent file being edited: the servers it holds under one
// key, and edits that keep everything else.
type doc interface {
	// entries returns the servers in file order.
	entries() ([]entry, error)
	remove(name string) error
	// set adds or replaces a server; equal values are left untouched.
	set(name string, v any) error
	bytes() []byte
	// text returns the entry's source text, "" when it is absent.
	text(name string) string
	// insert puts an entry back: from its recorded text when that
	// yields value (so its comments and layout come back too), else
	// written from value.
	insert(name string, value map[string]any, rec *entryRec) error
	// missing counts the objects on the key path that do not exist
	// (set creates them).
	missing() int
	// prune removes up to n empty objects at the end of the key path,
	// innermost first.
	prune(n int) error
	// value decodes the whole document.
	value() (any, error)
}

// canon is v as canonical JSON (sorted keys), for comparing entries
// read from different formats or from the manifest.
func canon(v any) string {
	b, err := json.Marshal(normalize(v))
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// entryValue returns the named entry of d, or nil.
func entryValue(d doc, name string) (map[string]any, error) {
	if j, ok := d.(*jsonDoc); ok {
		return j.entry(name)
	}
	es, err := d.entries()
	if err != nil {
		return nil, err
	}
	var out map[string]any
	for _, e := range es {
		if e.name == name {
			out = e.value
		}
	}
	return out, nil
}

// insertChecked runs try, keeps its result when d then holds value
// under name, and otherwise restores d's bytes and runs fallback.
func insertChecked(d doc, name string, value map[string]any, try, fallback func() error, restore func()) error {
	if try != nil {
		if err := try(); err == nil {
			if got, err := entryValue(d, name); err == nil && got != nil && canon(got) == canon(value) {
				return nil
			}
		}
		restore()
	}
	return fallback()
}

// entry is one server as the agent wrote it.
type entry struct {
	name  string
	value map[string]any
}

// normalize turns v into plain JSON values so values read from
// different formats compare equal.
func normalize(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if d.Decode(&out) != nil {
		return v
	}
	return out
}

// --- JSON and JSONC ---

type jsonDoc struct {
	data []byte
	key  []string
	// root is data parsed, nil until needed; remove keeps it up to date,
	// other edits drop it. init asked about and removed each server with
	// a parse of the whole file each time (six per server): 200 servers
	// in a 16 MiB file padded with comments took 14 s.
	root *jvalue
	// unchecked is set when remove changed data without parsing it;
	// check parses it. slow makes remove parse after each removal, as it
	// did before, for the rare file whose removals do not parse.
	unchecked, slow bool
}

// check parses data after removals: an error when it does not parse, or
// when its parse is not the one remove kept (a removal changed what the
// rest of the file means; removeSplices mishandles some layouts).
func (d *jsonDoc) check() error {
	if !d.unchecked {
		return nil
	}
	r, err := parseJSONC(d.data)
	if err != nil {
		return err
	}
	if !r.same(d.root) {
		return fmt.Errorf("taking servers out of %s would change the rest of the file (unusual layout)", dotted(d.key))
	}
	d.root, d.unchecked = r, false
	return nil
}

// tree returns d's data parsed, parsing it only when an edit dropped the
// last parse.
func (d *jsonDoc) tree() (*jvalue, error) {
	if d.root == nil {
		r, err := parseJSONC(d.data)
		if err != nil {
			return nil, err
		}
		d.root = r
	}
	return d.root, nil
}

// setData replaces d's content after an edit that did not keep the parse.
func (d *jsonDoc) setData(b []byte) {
	d.data, d.root, d.unchecked = b, nil, false
}

// utf16Error reports text that is UTF-16 (a byte-order mark FF FE or
// FE FF, or a NUL in every other byte of the first line), which Windows
// PowerShell's > and Out-File write: the JSON and TOML parsers called it
// "invalid character '\xff'" or "control characters", and the YAML
// parser read it, and init wrote it back as UTF-8.
func utf16Error(data []byte) error {
	bom := bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF})
	if !bom && len(data) >= 4 && ((data[0] != 0 && data[1] == 0 && data[2] != 0 && data[3] == 0) || (data[0] == 0 && data[1] != 0 && data[2] == 0 && data[3] != 0)) {
		bom = true
	}
	if bom {
		return errors.New("the file is UTF-16 text, not UTF-8: save it as UTF-8 (in PowerShell: Set-Content -Encoding utf8) and run init again")
	}
	return nil
}

func newJSONDoc(data []byte, key []string) (*jsonDoc, error) {
	if err := utf16Error(data); err != nil {
		return nil, err
	}
	root, err := parseJSONC(data)
	if err != nil {
		return nil, err
	}
	if root.kind != '{' {
		return nil, fmt.Errorf("the file must hold a JSON object")
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("line %d: not UTF-8 text (a byte that is not UTF-8 would be changed by any edit)", lineAt(data, invalidUTF8At(data)))
	}
	if err := duplicateServers(root, key, data); err != nil {
		return nil, err
	}
	return &jsonDoc{data: data, key: key, root: root}, nil
}

// duplicateServers reports a key along path, or a server name under it,
// defined twice: the agent (JavaScript) takes the last, and an edit of
// one would leave or drop the other, so init asks the user to choose.
func duplicateServers(root *jvalue, path []string, data []byte) error {
	cur := root
	for i := 0; cur != nil && cur.kind == '{'; i++ {
		seen := map[string]int{}
		for _, m := range cur.members {
			if i < len(path) && m.key != path[i] {
				continue
			}
			line := lineAt(data, m.keyStart)
			if first, dup := seen[m.key]; dup {
				if i < len(path) {
					return fmt.Errorf("line %d: %s is defined twice (also line %d); the agent uses only the last: merge them and run init again", line, dotted(path[:i+1]), first)
				}
				return fmt.Errorf("line %d: server %s is defined twice in %s (also line %d); the agent uses only the last: remove one and run init again", line, echo.Quote(m.key), dotted(path), first)
			}
			seen[m.key] = line
		}
		if i >= len(path) {
			return nil
		}
		m := cur.member(path[i])
		if m == nil {
			return nil
		}
		cur = m.val
	}
	return nil
}

// invalidUTF8At is the offset of the first byte of data that is not UTF-8.
func invalidUTF8At(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(data)
}

// serversObject is the object at d.key: nil when it is absent, an error
// when it is something else.
func (d *jsonDoc) serversObject() (*jvalue, error) {
	root, err := d.tree()
	if err != nil {
		return nil, err
	}
	obj, err := root.lookup(d.key)
	if err != nil || obj == nil {
		return nil, err
	}
	if obj.kind != '{' {
		return nil, fmt.Errorf("%s must be an object", dotted(d.key))
	}
	return obj, nil
}

func (d *jsonDoc) entries() ([]entry, error) {
	obj, err := d.serversObject()
	if err != nil || obj == nil {
		return nil, err
	}
	var out []entry
	for _, m := range obj.members {
		v, ok := m.val.decode(d.data).(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s.%s must be an object", dotted(d.key), m.key)
		}
		out = append(out, entry{m.key, v})
	}
	return out, nil
}

// remove takes every member named name out of the object at d.key by
// deleting bytes, and moves the offsets of the parse past each deletion
// instead of parsing again.
func (d *jsonDoc) remove(name string) error {
	if d.slow {
		before, err := d.value()
		if err != nil {
			return err
		}
		out, err := jsoncRemove(d.data, d.key, name)
		if err != nil {
			return err
		}
		after, err := (&jsonDoc{data: out, key: d.key}).value()
		if err != nil {
			return err
		}
		if obj, _ := lookupValue(before, d.key).(map[string]any); obj != nil {
			delete(obj, name)
		}
		if canon(before) != canon(after) {
			return fmt.Errorf("taking %s out of %s would change the rest of the file (unusual layout): move it by hand", echo.Quote(name), dotted(d.key))
		}
		d.setData(out)
		return nil
	}
	root, err := d.tree()
	if err != nil {
		return err
	}
	obj, err := root.lookup(d.key)
	if err != nil || obj == nil {
		return err
	}
	if obj.kind != '{' {
		return fmt.Errorf("%s is not an object", dotted(d.key))
	}
	for {
		idx := -1
		for i, m := range obj.members {
			if m.key == name {
				idx = i
			}
		}
		if idx < 0 {
			return nil
		}
		sp := removeSplices(d.data, obj, idx)
		d.data = applySplices(d.data, sp)
		obj.members = slices.Delete(obj.members, idx, idx+1)
		root.deleted(sp)
		d.unchecked = true
	}
}

// lookupValue follows path through decoded objects, or returns nil.
func lookupValue(v any, path []string) any {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// entry decodes the member name of the object at d.key: nil when it is
// absent. (entries decodes them all, and init asks for one per server.)
func (d *jsonDoc) entry(name string) (map[string]any, error) {
	obj, err := d.serversObject()
	if err != nil || obj == nil {
		return nil, err
	}
	m := obj.member(name)
	if m == nil {
		return nil, nil
	}
	v, ok := m.val.decode(d.data).(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s.%s must be an object", dotted(d.key), name)
	}
	return v, nil
}

func (d *jsonDoc) set(name string, v any) error {
	out, err := jsoncSet(d.data, d.key, name, v)
	if err == nil {
		d.setData(out)
	}
	return err
}

func (d *jsonDoc) bytes() []byte { return d.data }

func (d *jsonDoc) text(name string) string {
	root, err := d.tree()
	if err != nil {
		return ""
	}
	obj, err := root.lookup(d.key)
	if err != nil || obj == nil || obj.kind != '{' {
		return ""
	}
	m := obj.member(name)
	if m == nil {
		return ""
	}
	return string(d.data[m.val.start:m.val.end])
}

func (d *jsonDoc) insert(name string, value map[string]any, rec *entryRec) error {
	text, lead := rec.Text, rec.Lead
	saved := d.data
	var try func() error
	if text != "" && d.missing() == 0 {
		try = func() error {
			if out, ok := d.insertBefore(name, text, rec.Follow); ok {
				d.setData(out)
				return nil
			}
			return d.set(name, rawJSON(text))
		}
	}
	if err := insertChecked(d, name, value, try, func() error { return d.set(name, value) }, func() { d.setData(saved) }); err != nil {
		return err
	}
	if lead == "" {
		return nil
	}
	// The comment lines above the entry come back above it, indented
	// like its key.
	root, err := d.tree()
	if err != nil {
		return nil
	}
	obj, _ := root.lookup(d.key)
	if obj == nil || obj.kind != '{' {
		return nil
	}
	m := obj.member(name)
	ls := lineStart(d.data, m.keyStart)
	if ls <= obj.start || !onlySpace(d.data[ls:m.keyStart]) {
		return nil
	}
	ind := string(d.data[ls:m.keyStart])
	var b strings.Builder
	for line := range strings.SplitSeq(strings.TrimRight(lead, "\n"), "\n") {
		b.WriteString(ind + strings.TrimSpace(line) + "\n")
	}
	out := applySplices(d.data, []splice{{ls, ls, b.String()}})
	if r, err := parseJSONC(out); err == nil && canon(r.decode(out)) == canon(root.decode(d.data)) {
		d.data, d.root = out, r
	}
	return nil
}

// insertBefore writes name: text right before the member named
// follow, where it was, or reports false.
func (d *jsonDoc) insertBefore(name, text, follow string) ([]byte, bool) {
	if follow == "" {
		return nil, false
	}
	root, err := d.tree()
	if err != nil {
		return nil, false
	}
	obj, _ := root.lookup(d.key)
	if obj == nil || obj.kind != '{' || obj.member(name) != nil {
		return nil, false
	}
	var next *jmember
	for i := range obj.members {
		if obj.members[i].key == follow {
			next = &obj.members[i]
			break
		}
	}
	if next == nil {
		return nil, false
	}
	key, err := marshal(name)
	if err != nil {
		return nil, false
	}
	var out []byte
	if ls := lineStart(d.data, next.keyStart); ls > obj.start && onlySpace(d.data[ls:next.keyStart]) {
		// next has its line: ours goes on the line above, indented alike.
		nl := "\n"
		if bytes.Contains(d.data, []byte("\r\n")) {
			nl = "\r\n"
		}
		ind := string(d.data[ls:next.keyStart])
		out = applySplices(d.data, []splice{{ls, ls, ind + string(key) + ": " + text + "," + nl}})
	} else {
		out = applySplices(d.data, []splice{{next.keyStart, next.keyStart, string(key) + ": " + text + ", "}})
	}
	if _, err := parseJSONC(out); err != nil {
		return nil, false
	}
	return out, true
}

// follower returns the name of the member after name, or "".
func (d *jsonDoc) follower(name string) string {
	root, err := d.tree()
	if err != nil {
		return ""
	}
	obj, err := root.lookup(d.key)
	if err != nil || obj == nil || obj.kind != '{' {
		return ""
	}
	for i, m := range obj.members {
		if m.key == name && i+1 < len(obj.members) {
			return obj.members[i+1].key
		}
	}
	return ""
}

// lead returns the // comment lines right above the entry's key.
func (d *jsonDoc) lead(name string) string {
	root, err := d.tree()
	if err != nil {
		return ""
	}
	obj, err := root.lookup(d.key)
	if err != nil || obj == nil || obj.kind != '{' {
		return ""
	}
	idx := -1
	for i, m := range obj.members {
		if m.key == name {
			idx = i
		}
	}
	if idx < 0 {
		return ""
	}
	m := obj.members[idx]
	start := lineStart(d.data, m.keyStart)
	if start <= obj.start || !onlySpace(d.data[start:m.keyStart]) {
		return ""
	}
	floor := obj.start + 1
	if idx > 0 {
		floor = obj.members[idx-1].val.end
	}
	top := start
	for top > floor {
		ls := lineStart(d.data, top-1)
		if ls < floor || !bytes.HasPrefix(bytes.TrimLeft(d.data[ls:top], " \t"), []byte("//")) {
			break
		}
		top = ls
	}
	return string(d.data[top:start])
}

func (d *jsonDoc) missing() int {
	root, err := d.tree()
	if err != nil {
		return 0
	}
	for i := range d.key {
		if v, err := root.lookup(d.key[:i+1]); err != nil || v == nil {
			return len(d.key) - i
		}
	}
	return 0
}

func (d *jsonDoc) prune(n int) error {
	for i := 0; i < n && i < len(d.key); i++ {
		path := d.key[:len(d.key)-i]
		root, err := d.tree()
		if err != nil {
			return err
		}
		v, err := root.lookup(path)
		if err != nil || v == nil {
			continue
		}
		if v.kind != '{' || len(v.members) > 0 {
			return nil
		}
		out, err := jsoncRemove(d.data, path[:len(path)-1], path[len(path)-1])
		if err != nil {
			return err
		}
		d.setData(out)
	}
	return nil
}

func (d *jsonDoc) value() (any, error) {
	root, err := d.tree()
	if err != nil {
		return nil, err
	}
	return root.decode(d.data), nil
}

// --- TOML (Codex) ---

type tomlDoc struct {
	data  []byte
	table string
}

func newTOMLDoc(data []byte, table string) (*tomlDoc, error) {
	if err := utf16Error(data); err != nil {
		return nil, err
	}
	m, _, err := decodeTOML(data)
	if err != nil {
		return nil, err
	}
	if v, ok := m[table]; ok {
		if _, ok := v.(map[string]any); !ok {
			return nil, fmt.Errorf("%s must be a table", table)
		}
	}
	if line := inlineTable(data, table); line > 0 {
		// TOML forbids adding [table.NAME] to it, and the decoder does
		// not notice: the entry init adds would break the agent's file.
		return nil, fmt.Errorf("line %d: %s is an inline table (%s = { ... }), which init cannot add to: write each server as a [%s.NAME] table and run init again", line, table, table, table)
	}
	return &tomlDoc{data: data, table: table}, nil
}

// inlineTable returns the line where table is given as one inline value
// at the top level (`table = { ... }`), or 0.
func inlineTable(data []byte, table string) int {
	stmts, err := scanTOML(data)
	if err != nil {
		return 0
	}
	for _, s := range stmts {
		if s.header {
			return 0 // past the top level
		}
		if len(s.key) == 1 && s.key[0] == table {
			return lineAt(data, s.start)
		}
	}
	return 0
}

func (d *tomlDoc) entries() ([]entry, error) {
	m, md, err := decodeTOML(d.data)
	if err != nil {
		return nil, err
	}
	servers, _ := m[d.table].(map[string]any)
	var out []entry
	for _, name := range tomlTableNames(md, d.table) {
		v, ok := servers[name].(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s.%s must be a table", d.table, name)
		}
		out = append(out, entry{name, normalize(v).(map[string]any)})
	}
	return out, nil
}

// edit applies f and checks, by parsing, that only table.name changed.
func (d *tomlDoc) edit(name string, f func([]byte) ([]byte, error)) error {
	before, _, _ := decodeTOML(d.data)
	out, err := f(d.data)
	if err != nil {
		return err
	}
	after, _, err := decodeTOML(out)
	if err != nil {
		return fmt.Errorf("editing %s.%s would break the file: %w", d.table, name, err)
	}
	bs, _ := before[d.table].(map[string]any)
	as, _ := after[d.table].(map[string]any)
	if !sameExcept(before, after, d.table) || !sameExcept(bs, as, name) {
		return fmt.Errorf("cannot edit %s.%s without changing other settings (unusual layout)", d.table, name)
	}
	d.data = out
	return nil
}

func (d *tomlDoc) remove(name string) error {
	if err := d.edit(name, func(b []byte) ([]byte, error) { return tomlRemove(b, d.table, name) }); err != nil {
		return err
	}
	m, _, _ := decodeTOML(d.data)
	if servers, _ := m[d.table].(map[string]any); servers[name] != nil {
		return fmt.Errorf("cannot take %s.%s out of this layout: write it as a [%s.%s] table and run init again", d.table, name, d.table, name)
	}
	return nil
}

func (d *tomlDoc) set(name string, v any) error {
	keys := v.([]kv)
	want := map[string]any{}
	for _, e := range keys {
		want[e.Key] = e.Value
	}
	m, _, _ := decodeTOML(d.data)
	servers, _ := m[d.table].(map[string]any)
	if cur, ok := servers[name]; ok && reflect.DeepEqual(normalize(cur), normalize(want)) {
		return nil
	}
	return d.edit(name, func(b []byte) ([]byte, error) {
		b, err := tomlRemove(b, d.table, name)
		if err != nil {
			return nil, err
		}
		return tomlAppendTable(b, d.table, name, keys)
	})
}

func (d *tomlDoc) bytes() []byte { return d.data }

func (d *tomlDoc) text(name string) string {
	_, cut, err := tomlCut(d.data, d.table, name)
	if err != nil {
		return ""
	}
	return cut
}

func (d *tomlDoc) insert(name string, value map[string]any, rec *entryRec) error {
	text := rec.Text
	saved := d.data
	var try func() error
	if t := strings.TrimSpace(text); t != "" {
		try = func() error {
			return d.edit(name, func(b []byte) ([]byte, error) {
				// Back where it was: before the line that followed it, or
				// after the one before it.
				if rec.Next != "" || rec.Prev != "" {
					for pos := 0; pos < len(b); pos = nextLine(b, pos) {
						line := strings.TrimRight(string(b[pos:nextLine(b, pos)]), "\r\n")
						at := -1
						switch {
						case rec.Next != "" && line == rec.Next:
							at = pos
						case rec.Next == "" && line == rec.Prev:
							at = nextLine(b, pos)
							if at == len(b) && !bytes.HasSuffix(b, []byte("\n")) {
								b = append(bytes.Clone(b), '\n')
								at = len(b)
							}
						}
						if at >= 0 {
							body := strings.TrimLeft(text, "\n")
							if !strings.HasSuffix(body, "\n") {
								body += "\n"
							}
							return applySplices(b, []splice{{at, at, body}}), nil
						}
					}
				}
				var out bytes.Buffer
				out.Write(b)
				if len(bytes.TrimPrefix(b, []byte("\ufeff"))) > 0 { // only a byte-order mark: empty
					if !bytes.HasSuffix(b, []byte("\n")) {
						out.WriteByte('\n')
					}
					if !bytes.HasSuffix(out.Bytes(), []byte("\n\n")) {
						out.WriteByte('\n')
					}
				}
				out.WriteString(strings.Trim(text, "\n") + "\n")
				return out.Bytes(), nil
			})
		}
	}
	fallback := func() error {
		keys := make([]string, 0, len(value))
		for k := range value {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var kvs []kv
		for _, k := range keys {
			kvs = append(kvs, kv{k, value[k]})
		}
		return d.edit(name, func(b []byte) ([]byte, error) { return tomlAppendTable(b, d.table, name, kvs) })
	}
	return insertChecked(d, name, value, try, fallback, func() { d.data = saved })
}

func (d *tomlDoc) missing() int    { return 0 }
func (d *tomlDoc) prune(int) error { return nil }

func (d *tomlDoc) value() (any, error) {
	m, _, err := decodeTOML(d.data)
	if err != nil {
		return nil, err
	}
	return normalize(m), nil
}

// --- YAML (Goose: a map of extensions; Continue: a list of servers) ---

type yamlDoc struct {
	orig  []byte
	root  *yaml.Node // the document node
	key   string
	list  bool // a sequence of mappings with a name field
	dirty bool
}

func newYAMLDoc(data []byte, key string, list bool) (*yamlDoc, error) {
	if err := utf16Error(data); err != nil {
		return nil, err
	}
	d := &yamlDoc{orig: data, key: key, list: list, root: &yaml.Node{}}
	if err := yaml.Unmarshal(data, d.root); err != nil {
		return nil, yamlTabHint(data, err)
	}
	// Only the first document is edited and written back: a file with
	// more would lose the others.
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var first, second yaml.Node
	if dec.Decode(&first) == nil {
		if err := dec.Decode(&second); err == nil {
			line := second.Line
			if len(second.Content) > 0 {
				line = second.Content[0].Line
			}
			return nil, fmt.Errorf("line %d: a second YAML document (after ---): init edits only files that hold one", line)
		} else if !errors.Is(err, io.EOF) {
			return nil, err
		}
	}
	if d.root.Kind == 0 {
		d.root = &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
		// A file of comments only (every server commented out) lost them
		// when init wrote its entry: they are kept, above it.
		d.root.HeadComment = yamlComments(data)
	}
	if len(d.root.Content) != 1 || d.root.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("the file must hold a YAML mapping")
	}
	if c := d.container(); c != nil {
		want := yaml.MappingNode
		if list {
			want = yaml.SequenceNode
		}
		if c.Kind != want && !(c.Kind == yaml.ScalarNode && c.Tag == "!!null") {
			return nil, fmt.Errorf("%s must be a %s", key, map[bool]string{true: "list", false: "mapping"}[list])
		}
	}
	if err := d.duplicates(); err != nil {
		return nil, err
	}
	return d, nil
}

// yamlTabHint adds to err, the YAML parser's, that a tab indents the line
// it names, when one does: "found character that cannot start any token"
// said nothing of the tab an editor showed as spaces.
func yamlTabHint(data []byte, err error) error {
	var line int
	if _, e := fmt.Sscanf(err.Error(), "yaml: line %d:", &line); e != nil || line < 1 {
		return err
	}
	lines := strings.Split(string(data), "\n")
	if line > len(lines) || !strings.HasPrefix(strings.TrimLeft(lines[line-1], " "), "\t") {
		return err
	}
	return fmt.Errorf("%w (line %d is indented with a tab, which YAML does not allow: indent with spaces)", err, line)
}

// yamlComments is the comment lines of data, a YAML file that holds no
// value, as a node's comment: each line "# …", blank lines kept between
// them.
func yamlComments(data []byte) string {
	text := strings.ReplaceAll(string(bytes.TrimPrefix(data, []byte("\ufeff"))), "\r\n", "\n")
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "#") || l == "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// duplicates reports the key, or a server name under it, defined twice
// (the YAML parser keeps both in a document's nodes): an edit of one
// would leave or drop the other, so init asks the user to choose.
func (d *yamlDoc) duplicates() error {
	top := d.root.Content[0]
	seen := map[string]int{}
	for i := 0; i+1 < len(top.Content); i += 2 {
		if k := top.Content[i]; k.Value == d.key {
			if first, dup := seen[k.Value]; dup {
				return fmt.Errorf("line %d: %s is defined twice (also line %d): merge them and run init again", k.Line, d.key, first)
			}
			seen[k.Value] = k.Line
		}
	}
	c := d.container()
	if c == nil {
		return nil
	}
	names := map[string]int{}
	check := func(name string, line int) error {
		if first, dup := names[name]; dup {
			return fmt.Errorf("line %d: server %s is defined twice in %s (also line %d): remove one and run init again", line, echo.Quote(name), d.key, first)
		}
		names[name] = line
		return nil
	}
	if !d.list {
		for i := 0; i+1 < len(c.Content); i += 2 {
			if err := check(c.Content[i].Value, c.Content[i].Line); err != nil {
				return err
			}
		}
		return nil
	}
	for _, n := range c.Content {
		for j := 0; j+1 < len(n.Content); j += 2 {
			if n.Content[j].Value == "name" {
				if err := check(n.Content[j+1].Value, n.Line); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// container returns the node under key, or nil.
func (d *yamlDoc) container() *yaml.Node {
	top := d.root.Content[0]
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value == d.key {
			return top.Content[i+1]
		}
	}
	return nil
}

func (d *yamlDoc) entries() ([]entry, error) {
	c := d.container()
	if c == nil || c.Kind == yaml.ScalarNode {
		return nil, nil
	}
	var out []entry
	add := func(name string, n *yaml.Node) error {
		var v any
		if err := n.Decode(&v); err != nil {
			return err
		}
		m, ok := normalize(v).(map[string]any)
		if !ok {
			return fmt.Errorf("%s.%s (line %d) must be a mapping", d.key, name, n.Line)
		}
		out = append(out, entry{name, m})
		return nil
	}
	if d.list {
		for _, n := range c.Content {
			name, uses := "", ""
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					switch n.Content[i].Value {
					case "name":
						name = n.Content[i+1].Value
					case "uses":
						uses = n.Content[i+1].Value
					}
				}
			}
			if name == "" && uses != "" {
				// A Continue hub block (uses: org/block), which only
				// Continue resolves: it stays (the dialect skips it), and
				// the file's other servers move; it made the whole file
				// "item at line N has no name".
				name = "uses: " + uses
			}
			if name == "" {
				return nil, fmt.Errorf("%s: item at line %d has no name", d.key, n.Line)
			}
			if err := add(name, n); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	for i := 0; i+1 < len(c.Content); i += 2 {
		if err := add(c.Content[i].Value, c.Content[i+1]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// index returns the position of name's node in the container's content
// (for a mapping, the key node's), or -1.
func (d *yamlDoc) index(name string) int {
	c := d.container()
	if c == nil {
		return -1
	}
	if d.list {
		for i, n := range c.Content {
			for j := 0; j+1 < len(n.Content); j += 2 {
				if n.Content[j].Value == "name" && n.Content[j+1].Value == name {
					return i
				}
			}
		}
		return -1
	}
	for i := 0; i+1 < len(c.Content); i += 2 {
		if c.Content[i].Value == name {
			return i
		}
	}
	return -1
}

func (d *yamlDoc) remove(name string) error {
	for {
		i := d.index(name)
		if i < 0 {
			return nil
		}
		c := d.container()
		n := 2
		if d.list {
			n = 1
		}
		if err := anchorUsed(d.root, c.Content[i:i+n]); err != nil {
			return err
		}
		c.Content = append(c.Content[:i], c.Content[i+n:]...)
		d.dirty = true
	}
}

// anchorUsed is an errKeep when the nodes hold an anchor that an alias
// elsewhere in the document uses: taking them out left "<<: *b" naming
// an anchor no longer there, and Goose could not read its config.
func anchorUsed(root *yaml.Node, nodes []*yaml.Node) error {
	anchors := map[*yaml.Node]bool{}
	inside := map[*yaml.Node]bool{}
	var mark func(n *yaml.Node)
	mark = func(n *yaml.Node) {
		inside[n] = true
		if n.Anchor != "" {
			anchors[n] = true
		}
		for _, c := range n.Content {
			mark(c)
		}
	}
	for _, n := range nodes {
		mark(n)
	}
	if len(anchors) == 0 {
		return nil
	}
	var used *yaml.Node
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if used != nil || inside[n] {
			return
		}
		if n.Kind == yaml.AliasNode && anchors[n.Alias] {
			used = n
			return
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(root)
	if used == nil {
		return nil
	}
	return &errKeep{fmt.Sprintf("it holds the YAML anchor &%s (line %d) that line %d uses; moving it would leave that alias undefined: copy the values there and run init again", used.Alias.Anchor, used.Alias.Line, used.Line)}
}

// errKeep is a server that init cannot take out of its file; it leaves
// it there with this reason.
type errKeep struct{ why string }

func (e *errKeep) Error() string { return e.why }

func (d *yamlDoc) set(name string, v any) error {
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		return err
	}
	if i := d.index(name); i >= 0 {
		c := d.container()
		old := c.Content[i]
		if !d.list {
			old = c.Content[i+1]
		}
		var cur any
		if err := old.Decode(&cur); err == nil && reflect.DeepEqual(normalize(cur), normalize(v)) {
			return nil
		}
		if d.list {
			c.Content[i] = &n
		} else {
			c.Content[i+1] = &n
		}
		d.dirty = true
		return nil
	}
	c := d.container()
	if c == nil {
		top := d.root.Content[0]
		c = &yaml.Node{}
		top.Content = append(top.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: d.key}, c)
	}
	if c.Kind == yaml.ScalarNode {
		*c = yaml.Node{}
	}
	if len(c.Content) == 0 && d.root.Content[0].Style&yaml.FlowStyle == 0 {
		// An empty mapping is written {} (init emptied it, or the user
		// did), and read back so it is in flow style, which its entries
		// then took: --undo put a Goose server back as
		// "extensions: {gh: {type: stdio, …}}" among block-style
		// neighbours. Entries go in block style, like the file's.
		c.Style &^= yaml.FlowStyle
	}
	if d.list {
		c.Kind, c.Tag = yaml.SequenceNode, "!!seq"
		c.Content = append(c.Content, &n)
	} else {
		c.Kind, c.Tag = yaml.MappingNode, "!!map"
		c.Content = append(c.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: name}, &n)
	}
	d.dirty = true
	return nil
}

// node returns the entry's node (for a mapping, its value's), or nil.
func (d *yamlDoc) node(name string) *yaml.Node {
	i := d.index(name)
	if i < 0 {
		return nil
	}
	if d.list {
		return d.container().Content[i]
	}
	return d.container().Content[i+1]
}

func (d *yamlDoc) text(name string) string {
	n := d.node(name)
	if n == nil {
		return ""
	}
	b, err := yaml.Marshal(n)
	if err != nil {
		return ""
	}
	return string(b)
}

func (d *yamlDoc) insert(name string, value map[string]any, rec *entryRec) error {
	text := rec.Text
	var try func() error
	var saved yaml.Node
	if d.container() != nil {
		saved = *d.container()
	}
	hadContainer, dirty := d.container() != nil, d.dirty
	if text != "" {
		try = func() error {
			var n yaml.Node
			if err := yaml.Unmarshal([]byte(text), &n); err != nil || len(n.Content) != 1 {
				return fmt.Errorf("unreadable text")
			}
			room := map[string]any{}
			if d.list {
				// A list's item is found by its name field: without one
				// the room was not found, and the server went back as
				// set writes it (its keys sorted), not as it was.
				room["name"] = name
			}
			if err := d.set(name, room); err != nil { // make room
				return err
			}
			i := d.index(name)
			if i < 0 {
				return fmt.Errorf("not inserted")
			}
			if d.list {
				d.container().Content[i] = n.Content[0]
			} else {
				d.container().Content[i+1] = n.Content[0]
			}
			return nil
		}
	}
	restore := func() {
		if c := d.container(); c != nil {
			if hadContainer {
				*c = saved
			} else {
				top := d.root.Content[0]
				top.Content = top.Content[:len(top.Content)-2]
			}
		}
		d.dirty = dirty
	}
	return insertChecked(d, name, value, try, func() error { return d.set(name, value) }, restore)
}

func (d *yamlDoc) missing() int    { return 0 }
func (d *yamlDoc) prune(int) error { return nil }

func (d *yamlDoc) value() (any, error) {
	var v any
	if err := d.root.Decode(&v); err != nil {
		return nil, err
	}
	return normalize(v), nil
}

func (d *yamlDoc) bytes() []byte {
	if !d.dirty {
		return d.orig
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(d.root); err != nil {
		return d.orig
	}
	_ = enc.Close()
	if bytes.HasPrefix(d.orig, []byte("\ufeff")) {
		// The encoder writes none: a byte-order mark was dropped.
		return append([]byte("\ufeff"), b.Bytes()...)
	}
	return b.Bytes()
}
