package trust

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Hash is the pin of a tool: the hex SHA-256 of a canonical JSON object
// holding its name, title, description, inputSchema, outputSchema and
// annotations. JSON values are canonicalised (see [CanonicalJSON]), so
// equivalent JSON hashes the same; an absent field and JSON null hash the
// same. A schema that is not valid JSON is hashed as its raw text, so it
// still pins.
func Hash(t Tool) string {
	var b bytes.Buffer
	b.WriteString(`{"annotations":`)
	writeRaw(&b, t.Annotations)
	b.WriteString(`,"description":`)
	writeString(&b, t.Description)
	b.WriteString(`,"inputSchema":`)
	writeRaw(&b, t.InputSchema)
	b.WriteString(`,"name":`)
	writeString(&b, t.Name)
	b.WriteString(`,"outputSchema":`)
	writeRaw(&b, t.OutputSchema)
	b.WriteString(`,"title":`)
	writeString(&b, t.Title)
	b.WriteByte('}')
	sum := sha256.Sum256(b.Bytes())
	return hex.EncodeToString(sum[:])
}

func writeRaw(b *bytes.Buffer, raw json.RawMessage) {
	if len(bytes.TrimSpace(raw)) == 0 {
		b.WriteString("null")
		return
	}
	c, err := CanonicalJSON(raw)
	if err != nil {
		b.WriteString(`{"$invalid":`)
		writeString(b, string(raw))
		b.WriteByte('}')
		return
	}
	b.Write(c)
}

// CanonicalJSON re-encodes a JSON value with object keys sorted, no
// insignificant whitespace, strings escaped minimally (no HTML escaping)
// and numbers in a canonical form (integers as written without a leading
// '+' or redundant zeros; others as the shortest float64 form), so that
// equivalent JSON gives the same bytes. Duplicate keys keep the last value.
// It fails on invalid JSON or data after the value.
func CanonicalJSON(raw []byte) ([]byte, error) {
	v, err := decodeJSON(raw)
	if err != nil {
		return nil, fmt.Errorf("canonicalising JSON: %w", err)
	}
	var b bytes.Buffer
	if err := writeValue(&b, v); err != nil {
		return nil, fmt.Errorf("canonicalising JSON: %w", err)
	}
	return b.Bytes(), nil
}

func writeValue(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case string:
		writeString(b, x)
	case json.Number:
		n, err := canonicalNumber(string(x))
		if err != nil {
			return err
		}
		b.WriteString(n)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeValue(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			if err := writeValue(b, x[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("unexpected JSON value %T", v)
	}
	return nil
}

// canonicalNumber keeps integers exact (any size) and writes other numbers
// in the shortest form that round-trips through float64, so 1.0, 1e0 and 1
// are the same.
func canonicalNumber(s string) (string, error) {
	if !strings.ContainsAny(s, ".eE") {
		neg := strings.HasPrefix(s, "-")
		digits := strings.TrimLeft(strings.TrimPrefix(s, "-"), "0")
		if digits == "" {
			return "0", nil
		}
		if neg {
			return "-" + digits, nil
		}
		return digits, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return s, nil // out of float64 range: keep the literal
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64), nil
	}
	return strconv.FormatFloat(f, 'g', -1, 64), nil
}

func writeString(b *bytes.Buffer, s string) {
	if plainString(s) {
		// What the encoder writes for it, without making one (a tenth
		// of an audit entry's line, which digests a call's arguments).
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	e := json.NewEncoder(b)
	e.SetEscapeHTML(false)
	_ = e.Encode(s)         // strings always encode
	b.Truncate(b.Len() - 1) // Encode's newline
}

// plainString reports whether an encoder without HTML escaping writes s
// as it is between quotes: printable ASCII without a quote or backslash.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
