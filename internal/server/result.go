package server

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// cleanText strips hidden Unicode (zero-width, bidi controls, tag
// characters, ...) from text a backend returned, before the model sees it.
func cleanText(s string) string { return trust.CleanText(s) }

// cleanResult returns res with hidden Unicode stripped from every text
// the model may read: text blocks, embedded text resources, resource
// links' names and descriptions, and the strings (values and keys) of
// structuredContent. res itself is not changed.
func cleanResult(res *mcp.CallToolResult) *mcp.CallToolResult {
	if res == nil {
		return nil
	}
	out := *res
	out.Content = make([]mcp.Content, len(res.Content))
	for i, c := range res.Content {
		switch c := c.(type) {
		case *mcp.TextContent:
			cc := *c
			cc.Text = cleanText(c.Text)
			out.Content[i] = &cc
		case *mcp.EmbeddedResource:
			cc := *c
			if c.Resource != nil && c.Resource.Text != "" {
				r := *c.Resource
				r.Text = cleanText(r.Text)
				cc.Resource = &r
			}
			out.Content[i] = &cc
		case *mcp.ResourceLink:
			cc := *c
			cc.Name, cc.Title, cc.Description = cleanText(c.Name), cleanText(c.Title), cleanText(c.Description)
			out.Content[i] = &cc
		default:
			out.Content[i] = c
		}
	}
	if res.StructuredContent != nil {
		out.StructuredContent = cleanValue(res.StructuredContent)
	}
	return &out
}

// cleanValue strips hidden Unicode from the strings of a JSON value. A
// value that is not plain JSON data is marshalled and read back first.
func cleanValue(v any) any {
	switch v := v.(type) {
	case string:
		return cleanText(v)
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[cleanText(k)] = cleanValue(x)
		}
		return m
	case []any:
		a := make([]any, len(v))
		for i, x := range v {
			a[i] = cleanValue(x)
		}
		return a
	case nil, bool, float64, json.Number:
		return v
	}
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var x any
	if json.Unmarshal(b, &x) != nil {
		return v
	}
	return cleanValue(x)
}

// cleanSchema strips hidden Unicode from every string of a JSON schema
// (descriptions, titles, enum values, ...), keeping it valid JSON.
func cleanSchema(r json.RawMessage) json.RawMessage {
	if len(r) == 0 {
		return r
	}
	var v any
	if json.Unmarshal(r, &v) != nil {
		return r
	}
	b, err := json.Marshal(cleanValue(v))
	if err != nil {
		return r
	}
	return b
}

// contentSize is the number of bytes a content block takes on the wire,
// about: its text, or its base64 data, plus a little for the envelope.
func contentSize(c mcp.Content) int {
	const envelope = 32
	switch c := c.(type) {
	case *mcp.TextContent:
		return envelope + len(c.Text)
	case *mcp.ImageContent:
		return envelope + len(c.MIMEType) + base64.StdEncoding.EncodedLen(len(c.Data))
	case *mcp.AudioContent:
		return envelope + len(c.MIMEType) + base64.StdEncoding.EncodedLen(len(c.Data))
	case *mcp.EmbeddedResource:
		if c.Resource == nil {
			return envelope
		}
		return envelope + len(c.Resource.URI) + len(c.Resource.Text) + base64.StdEncoding.EncodedLen(len(c.Resource.Blob))
	}
	b, err := json.Marshal(c)
	if err != nil {
		return envelope
	}
	return len(b)
}

// kindOf names a content block for a note: "image", "audio", "resource".
func kindOf(c mcp.Content) string {
	switch c.(type) {
	case *mcp.ImageContent:
		return "image"
	case *mcp.AudioContent:
		return "audio"
	case *mcp.EmbeddedResource:
		return "embedded resource"
	case *mcp.ResourceLink:
		return "resource link"
	}
	return "content block"
}

// boundResult returns res when its content, structuredContent and _meta
// fit in limit bytes (limit <= 0: no limit); else a copy cut to fit, in
// order: blocks that fit are kept, the first text block that does not is
// cut, other blocks that do not are dropped, then structuredContent and
// _meta are kept only if they still fit. A cut result ends with a text
// block that says what was cut and names the setting. what names the
// source in that note ("github.list_issues").
func boundResult(what string, res *mcp.CallToolResult, limit int) *mcp.CallToolResult {
	if res == nil || limit <= 0 {
		return res
	}
	sizes := make([]int, len(res.Content))
	total := 0
	for i, c := range res.Content {
		sizes[i] = contentSize(c)
		total += sizes[i]
	}
	var structured []byte
	if res.StructuredContent != nil {
		structured, _ = json.Marshal(res.StructuredContent)
		total += len(structured)
	}
	var meta []byte
	if len(res.Meta) > 0 {
		meta, _ = json.Marshal(res.Meta)
		total += len(meta)
	}
	if total <= limit {
		return res
	}
	out := &mcp.CallToolResult{IsError: res.IsError}
	room := limit
	var dropped []string
	cutText := false
	for i, c := range res.Content {
		if sizes[i] <= room {
			out.Content = append(out.Content, c)
			room -= sizes[i]
			continue
		}
		if t, ok := c.(*mcp.TextContent); ok && !cutText && room > 64 {
			tc := *t
			tc.Text = bound(t.Text, room-32)
			out.Content = append(out.Content, &tc)
			room = 0
			cutText = true
			continue
		}
		dropped = append(dropped, fmt.Sprintf("%s (%d bytes)", kindOf(c), sizes[i]))
	}
	if structured != nil {
		if len(structured) <= room {
			out.StructuredContent = res.StructuredContent
			room -= len(structured)
		} else {
			dropped = append(dropped, fmt.Sprintf("structuredContent (%d bytes)", len(structured)))
		}
	}
	if meta != nil {
		if len(meta) <= room {
			out.Meta = res.Meta
		} else {
			dropped = append(dropped, fmt.Sprintf("_meta (%d bytes)", len(meta)))
		}
	}
	note := fmt.Sprintf("[truncated by switchboard: %s returned about %d bytes, more than the %d-byte limit (settings.maxResultBytes)", what, total, limit)
	if cutText {
		note += "; text cut"
	}
	if len(dropped) > 0 {
		note += "; dropped: " + strings.Join(dropped, ", ")
	}
	note += ". Ask for less (a filter, a page, a range), or raise settings.maxResultBytes.]"
	out.Content = append(out.Content, &mcp.TextContent{Text: note})
	return out
}

// boundText cuts text to limit bytes with a note that says so and how to
// get the rest (limit <= 0: no limit).
func boundText(text string, limit int, rest string) string {
	if limit <= 0 || len(text) <= limit {
		return text
	}
	cut := bound(text, limit)
	if i := strings.LastIndexByte(cut, '\n'); i > len(cut)/2 {
		cut = cut[:i+1]
	}
	return cut + fmt.Sprintf("\n// [cut by switchboard at %d of %d bytes (settings.maxResultBytes). %s]\n", len(cut), len(text), rest)
}
