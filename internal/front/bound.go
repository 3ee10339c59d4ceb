package front

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Bounds of an error answer's message: its first errorHead and last
// errorTail bytes are kept, and data over maxErrorData is left out. The
// SDK's own messages quote what the client sent (an invalid-params error
// its whole params, escaped twice; a header mismatch the name in the body;
// an unknown method its name; a resource not found its URI as data). The
// same bounds as serve's stdio transport (server.boundAnswer, whose twin
// this is: the front imports nothing of the server's).
const (
	errorHead    = 2 << 10
	errorTail    = 1 << 10
	maxErrorData = 4 << 10
)

// boundAnswer returns r, or when its error's message or data is over the
// bounds, a copy with the message cut in the middle and the data left
// out, each saying so.
func boundAnswer(r *jsonrpc.Response) *jsonrpc.Response {
	code, msg, data := int64(0), r.Error.Error(), json.RawMessage(nil)
	we, exact := r.Error.(*jsonrpc.Error) // the SDK sends only such an error's data
	if exact {
		code, msg, data = we.Code, we.Message, we.Data
	} else if errors.As(r.Error, &we) {
		code = we.Code
	}
	if len(msg) <= errorHead+errorTail && len(data) <= maxErrorData {
		return r
	}
	if len(msg) > errorHead+errorTail {
		msg = cutMiddle(msg, "message")
	}
	if len(data) > maxErrorData {
		msg += fmt.Sprintf(" (the error's data, %d bytes, was left out)", len(data))
		data = nil
	}
	return &jsonrpc.Response{ID: r.ID, Error: &jsonrpc.Error{Code: code, Message: msg, Data: data}, Extra: r.Extra}
}

// cutMiddle returns s with all but its first errorHead and last errorTail
// bytes left out (at rune boundaries), saying how many, of what.
func cutMiddle(s, what string) string {
	head, tail := errorHead, len(s)-errorTail
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return fmt.Sprintf("%s … [%d bytes of the %s left out] … %s", s[:head], tail-head, what, s[tail:])
}

// answerWriter is what the SDK's handler writes the response to a POST
// to. The SDK (v1.8.0) writes each thing whole, in one Write: an event of
// an event stream (writeEvent: an answer, or a notification or request of
// the server's before it), a JSON body (a JSON-RPC message: an error it
// answers before serving, with a status), or a plain-text error
// (http.Error). It bounds the error answers that quote the client, and
// drops the answer to a request the client cancelled (see flights). A
// Write it cannot take apart goes out as it is.
type answerWriter struct {
	http.ResponseWriter
	f   *Front
	sid string
	// fl is the POST's request being served on a 2025-11-25 session, with
	// its id; nil when none is tracked (a notification, a
	// stateless request, a session the front does not know yet).
	fl *flight
	id jsonrpc.ID
	// fresh is set for a POST to the stateful handler without a session
	// id (an initialize); opened is the session id its answer carries.
	fresh  bool
	opened string
}

func (w *answerWriter) Write(b []byte) (int, error) {
	if w.fresh && w.opened == "" {
		// Before the client can see the id: its next POST may come
		// before the SDK's handler returns.
		if sid := w.Header().Get("Mcp-Session-Id"); sid != "" {
			w.opened = sid
			w.f.flights.open(sid)
		}
	}
	out := b
	switch ct := w.Header().Get("Content-Type"); {
	case strings.HasPrefix(ct, "text/event-stream"):
		out = w.event(b)
	case strings.HasPrefix(ct, "application/json"):
		out = boundJSON(b)
	case len(b) > errorHead+errorTail:
		// http.Error: the SDK's "JSON RPC not handled: %q" quotes the
		// method, whole.
		out = []byte(cutMiddle(string(bytes.TrimSuffix(b, []byte("\n"))), "message") + "\n")
	}
	if out == nil {
		return len(b), nil
	}
	if _, err := w.ResponseWriter.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

func (w *answerWriter) FlushError() error {
	return http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *answerWriter) Flush() { w.FlushError() }

func (w *answerWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// event returns the SSE event b with its JSON-RPC error bounded, or nil
// when it is the answer to a request the client cancelled.
func (w *answerWriter) event(b []byte) []byte {
	start := 0
	if !bytes.HasPrefix(b, []byte("data: ")) {
		i := bytes.Index(b, []byte("\ndata: "))
		if i < 0 {
			return b
		}
		start = i + 1
	}
	payload, ok := bytes.CutSuffix(b[start+len("data: "):], []byte("\n\n"))
	if !ok || bytes.IndexByte(payload, '\n') >= 0 {
		return b
	}
	kind, rawID := classify(payload)
	if kind == "" {
		return b
	}
	if w.fl != nil && kind != "method" {
		if id, ok := makeID(rawID); ok && id == w.id && !w.f.flights.answer(w.sid, id, w.fl) {
			return nil // cancelled: no answer (MCP cancellation)
		}
	}
	if kind != "error" || len(payload) <= errorHead+errorTail {
		return b
	}
	bounded, changed := boundMessage(payload)
	if !changed {
		return b
	}
	out := make([]byte, 0, start+len("data: ")+len(bounded)+2)
	out = append(out, b[:start+len("data: ")]...)
	out = append(out, bounded...)
	return append(out, "\n\n"...)
}

// boundJSON returns b, a JSON body, with the error of the JSON-RPC answer
// it is bounded.
func boundJSON(b []byte) []byte {
	if len(b) <= errorHead+errorTail {
		return b
	}
	if kind, _ := classify(b); kind != "error" {
		return b
	}
	out, _ := boundMessage(b)
	return out
}

// boundMessage returns payload, a JSON-RPC error answer, or its bounded
// encoding (changed).
func boundMessage(payload []byte) (out []byte, changed bool) {
	msg, err := jsonrpc.DecodeMessage(payload)
	if err != nil {
		return payload, false
	}
	r, ok := msg.(*jsonrpc.Response)
	if !ok || r.Error == nil {
		return payload, false
	}
	bounded := boundAnswer(r)
	if bounded == r {
		return payload, false
	}
	enc, err := jsonrpc.EncodeMessage(bounded)
	if err != nil {
		return payload, false
	}
	return enc, true
}

// classify reads the top-level keys of b, a JSON-RPC message as the SDK
// encodes it (jsonrpc, id, then method, result or error), up to the
// first that tells what it is, without reading the rest: kind is
// "result" or "error" for an answer (rawID its id), "method" for a
// request or notification, "" for anything else.
func classify(b []byte) (kind string, rawID json.RawMessage) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", nil
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", nil
		}
		switch key, _ := t.(string); key {
		case "result", "error", "method":
			return key, rawID
		case "id":
			if dec.Decode(&rawID) != nil {
				return "", nil
			}
		default:
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return "", nil
			}
		}
	}
	return "", nil
}

// makeID returns the id raw (JSON) names as the SDK reads it: a number
// as an integer, a string as it is.
func makeID(raw json.RawMessage) (jsonrpc.ID, bool) {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return jsonrpc.ID{}, false
	}
	id, err := jsonrpc.MakeID(v)
	return id, err == nil && id.IsValid()
}
