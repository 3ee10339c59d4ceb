package front

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/switchboard-mcp/switchboard/internal/rpcid"
)

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
	case len(b) > rpcid.ErrorHead+rpcid.ErrorTail:
		// http.Error: the SDK's "JSON RPC not handled: %q" quotes the
		// method, whole.
		out = []byte(rpcid.CutMiddle(string(bytes.TrimSuffix(b, []byte("\n"))), "message") + "\n")
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
	if kind != "error" || len(payload) <= rpcid.ErrorHead+rpcid.ErrorTail {
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
	if len(b) <= rpcid.ErrorHead+rpcid.ErrorTail {
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
	bounded := rpcid.BoundAnswer(r)
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
