package server

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// cleanText strips hidden Unicode (zero-width, bidi controls, tag
// characters, ...) from text a backend returned, before the model sees it.
func cleanText(s string) string { return trust.CleanText(s) }

// cleanResult returns res with hidden Unicode stripped from every text
// the model may read: text blocks, embedded text resources, resource
// links' names and descriptions, the strings (values and keys) of
// structuredContent, and those of the result's and each block's _meta
// (a client may show them, or hand them to the model). res itself is not
// changed.
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
			cc.Text, cc.Meta = cleanText(c.Text), cleanMeta(c.Meta)
			out.Content[i] = &cc
		case *mcp.EmbeddedResource:
			cc := *c
			cc.Meta = cleanMeta(c.Meta)
			if c.Resource != nil && (c.Resource.Text != "" || len(c.Resource.Meta) > 0) {
				r := *c.Resource
				r.Text, r.Meta = cleanText(r.Text), cleanMeta(r.Meta)
				cc.Resource = &r
			}
			out.Content[i] = wireSafe(&cc)
		case *mcp.ResourceLink:
			cc := *c
			cc.Name, cc.Title, cc.Description, cc.Meta = cleanText(c.Name), cleanText(c.Title), cleanText(c.Description), cleanMeta(c.Meta)
			out.Content[i] = wireSafe(&cc)
		case *mcp.ImageContent:
			cc := *c
			cc.Meta = cleanMeta(c.Meta)
			out.Content[i] = wireSafe(&cc)
		case *mcp.AudioContent:
			cc := *c
			cc.Meta = cleanMeta(c.Meta)
			out.Content[i] = wireSafe(&cc)
		default:
			out.Content[i] = c
		}
	}
	if res.StructuredContent != nil {
		out.StructuredContent = cleanValue(res.StructuredContent)
	}
	out.Meta = cleanMeta(res.Meta)
	return &out
}

// cleanMeta returns m with hidden Unicode stripped from its keys and
// strings, keeping every key (a result's reserved ones included); m
// itself when empty.
func cleanMeta(m mcp.Meta) mcp.Meta {
	if len(m) == 0 {
		return m
	}
	out := make(mcp.Meta, len(m))
	for k, v := range m {
		out[cleanText(k)] = cleanValue(v)
	}
	return out
}

// wireSafe returns c, a block the SDK decoded, in a form the SDK encodes
// as a valid block. The SDK omits empty strings: an embedded resource
// whose text is "" (valid) went out with neither text nor blob, a
// resource link with an empty name or URI without them, and a resource
// block with no resource as it came; a client that checks blocks (the
// TypeScript SDK) then refused the whole result. An empty resource keeps
// its URI and MIME type with an empty blob, a link without a name is
// named by its URI, and a block without contents becomes a text block
// that says so. So does an image or audio block without data, or whose
// MIME type is not an image's (an audio's): a client hands an image block
// to its model's API, which refused the request for one with no media type
// or another kind's, and the tool result, kept in the conversation, failed
// every later turn of the agent.
func wireSafe(c mcp.Content) mcp.Content {
	switch c := c.(type) {
	case *mcp.ImageContent:
		if note := mediaProblem("an image", "image/", c.MIMEType, len(c.Data)); note != "" {
			return &mcp.TextContent{Text: note}
		}
	case *mcp.AudioContent:
		if note := mediaProblem("an audio clip", "audio/", c.MIMEType, len(c.Data)); note != "" {
			return &mcp.TextContent{Text: note}
		}
	case *mcp.EmbeddedResource:
		if c.Resource == nil || c.Resource.URI == "" {
			return &mcp.TextContent{Text: "[switchboard: the backend sent an embedded resource without a URI or contents; dropped]"}
		}
		if c.Resource.Text == "" && c.Resource.Blob == nil {
			r := *c.Resource
			r.Blob = []byte{}
			cc := *c
			cc.Resource = &r
			return &cc
		}
	case *mcp.ResourceLink:
		if c.URI == "" {
			return &mcp.TextContent{Text: "[switchboard: the backend sent a resource link without a URI; dropped]"}
		}
		if c.Name == "" {
			cc := *c
			cc.Name = c.URI
			return &cc
		}
	}
	return c
}

// mediaProblem is the note that replaces a media block (what: "an
// image") with no data or a MIME type not under prefix, or "".
func mediaProblem(what, prefix, mime string, size int) string {
	m := strings.ToLower(strings.TrimSpace(mime))
	switch {
	case size == 0:
		return fmt.Sprintf("[switchboard: the backend sent %s without data; dropped]", what)
	case !strings.HasPrefix(m, prefix) || len(m) == len(prefix):
		return fmt.Sprintf("[switchboard: the backend sent %s of MIME type %s, which is not %s*; dropped, as a client's model would refuse it]", what, echo.Quote(mime), prefix)
	}
	return ""
}

// objectStructured returns res as a client may take it on the paths that
// pass a backend's result through (call_tool, exposed tools):
// structuredContent that is not a JSON object (MCP requires one; the
// TypeScript SDK refused the whole result) is taken out, its JSON
// becoming the text when the result has no content. A tool that declares
// an outputSchema must return structured content, so then the result is
// an error naming the tool (what) and what it sent; one that sent none
// (the TypeScript SDK's client throws "has an output schema but did not
// return structured content", and the content is lost) is an error too,
// the backend's content after it.
func objectStructured(what string, res *mcp.CallToolResult, declared bool) *mcp.CallToolResult {
	if res != nil && res.StructuredContent == nil && declared && !res.IsError {
		out := errorResult("%s: the backend returned no structuredContent, though its tool declares an outputSchema (MCP requires it); what it returned follows", what)
		out.Content = append(out.Content, res.Content...)
		out.Meta = res.Meta
		return out
	}
	if res == nil || res.StructuredContent == nil {
		return res
	}
	if _, ok := res.StructuredContent.(map[string]any); ok {
		return res
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		b = []byte(fmt.Sprintf("%v", res.StructuredContent))
	}
	if declared && !res.IsError {
		return errorResult("%s: the backend returned structuredContent that is %s, not an object (MCP requires an object; its tool declares an outputSchema)", what, jsonKind(b))
	}
	out := *res
	out.StructuredContent = nil
	if len(out.Content) == 0 {
		out.Content = []mcp.Content{&mcp.TextContent{Text: string(b)}}
	}
	return &out
}

// Bounds of what outputChecker validates. Validation costs up to the
// schema's nodes times the value's, and a $ref that recurses through
// anyOf made it exponential in the value's depth (a 2-branch anyOf and a
// value 22 deep took 21 s of a core, uncancellable): a schema with a
// reference, more than maxCheckedNodes objects or over maxCheckedSchema
// bytes, or a value over maxCheckedValue bytes, is not checked.
const (
	maxCheckedSchema = 64 << 10
	maxCheckedNodes  = 500
	maxCheckedValue  = 64 << 10
)

// outputChecker returns what checks a result of an exposed tool against
// its outputSchema (the schema the client is given, or nil): a success
// whose structuredContent does not match becomes an error naming the tool
// (what) and the mismatch, the backend's content after it, as a client
// that validates would refuse it (the TypeScript SDK's throws "Structured
// content does not match the tool's output schema", naming neither server
// nor tool, and the content is lost). A schema the validator cannot
// resolve (a draft it does not know) or one over the bounds above checks
// nothing.
func outputChecker(schema any) func(what string, res *mcp.CallToolResult) *mcp.CallToolResult {
	pass := func(_ string, res *mcp.CallToolResult) *mcp.CallToolResult { return res }
	raw, ok := schema.(json.RawMessage)
	if !ok || len(raw) > maxCheckedSchema || !checkable(raw) {
		return pass
	}
	var js jsonschema.Schema
	if json.Unmarshal(raw, &js) != nil {
		return pass
	}
	resolved, err := js.Resolve(nil)
	if err != nil {
		return pass
	}
	return func(what string, res *mcp.CallToolResult) *mcp.CallToolResult {
		if res == nil || res.IsError || res.StructuredContent == nil {
			return res
		}
		if b, err := json.Marshal(res.StructuredContent); err != nil || len(b) > maxCheckedValue {
			return res
		}
		err := resolved.Validate(res.StructuredContent)
		if err == nil {
			return res
		}
		out := errorResult("%s: the backend's structuredContent does not match its tool's outputSchema (%s); what it returned follows", what, bound(err.Error(), 1<<10))
		out.Content = append(out.Content, res.Content...)
		if len(res.Content) == 0 {
			b, _ := json.Marshal(res.StructuredContent)
			out.Content = append(out.Content, &mcp.TextContent{Text: string(b)})
		}
		out.Meta = res.Meta
		return out
	}
}

// checkable reports whether schema raw has no reference ($ref,
// $dynamicRef, $recursiveRef) and at most maxCheckedNodes objects.
func checkable(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	nodes := 0
	var walk func(v any) bool
	walk = func(v any) bool {
		switch v := v.(type) {
		case map[string]any:
			if nodes++; nodes > maxCheckedNodes {
				return false
			}
			for k, e := range v {
				if k == "$ref" || k == "$dynamicRef" || k == "$recursiveRef" || !walk(e) {
					return false
				}
			}
		case []any:
			for _, e := range v {
				if !walk(e) {
					return false
				}
			}
		}
		return true
	}
	return walk(v)
}

// jsonKind names the kind of a JSON value in a sentence: "an array",
// "a string", ... (jsonValueKind without the article).
func jsonKind(b []byte) string {
	switch k := jsonValueKind(b); k {
	case "nothing":
		return "empty"
	case "null":
		return k
	case "bool":
		return "a boolean"
	case "array", "object":
		return "an " + k
	default:
		return "a " + k
	}
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

// executeOutputSchema is the execute tool's outputSchema: structured
// content is the script's value, an object; any other value is wrapped
// as {"result": value}. Content blocks in it are replaced by the text
// that refers to them ("[image 1: image/png, 1.2 kB]").
const executeOutputSchema = `{"type":"object","description":"The script's returned value when it is an object, else {\"result\": value}. Image, audio and resource blocks in it are sent as content blocks and appear here as \"[image 1: image/png, 1.2 kB]\"."}`

// withOutputSchema gives the execute tool t its outputSchema (and keeps
// it for switchboard://status).
func (s *Server) withOutputSchema(t *mcp.Tool) *mcp.Tool {
	t.OutputSchema = json.RawMessage(executeOutputSchema)
	s.res.mu.Lock()
	s.res.execute = t
	s.res.mu.Unlock()
	return t
}

// richResult turns the result of a script (the JSON of its value in the
// first text block, from ResultOf) into the execute result the client
// gets: every image, audio, resource_link and embedded resource block the
// value holds (objects of exactly the shapes of MCP content blocks, as a
// script sees a tool's non-text result) is sent as a content block after
// the value's text, and replaced in the text by a reference
// ("[image 1: image/png, 1.2 kB]"); the value also goes out as
// structuredContent (non-objects wrapped as {"result": value}). An error
// result is returned as it is. limit is settings.maxResultBytes: when the
// structured copy does not fit with the content, structuredContent says
// so instead of carrying the value.
func richResult(res *mcp.CallToolResult, limit int) *mcp.CallToolResult {
	if res == nil || res.IsError || len(res.Content) == 0 {
		return res
	}
	first, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		return res
	}
	out := *res
	if raw := strings.TrimSpace(first.Text); noBlocks(raw) {
		// Nothing to extract: the value goes out as structuredContent as
		// it is, without being decoded and encoded again.
		out.Content = slices.Clone(res.Content)
		if raw[0] == '{' {
			out.StructuredContent = json.RawMessage(raw)
		} else {
			out.StructuredContent = map[string]any{"result": json.RawMessage(raw)}
		}
		return limitStructured(&out, limit)
	}
	var v any
	dec := json.NewDecoder(strings.NewReader(first.Text))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		v = first.Text // not JSON (never from a script): the text is the value
	}
	var blocks []mcp.Content
	v = extractBlocks(v, &blocks)
	text := first.Text
	if len(blocks) > 0 {
		b, err := json.Marshal(v)
		if err != nil {
			return res
		}
		text = string(b)
	}
	out.Content = make([]mcp.Content, 0, len(res.Content)+len(blocks))
	out.Content = append(out.Content, &mcp.TextContent{Text: text})
	out.Content = append(out.Content, blocks...)
	out.Content = append(out.Content, res.Content[1:]...)
	if m, ok := v.(map[string]any); ok {
		out.StructuredContent = m
	} else {
		out.StructuredContent = map[string]any{"result": v}
	}
	return limitStructured(&out, limit)
}

// structuredSize is the bytes of JSON sc takes; a raw value, as richResult
// passes it on, is not encoded to learn that.
func structuredSize(sc any) int {
	switch v := sc.(type) {
	case json.RawMessage:
		return len(v)
	case map[string]any:
		if r, ok := v["result"].(json.RawMessage); ok && len(v) == 1 {
			return len(r) + len(`{"result":}`)
		}
	}
	b, _ := json.Marshal(sc)
	return len(b)
}

// noBlocks reports whether raw is JSON that cannot hold a content block
// (see blockOf): it has no "type" key, written plainly or with escapes.
func noBlocks(raw string) bool {
	return raw != "" && !strings.Contains(raw, `"type"`) && !strings.Contains(raw, `\u`) && json.Valid([]byte(raw))
}

// limitStructured replaces out's structuredContent with a note when it
// would take the result past limit bytes (limit <= 0: no limit).
func limitStructured(out *mcp.CallToolResult, limit int) *mcp.CallToolResult {
	if limit > 0 {
		size := 0
		for _, c := range out.Content {
			size += contentSize(c)
		}
		if sc := structuredSize(out.StructuredContent); size+sc > limit {
			// The client reads the value from the text block; a client
			// that reads structured output still gets an object (the
			// TypeScript SDK refuses a result without one).
			out.StructuredContent = map[string]any{"omitted": fmt.Sprintf("the value (%d bytes) is in the text content only: with it, the result would pass the %d-byte limit (settings.maxResultBytes)", sc, limit)}
		}
	}
	return out
}

// extractBlocks returns v with every content block it holds (see
// blockOf) replaced by a reference, appending the blocks to blocks in
// the order met (object keys sorted, as they are marshalled).
func extractBlocks(v any, blocks *[]mcp.Content) any {
	switch x := v.(type) {
	case map[string]any:
		if c, ref := blockOf(x, len(*blocks)+1); c != nil {
			*blocks = append(*blocks, c)
			return ref
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			x[k] = extractBlocks(x[k], blocks)
		}
		return x
	case []any:
		for i := range x {
			x[i] = extractBlocks(x[i], blocks)
		}
		return x
	}
	return v
}

// blockOf recognises an MCP content block other than text in a script's
// value: {type:"image"|"audio", mimeType, data (base64)},
// {type:"resource_link", uri, name, ...} and {type:"resource",
// resource:{uri, text|blob, ...}}, exactly as the SDK marshals them (a
// tool's non-text result as a script sees it). It returns the block and
// the text that refers to it, numbered n; nil when m is no such block.
func blockOf(m map[string]any, n int) (mcp.Content, string) {
	typ, _ := m["type"].(string)
	switch typ {
	case "image", "audio", "resource_link", "resource":
	default:
		return nil, ""
	}
	switch {
	case (typ == "image" || typ == "audio") && !hasStrings(m, "mimeType", "data"),
		typ == "resource_link" && !hasStrings(m, "uri", "name"):
		return nil, ""
	case typ == "resource":
		r, ok := m["resource"].(map[string]any)
		if !ok || !hasStrings(r, "uri") || !hasStrings(r, "text") && !hasStrings(r, "blob") {
			return nil, ""
		}
	}
	// The SDK decodes the block as it would from a backend's result
	// (base64 data checked), so what goes out is a valid block.
	b, err := json.Marshal(map[string]any{"content": []any{m}})
	if err != nil {
		return nil, ""
	}
	var r mcp.CallToolResult
	if json.Unmarshal(b, &r) != nil || len(r.Content) != 1 {
		return nil, ""
	}
	switch c := wireSafe(r.Content[0]).(type) {
	case *mcp.ImageContent:
		return c, fmt.Sprintf("[image %d: %s, %s]", n, c.MIMEType, sizeText(len(c.Data)))
	case *mcp.AudioContent:
		return c, fmt.Sprintf("[audio %d: %s, %s]", n, c.MIMEType, sizeText(len(c.Data)))
	case *mcp.ResourceLink:
		return c, fmt.Sprintf("[resource link %d: %s]", n, c.URI)
	case *mcp.EmbeddedResource:
		if c.Resource == nil {
			return nil, ""
		}
		mime := c.Resource.MIMEType
		if mime == "" {
			mime = "no MIME type"
		}
		return c, fmt.Sprintf("[resource %d: %s, %s, %s]", n, c.Resource.URI, mime, sizeText(len(c.Resource.Text)+len(c.Resource.Blob)))
	}
	return nil, ""
}

// hasStrings reports whether m has a string under each key.
func hasStrings(m map[string]any, keys ...string) bool {
	for _, k := range keys {
		if _, ok := m[k].(string); !ok {
			return false
		}
	}
	return true
}

// sizeText is a byte count for a reference: "812 B", "1.2 kB", "3.4 MB".
func sizeText(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f kB", float64(n)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// executeResult is the execute result of a script's result (from
// ResultOf): content blocks extracted and structuredContent set
// (richResult), then bounded by limit (boundResult). A successful result
// always has structuredContent, as execute declares an outputSchema:
// when bounding dropped it, it says so.
func executeResult(res *mcp.CallToolResult, limit int) *mcp.CallToolResult {
	out := boundResult("the script", richResult(res, limit), limit)
	if out != nil && !out.IsError && out.StructuredContent == nil {
		out.StructuredContent = map[string]any{"omitted": fmt.Sprintf("the value is not here: the result passed the %d-byte limit (settings.maxResultBytes); see the text content", limit)}
	}
	return out
}
