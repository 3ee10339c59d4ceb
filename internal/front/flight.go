package front

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// maxDetached bounds, per session, the requests kept after their POST
// ended without their answer (see flights.end).
const maxDetached = 1024

// flights are the requests being served on each 2025-11-25 HTTP session
// the front knows, by id, so that a notifications/cancelled can be told
// apart: one naming a request being served is handed to the SDK, and that
// request's answer is not sent (MCP: receivers of a cancellation SHOULD
// NOT send a response for the cancelled request; the SDK sent it); a late
// one (the answer went out) or one naming no request is answered 202 and
// dropped. The SDK cancels by id in a goroutine of its own after it reads
// the notification, and reads a POST's messages from a queue: a late
// cancellation followed by a request reusing its id cancelled that
// request. The stdio transport drops late cancellations the same way
// (server.StdioTransport). Its methods are safe for concurrent use.
type flights struct {
	mu sync.Mutex
	m  map[string]map[jsonrpc.ID]*flight // by session id; present while the session lives
}

// flight is one request being served. Its fields are guarded by
// flights.mu.
type flight struct {
	cancelled bool   // by the client: its answer is not sent
	answered  bool   // its answer went out (or was dropped, cancelled)
	detached  bool   // its POST ended without its answer
	stream    string // the id of its event stream, once primed (resumable)
}

// open starts tracking session sid's requests.
func (fs *flights) open(sid string) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.m == nil {
		fs.m = map[string]map[jsonrpc.ID]*flight{}
	}
	if fs.m[sid] == nil {
		fs.m[sid] = map[jsonrpc.ID]*flight{}
	}
}

// close stops tracking session sid (it ended).
func (fs *flights) close(sid string) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	delete(fs.m, sid)
}

// live reports whether session sid is known and has not ended.
func (fs *flights) live(sid string) bool {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.m[sid] != nil
}

// begin notes request id of session sid as being served and returns its
// flight; nil when the session is not known or a request with that id is
// being served (the SDK answers the second one "duplicate in-flight
// request ID").
func (fs *flights) begin(sid string, id jsonrpc.ID) *flight {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	m := fs.m[sid]
	if m == nil {
		return nil
	}
	if old := m[id]; old != nil && !old.detached {
		return nil
	}
	if len(m) >= maxDetached {
		for id, fl := range m {
			if fl.detached {
				delete(m, id)
			}
		}
	}
	fl := &flight{}
	m[id] = fl
	return fl
}

// answer notes fl's answer about to be written and reports whether to
// write it: not when the client cancelled the request.
func (fs *flights) answer(sid string, id jsonrpc.ID, fl *flight) bool {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fl.answered = true
	if fs.m[sid][id] == fl {
		delete(fs.m[sid], id)
	}
	return !fl.cancelled
}

// primed notes the id of fl's event stream.
func (fs *flights) primed(fl *flight, stream string) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fl.stream = stream
}

// ofStream returns the request of session sid whose event stream is
// stream, being served or detached; nil when none is (it was answered).
func (fs *flights) ofStream(sid, stream string) (jsonrpc.ID, *flight) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for id, fl := range fs.m[sid] {
		if fl.stream == stream {
			return id, fl
		}
	}
	return jsonrpc.ID{}, nil
}

// cancelled reports whether the client cancelled fl.
func (fs *flights) cancelled(fl *flight) bool {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fl.cancelled
}

// end notes fl's POST ended. Without its answer (the client closed the
// POST, as the SDK's client does when it cancels, and sends
// notifications/cancelled after) the request may still be served, so it
// is kept for that cancellation, until a request reuses its id, the
// session ends, or maxDetached such are kept.
func (fs *flights) end(fl *flight) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fl.detached = true
}

// cancel reports whether session sid is known and has request id being
// served; if so, the request's answer will not be sent.
func (fs *flights) cancel(sid string, id jsonrpc.ID) (known, inFlight bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	m := fs.m[sid]
	if m == nil {
		return false, false
	}
	fl := m[id]
	if fl == nil {
		return true, false
	}
	fl.cancelled = true
	if fl.detached {
		delete(m, id) // the cancellation goes to the SDK once
	}
	return true, true
}

// peeked is what the front reads of a POST's body: its message's id,
// method and params (a body that does not decode is left to the SDK).
type peeked struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// cancelledID returns the id a notifications/cancelled's params name.
func cancelledID(params json.RawMessage) (jsonrpc.ID, bool) {
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(params, &p) != nil {
		return jsonrpc.ID{}, false
	}
	return makeID(p.RequestID)
}

// isListen reports whether body is a subscriptions/listen request (an
// event stream that lasts until the client closes it).
func isListen(body []byte) bool {
	if !bytes.Contains(body, []byte("subscriptions/listen")) {
		return false
	}
	var p peeked
	return json.Unmarshal(body, &p) == nil && p.Method == "subscriptions/listen" && len(p.ID) > 0 && string(p.ID) != "null"
}
