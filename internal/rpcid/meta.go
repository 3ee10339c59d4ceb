package rpcid

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Bounds of a request's params._meta. It carries a progress token and,
// from 2026-07-28, the protocol version, the client's info and its
// capabilities: a few hundred bytes. The SDK decodes the capabilities
// from it again at each accessor: 200,000 keys there (5 MB) took 3 to
// 7 s of a core per request, 1.6 s under another key of _meta.
const (
	MaxMetaBytes   = 64 << 10
	MaxMetaMembers = 1000
)

// OddMeta returns why msg, a JSON-RPC message, is refused for the size
// of its params._meta (over MaxMetaBytes, or over MaxMetaMembers keys
// and array elements at any depth); "" when it is within them, has
// none, or is not JSON (the SDK answers that). A message without the
// text "_meta" is not decoded.
func OddMeta(msg []byte) string {
	if !bytes.Contains(msg, []byte(`"_meta"`)) {
		return ""
	}
	var m struct {
		Params struct {
			Meta json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(msg, &m) != nil {
		return ""
	}
	meta := m.Params.Meta
	if len(meta) > MaxMetaBytes {
		return fmt.Sprintf("params._meta is %d bytes; at most %d are accepted (it carries a progress token, the protocol version, the client's info and capabilities: a few hundred bytes); send a smaller _meta", len(meta), MaxMetaBytes)
	}
	if n := members(meta, MaxMetaMembers); n > MaxMetaMembers {
		return fmt.Sprintf("params._meta holds more than %d keys and array elements; at most %d are accepted (it carries a progress token, the protocol version, the client's info and capabilities); send a smaller _meta", MaxMetaMembers, MaxMetaMembers)
	}
	return ""
}

// members counts the keys of objects and the elements of arrays in b,
// valid JSON, at any depth, stopping once past max.
func members(b []byte, max int) int {
	n := 0
	var stack []byte // '{' or '['
	for i := 0; i < len(b) && n <= max; i++ {
		switch c := b[i]; c {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			stack = append(stack, c)
			if c == '[' {
				// An element starts unless the array is empty.
				j := i + 1
				for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\r' || b[j] == '\n') {
					j++
				}
				if j < len(b) && b[j] != ']' {
					n++
				}
			}
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ':':
			n++
		case ',':
			if len(stack) > 0 && stack[len(stack)-1] == '[' {
				n++
			}
		}
	}
	return n
}
