package backend

import (
	"bytes"
	"io"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// The SDK's legacy SSE client reads its event stream ahead of the
// connection's reader into a queue of 100 events, each up to
// maxMessageBytes: a server sending 150 log messages of 30 MB, each under
// the limit, held 5.5 GB. sseGate holds the stream's reading back while
// the events read and not yet taken by the connection's reader pass
// 2 x maxMessageBytes (one event can always be read whole once the ones
// before it are taken).

// sseGate couples the reading of a legacy SSE stream (eventLimit) with
// the taking of its messages (rawConn.Read).
type sseGate struct {
	budget int64

	mu      sync.Mutex
	ends    []int64 // stream offsets where events the SDK queues ended, not yet taken
	taken   int64   // offset up to which events were taken
	first   bool    // the first event was seen: the endpoint, which Connect reads
	closed  bool
	changed chan struct{} // closed and replaced when taken or closed changes
}

// gatedStream is a legacy SSE stream as the SDK reads it, read no
// further ahead of what the connection's reader took than the gate
// allows.
type gatedStream struct {
	rc    io.ReadCloser
	gate  *sseGate
	lines sseLines
}

func (g *gatedStream) Read(p []byte) (int, error) {
	g.gate.wait(g.lines.off)
	n, err := g.rc.Read(p)
	g.lines.feed(p[:n], g.gate)
	return n, err
}

func (g *gatedStream) Close() error {
	g.gate.close()
	return g.rc.Close()
}

// gateWait bounds one wait of the gate: a miscount (an event the gate
// counts and the SDK does not queue) must not stop the stream for good;
// after it, counting starts again.
const gateWait = 10 * time.Second

func newSSEGate(max int64) *sseGate {
	return &sseGate{budget: 2 * max, changed: make(chan struct{})}
}

// ended records an event the SDK queues, ending at off.
func (g *sseGate) ended(off int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.first {
		g.first, g.taken = true, off // Connect reads it, not the reader
		return
	}
	g.ends = append(g.ends, off)
}

// took records that the connection's reader took an event.
func (g *sseGate) took() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.ends) == 0 {
		return
	}
	g.taken, g.ends = g.ends[0], g.ends[1:]
	if !g.closed { // closed: changed is closed for good
		close(g.changed)
		g.changed = make(chan struct{})
	}
}

// close ends every wait.
func (g *sseGate) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.closed {
		g.closed = true
		close(g.changed)
	}
}

// wait returns when the stream may be read on from offset read.
func (g *sseGate) wait(read int64) {
	deadline := time.Now().Add(gateWait)
	for {
		g.mu.Lock()
		if g.closed || read-g.taken <= g.budget {
			g.mu.Unlock()
			return
		}
		ch := g.changed
		g.mu.Unlock()
		left := time.Until(deadline)
		if left <= 0 {
			// Counted events the reader never takes (the SDK drops the
			// events read with the endpoint one) would hold the stream
			// for good: start counting again from here.
			g.mu.Lock()
			g.ends, g.taken = nil, read
			g.mu.Unlock()
			return
		}
		t := time.NewTimer(left)
		select {
		case <-ch:
		case <-t.C:
		}
		t.Stop()
	}
}

// sseLines follows the lines of an event stream as the SDK reads them
// (lines end at '\n'; a trailing '\r' is dropped) and tells the gate where
// each event the SDK queues ends: one with a non-empty event, id or retry
// field (the last of each), or data that is not empty once joined.
type sseLines struct {
	off    int64   // bytes seen
	line   []byte  // the current line's first bytes (field name and a little)
	value  bool    // the current line has a non-space byte after its colon
	colon  bool    // the current line's colon was seen
	datas  int     // data lines of the current event
	data   bool    // some data line of the current event has a value
	fields [3]bool // its event, id and retry fields have a value (the last one counts)
	rune   []byte  // the bytes of a non-ASCII rune in a value, read so far
}

// valueByte reads c, a byte after the current line's colon: the SDK
// trims Unicode spaces (U+00A0, U+2028, …) around a value, not only
// ASCII ones.
func (s *sseLines) valueByte(c byte) {
	if s.value {
		return
	}
	if len(s.rune) > 0 && (c < 0x80 || c >= 0xC0) {
		s.value = true // a rune cut short: not a space
		return
	}
	if c < 0x80 {
		s.value = c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f'
		return
	}
	s.rune = append(s.rune, c)
	if utf8.FullRune(s.rune) {
		r, _ := utf8.DecodeRune(s.rune)
		s.value = r == utf8.RuneError || !unicode.IsSpace(r)
		s.rune = s.rune[:0]
	}
}

func (s *sseLines) feed(p []byte, g *sseGate) {
	for _, c := range p {
		s.off++
		if c != '\n' {
			switch {
			case !s.colon && c == ':':
				s.colon = true
			case s.colon:
				s.valueByte(c)
			}
			if !s.colon && len(s.line) < 8 {
				s.line = append(s.line, c)
			}
			continue
		}
		if len(s.rune) > 0 {
			s.value = true // a rune cut short: not a space
		}
		l := s.line // a field's name, as the SDK compares it
		if !s.colon {
			l = bytes.TrimRight(l, "\r")
		}
		if len(l) == 0 && !s.colon {
			if s.data || s.datas > 1 || s.fields != [3]bool{} {
				g.ended(s.off)
			}
			s.data, s.datas, s.fields = false, 0, [3]bool{}
		} else if s.colon {
			switch string(l) {
			case "event":
				s.fields[0] = s.value
			case "id":
				s.fields[1] = s.value
			case "retry":
				s.fields[2] = s.value
			case "data":
				s.datas++
				s.data = s.data || s.value
			}
		}
		s.line, s.colon, s.value, s.rune = s.line[:0], false, false, s.rune[:0]
	}
}
