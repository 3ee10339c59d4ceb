package front

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/rpcid"
)

// answerWriter is what the SDK's handler writes the response to a POST
// to. The SDK (v1.8.0) writes each thing whole, in one Write: an event of
// an event stream (writeEvent: an answer, or a notification or request of
// the server's before it), a JSON body (a JSON-RPC message: an error it
// answers before serving, with a status), or a plain-text error
// (http.Error). It bounds the error answers that quote the client, and
// drops the answer to a request the client cancelled (see flights), and
// the progress of that request written after the cancellation; it
// answers what the SDK's handler refuses as stdio does (see
// refused.go). A Write it cannot take apart goes out as it is.
type answerWriter struct {
	http.ResponseWriter
	f   *Front
	sid string
	// body is the POST's body; onSession: it carries an Mcp-Session-Id.
	body      []byte
	onSession bool
	req       *jsonrpc.Request // body as the SDK reads it, once asked (request)
	// held is the status of a plain-text error the SDK's handler began,
	// not yet written: it may be a refusal to answer otherwise.
	held int
	// said is set when WriteHeader wrote our text in place of the SDK's
	// (a second GET's 409): what the SDK writes after is dropped.
	said bool
	// fl is the POST's request being served on a 2025-11-25 session, with
	// its id; nil when none is tracked (a notification, a
	// stateless request, a session the front does not know yet).
	fl *flight
	id jsonrpc.ID
	// fresh is set for a POST to the stateful handler without a session
	// id (an initialize); opened is the session id its answer carries.
	fresh  bool
	opened string
	// pr is the request's session being opened (fresh): its cancel is
	// known by id as soon as the id is (see Write).
	pr *perRequest

	// mu serializes what goes to the ResponseWriter: the SDK's handler
	// writes, and so may the timer that sends a priming event held back.
	mu sync.Mutex
	// primed is the priming event (an id, empty data) of the stream, held
	// back until the stream's next event or, but for an initialize's,
	// until primeTimer fires (see Write); empty once written.
	primed     []byte
	primeTimer *time.Timer
	// ended: the handler returned (release); nothing more is written.
	ended bool
	// t is a GET's session, in use while an event is written (see
	// Front.ServeHTTP); nil for a POST's, in use until it is served.
	t *tenant
}

// writing notes the session of a GET in use while the GET's writer
// writes; the returned func notes the end of the write.
func (w *answerWriter) writing() func() {
	if w.t == nil {
		return func() {}
	}
	w.f.mu.Lock()
	w.t.requests++
	w.f.mu.Unlock()
	return func() { w.f.letGo(w.t) }
}

// WriteHeader holds back the status of a plain-text 400 (http.Error sets
// the content type first) until its text shows whether it is a refusal
// of the SDK's to answer as stdio does.
func (w *answerWriter) WriteHeader(code int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if code == http.StatusBadRequest && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.held = code
		return
	}
	if code == http.StatusConflict && w.body == nil && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		// A session's second GET: the SDK said "stream ID conflicts with
		// ongoing stream", which named neither the stream nor the fix.
		w.ResponseWriter.WriteHeader(code)
		w.ResponseWriter.Write([]byte("this session's event stream (GET) is open already, on another request, and a session has one: close that one before opening another (a call's cut stream is resumed with a GET carrying Last-Event-ID)\n"))
		w.said = true
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

// release writes what is held back: the status WriteHeader held, a
// priming event no event followed; the handler calls it once the SDK's
// handler has returned, and nothing is written after it.
func (w *answerWriter) release() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.ended = true
	if w.primeTimer != nil {
		w.primeTimer.Stop()
	}
	if len(w.primed) > 0 && !w.fresh {
		// The stream ended without another event (the session closed):
		// its priming event goes out as the SDK wrote it.
		w.ResponseWriter.Write(w.primed)
		w.primed = nil
	}
	if w.held != 0 {
		w.ResponseWriter.WriteHeader(w.held)
		w.held = 0
	}
}

// request returns the POST's message as the SDK reads it, nil when it is
// no request.
func (w *answerWriter) request() *jsonrpc.Request {
	if w.req == nil {
		msg, err := jsonrpc.DecodeMessage(w.body)
		if err != nil {
			return nil
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok {
			return nil
		}
		w.req = req
	}
	return w.req
}

// refused answers, instead of text (a plain-text 400 of the SDK's
// handler), what stdio answers (sdkRefusal), and reports whether it did.
// On a 2025-11-25 session the answer is the request's, 200 as any other;
// without a session, 400 as the front's own refusals.
func (w *answerWriter) refused(text string) bool {
	req := w.request()
	if req == nil {
		return false
	}
	answer, ok := sdkRefusal(req, strings.TrimSuffix(text, "\n"))
	if !ok {
		return false
	}
	h := w.Header()
	if answer == nil { // a notification: accepted and dropped, as on stdio
		h.Del("Content-Type")
		w.ResponseWriter.WriteHeader(http.StatusAccepted)
		return true
	}
	enc, err := jsonrpc.EncodeMessage(rpcid.BoundAnswer(answer))
	if err != nil {
		return false
	}
	status := http.StatusBadRequest
	if w.onSession {
		status = http.StatusOK
	}
	if w.fl != nil && req.ID == w.id {
		w.f.flights.answer(w.sid, w.id, w.fl)
	}
	h.Set("Content-Type", "application/json")
	w.ResponseWriter.WriteHeader(status)
	w.ResponseWriter.Write(enc)
	return true
}

func (w *answerWriter) Write(b []byte) (int, error) {
	defer w.writing()()
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(b) // what the SDK wrote, whatever goes out
	if w.said {
		return n, nil // our words went out in its place
	}
	if w.held != 0 {
		held := w.held
		w.held = 0
		if w.refused(string(b)) {
			return n, nil
		}
		w.ResponseWriter.WriteHeader(held)
	}
	if w.fresh && w.opened == "" {
		// Before the client can see the id: its next POST may come
		// before the SDK's handler returns.
		if sid := w.Header().Get("Mcp-Session-Id"); sid != "" {
			w.opened = sid
			w.f.flights.open(sid)
			if w.pr != nil {
				// So is the session, with the cancel of its calls: a
				// DELETE that came before adopt found none and waited for
				// the calls.
				w.f.mu.Lock()
				if t := w.pr.t; t != nil {
					t.sid = sid
					w.f.live[sid] = t
				}
				w.f.mu.Unlock()
			}
		}
	}
	out := b
	switch ct := w.Header().Get("Content-Type"); {
	case strings.HasPrefix(ct, "text/event-stream"):
		if w.primed == nil && isPriming(b) {
			if w.fl != nil {
				if stream, _, ok := parseEventID(eventID(b)); ok {
					w.f.flights.primed(w.fl, stream)
				}
			}
			// Held back: written with the stream's next event, in one
			// write, when that comes within primeDelay (the answer to a
			// quick call), else alone then (FlushError). The SDK writes
			// and flushes it before it hands the request on, so written
			// at once it was a write(2) on every call's path, and it woke
			// the client to read the headers while the call was served
			// (docs/architecture.md, Resumable streams).
			//
			// An initialize's waits for its answer whenever that comes:
			// the SDK primes its stream before the session is initialized,
			// so the status and the session id went out at once, and a
			// client that closed the response then (having the id) left a
			// session the SDK closes as never initialized (404 on its next
			// request) and a place among MaxSessions freed for one more
			// 200 than the cap. Held back, the id goes out with the
			// answer, when the session is initialized, as without an event
			// store.
			w.primed = withRetry(b)
			return n, nil
		}
		out = w.event(b)
		if len(w.primed) > 0 {
			if out != nil || !w.fresh {
				out = append(w.primed, out...)
				w.primed = []byte{} // written
			}
			if w.primeTimer != nil {
				w.primeTimer.Stop()
			}
		}
	case strings.HasPrefix(ct, "application/json"):
		out = w.jsonBody(b)
	case len(b) > rpcid.ErrorHead+rpcid.ErrorTail:
		// http.Error: the SDK's "JSON RPC not handled: %q" quotes the
		// method, whole.
		out = []byte(rpcid.CutMiddle(string(bytes.TrimSuffix(b, []byte("\n"))), "message") + "\n")
	}
	if out == nil {
		return n, nil
	}
	if _, err := w.ResponseWriter.Write(out); err != nil {
		return 0, err
	}
	return n, nil
}

func (w *answerWriter) FlushError() error {
	defer w.writing()()
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.primed) > 0 {
		// Nothing to send yet: a flush would send the status.
		if !w.fresh && w.primeTimer == nil {
			w.primeTimer = time.AfterFunc(primeDelay, w.sendPrimed)
		}
		return nil
	}
	return http.NewResponseController(w.ResponseWriter).Flush()
}

// sendPrimed writes and flushes the priming event held back, unless it
// went out with a later event or the handler returned. It runs on a
// timer's goroutine, which net/http does not recover: a panic writing is
// logged, and the stream goes on without its priming event (as one
// whose priming event was lost: it cannot be resumed); it ended the
// process with every HTTP session.
func (w *answerWriter) sendPrimed() {
	defer panics.Recover(w.f.log, "sending an event stream's priming event", nil)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ended || len(w.primed) == 0 {
		return
	}
	primed := w.primed
	w.primed = []byte{}
	if _, err := w.ResponseWriter.Write(primed); err == nil {
		http.NewResponseController(w.ResponseWriter).Flush()
	}
}

func (w *answerWriter) Flush() { w.FlushError() }

func (w *answerWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// primeDelay is how long the priming event of a POST's event stream is
// held back for the stream's next event (usually the answer) to go out
// with it; a call that takes longer gets it then. A stream cut before it
// cannot be resumed, as one cut before the priming event reached the
// client.
var primeDelay = 5 * time.Millisecond

// retryMillis is the reconnection time, in milliseconds, a priming
// event gives (SSE's retry field): how long a client whose stream was cut
// waits before it resumes. The SDK's client and the TypeScript SDK's wait
// as long without one.
const retryMillis = 1000

// withRetry returns a copy of b, a priming event as the SDK writes it
// (without a retry field), with the retry field.
func withRetry(b []byte) []byte {
	head, ok := bytes.CutSuffix(b, []byte("data: \n\n"))
	if !ok || bytes.Contains(head, []byte("\nretry: ")) {
		return bytes.Clone(b)
	}
	return append(bytes.Clone(head), "retry: "+strconv.Itoa(retryMillis)+"\ndata: \n\n"...)
}

// isPriming reports whether b, one event of an event stream as the SDK
// writes it, is a priming event: an id and empty data (MCP 2025-11-25,
// resumable streams).
func isPriming(b []byte) bool {
	return bytes.HasPrefix(b, []byte("event: prime\n")) && bytes.HasSuffix(b, []byte("\ndata: \n\n"))
}

// eventID returns the id of b, one event as the SDK writes it.
func eventID(b []byte) string {
	for line := range bytes.Lines(b) {
		if id, ok := bytes.CutPrefix(line, []byte("id: ")); ok {
			return string(bytes.TrimSuffix(id, []byte("\n")))
		}
	}
	return ""
}

// parseEventID reads an event id as the SDK makes them (and a client
// sends back in Last-Event-ID): the stream's id and the event's index,
// joined by "_".
func parseEventID(eid string) (stream string, index int, ok bool) {
	stream, n, ok := strings.Cut(eid, "_")
	if !ok || strings.Contains(n, "_") {
		return "", 0, false
	}
	index, err := strconv.Atoi(n)
	if err != nil || index < 0 {
		return "", 0, false
	}
	return stream, index, true
}

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
	kind, rawID, method := classify(payload)
	if kind == "" {
		return b
	}
	if w.fl != nil && kind != "method" {
		if id, ok := makeID(rawID); ok && id == w.id && !w.f.flights.answer(w.sid, id, w.fl) {
			return nil // cancelled: no answer (MCP cancellation)
		}
	}
	if w.fl != nil && method == "notifications/progress" && w.f.flights.cancelled(w.fl) {
		// The SDK writes on this stream only what relates to its request:
		// progress for a token the client dropped when it cancelled (the
		// TypeScript SDK's client reports such as an error). serve on
		// stdio holds it back too.
		return nil
	}
	if kind != "error" || len(payload) <= rpcid.ErrorHead+rpcid.ErrorTail && !bytes.Contains(payload, codeZero) && !bytes.Contains(payload, sdkParams) {
		return b
	}
	bounded, changed := boundMessage(payload, w.answersInit())
	if !changed {
		return b
	}
	out := make([]byte, 0, start+len("data: ")+len(bounded)+2)
	out = append(out, b[:start+len("data: ")]...)
	out = append(out, bounded...)
	return append(out, "\n\n"...)
}

// jsonBody returns b, a JSON body, with the error of the JSON-RPC answer
// it is bounded; the SDK's -32020 for params it could not read a name
// from becomes stdio's invalid params (badParams).
func (w *answerWriter) jsonBody(b []byte) []byte {
	if kind, _, _ := classify(b); kind != "error" {
		return b
	}
	if bytes.Contains(b, []byte(sdkNameCheck)) {
		if out, ok := w.nameCheck(b); ok {
			return out
		}
	}
	if len(b) <= rpcid.ErrorHead+rpcid.ErrorTail && !bytes.Contains(b, codeZero) && !bytes.Contains(b, sdkParams) {
		return b
	}
	out, _ := boundMessage(b, w.answersInit())
	return out
}

// codeZero is how the SDK encodes an error without a code.
var codeZero = []byte(`"error":{"code":0,`)

// sdkParams is in the SDK's error for params that do not decode, said
// plainly by rpcid.BoundAnswer (rpcid.PlainParams): a short one went out
// as the SDK wrote it, naming its Go types.
var sdkParams = []byte(`json: cannot unmarshal `)

// answersInit reports whether the POST's request is an initialize.
func (w *answerWriter) answersInit() bool {
	req := w.request()
	return req != nil && req.Method == "initialize"
}

// nameCheck returns the answer badParams gives instead of b, the SDK's
// error for a request whose params it could not read a name from.
func (w *answerWriter) nameCheck(b []byte) ([]byte, bool) {
	msg, err := jsonrpc.DecodeMessage(b)
	if err != nil {
		return nil, false
	}
	r, ok := msg.(*jsonrpc.Response)
	var we *jsonrpc.Error
	if !ok || !errors.As(r.Error, &we) || we.Code != mcp.CodeHeaderMismatch || !strings.HasPrefix(we.Message, sdkNameCheck) {
		return nil, false
	}
	req := w.request()
	if req == nil || req.ID != r.ID {
		return nil, false
	}
	answer, ok := badParams(req)
	if !ok {
		return nil, false
	}
	enc, err := jsonrpc.EncodeMessage(rpcid.BoundAnswer(answer))
	return enc, err == nil
}

// boundMessage returns payload, a JSON-RPC error answer, or its bounded
// encoding (changed), with a code when it had none (code 0, which no
// client can act on: rpcid.CodeZero, as serve on stdio gives; init: it
// answers an initialize).
func boundMessage(payload []byte, init bool) (out []byte, changed bool) {
	msg, err := jsonrpc.DecodeMessage(payload)
	if err != nil {
		return payload, false
	}
	r, ok := msg.(*jsonrpc.Response)
	if !ok || r.Error == nil {
		return payload, false
	}
	var we *jsonrpc.Error
	if errors.As(r.Error, &we) && we.Code == 0 {
		r = &jsonrpc.Response{ID: r.ID, Error: &jsonrpc.Error{Code: rpcid.CodeZero(init, we.Message), Message: we.Message, Data: we.Data}}
		changed = true
	}
	bounded := rpcid.BoundAnswer(r)
	if bounded == r && !changed {
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
// request or notification (method its method), "" for anything else.
func classify(b []byte) (kind string, rawID json.RawMessage, method string) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", nil, ""
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", nil, ""
		}
		switch key, _ := t.(string); key {
		case "result", "error":
			return key, rawID, ""
		case "method":
			if dec.Decode(&method) != nil {
				return "", nil, ""
			}
			return key, rawID, method
		case "id":
			if dec.Decode(&rawID) != nil {
				return "", nil, ""
			}
		default:
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return "", nil, ""
			}
		}
	}
	return "", nil, ""
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
