package daemon

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
)

// A mark file's layout. The header holds the relay's count of lines read
// (offLines) and a handed-off session's stream offsets and flags; then
// come the slots of the answers a handed-off session owes, then the ring
// of the client's bytes it read (see Journal).
const (
	offLines  = 0    // uint64: lines read off the bridge's connection (relay)
	offStart  = 8    // uint64: stream offset of the first byte not handled yet
	offEnd    = 16   // uint64: stream offset after the last byte read
	offOut    = 24   // uint64: the line being written to the client: its length << 32 | bytes written (0: none)
	offEOF    = 32   // uint32: 1 once the client's stdin ended
	offInited = 36   // uint32: 1 once initialize was answered with a result
	offLong   = 40   // uint64: a line that left the ring (see ReadLine): 0 none, 1 its end not read yet, else the offset after it
	outChunk  = 4096 // PIPE_BUF: a write of at most this many bytes to a pipe is whole or nothing

	headerSize = 4096
	slotCount  = 128 // > DefaultMaxInFlight: the answers in flight, and rejections being written
	slotSize   = 256
	slotIDMax  = slotSize - 16 // a slot: state uint32, id length uint32, line end uint64, id
	ringSize   = 256 << 10

	offSlots = headerSize
	offRing  = offSlots + slotCount*slotSize
	markSize = offRing + ringSize
)

// Journal is how a session reads a client whose stdin and stdout its bridge
// handed to the daemon (Hello.Handoff): the bytes of stdin are read into
// the ring of the session's mark file, which the bridge maps too, and the
// session notes there what it has handled and what it owes. When the
// daemon dies, the bridge reads what it left (see leftover): it answers
// the requests that were handled and not answered (they may have run),
// sends the bytes that were read and not handled to the next daemon, and
// ends a line left half written. Nothing on the call path makes a system
// call or wakes the bridge: the notes are stores into shared memory.
//
// It implements server.Journal. ReadLine and Handle are called by one
// goroutine, the others by any.
type Journal struct {
	m     *mark
	in    io.Reader  // the client's stdin
	ctlMu sync.Mutex // serialises ctl
	ctl   io.Writer  // the bridge's connection: the client's initialization lines

	// The reader's state: stream offsets (start: the first byte not
	// handled; scanned: [start, scanned) has no newline) and the line
	// last returned.
	start, end, scanned, lineEnd uint64
	rerr                         error
	line                         []byte
	long                         bool // the line did not fit the ring: it left it before Handle
	longSlot                     int

	// A new daemon's replay of the client's initialization (Hello.Replay):
	// lines served before the ring's, and the initialize whose answer the
	// client already has (idKey; "" once it is swallowed).
	replay    [][]byte
	replaying bool // the line last returned is a replay
	swallow   string

	slotMu sync.Mutex
	free   []int // free slots
	// asked holds, by id key, the slots of our requests to the client
	// (elicitation, sampling, roots, ping) it has not answered: a dead
	// daemon's are cancelled by the bridge, whose client would otherwise
	// wait on them for ever (an elicitation's dialog left open).
	asked  map[string]int
	nAsked atomic.Int32
}

// newJournal reads in through the ring of m, which holds from start to
// end the bytes a dead daemon read and never handled when the bridge
// hands off again; the replay lines come first (see Hello.Replay). Lines
// for the bridge go to ctl.
func newJournal(m *mark, in io.Reader, ctl io.Writer, replay []json.RawMessage) *Journal {
	j := &Journal{m: m, in: in, ctl: ctl, longSlot: -1, asked: map[string]int{}}
	if start, end := m.get64(offStart), m.get64(offEnd); end >= start && end-start <= ringSize {
		j.start, j.end, j.scanned = start, end, start
	}
	for _, l := range replay {
		j.replay = append(j.replay, bytes.TrimSpace(l))
	}
	if len(j.replay) > 0 {
		if id := scan(j.replay[0], false).id; id != nil {
			j.swallow = idKey(id)
		}
	}
	for i := slotCount - 1; i >= 0; i-- {
		j.free = append(j.free, i)
	}
	return j
}

// ReadLine returns the next line without its newline, reading stdin into
// the ring as needed: at most max bytes of it, and only its first head
// bytes when it is longer (size is the whole line's). The line is valid
// until the next call. err is io.EOF at the end of stdin (line holds a
// last unterminated line). A line longer than the ring leaves it before it
// is handled: its answer is owed from then on (its id is found in its
// first bytes).
func (j *Journal) ReadLine(max, head int) (line []byte, size int, err error) {
	if len(j.replay) > 0 {
		j.line = append(j.line[:0], j.replay[0]...)
		j.replay, j.replaying = j.replay[1:], true
		return j.line, len(j.line), nil
	}
	j.replaying = false
	j.line = j.line[:0]
	add := func(from, to uint64) {
		j.copyOut(from, to, func(chunk []byte) {
			size += len(chunk)
			switch {
			case size <= max:
				j.line = append(j.line, chunk...)
			case len(j.line) < head:
				j.line = append(j.line, chunk[:min(len(chunk), head-len(j.line))]...)
			}
		})
	}
	done := func() ([]byte, int, error) {
		if size > max && len(j.line) > head {
			j.line = j.line[:head]
		}
		return j.line, size, err
	}
	for {
		if nl, ok := j.find(j.scanned, j.end); ok {
			add(j.start, nl)
			j.lineEnd, j.scanned = nl+1, nl+1
			if j.long {
				j.m.set64(offLong, j.lineEnd)
			}
			return done()
		}
		j.scanned = j.end
		if j.rerr != nil {
			add(j.start, j.end)
			j.lineEnd = j.end
			if j.long {
				j.m.set64(offLong, j.lineEnd)
			}
			err = j.rerr
			return done()
		}
		if j.end-j.start == ringSize {
			// No newline in a full ring: the line leaves it now. The
			// bridge must not take what follows in the ring for a line
			// of its own: the mark says where the line ends.
			if !j.long {
				j.long = true
				j.m.set64(offLong, 1)
				var headBytes []byte
				j.copyOut(j.start, min(j.end, j.start+4096), func(c []byte) { headBytes = append(headBytes, c...) })
				j.longSlot = -1
				if id := scan(headBytes, false).id; id != nil {
					j.longSlot = j.owe(id, 0)
				}
			}
			add(j.start, j.end)
			j.advance(j.end)
		}
		j.fill()
	}
}

// Handle notes, before the line last read is handled, that handling it
// ends with an answer to id (its raw JSON; nil: none), and marks the line
// handled. It returns the slot of the answer owed (-1: none) for Paid.
func (j *Journal) Handle(id json.RawMessage) int {
	if j.replaying {
		j.replaying = false
		return -1 // not from the ring; its answer, if any, is swallowed
	}
	slot := -1
	switch {
	case j.long:
		slot = j.longSlot
		j.long, j.longSlot = false, -1
		if slot >= 0 && id == nil {
			j.Pay(slot)
			slot = -1
		} else if slot < 0 && id != nil {
			slot = j.owe(id, 0)
		}
	case id != nil:
		slot = j.owe(id, j.lineEnd)
	case j.nAsked.Load() > 0:
		if m := scan(j.line, false); m.isResponse() {
			j.unask(m.id) // the client's answer to a request of ours
		}
	}
	j.advance(j.lineEnd)
	if j.m.get64(offLong) != 0 {
		j.m.set64(offLong, 0) // after the advance: the line is behind start
	}
	return slot
}

// Write writes line (a whole message, newline included) to w, the
// client's stdout, in writes of at most outChunk bytes, each noted before
// it is made: a daemon that dies mid-line leaves the bridge the count of
// bytes out, and it ends the line and answers the request. The answer
// owed in slot (-1: none) is noted paid before the last write. The notes
// come before the writes because a write wakes the client, which may
// preempt us: a client that got its answer and then killed the daemon
// must not get that answer again.
func (j *Journal) Write(w io.Writer, line []byte, slot int) error {
	switch m := scan(line, true); {
	case m.isRequest():
		j.ask(m.id)
	case m.method == "notifications/cancelled" && j.nAsked.Load() > 0:
		// Our request given up: the client answers it with nothing.
		if id := cancelledID(line); id != nil {
			j.unask(id)
		}
	}
	if j.swallow != "" {
		if m := scan(line, true); m.isResponse() && idKey(m.id) == j.swallow {
			j.swallow = "" // the replayed initialize's: the client has the first daemon's
			return nil
		}
	}
	for done := 0; done < len(line); {
		n := min(len(line)-done, outChunk)
		if done+n == len(line) {
			j.Pay(slot)
		}
		j.m.set64(offOut, uint64(len(line))<<32|uint64(done+n))
		if _, err := w.Write(line[done : done+n]); err != nil {
			return fmt.Errorf("writing to the client's stdout: %w", err)
		}
		done += n
	}
	j.m.set64(offOut, 0)
	return nil
}

// Pay frees slot (-1: none): its answer is written, or not owed any more
// (the client cancelled the request).
func (j *Journal) Pay(slot int) {
	if slot < 0 {
		return
	}
	j.m.set32(offSlots+slot*slotSize, 0)
	j.slotMu.Lock()
	j.free = append(j.free, slot)
	j.slotMu.Unlock()
}

// InitAnswered notes, just before the write, that initialize is answered
// with a result: a new daemon must be initialized as this one was.
func (j *Journal) InitAnswered() { j.m.set32(offInited, 1) }

// control is a line of a handed-off session to its bridge: the client's
// initialization, which the bridge replays to the next daemon.
type control struct {
	Initialize  json.RawMessage `json:"initialize,omitempty"`
	Initialized json.RawMessage `json:"initialized,omitempty"`
}

// Initialize gives the bridge the client's initialize request, before it
// is handled.
func (j *Journal) Initialize(line []byte) { j.send(control{Initialize: line}) }

// Initialized gives the bridge the client's notifications/initialized.
func (j *Journal) Initialized(line []byte) { j.send(control{Initialized: line}) }

func (j *Journal) send(c control) {
	b, err := json.Marshal(c)
	if err != nil {
		return
	}
	j.ctlMu.Lock()
	defer j.ctlMu.Unlock()
	j.ctl.Write(append(b, '\n')) // a bridge that is gone ends the session anyway
}

// maxAskedSlots bounds the slots our requests to the client take, so
// that requests the client never answers, whose cancellation was never
// written (dropped with a full queue), leave the answers owed their slots.
const maxAskedSlots = slotCount / 4

// ask notes our request id, about to be written to the client, as asked
// (slotAsked), until the client answers it or we cancel it (unask). A
// request without a free slot (or past maxAskedSlots) is not noted: its
// client is not told should the daemon die.
func (j *Journal) ask(id []byte) {
	if len(id) > slotIDMax {
		return
	}
	key := idKey(id)
	j.slotMu.Lock()
	if _, ok := j.asked[key]; ok || len(j.free) == 0 || len(j.asked) >= maxAskedSlots {
		j.slotMu.Unlock()
		return
	}
	slot := j.free[len(j.free)-1]
	j.free = j.free[:len(j.free)-1]
	j.asked[key] = slot
	j.nAsked.Add(1)
	j.slotMu.Unlock()
	off := offSlots + slot*slotSize
	j.m.with(func(mem []byte) {
		if mem != nil {
			binary.NativeEndian.PutUint32(mem[off+4:], uint32(len(id)))
			binary.NativeEndian.PutUint64(mem[off+8:], 0)
			copy(mem[off+16:off+slotSize], id)
		}
	})
	j.m.set32(off, slotAsked)
}

// unask frees the slot of our request id: answered or cancelled.
func (j *Journal) unask(id []byte) {
	key := idKey(id)
	j.slotMu.Lock()
	slot, ok := j.asked[key]
	if ok {
		delete(j.asked, key)
		j.nAsked.Add(-1)
	}
	j.slotMu.Unlock()
	if ok {
		j.Pay(slot)
	}
}

// cancelledID is the requestId of a notifications/cancelled line (raw
// JSON), or nil.
func cancelledID(line []byte) []byte {
	var n struct {
		Params struct {
			RequestID json.RawMessage `json:"requestId"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &n) != nil || len(n.Params.RequestID) == 0 {
		return nil
	}
	return n.Params.RequestID
}

// Slot states: 0 free; slotOwed, an answer the session owes the client;
// slotAsked, a request of the session the client has not answered.
const (
	slotOwed  = 1
	slotAsked = 2
)

// owe takes a slot for an answer to id owed from line end on (0: already);
// -1 when none is free or the id is too long to keep (the transport
// refuses such ids).
func (j *Journal) owe(id []byte, end uint64) int {
	if len(id) > slotIDMax {
		return -1
	}
	j.slotMu.Lock()
	if len(j.free) == 0 {
		j.slotMu.Unlock()
		return -1
	}
	slot := j.free[len(j.free)-1]
	j.free = j.free[:len(j.free)-1]
	j.slotMu.Unlock()
	off := offSlots + slot*slotSize
	j.m.with(func(mem []byte) {
		if mem != nil {
			binary.NativeEndian.PutUint32(mem[off+4:], uint32(len(id)))
			binary.NativeEndian.PutUint64(mem[off+8:], end)
			copy(mem[off+16:off+slotSize], id)
		}
	})
	j.m.set32(off, slotOwed) // after the rest: the bridge reads a slot only when set
	return slot
}

// advance marks the stream up to to handled and clears those bytes of the
// ring: the bytes after end are always zero, so that the bridge finds
// bytes a read brought in just before the daemon died, before it noted
// them.
func (j *Journal) advance(to uint64) {
	from := j.start
	if to <= from {
		return
	}
	j.start = to
	j.m.set64(offStart, to)
	j.m.with(func(mem []byte) {
		if mem != nil {
			ringSegments(from, to, func(a, b int) { clear(mem[offRing+a : offRing+b]) })
		}
	})
	if j.scanned < to {
		j.scanned = to
	}
}

// fill reads stdin into the ring's free space after end.
func (j *Journal) fill() {
	var n int
	var err error
	j.m.with(func(mem []byte) {
		if mem == nil {
			err = io.ErrClosedPipe
			return
		}
		pos := int(j.end % ringSize)
		room := min(ringSize-pos, int(j.start+ringSize-j.end))
		n, err = j.in.Read(mem[offRing+pos : offRing+pos+room])
	})
	if n > 0 {
		j.end += uint64(n)
		j.m.set64(offEnd, j.end)
	}
	if err != nil {
		if errors.Is(err, io.EOF) {
			j.m.set32(offEOF, 1)
		} else if !errors.Is(err, os.ErrClosed) {
			err = fmt.Errorf("reading the client's stdin: %w", err)
		}
		j.rerr = err
	}
}

// find returns the stream offset of the first newline in [from, to).
func (j *Journal) find(from, to uint64) (uint64, bool) {
	at, found := uint64(0), false
	j.m.with(func(mem []byte) {
		if mem == nil {
			return
		}
		off := from
		ringSegments(from, to, func(a, b int) {
			if found {
				return
			}
			if i := bytes.IndexByte(mem[offRing+a:offRing+b], '\n'); i >= 0 {
				at, found = off+uint64(i), true
			}
			off += uint64(b - a)
		})
	})
	return at, found
}

// copyOut passes the ring's bytes [from, to) to f, in at most two chunks
// valid during the call.
func (j *Journal) copyOut(from, to uint64, f func([]byte)) {
	j.m.with(func(mem []byte) {
		if mem != nil {
			ringSegments(from, to, func(a, b int) { f(mem[offRing+a : offRing+b]) })
		}
	})
}

// ringSegments calls f with the ring positions [a, b) holding the stream
// offsets [from, to), in order: one segment, or two across the wrap.
func ringSegments(from, to uint64, f func(a, b int)) {
	for from < to {
		pos := int(from % ringSize)
		n := int(min(uint64(ringSize-pos), to-from))
		f(pos, pos+n)
		from += uint64(n)
	}
}

// leftover is what a dead handed-off session left in its mark: read by
// the bridge once the daemon is gone.
type leftover struct {
	pending []byte   // bytes read and not handled (from start to the first zero byte after end)
	owed    [][]byte // raw ids of the requests handled and not answered
	asked   [][]byte // raw ids of the session's requests to the client it had not answered
	halfOut bool     // a line was being written to the client
	eof     bool     // stdin had ended
	inited  bool     // initialize was answered with a result
	// skipLine: the daemon was reading a line longer than the ring (its
	// answer is owed) and pending holds none of its end: the rest of that
	// line is still in stdin, to be skipped.
	skipLine bool
}

// readLeftover reads what the session left in m.
func readLeftover(m *mark) leftover {
	var l leftover
	m.with(func(mem []byte) {
		if mem == nil {
			return
		}
		start := binary.NativeEndian.Uint64(mem[offStart:])
		end := binary.NativeEndian.Uint64(mem[offEnd:])
		out := binary.NativeEndian.Uint64(mem[offOut:])
		l.halfOut = out != 0 && out>>32 != out&(1<<32-1)
		l.eof = binary.NativeEndian.Uint32(mem[offEOF:]) != 0
		l.inited = binary.NativeEndian.Uint32(mem[offInited:]) != 0
		if end < start || end-start > ringSize {
			end = start // not what a session writes: take nothing
		}
		for end < start+ringSize && mem[offRing+int(end%ringSize)] != 0 {
			end++ // read just before the daemon died, not noted yet
		}
		ringSegments(start, end, func(a, b int) { l.pending = append(l.pending, mem[offRing+a:offRing+b]...) })
		// The tail of a line that left the ring is no line of its own.
		switch long := binary.NativeEndian.Uint64(mem[offLong:]); {
		case long == 1:
			if i := bytes.IndexByte(l.pending, '\n'); i >= 0 {
				l.pending = l.pending[i+1:]
			} else {
				l.pending, l.skipLine = nil, true
			}
		case long > start:
			l.pending = l.pending[min(int(long-start), len(l.pending)):]
		}
		for s := range slotCount {
			off := offSlots + s*slotSize
			state := binary.NativeEndian.Uint32(mem[off:])
			if state == 0 {
				continue
			}
			n := int(binary.NativeEndian.Uint32(mem[off+4:]))
			lineEnd := binary.NativeEndian.Uint64(mem[off+8:])
			if state == slotAsked {
				if n > 0 && n <= slotIDMax {
					l.asked = append(l.asked, append([]byte(nil), mem[off+16:off+16+n]...))
				}
				continue
			}
			if n == 0 || n > slotIDMax || lineEnd > start {
				continue // not handled yet: its line is in pending
			}
			l.owed = append(l.owed, append([]byte(nil), mem[off+16:off+16+n]...))
		}
	})
	return l
}

// prefill writes pending, the bytes a dead daemon read and never handled,
// into the ring of a new mark for the next daemon (at most a ring).
func prefill(m *mark, pending []byte) {
	pending = pending[:min(len(pending), ringSize)]
	m.with(func(mem []byte) {
		if mem != nil {
			copy(mem[offRing:], pending)
		}
	})
	m.set64(offEnd, uint64(len(pending)))
}
