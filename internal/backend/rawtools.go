package backend

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/switchboard-mcp/switchboard/internal/nesting"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK client decodes a tool's inputSchema and outputSchema into
// map[string]any, which loses the order of the schema's properties (and
// declarations show parameters in that order). rawTools keeps the
// schemas of tools/list answers as the backend sent them: a connection
// wrapper notes the IDs of outgoing tools/list requests and, when their
// responses arrive, records each tool's schemas by tool name; ListTools
// puts them back on the SDK's tools.

// rawTools holds the last raw schemas seen per tool name (of a name
// listed more than once in one answer, each in its place). Safe for
// concurrent use; the zero value is ready.
type rawTools struct {
	mu        sync.Mutex
	pending   map[jsonrpc.ID]bool
	schemas   map[string][]rawSchemas // in the order of the answer that listed them
	malformed []Malformed             // tools dropped from the answers since the last take
	cutOff    int                     // tools cut from pages past maxListed+1 since the last take

	// order holds each response until the notifications before it are
	// handled (see noteOrder); the connection wrapper is its reader.
	order noteOrder

	// junk, when set, is told of a legacy SSE event dropped (see
	// rawConn.Read). Set before the first connection.
	junk func(error)
	// server names the backend in the errors rawConn makes. Set before
	// the first connection.
	server string
	// log is the backend's, for a panic writing refusals (asks.log).
	log *slog.Logger
	// refusedNote, when set, is told of the 1st, 10th, 100th… request
	// of the backend's refused (see asks). Set before the first
	// connection.
	refusedNote func(n int, method string, answered bool)
	// strayNote, when set, is told of answers under ids no request of
	// ours waits for, at most once a minute (see strays): n since the
	// last note, the last one's id. Set before the first connection.
	strayNote func(n int, id string)
	strays    strays
	// conn is the last connection made (see unreadable).
	conn atomic.Pointer[rawConn]
}

// Malformed is a tool a backend listed whose definition the SDK cannot
// read (annotations that are a string, a name that is a number): it is
// left out of the list, so that the backend's other tools stay usable
// (the SDK refuses a whole list for one such tool), and withheld with the
// reason.
type Malformed struct {
	Name   string // as listed, or "#N" (its place) when it has none
	Reason string
}

// maxMalformed bounds the dropped tools remembered per listing.
const maxMalformed = 100

type rawSchemas struct{ in, out json.RawMessage }

// maxPendingLists bounds the tools/list IDs remembered while their
// answers are outstanding (a backend that never answers must not grow it).
const maxPendingLists = 64

// transport wraps t so that its connections feed r.
func (r *rawTools) transport(t mcp.Transport) mcp.Transport { return &rawTransport{t, r, nil} }

// gated is transport, whose connections also tell gate of each message
// taken (a legacy SSE connection: see sseGate).
func (r *rawTools) gated(t mcp.Transport, gate *sseGate) mcp.Transport {
	return &rawTransport{t, r, gate}
}

type rawTransport struct {
	mcp.Transport
	r    *rawTools
	gate *sseGate
}

func (t *rawTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		if t.gate != nil {
			t.gate.close()
		}
		return nil, err
	}
	t.r.order.reset()
	rc := &rawConn{Connection: c, r: t.r, gate: t.gate, closed: make(chan struct{})}
	rc.asks.log = t.r.log
	t.r.conn.Store(rc)
	return rc, nil
}

// unreadable answers a request of a legacy SSE backend's that the SDK
// cannot decode (see callEvents.unreadable) with an error, written by the
// SDK's connection as any answer of ours; false when there is no
// connection yet, its id is not one the SDK takes or maxRefusals answers
// wait to be written.
func (r *rawTools) unreadable(method string, raw json.RawMessage, size int, why string) bool {
	c := r.conn.Load()
	id, ok := rpcID(raw)
	return c != nil && ok && c.asks.refuseWith(c, id, unreadableError(method, size, why), method, nil)
}

type rawConn struct {
	mcp.Connection
	r    *rawTools
	gate *sseGate

	asks      asks          // the backend's requests waiting for our answer
	ids       sentIDs       // our requests waiting for the backend's answer
	closed    chan struct{} // closed by Close
	closeOnce sync.Once
}

func (c *rawConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return c.Connection.Close()
}

func (c *rawConn) writeRefusal(ctx context.Context, resp *jsonrpc.Response) error {
	return c.Connection.Write(ctx, resp)
}

func (c *rawConn) ended() <-chan struct{} { return c.closed }

func (c *rawConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/list" && req.ID.IsValid() {
		c.r.mu.Lock()
		if c.r.pending == nil {
			c.r.pending = map[jsonrpc.ID]bool{}
		}
		if len(c.r.pending) < maxPendingLists {
			c.r.pending[req.ID] = true
		}
		c.r.mu.Unlock()
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		c.ids.sent(req.ID)
	}
	err := c.Connection.Write(ctx, msg)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.asks.answered(resp.ID)
	}
	return err
}

func (c *rawConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	for {
		if err != nil {
			// The stream's end is io.EOF itself: an event with no data
			// (an id or retry field alone, a named ping), which the SDK
			// queues though SSE dispatches none, fails to decode with an
			// error wrapping io.EOF, and ended the session.
			if c.gate == nil || ctx.Err() != nil || err == io.EOF {
				break
			}
			c.gate.took()
			if errors.Is(err, io.EOF) {
				msg, err = c.Connection.Read(ctx) // no data: nothing to say
				continue
			}
			// A legacy SSE connection's Read fails only when it ends
			// (io.EOF, ctx) or on an event it cannot decode, on which
			// the SDK ended the session: every call in flight on the
			// backend failed, other sessions' too. The event is dropped
			// instead and said; a call whose answer it was fails with the
			// error answer that follows it (callEvents.legacy), or, when
			// the event's id could not be read, waits until its time
			// limit.
			if c.r.junk != nil {
				c.r.junk(fmt.Errorf("sent an event that is not a JSON-RPC message on its event stream (%v); dropped", err))
			}
		} else {
			if c.gate != nil {
				c.gate.took()
			}
			if req, ok := isAsk(msg); ok && !c.asks.admit(req.ID, len(req.Params)) {
				c.asks.refuse(c, req.ID, req.Method, c.r.refusedNote) // see maxAsks
			} else if c.r.order.readMsg(ctx, msg) {
				break
			}
			// dropped: see maxBacklog
		}
		msg, err = c.Connection.Read(ctx)
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil && resp.Error != nil && len(resp.Result) > 0 && string(resp.Result) != "null" {
		// Both a result and an error (JSON-RPC allows one): the SDK
		// took the error as the backend's own answer.
		msg = &jsonrpc.Response{ID: resp.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError,
			Message: fmt.Sprintf("backend %q sent a malformed answer: it has both a result and an error (%s)", c.r.server, resp.Error.Error())}}
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil {
		var stray bool
		resp, stray = c.ids.answered(resp, c.r.server)
		msg = resp
		if stray {
			c.r.strayAnswer(idText(resp.ID))
		}
		c.r.mu.Lock()
		want := c.r.pending[resp.ID]
		delete(c.r.pending, resp.ID)
		c.r.mu.Unlock()
		if want && resp.Error == nil {
			resp.Result = c.r.screen(resp.Result)
			c.r.record(resp.Result)
		}
	}
	return msg, err
}

// strayAnswer counts an answer under an id no request of ours waits for,
// id as JSON, and tells strayNote when it is time to.
func (r *rawTools) strayAnswer(id string) {
	if r.strayNote == nil {
		return
	}
	if n, say := r.strays.saw(time.Now()); say {
		r.strayNote(n, id)
	}
}

// screen returns result (a tools/list result) without the tools whose
// definition does not decode as an mcp.Tool, noting them, and cut to
// maxListed+1 tools (one more than a listing uses, so that pages still
// sees that there were more and says so); result as it is when every
// tool decodes and there are not that many, or when its shape is not a
// list of tools at all (the SDK then says what is wrong with it).
//
// The cut comes before any tool is decoded: a page of 370,000 small
// tools (31 MB, under maxMessageBytes) was decoded whole three times (here,
// by record and by the SDK), over 30 s and 740 MB of the daemon, for the
// first 10,000 to be used.
func (r *rawTools) screen(result json.RawMessage) json.RawMessage {
	var top map[string]json.RawMessage
	if json.Unmarshal(result, &top) != nil {
		return result
	}
	var tools []json.RawMessage
	if json.Unmarshal(top["tools"], &tools) != nil {
		return result
	}
	cutShort := len(tools) > maxListed+1
	if cutShort {
		r.mu.Lock()
		r.cutOff += len(tools) - (maxListed + 1)
		r.mu.Unlock()
		tools = tools[:maxListed+1]
	}
	var kept []json.RawMessage
	var dropped []Malformed
	for i, raw := range tools {
		var t mcp.Tool
		err := json.Unmarshal(raw, &t)
		reason := ""
		if err != nil {
			reason = "its definition cannot be read: " + decodeReason(err)
		} else if tooDeep(raw) {
			reason = fmt.Sprintf("its definition nests more than %d levels deep, past what an MCP client reads: the backend's other tools are used", maxToolDepth)
		} else if t.Name == "" {
			// Served as "_" and called as "" (round 104), a name that
			// would clash with a tool the backend names "_".
			reason = "its name is empty: a tool is called by its name, so no call could name this one"
		} else if strings.ContainsRune(t.Name, utf8.RuneError) && nameNotUTF8(raw) {
			reason = "its name is not valid UTF-8 (a byte that is not, or a lone surrogate): it reads as U+FFFD, a name the backend never listed, so no call could reach the tool"
		} else if reason = badHeaders(raw); reason == "" {
			kept = append(kept, raw)
			continue
		}
		var named struct{ Name any }
		_ = json.Unmarshal(raw, &named)
		name, ok := named.Name.(string)
		if !ok || name == "" {
			name = fmt.Sprintf("#%d", i+1)
		}
		dropped = append(dropped, Malformed{Name: name, Reason: reason})
	}
	if len(dropped) == 0 && !cutShort {
		return result
	}
	if kept == nil {
		kept = []json.RawMessage{}
	}
	b, err := json.Marshal(kept)
	if err != nil {
		return result
	}
	top["tools"] = b
	out, err := json.Marshal(top)
	if err != nil {
		return result
	}
	r.mu.Lock()
	for _, d := range dropped {
		if len(r.malformed) < maxMalformed {
			r.malformed = append(r.malformed, d)
		}
	}
	r.mu.Unlock()
	return out
}

// nameNotUTF8 reports whether the name of raw (a tool as listed) is
// not valid UTF-8 as sent: a byte that is not UTF-8 or an escaped lone
// surrogate, which Go's decoding turns into U+FFFD. Such a name was
// offered as it read after decoding, and a call sent that name, which
// the backend had never listed (two such names were one).
func nameNotUTF8(raw json.RawMessage) bool {
	var named struct {
		Name json.RawMessage `json:"name"`
	}
	if json.Unmarshal(raw, &named) != nil {
		return false
	}
	n := named.Name
	if !utf8.Valid(n) {
		return true
	}
	// Escapes: decode each \uXXXX and look for a surrogate that is not
	// part of a pair.
	for i := 0; i+6 <= len(n); i++ {
		if n[i] != '\\' {
			continue
		}
		if n[i+1] != 'u' {
			i++ // \\, \" and the like: skip the escaped byte
			continue
		}
		r, err := strconv.ParseUint(string(n[i+2:i+6]), 16, 16)
		if err != nil {
			return false
		}
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if i+12 > len(n) || n[i+6] != '\\' || n[i+7] != 'u' {
				return true
			}
			lo, err := strconv.ParseUint(string(n[i+8:i+12]), 16, 16)
			if err != nil || lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i += 11
		case r >= 0xDC00 && r <= 0xDFFF:
			return true
		default:
			i += 5
		}
	}
	return false
}

// badHeaders says what is wrong with the x-mcp-header annotations of a
// tool's input schema (raw is the tool), "" when nothing is. The SDK's
// client leaves such a tool out of a listing with only a log line (and
// its AddTool panics on one): an annotation names the HTTP header that
// mirrors a property of a string, integer or boolean type, a token
// unique regardless of case among the tool's properties, nested ones
// included.
func badHeaders(raw json.RawMessage) string {
	// Read as the SDK reads it: a schema in which some property's type is
	// not a string (["string", "null"]) is not checked at all.
	type prop struct {
		Type       string          `json:"type"`
		Header     json.RawMessage `json:"x-mcp-header"`
		Properties map[string]prop `json:"properties"`
	}
	var tool struct {
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	var root prop
	if !bytes.Contains(raw, []byte("x-mcp-header")) || json.Unmarshal(raw, &tool) != nil || json.Unmarshal(tool.InputSchema, &root) != nil {
		return ""
	}
	seen := map[string]bool{}
	var check func(props map[string]prop, prefix string) string
	check = func(props map[string]prop, prefix string) string {
		for _, k := range slices.Sorted(maps.Keys(props)) {
			p := props[k]
			path := prefix + k
			if p.Header != nil {
				why := ""
				var name string
				switch {
				case p.Type == "":
					why = "it is on a property with no type, not a string, integer or boolean"
				case p.Type != "string" && p.Type != "integer" && p.Type != "boolean":
					why = fmt.Sprintf("it is on a property of type %q, not string, integer or boolean", cut(p.Type, 100))
				case json.Unmarshal(p.Header, &name) != nil || name == "":
					why = "it is not a header name"
				case strings.ContainsFunc(name, func(r rune) bool { return !tchar(r) }):
					why = fmt.Sprintf("%q is not a header name", cut(name, 100))
				case seen[strings.ToLower(name)]:
					why = fmt.Sprintf("another property names the header %q", cut(name, 100))
				}
				if why != "" {
					return fmt.Sprintf("its x-mcp-header annotation of property %q cannot be used: %s", cut(path, 200), why)
				}
				seen[strings.ToLower(name)] = true
			}
			if why := check(p.Properties, path+"."); why != "" {
				return why
			}
		}
		return ""
	}
	return check(root.Properties, "")
}

// cut is s, or its first n bytes and "…" when longer.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// tchar reports whether r may be in an HTTP header name (RFC 9110's
// token).
func tchar(r rune) bool {
	return r < 0x7f && (r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || strings.ContainsRune("!#$%&'*+-.^_`|~", r))
}

// decodeReason says why a tool did not decode, in the schema's terms:
// "annotations must be an object, not a string".
func decodeReason(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Sprintf("%s must be %s, not %s", te.Field, jsonKindOf(te.Type.Kind()), withArticle(te.Value))
	}
	return err.Error()
}

// withArticle puts "a" or "an" before the JSON kind encoding/json names.
func withArticle(kind string) string {
	switch kind {
	case "object", "array":
		return "an " + kind
	case "bool":
		return "true or false"
	}
	return "a " + kind
}

// expectedJSON names the JSON value a Go type decodes from: as
// jsonKindOf, but bytes are a base64 string.
func expectedJSON(t reflect.Type) string {
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		return "a base64 string"
	}
	return jsonKindOf(t.Kind())
}

// jsonKindOf names the JSON value a Go kind decodes from.
func jsonKindOf(k reflect.Kind) string {
	switch k {
	case reflect.Struct, reflect.Map, reflect.Pointer:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	}
	return "a number"
}

// takeCutOff returns how many tools screen cut from pages since the
// last take.
func (r *rawTools) takeCutOff() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := r.cutOff
	r.cutOff = 0
	return n
}

// takeMalformed returns the tools dropped since the last take.
func (r *rawTools) takeMalformed() []Malformed {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.malformed
	r.malformed = nil
	return out
}

// record keeps the schemas of one tools/list result. A result it cannot
// read is ignored: the SDK's decoded schemas are used instead.
func (r *rawTools) record(result json.RawMessage) {
	var res struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if json.Unmarshal(result, &res) != nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.schemas == nil {
		r.schemas = map[string][]rawSchemas{}
	}
	seen := map[string]bool{}
	for _, t := range res.Tools {
		s := rawSchemas{in: compactJSON(t.InputSchema), out: compactJSON(t.OutputSchema)}
		if !seen[t.Name] {
			seen[t.Name] = true
			r.schemas[t.Name] = nil // this answer's replace an earlier answer's
		}
		r.schemas[t.Name] = append(r.schemas[t.Name], s)
	}
}

// forget drops the schemas recorded (a listing has used them).
func (r *rawTools) forget() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.schemas = nil
}

// restore replaces the decoded schemas of tools with the raw ones
// recorded under the same name: the nth tool of a name gets the nth
// schemas recorded for it (the last when fewer were). A backend that
// lists a name twice gave both the second's schemas, so that the
// declaration of the first showed parameters it does not take.
func (r *rawTools) restore(tools []*mcp.Tool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	nth := map[string]int{}
	for _, t := range tools {
		if t == nil {
			continue
		}
		all := r.schemas[t.Name]
		if len(all) == 0 {
			continue
		}
		s := all[min(nth[t.Name], len(all)-1)]
		nth[t.Name]++
		if s.in != nil && t.InputSchema != nil {
			t.InputSchema = s.in
		}
		if s.out != nil && t.OutputSchema != nil {
			t.OutputSchema = s.out
		}
	}
}

// compactJSON returns raw without insignificant space, nil for absent
// or null.
func compactJSON(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return nil
	}
	return b.Bytes()
}

// For a Streamable HTTP backend the connection cannot be wrapped (see
// connectRemote), so the raw schemas are read one layer down: the HTTP
// transport notes a POST that carries a tools/list request and reads the
// answer as it streams past the SDK, whether a JSON body or server-sent
// events (rawWatch). What it cannot read is ignored, as above.

// maxWatchedRequest bounds the request body examined for a tools/list.
const maxWatchedRequest = 64 << 10

// listRequestID returns the ID of the tools/list request r carries, if
// it carries one.
func listRequestID(r *http.Request) (jsonrpc.ID, bool) {
	if r.Method != http.MethodPost || r.GetBody == nil {
		return jsonrpc.ID{}, false
	}
	if m := r.Header.Get("Mcp-Method"); m != "" && m != "tools/list" {
		return jsonrpc.ID{}, false
	}
	body, err := r.GetBody()
	if err != nil {
		return jsonrpc.ID{}, false
	}
	defer body.Close()
	// The SDK writes the method before the params: a call's arguments
	// are not copied to learn that it is no tools/list.
	head := make([]byte, 256)
	n, _ := io.ReadFull(body, head)
	if !bytes.Contains(head[:n], []byte(`"method":"tools/list"`)) {
		return jsonrpc.ID{}, false
	}
	rest, err := io.ReadAll(io.LimitReader(body, maxWatchedRequest+1-int64(n)))
	b := append(head[:n], rest...)
	if err != nil || len(b) > maxWatchedRequest {
		return jsonrpc.ID{}, false
	}
	msg, err := jsonrpc.DecodeMessage(b)
	if err != nil {
		return jsonrpc.ID{}, false
	}
	req, ok := msg.(*jsonrpc.Request)
	if !ok || req.Method != "tools/list" || !req.ID.IsValid() {
		return jsonrpc.ID{}, false
	}
	return req.ID, true
}

// rawWatch passes a response body on and screens and records the answer
// to request id in it, as rawConn does a stdio or SSE backend's (the
// SDK refused a Streamable HTTP backend's whole list for one tool it
// could not decode, took a name that is not UTF-8 as U+FFFD, and decoded
// a page of 370,000 tools whole): it holds the whole body when JSON, else
// each server-sent event until its blank line, until the answer has
// passed, and hands the SDK the answer screened (rawTools.screen: cut to
// maxListed+1 tools, those it cannot use left out and noted). It holds
// at most max bytes of a body or an event: past that it passes the rest
// on as it comes (the transport's limits then fail it).
type rawWatch struct {
	rc  io.ReadCloser
	r   *rawTools
	id  jsonrpc.ID
	sse bool
	// legacy: the stream is a legacy SSE backend's, carrying every
	// answer: each event is watched (none is the one answer), and one
	// that is a tools/list answer nested past what the SDK reads only
	// for some of its tools has them marked (markDeepTools); screening
	// and recording are rawConn's, once the SDK decoded it.
	legacy bool
	max    int64
	held   []byte // the JSON body, or the current event's lines
	line   int    // where the current line begins in held (events)
	data   []byte // the current event's data
	out    []byte // ready to be read
	done   bool   // answered, or given up: the rest passes as it comes
	err    error  // rc's, once out is drained
	chunk  []byte
}

func (w *rawWatch) Read(p []byte) (int, error) {
	for len(w.out) == 0 && w.err == nil {
		if w.done {
			return w.rc.Read(p)
		}
		if w.chunk == nil {
			w.chunk = make([]byte, 32<<10)
		}
		n, err := w.rc.Read(w.chunk)
		w.feed(w.chunk[:n])
		if err != nil {
			w.end(err)
			w.err = err
		}
	}
	if len(w.out) > 0 {
		n := copy(p, w.out)
		w.out = w.out[n:]
		return n, nil
	}
	return 0, w.err
}

func (w *rawWatch) Close() error {
	if w.legacy {
		// A legacy SSE stream is closed while its reader waits in Read
		// (the session's end): its fields are the reader's alone, and the
		// reader ends on rc's error.
		return w.rc.Close()
	}
	w.done, w.held, w.data, w.out = true, nil, nil, nil
	return w.rc.Close()
}

// giveUp passes what is held on and the rest as it comes.
func (w *rawWatch) giveUp() {
	w.out = append(w.out, w.held...)
	w.done, w.held, w.data = true, nil, nil
}

// end takes the body's end (err: io.EOF, or why it broke off).
func (w *rawWatch) end(err error) {
	if w.done {
		return
	}
	if !w.sse && err == io.EOF {
		if msg, ok := w.answer(w.held); ok && msg != nil {
			w.held = msg
		}
	}
	// An event cut short is passed on as it came: the SDK reads it so.
	w.giveUp()
}

// feed takes the next bytes of the body.
func (w *rawWatch) feed(b []byte) {
	if !w.sse {
		w.held = append(w.held, b...)
		if int64(len(w.held)) > w.max {
			w.giveUp()
		}
		return
	}
	for len(b) > 0 && !w.done {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			w.held = append(w.held, b...)
			b = nil
			break
		}
		w.held = append(w.held, b[:i+1]...)
		b = b[i+1:]
		l := bytes.TrimSuffix(w.held[w.line:len(w.held)-1], []byte("\r"))
		w.lineEnded(l)
	}
	if !w.done && int64(len(w.held)) > w.max {
		w.giveUp()
	}
	if w.done {
		w.out = append(w.out, b...)
	}
}

// lineEnded takes one line of server-sent events, the last in held.
func (w *rawWatch) lineEnded(l []byte) {
	switch {
	case len(l) == 0: // the end of an event
		event := w.held
		if w.legacy {
			if msg := deepAnswer(w.data); msg != nil {
				event = replaceData(w.held, msg)
			}
		} else if len(w.data) > 0 {
			if msg, ok := w.answer(w.data); ok {
				w.done = true
				if msg != nil {
					event = replaceData(w.held, msg)
				}
			}
		}
		w.out = append(w.out, event...)
		w.held, w.line, w.data = w.held[:0:0], 0, w.data[:0]
		if w.done {
			w.held, w.data = nil, nil
		}
		return
	case bytes.HasPrefix(l, []byte("data:")):
		d := bytes.TrimPrefix(bytes.TrimPrefix(l, []byte("data:")), []byte(" "))
		if len(w.data) > 0 {
			w.data = append(w.data, '\n')
		}
		w.data = append(w.data, d...)
	}
	w.line = len(w.held)
}

// deepAnswer returns msg, an answer, with each listed tool nested past
// what the SDK reads marked, when msg nests past that and is a tools/list
// answer holding such tools; nil otherwise (most answers: a scan finds
// it is not that deep).
func deepAnswer(msg []byte) []byte {
	if len(msg) == 0 || !bytes.Contains(msg, []byte(`"tools"`)) {
		return nil
	}
	if _, deep := nesting.JSONC(msg, maxToolDepth); !deep {
		return nil
	}
	if _, err := jsonrpc.DecodeMessage(msg); err == nil || !strings.Contains(err.Error(), "maximum nesting depth") {
		return nil
	}
	r, ok := markDeepTools(msg)
	if !ok {
		return nil
	}
	return r
}

// replaceData is event (its lines and the blank line that ends it) with
// its data lines replaced by one holding msg.
func replaceData(event, msg []byte) []byte {
	var out []byte
	for l := range bytes.Lines(event) {
		t := bytes.TrimRight(l, "\r\n")
		if len(t) == 0 || bytes.HasPrefix(t, []byte("data:")) {
			continue
		}
		out = append(out, l...)
	}
	out = append(out, "data: "...)
	out = append(out, msg...)
	return append(out, "\n\n"...)
}

// answer reports whether msg is the answer to the watched request; when
// it is, its schemas are recorded, and msg is its screened text, nil when
// screening left it as it was.
func (w *rawWatch) answer(msg []byte) ([]byte, bool) {
	m, err := jsonrpc.DecodeMessage(msg)
	if err != nil && strings.Contains(err.Error(), "maximum nesting depth") {
		// One tool nested past what the SDK reads made the whole answer
		// unreadable (its backend's listing failed); each such tool is
		// marked, and screen withholds it alone, as on stdio.
		if r, ok := markDeepTools(msg); ok {
			msg = r
			m, err = jsonrpc.DecodeMessage(msg)
		}
	}
	if err != nil {
		return nil, false
	}
	resp, ok := m.(*jsonrpc.Response)
	if !ok || resp.ID != w.id {
		return nil, false
	}
	if resp.Error != nil {
		return nil, true
	}
	res := w.r.screen(resp.Result)
	w.r.record(res)
	if bytes.Equal(res, resp.Result) {
		return nil, true
	}
	resp.Result = res
	out, err := jsonrpc.EncodeMessage(resp)
	if err != nil {
		return nil, true
	}
	return out, true
}

// tooDeep reports whether raw is a tool markDeepTools replaced.
func tooDeep(raw json.RawMessage) bool {
	if !bytes.Contains(raw, []byte(tooDeepKey)) {
		return false // the usual case, without decoding it again
	}
	var m map[string]json.RawMessage
	return json.Unmarshal(raw, &m) == nil && string(m[tooDeepKey]) == "true"
}
