package daemon

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// msgInfo is what the bridge needs from one JSON-RPC line: its id (raw
// JSON, nil if absent or null) and method (empty if absent).
type msgInfo struct {
	id     []byte
	method string
}

// isRequest reports a request (a method and an id).
func (m msgInfo) isRequest() bool { return m.method != "" && m.id != nil }

// isResponse reports a response (an id and no method).
func (m msgInfo) isResponse() bool { return m.method == "" && m.id != nil }

// scan walks the top-level object of a JSON-RPC line and returns its id
// and method, skipping every other value without decoding it. With
// prefix, it stops at the first "params", "result" or "error" key: the Go
// SDK writes id and method before them, so a daemon line is read only up
// to its body. Input that is not a JSON object yields what was found
// before the problem; scan never panics.
func scan(b []byte, prefix bool) msgInfo {
	var m msgInfo
	i := ws(b, 0)
	if i >= len(b) || b[i] != '{' {
		return m
	}
	i++
	for {
		i = ws(b, i)
		if i >= len(b) || b[i] != '"' {
			return m
		}
		ks := i + 1
		ke, ok := skipString(b, i)
		if !ok {
			return m
		}
		key := b[ks : ke-1]
		i = ws(b, ke)
		if i >= len(b) || b[i] != ':' {
			return m
		}
		i = ws(b, i+1)
		if prefix && (string(key) == "params" || string(key) == "result" || string(key) == "error") {
			return m
		}
		ve, ok := skipValue(b, i)
		if !ok {
			return m
		}
		switch string(key) {
		case "id":
			if v := b[i:ve]; string(v) != "null" {
				m.id = v
			}
		case "method":
			if b[i] == '"' {
				raw := b[i+1 : ve-1]
				if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
					// Else as encoding/json reads it (an invalid byte
					// as U+FFFD), as the daemon's SDK does.
					m.method = string(raw)
				} else {
					json.Unmarshal(b[i:ve], &m.method)
				}
			}
		}
		i = ws(b, ve)
		if i >= len(b) || b[i] != ',' {
			return m
		}
		i++
	}
}

// ws skips JSON whitespace from i.
func ws(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at b[i] == '"'.
func skipString(b []byte, i int) (int, bool) {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, true
		}
	}
	return 0, false
}

// skipValue returns the index after the value starting at b[i].
func skipValue(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return 0, false
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				e, ok := skipString(b, i)
				if !ok {
					return 0, false
				}
				i = e - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, true
				}
			}
		}
		return 0, false
	}
	s := i
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r' {
		i++
	}
	return i, i > s
}

// idKey is the form of a raw JSON id under which the bridge tracks it:
// the raw bytes when they are plain digits or a string without escapes
// (what SDKs write), else the value re-encoded, so that 1.0 and 1, or
// "\u0061" and "a", meet.
func idKey(raw []byte) string {
	plain := len(raw) > 0
	if len(raw) > 0 && raw[0] == '"' {
		plain = bytes.IndexByte(raw, '\\') < 0
	} else {
		for _, c := range raw {
			if (c < '0' || c > '9') && c != '-' {
				plain = false
				break
			}
		}
	}
	if plain {
		return string(raw)
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	if f, ok := v.(float64); ok && f == float64(int64(f)) {
		v = int64(f)
	}
	b, _ := json.Marshal(v)
	return string(b)
}
