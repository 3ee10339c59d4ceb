package trust

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CleanText removes hidden characters ([Hidden]) from s, except '\r',
// which stays so that data such as CRLF files is returned as it was; it is
// meant for backend data (tool results) on its way to the model, where the
// text is data, not a description. It returns s itself when nothing is
// hidden.
func CleanText(s string) string {
	if !strings.ContainsFunc(s, hiddenInData) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if hiddenInData(r) {
			return -1
		}
		return r
	}, s)
}

func hiddenInData(r rune) bool { return r != '\r' && Hidden(r) }

// CleanResult strips hidden characters (see [CleanText]) from the text a
// tool result shows the model, in place: text content, embedded text
// resources, resource links' name, title and description, and every string
// (keys included) of structuredContent. Images, audio and blobs are left
// alone. It reports whether anything changed. A nil result is fine.
func CleanResult(r *mcp.CallToolResult) bool {
	if r == nil {
		return false
	}
	changed := false
	clean := func(p *string) {
		if c := CleanText(*p); c != *p {
			*p, changed = c, true
		}
	}
	for _, c := range r.Content {
		switch x := c.(type) {
		case *mcp.TextContent:
			clean(&x.Text)
		case *mcp.EmbeddedResource:
			if x.Resource != nil {
				clean(&x.Resource.Text)
			}
		case *mcp.ResourceLink:
			clean(&x.Name)
			clean(&x.Title)
			clean(&x.Description)
		}
	}
	if r.StructuredContent != nil {
		if v, ok := cleanValue(r.StructuredContent); ok {
			r.StructuredContent, changed = v, true
		}
	}
	return changed
}

// CleanJSON returns raw, a JSON value a backend sent that reaches the
// client as it is (a log message's data), with hidden characters (see
// [CleanText]) stripped from every string and key; raw itself when
// nothing is hidden or it is not valid JSON.
func CleanJSON(raw json.RawMessage) json.RawMessage {
	c, _ := cleanValue(raw)
	return c.(json.RawMessage)
}

// cleanValue returns v with hidden characters stripped from every string
// and key, and whether anything changed. JSON kept as json.RawMessage or
// []byte is decoded and re-encoded only when it changes.
func cleanValue(v any) (any, bool) {
	switch x := v.(type) {
	case string:
		c := CleanText(x)
		return c, c != x
	case json.RawMessage:
		if !bytes.ContainsFunc(x, hiddenInData) && !bytes.Contains(x, []byte(`\u`)) {
			return v, false
		}
		d, err := decodeJSON(x)
		if err != nil {
			return v, false
		}
		c, ok := cleanValue(d)
		if !ok {
			return v, false
		}
		b, err := json.Marshal(c)
		if err != nil {
			return v, false
		}
		return json.RawMessage(b), true
	case []any:
		changed := false
		for i, e := range x {
			if c, ok := cleanValue(e); ok {
				x[i], changed = c, true
			}
		}
		return x, changed
	case map[string]any:
		changed := false
		for k, e := range x {
			c, ok := cleanValue(e)
			if ck := CleanText(k); ck != k {
				delete(x, k)
				k, changed = ck, true
			}
			if ok {
				changed = true
			}
			x[k] = c
		}
		return x, changed
	case map[string]string:
		changed := false
		for k, e := range x {
			ck, ce := CleanText(k), CleanText(e)
			if ck != k || ce != e {
				delete(x, k)
				x[ck], changed = ce, true
			}
		}
		return x, changed
	case []string:
		changed := false
		for i, e := range x {
			if c := CleanText(e); c != e {
				x[i], changed = c, true
			}
		}
		return x, changed
	}
	return v, false
}

// CleanSchema returns a JSON Schema (or any JSON) with hidden characters
// removed from every string value ([Sanitize]), the form the model sees
// in declarations and in directly exposed tools. Object keys (parameter
// names) are kept as they are: they are what the backend expects, and a
// hidden character in one makes [Inspect] block the tool. Raw is returned
// as it is when nothing changes or it is not valid JSON.
func CleanSchema(raw json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(raw)) == 0 {
		return raw
	}
	v, err := decodeJSON(raw)
	if err != nil {
		return raw
	}
	c, changed := sanitizeStrings(v)
	if !changed {
		return raw
	}
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(c); err != nil {
		return raw
	}
	return json.RawMessage(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func sanitizeStrings(v any) (any, bool) {
	switch x := v.(type) {
	case string:
		c, changed := Sanitize(x)
		return c, changed
	case []any:
		changed := false
		for i, e := range x {
			if c, ok := sanitizeStrings(e); ok {
				x[i], changed = c, true
			}
		}
		return x, changed
	case map[string]any:
		changed := false
		for k, e := range x {
			if c, ok := sanitizeStrings(e); ok {
				x[k], changed = c, true
			}
		}
		return x, changed
	}
	return v, false
}
