package backend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
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
// field, or data that is not empty once joined.
type sseLines struct {
	off    int64  // bytes seen
	line   []byte // the current line's first bytes (field name and a little)
	value  bool   // the current line has a non-space byte after its colon
	colon  bool   // the current line's colon was seen
	datas  int    // data lines of the current event
	queued bool   // the current event is one the SDK queues
}

func (s *sseLines) feed(p []byte, g *sseGate) {
	for _, c := range p {
		s.off++
		if c != '\n' {
			switch {
			case !s.colon && c == ':':
				s.colon = true
			case s.colon && c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f':
				s.value = true
			}
			if !s.colon && len(s.line) < 8 {
				s.line = append(s.line, c)
			}
			continue
		}
		l := bytes.TrimRight(s.line, "\r")
		if len(l) == 0 && !s.colon {
			if s.queued || s.datas > 1 {
				g.ended(s.off)
			}
			s.queued, s.datas = false, 0
		} else if s.colon {
			switch string(l) {
			case "event", "id", "retry":
				s.queued = s.queued || s.value
			case "data":
				s.datas++
				s.queued = s.queued || s.value
			}
		}
		s.line, s.colon, s.value = s.line[:0], false, false
	}
}

// callEvents passes on the event stream answering one call, an event at
// a time, replacing an event whose data the SDK could not decode (not
// JSON, not a JSON-RPC message) by a JSON-RPC error answer to the call:
// the SDK ends the whole session on such an event, and every call in
// flight on the backend failed with it. Lines are read as the SDK reads
// them (up to '\n', a trailing '\r' dropped). An event over maxChecked is
// passed on unchecked as it comes (holding a large result twice cost
// 80 MB more for a 30 MB one).
type callEvents struct {
	src       io.ReadCloser
	r         *bufio.Reader
	server    string
	id        json.RawMessage
	out       []byte // what is ready to be read
	ev        []byte // the current event's lines, as read
	lineStart int    // where its current line begins in ev
	dataAt    [2]int // ev[dataAt[0]:dataAt[1]] is its data while it has one data line
	joined    []byte // its data, joined as the SDK joins it, once it has more
	datas     int    // its data lines
	name      string // its event name
	passing   bool   // the current event is passed on unchecked
	nonBlank  bool   // (passing) the current line has a byte besides '\r'
	err       error  // the source's error, once out is drained
}

// maxChecked is the largest event callEvents holds to check it.
const maxChecked = 1 << 20

// validEvent reports whether data can be a JSON-RPC message (an event's
// data, a JSON answer): a JSON object. (The SDK's decoder allocates 64 KiB a message, which doubled
// the cost of a flood of small notifications; a valid object that is no
// message still ends the session.)
func validEvent(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
}

func newCallEvents(src io.ReadCloser, server string, id json.RawMessage) *callEvents {
	return &callEvents{src: src, r: bufio.NewReader(src), server: server, id: id}
}

func (c *callEvents) Read(p []byte) (int, error) {
	for len(c.out) == 0 && c.err == nil {
		frag, err := c.r.ReadSlice('\n')
		complete := len(frag) > 0 && frag[len(frag)-1] == '\n'
		if c.passing {
			c.out = append([]byte(nil), frag...)
			c.nonBlank = c.nonBlank || len(bytes.Trim(frag, "\r\n")) > 0
			if complete {
				c.passing = c.passing && c.nonBlank // a blank line ends the event
				c.nonBlank = false
			}
		} else {
			c.ev = append(c.ev, frag...)
			ended := false
			if complete {
				ended = c.line(c.lineStart)
				c.lineStart = len(c.ev)
			}
			if !ended && len(c.ev) > maxChecked {
				c.nonBlank = len(bytes.Trim(c.ev[c.lineStart:], "\r\n")) > 0
				c.out, c.ev, c.passing = c.ev, nil, true
				c.lineStart, c.joined, c.datas, c.name = 0, nil, 0, ""
			}
		}
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			c.out, c.ev, c.err = append(c.out, c.ev...), nil, err // a partial event goes on as it is
		}
	}
	if len(c.out) > 0 {
		n := copy(p, c.out)
		c.out = c.out[n:]
		return n, nil
	}
	return 0, c.err
}

// line takes the line at ev[start:] and reports whether it ended the
// event (which is then out).
func (c *callEvents) line(start int) bool {
	l := bytes.TrimRight(c.ev[start:], "\r\n")
	if len(l) == 0 { // the event ends
		ev, data := c.ev, c.joined
		if c.datas == 1 {
			data = c.ev[c.dataAt[0]:c.dataAt[1]]
		}
		if len(data) > 0 && (c.name == "" || c.name == "message") && !validEvent(data) {
			msg, _ := json.Marshal(fmt.Sprintf("backend %q sent an event that is not a JSON-RPC message (%d bytes)", c.server, len(data)))
			ev = []byte("data: {\"jsonrpc\":\"2.0\",\"id\":" + string(c.id) + ",\"error\":{\"code\":-32603,\"message\":" + string(msg) + "}}\n\n")
		}
		c.out, c.ev, c.joined, c.datas, c.name = ev, nil, nil, 0, ""
		return true
	}
	before, after, found := bytes.Cut(l, []byte{':'})
	if !found {
		return false
	}
	switch string(before) {
	case "event":
		c.name = strings.TrimSpace(string(after))
	case "data":
		v := bytes.TrimSpace(after)
		c.datas++
		switch c.datas {
		case 1:
			from := start + (len(l) - len(after)) + bytes.Index(after, v)
			if len(v) == 0 {
				from = start
			}
			c.dataAt = [2]int{from, from + len(v)}
		case 2:
			c.joined = append(append(append([]byte(nil), c.ev[c.dataAt[0]:c.dataAt[1]]...), '\n'), v...)
		default:
			c.joined = append(append(c.joined, '\n'), v...)
		}
	}
	return false
}

func (c *callEvents) Close() error { return c.src.Close() }
