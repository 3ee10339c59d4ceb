package hub

import (
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/audit"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// RecentCalls is how many backend calls the hub keeps for the status page.
const RecentCalls = 200

// Call is one backend call as the status page lists it: fed where the
// audit log records it (whether or not the log is on).
type Call struct {
	Time     time.Time     `json:"time"` // when it started
	Session  string        `json:"session"`
	Client   string        `json:"client,omitempty"`
	Server   string        `json:"server"`
	Tool     string        `json:"tool"`
	Duration time.Duration `json:"duration"`
	// ResultBytes is the size of the result's content: text, base64
	// data and embedded resources' text or blob (0 for a failed call).
	ResultBytes int           `json:"resultBytes"`
	Outcome     audit.Outcome `json:"outcome"`
	Err         string        `json:"error,omitempty"`
}

// callRing keeps the last RecentCalls calls. The zero value is empty and
// ready; it is safe for concurrent use.
type callRing struct {
	mu   sync.Mutex
	buf  []Call // at most RecentCalls; next overwrites the oldest when full
	next int
}

func (r *callRing) add(c Call) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.buf) < RecentCalls {
		r.buf = append(r.buf, c)
		return
	}
	r.buf[r.next] = c
	r.next = (r.next + 1) % RecentCalls
}

// list returns the calls, newest first.
func (r *callRing) list() []Call {
	r.mu.Lock()
	out := make([]Call, 0, len(r.buf))
	out = append(out, r.buf[r.next:]...)
	out = append(out, r.buf[:r.next]...)
	r.mu.Unlock()
	slices.Reverse(out)
	return out
}

// RecentCalls returns the hub's last backend calls (at most RecentCalls),
// newest first.
func (h *Hub) RecentCalls() []Call { return h.calls.list() }

// resultBytes is the size of res's content (see Call.ResultBytes).
func resultBytes(res *mcp.CallToolResult) int {
	if res == nil {
		return 0
	}
	n := 0
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.TextContent:
			n += len(c.Text)
		case *mcp.ImageContent:
			n += len(c.Data)
		case *mcp.AudioContent:
			n += len(c.Data)
		case *mcp.EmbeddedResource:
			if c.Resource != nil {
				n += len(c.Resource.Text) + len(c.Resource.Blob)
			}
		}
	}
	return n
}

// Sessions returns the open sessions, sorted by ID.
func (h *Hub) Sessions() []*Session {
	h.mu.Lock()
	ss := make([]*Session, 0, len(h.sessions))
	for _, s := range h.sessions {
		ss = append(ss, s)
	}
	h.mu.Unlock()
	slices.SortFunc(ss, func(a, b *Session) int { return cmp(a.id, b.id) })
	return ss
}

// Pins returns the hub's pins store: what `switchboard approve` writes,
// and what every session's catalog vets with.
func (h *Hub) Pins() *trust.Store { return h.pins }

// Status returns what `daemon status` says of the session.
func (s *Session) Status() SessionStatus { return s.status() }
