package backend

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// A backend that answers a request under its id of another JSON type (the
// string "7" for the number 7, as a backend that keeps ids as strings
// does) had its answer dropped by the SDK, which matches ids by type and
// value, and the call waited, saying nothing, until its time limit.
// sentIDs keeps the ids of the requests sent on one connection whose
// answers have not come, so that such an answer fails its call at once,
// saying why.

// maxSentIDs bounds the ids kept (requests never answered, cancelled
// ones, stay until then): past it they are forgotten at once, and only
// the saying why is lost for them.
const maxSentIDs = 4096

// sentIDs is safe for concurrent use; the zero value is ready.
type sentIDs struct {
	mu sync.Mutex
	m  map[jsonrpc.ID]bool
}

// sent notes id, of a request written.
func (s *sentIDs) sent(id jsonrpc.ID) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil || len(s.m) >= maxSentIDs {
		s.m = map[jsonrpc.ID]bool{}
	}
	s.m[id] = true
}

// answered takes resp's id, and returns resp, or, when resp's id is not
// one sent but its twin of the other type is, an error answer under the
// twin saying so.
func (s *sentIDs) answered(resp *jsonrpc.Response, server string) *jsonrpc.Response {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m[resp.ID] {
		delete(s.m, resp.ID)
		return resp
	}
	var twin any
	switch v := resp.ID.Raw().(type) {
	case string:
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && strconv.FormatInt(n, 10) == v && n > -1<<53 && n < 1<<53 {
			twin = float64(n) // how MakeID takes a number
		}
	case int64:
		twin = strconv.FormatInt(v, 10)
	}
	if twin == nil {
		return resp
	}
	tid, err := jsonrpc.MakeID(twin)
	if err != nil || !s.m[tid] {
		return resp
	}
	delete(s.m, tid)
	return &jsonrpc.Response{ID: tid, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError,
		Message: fmt.Sprintf("backend %q answered under the id %s where %s was sent (JSON-RPC needs the same id, of the same type): its answer was dropped", server, idText(resp.ID), idText(tid))}}
}

// idText is id as JSON.
func idText(id jsonrpc.ID) string {
	if s, ok := id.Raw().(string); ok {
		return strconv.Quote(cut(s, 40))
	}
	return fmt.Sprint(id.Raw())
}
