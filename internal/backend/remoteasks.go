package backend

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// streamAsks bounds a Streamable HTTP backend's own requests as asks
// bounds a stdio or SSE backend's (round fifty-six left them out: the
// SDK does not let such a connection be wrapped). They are counted as
// their events pass our HTTP layer (callEvents.ask), and released when
// the SDK's POST of our answer to one has been sent; past the bound, a
// request's event is skipped, so that the SDK never sees it, and it is
// answered with an error by a POST of ours, made with the headers of the
// SDK's last POST (the session's id and protocol version, the configured
// headers, a sign-in's token). Safe for concurrent use.
type streamAsks struct {
	asks
	base   http.RoundTripper
	url    string
	closed <-chan struct{} // the session's life
	note   func(n int, method string, answered bool)
	header atomic.Pointer[http.Header] // of the SDK's last POST to the origin
}

// ask counts a request of the backend's (its method, its id as sent or
// nil, its data size), or refuses it and reports false.
func (s *streamAsks) ask(method string, raw json.RawMessage, size int) bool {
	id, ok := rpcID(raw)
	if ok && s.admit(id, size) {
		return true
	}
	s.refuse(s, id, method, s.note) // an id not kept (too long) is dropped unanswered
	return false
}

// unreadable answers a request of the backend's that the SDK cannot
// decode (see callEvents.unreadable) with an error, by a POST of ours;
// false when its id is not one the SDK takes or maxRefusals answers wait
// to be written.
func (s *streamAsks) unreadable(method string, raw json.RawMessage, size int, why string) bool {
	id, ok := rpcID(raw)
	return ok && s.refuseWith(s, id, unreadableError(method, size, why), method, nil)
}

// posting notes a POST of the SDK's to the origin, r with its headers
// set; it returns the id of the request of the backend's that r answers,
// if any, to release once it was sent.
func (s *streamAsks) posting(r *http.Request) (jsonrpc.ID, bool) {
	h := r.Header.Clone()
	s.header.Store(&h)
	return answerID(r)
}

func (s *streamAsks) ended() <-chan struct{} { return s.closed }

func (s *streamAsks) writeRefusal(ctx context.Context, resp *jsonrpc.Response) error {
	h := s.header.Load()
	if h == nil {
		return fmt.Errorf("no session yet")
	}
	data, err := jsonrpc.EncodeMessage(resp)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header = h.Clone()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Del("Last-Event-ID")
	res, err := s.base.RoundTrip(req)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, maxPeekedError))
	return res.Body.Close()
}

// rpcID is raw, an id as sent, as the SDK reads it (a number 7.0 is 7);
// false for nil or one the SDK refuses.
func rpcID(raw json.RawMessage) (jsonrpc.ID, bool) {
	if len(raw) == 0 {
		return jsonrpc.ID{}, false
	}
	msg, err := jsonrpc.DecodeMessage([]byte(`{"jsonrpc":"2.0","id":` + string(raw) + `,"method":"x"}`))
	if err != nil {
		return jsonrpc.ID{}, false
	}
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.ID.IsValid() {
		return jsonrpc.ID{}, false
	}
	return req.ID, true
}

// answerID is the id r answers when it posts a JSON-RPC answer (the SDK
// writes "jsonrpc", "id", then "result" or "error").
func answerID(r *http.Request) (jsonrpc.ID, bool) {
	head := requestHead(r)
	rest, ok := bytes.CutPrefix(head, []byte(`{"jsonrpc":"2.0","id":`))
	if !ok {
		return jsonrpc.ID{}, false
	}
	d := json.NewDecoder(bytes.NewReader(rest))
	var raw json.RawMessage
	if d.Decode(&raw) != nil {
		return jsonrpc.ID{}, false
	}
	after := rest[d.InputOffset():]
	if !bytes.HasPrefix(after, []byte(`,"result":`)) && !bytes.HasPrefix(after, []byte(`,"error":`)) {
		return jsonrpc.ID{}, false
	}
	return rpcID(raw)
}
