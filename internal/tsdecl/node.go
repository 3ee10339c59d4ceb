package tsdecl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxNest bounds how deeply nested a decoded JSON value may be; deeper
// documents are rejected as broken schemas.
const maxNest = 256

// kind is the JSON type of a node.
type kind uint8

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

// node is a decoded JSON value that keeps object keys in document order.
// A nil *node means "absent"; methods are nil-safe.
type node struct {
	kind  kind
	b     bool     // kBool
	text  string   // kString value, kNumber literal text
	keys  []string // kObject, in first-occurrence order
	vals  []*node  // kObject values (last occurrence wins), kArray items
	index map[string]int
}

var errTrailing = errors.New("trailing data after JSON value")

// decode parses one JSON value, preserving object key order. It rejects
// trailing data and nesting deeper than maxNest.
func decode(data []byte) (*node, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	n, err := decodeValue(d, 0)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errTrailing
	}
	return n, nil
}

func decodeValue(d *json.Decoder, depth int) (*node, error) {
	if depth > maxNest {
		return nil, fmt.Errorf("nesting deeper than %d", maxNest)
	}
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case nil:
		return &node{kind: kNull}, nil
	case bool:
		return &node{kind: kBool, b: v}, nil
	case json.Number:
		return &node{kind: kNumber, text: v.String()}, nil
	case string:
		return &node{kind: kString, text: v}, nil
	case json.Delim:
		switch v {
		case '[':
			n := &node{kind: kArray}
			for d.More() {
				item, err := decodeValue(d, depth+1)
				if err != nil {
					return nil, err
				}
				n.vals = append(n.vals, item)
			}
			_, err := d.Token() // ']'
			return n, err
		case '{':
			n := &node{kind: kObject, index: map[string]int{}}
			for d.More() {
				kt, err := d.Token()
				if err != nil {
					return nil, err
				}
				key, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("object key %v is not a string", kt)
				}
				val, err := decodeValue(d, depth+1)
				if err != nil {
					return nil, err
				}
				if i, dup := n.index[key]; dup {
					n.vals[i] = val
					continue
				}
				n.index[key] = len(n.keys)
				n.keys = append(n.keys, key)
				n.vals = append(n.vals, val)
			}
			_, err := d.Token() // '}'
			return n, err
		}
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// get returns the value of key in an object node, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != kObject {
		return nil
	}
	if i, ok := n.index[key]; ok {
		return n.vals[i]
	}
	return nil
}

// has reports whether an object node has key.
func (n *node) has(key string) bool { return n.get(key) != nil }

// str returns the string value of key, or "" when absent or not a string.
func (n *node) str(key string) string {
	if v := n.get(key); v != nil && v.kind == kString {
		return v.text
	}
	return ""
}

// isObject reports whether n is a JSON object.
func (n *node) isObject() bool { return n != nil && n.kind == kObject }

// items returns the elements of an array node (nil otherwise).
func (n *node) items() []*node {
	if n == nil || n.kind != kArray {
		return nil
	}
	return n.vals
}

// writeJSON appends compact JSON for n to b, HTML characters unescaped.
// It stops adding once b holds more than limit bytes (limit <= 0: no limit).
func (n *node) writeJSON(b *strings.Builder, limit int) {
	if limit > 0 && b.Len() > limit {
		return
	}
	switch n.kind {
	case kNull:
		b.WriteString("null")
	case kBool:
		if n.b {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case kNumber:
		b.WriteString(n.text)
	case kString:
		b.WriteString(quote(n.text))
	case kArray:
		b.WriteByte('[')
		for i, v := range n.vals {
			if i > 0 {
				b.WriteByte(',')
			}
			v.writeJSON(b, limit)
		}
		b.WriteByte(']')
	case kObject:
		b.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(quote(k))
			b.WriteByte(':')
			n.vals[i].writeJSON(b, limit)
		}
		b.WriteByte('}')
	}
}

// quote returns s as a JSON string literal, which is also a valid
// TypeScript string literal. HTML characters are left unescaped; U+2028
// and U+2029 are escaped.
func quote(s string) string {
	var buf bytes.Buffer
	e := json.NewEncoder(&buf)
	e.SetEscapeHTML(false)
	_ = e.Encode(s) // a string always encodes
	return strings.TrimSuffix(buf.String(), "\n")
}

// keysOrNil returns the keys of an object node in document order, or nil.
func (n *node) keysOrNil() []string {
	if !n.isObject() {
		return nil
	}
	return n.keys
}
