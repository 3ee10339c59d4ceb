package front

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// What an event and a stream cost in the bound of an eventStore besides
// their data: a priming event has none, and a client that never resumes
// (most) leaves a stream per call; counted as data only (the SDK's
// MemoryEventStore), they grew a session's map for as long as it lived.
const (
	eventOverhead  = 64
	streamOverhead = 256
)

// eventStore keeps the events of 2025-11-25 event streams (mcp.EventStore)
// so that a client whose stream was cut resumes it with a GET carrying
// Last-Event-ID. It holds at most max bytes for all sessions together,
// events and streams counted with their overhead; over it, the streams
// appended to least recently are forgotten whole (their client can no
// longer resume them), and a stream alone over it loses its oldest
// events. A session's streams go when it closes. Its methods are safe for
// concurrent use.
type eventStore struct {
	mu       sync.Mutex
	max      int
	size     int
	order    list.List                           // of *eventStream, least recently appended first
	sessions map[string]map[string]*list.Element // by session id, then stream id
}

// eventStream is one stream's events kept: data[0] has index first.
type eventStream struct {
	session, id string
	first       int
	data        [][]byte
	size        int // its cost, overheads included
}

var _ mcp.EventStore = (*eventStore)(nil)

func newEventStore(max int) *eventStore {
	return &eventStore{max: max, sessions: map[string]map[string]*list.Element{}}
}

// stream returns the stream, made when absent; s.mu is held.
func (s *eventStore) stream(session, id string) *list.Element {
	streams := s.sessions[session]
	if streams == nil {
		streams = map[string]*list.Element{}
		s.sessions[session] = streams
	}
	e := streams[id]
	if e == nil {
		st := &eventStream{session: session, id: id, size: streamOverhead + len(session) + len(id)}
		e = s.order.PushBack(st)
		streams[id] = e
		s.size += st.size
	}
	return e
}

// errNotKept: the store keeps no events of the stream: the session's
// standalone stream (id ""), or one it forgot.
var errNotKept = errors.New("the stream's events are not kept")

// Open notes a new stream of a POST's request. The session's standalone
// stream (id "", opened with the session) is not kept: the SDK replays
// it from its start to every GET without Last-Event-ID, so that it
// could never lose an event, nor be forgotten, without failing the
// session's next GET (the front serves a GET resuming it as a new one).
func (s *eventStore) Open(_ context.Context, session, id string) error {
	if id == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.stream(session, id)
	s.trim(e)
	return nil
}

// Append keeps data as the stream's next event; an error when the stream
// is not kept (the SDK then writes it to the stream's live response, if
// any, as without a store). A stream forgotten is not made again: its
// events would be numbered from 0, and a resume would replay the wrong
// ones.
func (s *eventStore) Append(_ context.Context, session, id string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.sessions[session][id]
	if e == nil {
		return errNotKept
	}
	s.order.MoveToBack(e)
	st := e.Value.(*eventStream)
	st.data = append(st.data, data)
	n := len(data) + eventOverhead
	st.size += n
	s.size += n
	s.trim(e)
	return nil
}

// trim forgets streams, least recently appended to first, until the store
// is within its bound; keep, the stream just appended to, loses its
// oldest events instead, keeping its last. s.mu is held.
func (s *eventStore) trim(keep *list.Element) {
	for s.size > s.max {
		e := s.order.Front()
		if e == nil {
			return
		}
		if e != keep {
			s.remove(e)
			continue
		}
		st := e.Value.(*eventStream)
		if len(st.data) <= 1 {
			return
		}
		n := len(st.data[0]) + eventOverhead
		st.data[0] = nil
		st.data = st.data[1:]
		st.first++
		st.size -= n
		s.size -= n
	}
}

// remove forgets a stream; s.mu is held.
func (s *eventStore) remove(e *list.Element) {
	st := s.order.Remove(e).(*eventStream)
	s.size -= st.size
	streams := s.sessions[st.session]
	delete(streams, st.id)
	if len(streams) == 0 {
		delete(s.sessions, st.session)
	}
}

// errNoStream: a Last-Event-ID names no stream kept of the session.
var errNoStream = errors.New("no such event stream")

// After returns the stream's events after index; an error when the
// stream is not kept (another session's, made up, or forgotten) or an
// event after index was dropped (mcp.ErrEventsPurged).
func (s *eventStore) After(_ context.Context, session, id string, index int) iter.Seq2[[]byte, error] {
	s.mu.Lock()
	data, err := s.after(session, id, index)
	s.mu.Unlock()
	return func(yield func([]byte, error) bool) {
		if err != nil {
			yield(nil, err)
			return
		}
		for _, d := range data {
			if !yield(d, nil) {
				return
			}
		}
	}
}

func (s *eventStore) after(session, id string, index int) ([][]byte, error) {
	if id == "" && index < 0 {
		return nil, nil // a standalone stream's GET: nothing kept to replay
	}
	e := s.sessions[session][id]
	if e == nil {
		return nil, fmt.Errorf("stream %q of session %q: %w", id, session, errNoStream)
	}
	st := e.Value.(*eventStream)
	start := index + 1 - st.first
	switch {
	case start < 0:
		return nil, fmt.Errorf("stream %q of session %q, after event %d: %w", id, session, index, mcp.ErrEventsPurged)
	case start >= len(st.data):
		return nil, nil
	}
	return slices.Clone(st.data[start:]), nil
}

// resumable reports whether the events of session's stream id after
// index are all kept (a GET with that Last-Event-ID can be served).
func (s *eventStore) resumable(session, id string, index int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := s.after(session, id, index)
	return err == nil
}

// SessionClosed forgets the session's streams.
func (s *eventStore) SessionClosed(_ context.Context, session string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.sessions[session] {
		s.remove(e)
	}
	return nil
}

// usage returns the bytes the store holds, overheads included, and how
// many streams.
func (s *eventStore) usage() (bytes, streams int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.size, s.order.Len()
}
