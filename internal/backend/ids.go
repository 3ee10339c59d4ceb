package backend

import (
	"fmt"
	"strconv"
	"sync"
	"time"

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
// twin saying so. stray is set when neither is waiting: the SDK drops
// such an answer (an id never sent, one answered already, or one
// forgotten past maxSentIDs).
func (s *sentIDs) answered(resp *jsonrpc.Response, server string) (_ *jsonrpc.Response, stray bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m[resp.ID] {
		delete(s.m, resp.ID)
		return resp, false
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
		return resp, true
	}
	tid, err := jsonrpc.MakeID(twin)
	if err != nil || !s.m[tid] {
		return resp, true
	}
	delete(s.m, tid)
	return &jsonrpc.Response{ID: tid, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError,
		Message: fmt.Sprintf("backend %q answered under the id %s where %s was sent (JSON-RPC needs the same id, of the same type): its answer was dropped", server, idText(resp.ID), idText(tid))}}, false
}

// The SDK drops an answer under an id no request waits for without a
// word; strays paces the note the backend's log gets of them: the first
// at once, then at most one a minute, with the count since the last.

// strayEvery is the least time between two notes of stray answers.
const strayEvery = time.Minute

// strays counts a backend's stray answers. Safe for concurrent use; the
// zero value is ready.
type strays struct {
	mu   sync.Mutex
	n    int       // since the last note
	said time.Time // the last note; zero: none yet
}

// saw counts one stray answer at now and reports whether to say so, with
// the count the note covers.
func (s *strays) saw(now time.Time) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	if !s.said.IsZero() && now.Sub(s.said) < strayEvery {
		return 0, false
	}
	n := s.n
	s.n, s.said = 0, now
	return n, true
}

// idText is id as JSON.
func idText(id jsonrpc.ID) string {
	if s, ok := id.Raw().(string); ok {
		return strconv.Quote(cut(s, 40))
	}
	return fmt.Sprint(id.Raw())
}
