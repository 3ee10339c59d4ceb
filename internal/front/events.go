package front

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
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
//
// It is laid out for the garbage collector, which marks what the store
// holds at each of its cycles (the SDK's handler makes one every few
// calls): the streams are records without pointers, their bytes (session
// id, id, events) regions of one []byte, found by a hash of the two ids.
// Kept as a list element, a struct, a slice of events and an object per
// event, a few thousand streams (well under the bound) doubled the GC's
// marking and added ~100 µs to each call (docs/benchmarks.md).
type eventStore struct {
	mu    sync.Mutex
	max   int
	size  int
	seed  maphash.Seed
	index map[uint64]int32 // by key(session, id): a place in recs
	recs  []streamRec
	free  []int32 // places of recs not in use
	// head and tail of the streams in use, least recently appended
	// first, linked through streamRec.prev and next; -1 when none.
	head, tail int32
	// arena holds each stream's region; live is how many of its bytes
	// are still kept (the rest, regions moved or forgotten, goes when
	// it is compacted).
	arena []byte
	live  int
	rooms int // the bytes of all regions' rooms
}

// streamRec is a stream kept. Its region, arena[off:end], holds its
// session id and its id, then, from off+start, its events from index
// first on, each a uvarint length and the data; arena[end:room] is room
// it may grow into where another stream's region follows.
type streamRec struct {
	prev, next int32
	hash       uint64 // key(session, id)
	sessLen    int32  // the session id's length; the id's follows
	idLen      int32
	off, end   int
	start      int
	room       int
	first      int // the index of the stream's first event kept
	events     int // events kept
	size       int // its cost, overheads included (its room is not)
	inUse      bool
}

// maxRoom bounds the room a region moved to the arena's end is given:
// as much as it holds, so that a stream appended to between other
// streams' appends (a long call's progress beside other calls) moves
// once each time it doubles, not at each event (which copied the whole
// stream each time), at most this much; all rooms together are at most
// a quarter of the store's bound.
const maxRoom = 1 << 20

// uvarintLen is the length of n as a uvarint.
func uvarintLen(n int) int {
	var b [binary.MaxVarintLen64]byte
	return binary.PutUvarint(b[:], uint64(n))
}

// minCompact is the arena's size under which it is not compacted.
const minCompact = 64 << 10

var _ mcp.EventStore = (*eventStore)(nil)

func newEventStore(max int) *eventStore {
	return &eventStore{max: max, seed: maphash.MakeSeed(), index: map[uint64]int32{}, head: -1, tail: -1}
}

func (s *eventStore) key(session, id string) uint64 {
	var h maphash.Hash
	h.SetSeed(s.seed)
	h.WriteString(session)
	h.WriteByte(0)
	h.WriteString(id)
	return h.Sum64()
}

// lookup returns the place of the stream, -1 when it is not kept (or
// another stream holds its key, which is as good as not kept); s.mu is
// held.
func (s *eventStore) lookup(session, id string) int32 {
	i, ok := s.index[s.key(session, id)]
	if !ok {
		return -1
	}
	r := &s.recs[i]
	sess := s.arena[r.off : r.off+int(r.sessLen)]
	if int(r.sessLen) != len(session) || int(r.idLen) != len(id) || string(sess) != session || string(s.arena[r.off+len(sess):r.off+len(sess)+len(id)]) != id {
		return -1
	}
	return i
}

// unlink takes place i out of the order; s.mu is held.
func (s *eventStore) unlink(i int32) {
	r := &s.recs[i]
	if r.prev >= 0 {
		s.recs[r.prev].next = r.next
	} else {
		s.head = r.next
	}
	if r.next >= 0 {
		s.recs[r.next].prev = r.prev
	} else {
		s.tail = r.prev
	}
	r.prev, r.next = -1, -1
}

// pushBack puts place i last in the order; s.mu is held.
func (s *eventStore) pushBack(i int32) {
	r := &s.recs[i]
	r.prev, r.next = s.tail, -1
	if s.tail >= 0 {
		s.recs[s.tail].next = i
	} else {
		s.head = i
	}
	s.tail = i
}

// kept returns how many bytes of r's region are kept, its room included.
func (r *streamRec) kept() int { return int(r.sessLen+r.idLen) + r.room - (r.off + r.start) }

// compact copies the regions kept into a new arena once over half of it
// is not kept; s.mu is held.
func (s *eventStore) compact() {
	if len(s.arena) < minCompact || len(s.arena) < 2*s.live {
		return
	}
	arena := make([]byte, 0, s.live+s.live/2)
	for i := range s.recs {
		r := &s.recs[i]
		if !r.inUse {
			continue
		}
		arena = s.moveRegion(arena, r)
		r.room = r.end
	}
	s.arena = arena
	s.live, s.rooms = len(arena), 0
}

// moveRegion appends what r's region keeps (its ids, then its events
// kept) to dst, which is s.arena or a new arena, and points r there;
// its room stays where it was. s.mu is held.
func (s *eventStore) moveRegion(dst []byte, r *streamRec) []byte {
	off, head := len(dst), int(r.sessLen+r.idLen)
	dst = append(dst, s.arena[r.off:r.off+head]...)
	dst = append(dst, s.arena[r.off+r.start:r.end]...)
	r.off, r.start, r.end = off, head, len(dst)
	return dst
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
	i := s.lookup(session, id)
	if i < 0 {
		h := s.key(session, id)
		if _, taken := s.index[h]; taken {
			return nil // another stream's key: this one is not kept
		}
		if n := len(s.free); n > 0 {
			i = s.free[n-1]
			s.free = s.free[:n-1]
		} else {
			i = int32(len(s.recs))
			s.recs = append(s.recs, streamRec{})
		}
		off := len(s.arena)
		s.arena = append(append(s.arena, session...), id...)
		size := streamOverhead + len(session) + len(id)
		s.recs[i] = streamRec{hash: h, sessLen: int32(len(session)), idLen: int32(len(id)), off: off, start: len(session) + len(id), end: len(s.arena), room: len(s.arena), size: size, inUse: true}
		s.live += len(session) + len(id)
		s.index[h] = i
		s.pushBack(i)
		s.size += size
	}
	s.trim(i)
	s.compact()
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
	i := s.lookup(session, id)
	if i < 0 {
		return errNotKept
	}
	s.unlink(i)
	s.pushBack(i)
	r := &s.recs[i]
	need := uvarintLen(len(data)) + len(data)
	switch {
	case r.end+need <= r.room:
		// In its room.
		w := binary.PutUvarint(s.arena[r.end:], uint64(len(data)))
		copy(s.arena[r.end+w:], data)
		r.end += need
		s.rooms -= need
	case r.room == len(s.arena):
		// The last region: it grows at the arena's end.
		s.rooms -= r.room - r.end
		s.live -= r.room - r.end
		s.arena = append(binary.AppendUvarint(s.arena[:r.end], uint64(len(data))), data...)
		s.live += len(s.arena) - r.end
		r.end, r.room = len(s.arena), len(s.arena)
	default:
		// Another stream's region follows: the region moves to the
		// end, with room to grow into.
		s.live -= r.kept()
		s.rooms -= r.room - r.end
		events := r.end - (r.off + r.start)
		s.arena = s.moveRegion(s.arena, r)
		s.arena = append(binary.AppendUvarint(s.arena, uint64(len(data))), data...)
		r.end = len(s.arena)
		room := max(0, min(events+need, maxRoom, s.max/4-s.rooms))
		s.arena = slices.Grow(s.arena, room)[:len(s.arena)+room]
		r.room = len(s.arena)
		s.rooms += room
		s.live += r.kept()
	}
	n := len(data) + eventOverhead
	r.events++
	r.size += n
	s.size += n
	s.trim(i)
	s.compact()
	return nil
}

// trim forgets streams, least recently appended to first, until the store
// is within its bound; keep, the stream just appended to, loses its
// oldest events instead, keeping its last. s.mu is held.
func (s *eventStore) trim(keep int32) {
	for s.size > s.max {
		i := s.head
		if i < 0 {
			return
		}
		if i != keep {
			s.remove(i)
			continue
		}
		r := &s.recs[i]
		if r.events <= 1 {
			return
		}
		l, w := binary.Uvarint(s.arena[r.off+r.start:])
		r.start += w + int(l)
		r.first++
		r.events--
		s.live -= w + int(l)
		n := int(l) + eventOverhead
		r.size -= n
		s.size -= n
	}
}

// remove forgets the stream at place i; s.mu is held.
func (s *eventStore) remove(i int32) {
	s.unlink(i)
	r := &s.recs[i]
	s.size -= r.size
	s.live -= r.kept()
	s.rooms -= r.room - r.end
	delete(s.index, r.hash)
	*r = streamRec{prev: -1, next: -1}
	s.free = append(s.free, i)
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
	i := s.lookup(session, id)
	if i < 0 {
		return nil, fmt.Errorf("stream %q of session %q: %w", id, session, errNoStream)
	}
	r := &s.recs[i]
	skip := index + 1 - r.first
	switch {
	case skip < 0:
		return nil, fmt.Errorf("stream %q of session %q, after event %d: %w", id, session, index, mcp.ErrEventsPurged)
	case skip >= r.events:
		return nil, nil
	}
	out := make([][]byte, 0, r.events-skip)
	for off, k := r.off+r.start, 0; k < r.events; k++ {
		l, w := binary.Uvarint(s.arena[off:])
		off += w
		if k >= skip {
			out = append(out, bytes.Clone(s.arena[off:off+int(l)]))
		}
		off += int(l)
	}
	return out, nil
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
	defer s.compact()
	for i := range s.recs {
		r := &s.recs[i]
		if r.inUse && int(r.sessLen) == len(session) && string(s.arena[r.off:r.off+int(r.sessLen)]) == session {
			s.remove(int32(i))
		}
	}
	return nil
}

// usage returns the bytes the store holds, overheads included, and how
// many streams.
func (s *eventStore) usage() (bytes, streams int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.size, len(s.index)
}
