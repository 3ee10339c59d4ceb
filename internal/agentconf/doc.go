package agentconf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"gopkg.in/yaml.v3"
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
}

func newJSONDoc(data []byte, key []string) (*jsonDoc, error) {
	root, err := parseJSONC(data)
	if err != nil {
		return nil, err
	}
	if root.kind != '{' {
		return nil, fmt.Errorf("the file must hold a JSON object")
	}
	return &jsonDoc{data: data, key: key}, nil
}

func (d *jsonDoc) entries() ([]entry, error) {
	root, err := parseJSONC(d.data)
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

func (d *jsonDoc) remove(name string) error {
	out, err := jsoncRemove(d.data, d.key, name)
	if err == nil {
		d.data = out
	}
	return err
}

func (d *jsonDoc) set(name string, v any) error {
	out, err := jsoncSet(d.data, d.key, name, v)
	if err == nil {
		d.data = out
	}
	return err
}

func (d *jsonDoc) bytes() []byte { return d.data }

// --- TOML (Codex) ---

type tomlDoc struct {
	data  []byte
	table string
}

func newTOMLDoc(data []byte, table string) (*tomlDoc, error) {
	m, _, err := decodeTOML(data)
	if err != nil {
		return nil, err
	}
	if v, ok := m[table]; ok {
		if _, ok := v.(map[string]any); !ok {
			return nil, fmt.Errorf("%s must be a table", table)
		}
	}
	return &tomlDoc{data: data, table: table}, nil
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
	return d.edit(name, func(b []byte) ([]byte, error) { return tomlRemove(b, d.table, name) })
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

// --- YAML (Goose: a map of extensions; Continue: a list of servers) ---

type yamlDoc struct {
	orig  []byte
	root  *yaml.Node // the document node
	key   string
	list  bool // a sequence of mappings with a name field
	dirty bool
}

func newYAMLDoc(data []byte, key string, list bool) (*yamlDoc, error) {
	d := &yamlDoc{orig: data, key: key, list: list, root: &yaml.Node{}}
	if err := yaml.Unmarshal(data, d.root); err != nil {
		return nil, err
	}
	if d.root.Kind == 0 {
		d.root = &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
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
	return d, nil
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
			name := ""
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == "name" {
						name = n.Content[i+1].Value
					}
				}
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
		c.Content = append(c.Content[:i], c.Content[i+n:]...)
		d.dirty = true
	}
}

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
	return b.Bytes()
}
