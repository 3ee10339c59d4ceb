package front

import (
	"bytes"
	"container/list"
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestEventStore_KeepsWhatAListOfStreamsKept: the store, its streams
// records and regions of one arena, answers every sequence of calls as
// the plain store it replaced (refStore: a list of streams, each a
// slice of events) does: the same events after any index, the same
// streams forgotten over the bound, the same sessions' streams gone, the
// same usage.
func TestEventStore_KeepsWhatAListOfStreamsKept(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 7))
		max := 1 << (10 + rng.IntN(8))
		s, ref := newEventStore(max), newRefStore(max)
		sessions := []string{"s1", "session-two", "S3"}
		var streams [][2]string
		for step := range 3000 {
			switch op := rng.IntN(10); {
			case op < 2 || len(streams) == 0:
				sess, id := sessions[rng.IntN(len(sessions))], fmt.Sprintf("st%d", rng.IntN(1000))
				streams = append(streams, [2]string{sess, id})
				s.Open(ctx, sess, id)
				ref.Open(ctx, sess, id)
			case op < 8:
				st := streams[rng.IntN(len(streams))]
				var data []byte
				if rng.IntN(4) > 0 {
					data = make([]byte, rng.IntN(300))
					for i := range data {
						data[i] = byte(rng.IntN(256))
					}
				}
				if e1, e2 := s.Append(ctx, st[0], st[1], data), ref.Append(ctx, st[0], st[1], data); (e1 == nil) != (e2 == nil) {
					t.Fatalf("seed %d step %d: Append(%v): %v, the list's %v", seed, step, st, e1, e2)
				}
			case op < 9 && rng.IntN(20) == 0:
				sess := sessions[rng.IntN(len(sessions))]
				s.SessionClosed(ctx, sess)
				ref.SessionClosed(ctx, sess)
			default:
				st := streams[rng.IntN(len(streams))]
				idx := rng.IntN(8) - 1
				got, err1 := s.after(st[0], st[1], idx)
				want, err2 := ref.after(st[0], st[1], idx)
				if (err1 == nil) != (err2 == nil) || !errors.Is(err1, mcp.ErrEventsPurged) && errors.Is(err2, mcp.ErrEventsPurged) || len(got) != len(want) {
					t.Fatalf("seed %d step %d: after(%v, %d): %d events, %v; the list's %d, %v", seed, step, st, idx, len(got), err1, len(want), err2)
				}
				for i := range got {
					if string(got[i]) != string(want[i]) {
						t.Fatalf("seed %d step %d: after(%v, %d): event %d differs", seed, step, st, idx, i)
					}
				}
			}
			size, n := s.usage()
			if size != ref.size || n != ref.order.Len() {
				t.Fatalf("seed %d step %d: usage %d bytes, %d streams; the list's %d, %d", seed, step, size, n, ref.size, ref.order.Len())
			}
			if s.live > len(s.arena) || len(s.arena) >= minCompact && len(s.arena) >= 2*s.live+1 && s.live > 0 {
				t.Fatalf("seed %d step %d: arena of %d bytes for %d kept", seed, step, len(s.arena), s.live)
			}
		}
	}
}

// refStore is the event store as it was kept before its arena (a list
// of streams, each a slice of events): what eventStore must answer.
type refStore struct {
	mu       sync.Mutex
	max      int
	size     int
	order    list.List                           // of *refStream, least recently appended first
	sessions map[string]map[string]*list.Element // by session id, then stream id
}

type refStream struct {
	session, id string
	first       int
	data        [][]byte
	size        int // its cost, overheads included
}

func newRefStore(max int) *refStore {
	return &refStore{max: max, sessions: map[string]map[string]*list.Element{}}
}

func (s *refStore) stream(session, id string) *list.Element {
	streams := s.sessions[session]
	if streams == nil {
		streams = map[string]*list.Element{}
		s.sessions[session] = streams
	}
	e := streams[id]
	if e == nil {
		st := &refStream{session: session, id: id, size: streamOverhead + len(session) + len(id)}
		e = s.order.PushBack(st)
		streams[id] = e
		s.size += st.size
	}
	return e
}

func (s *refStore) Open(_ context.Context, session, id string) error {
	if id == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.stream(session, id)
	s.trim(e)
	return nil
}

func (s *refStore) Append(_ context.Context, session, id string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.sessions[session][id]
	if e == nil {
		return errNotKept
	}
	s.order.MoveToBack(e)
	st := e.Value.(*refStream)
	st.data = append(st.data, data)
	n := len(data) + eventOverhead
	st.size += n
	s.size += n
	s.trim(e)
	return nil
}

func (s *refStore) trim(keep *list.Element) {
	for s.size > s.max {
		e := s.order.Front()
		if e == nil {
			return
		}
		if e != keep {
			s.remove(e)
			continue
		}
		st := e.Value.(*refStream)
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

func (s *refStore) remove(e *list.Element) {
	st := s.order.Remove(e).(*refStream)
	s.size -= st.size
	streams := s.sessions[st.session]
	delete(streams, st.id)
	if len(streams) == 0 {
		delete(s.sessions, st.session)
	}
}

func (s *refStore) After(_ context.Context, session, id string, index int) iter.Seq2[[]byte, error] {
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

func (s *refStore) after(session, id string, index int) ([][]byte, error) {
	if id == "" && index < 0 {
		return nil, nil // a standalone stream's GET: nothing kept to replay
	}
	e := s.sessions[session][id]
	if e == nil {
		return nil, fmt.Errorf("stream %q of session %q: %w", id, session, errNoStream)
	}
	st := e.Value.(*refStream)
	start := index + 1 - st.first
	switch {
	case start < 0:
		return nil, fmt.Errorf("stream %q of session %q, after event %d: %w", id, session, index, mcp.ErrEventsPurged)
	case start >= len(st.data):
		return nil, nil
	}
	return slices.Clone(st.data[start:]), nil
}

func (s *refStore) SessionClosed(_ context.Context, session string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.sessions[session] {
		s.remove(e)
	}
	return nil
}

// A stream appended to between another stream's appends (a long call's
// progress beside other calls) grows into room left after it, and moves
// to the arena's end only as it doubles: it moved at each event, copying
// all it held (2,000 events of 1 KiB each, two streams in turn: gigabytes
// copied). What each stream keeps is still exactly its events.
func TestEventStore_InterleavedStreamsAreNotCopiedAtEachEvent(t *testing.T) {
	ctx := context.Background()
	s := newEventStore(32 << 20)
	for _, id := range []string{"a", "b"} {
		if err := s.Open(ctx, "sess", id); err != nil {
			t.Fatal(err)
		}
	}
	const n = 2000
	ev := func(id string, k int) []byte {
		return fmt.Appendf(bytes.Repeat([]byte{'x'}, 1000), " %s %d", id, k)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for k := range n {
		for _, id := range []string{"a", "b"} {
			if err := s.Append(ctx, "sess", id, ev(id, k)); err != nil {
				t.Fatal(err)
			}
		}
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 256<<20 { // 85 MiB here, 16 GiB before
		t.Errorf("%d MiB allocated for %d KiB of events", got>>20, 2*n)
	}
	for _, id := range []string{"a", "b"} {
		got, err := s.after("sess", id, -1)
		if err != nil || len(got) != n {
			t.Fatalf("stream %s: %d events, %v; want %d", id, len(got), err, n)
		}
		for k, e := range got {
			if !bytes.Equal(e, ev(id, k)) {
				t.Fatalf("stream %s, event %d: %.20q…, want %.20q…", id, k, e, ev(id, k))
			}
		}
	}
	if s.rooms > s.max/4 {
		t.Errorf("rooms %d bytes, over a quarter of the bound", s.rooms)
	}
}
