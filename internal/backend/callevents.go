package backend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"
)

// callEvents passes on the event stream answering one call as it comes,
// checking each event's data as the SDK will decode it (msgScan) without
// holding it. The SDK ends the whole session on an event it cannot
// decode (not JSON, not a JSON-RPC message), and every call in flight on
// the backend failed with it; such an event is passed on renamed (an
// "event:" line added before its end: the SDK skips events of other
// names) and followed by a JSON-RPC error answer to the call, naming the
// server. A line that is no field (no colon) is dropped, as the SSE
// format says to ignore it: the SDK ended the session on it too. Lines
// are read as the SDK reads them (up to '\n', trailing '\r's dropped).
// Only a field name or a run of spaces over maxHeld bytes is held back;
// past that the event passes unchecked.
type callEvents struct {
	src    io.ReadCloser
	r      *bufio.Reader
	server string
	id     json.RawMessage // the call answered; nil: none (see failed)
	junk   func(error)     // told of an event dropped when id is nil
	// legacy: the stream is a legacy SSE backend's, whose every event
	// the SDK reads (of any name) and drops when it cannot decode it
	// (rawConn.Read); an answer so refused is followed by an error
	// answer under its id, when it can be read (answered). Its first
	// event, the endpoint, is not checked; pastFirst: it was seen.
	legacy, pastFirst bool
	// admit, when set, is asked whether to pass on a notification (its
	// method and data size); one it refuses is skipped (see noteOrder)
	admit func(method string, size int) bool
	// ask, when set, is asked whether to pass on a request of the
	// backend's (its method, its id as sent or nil, its data size); one
	// it refuses is skipped (see streamAsks)
	ask func(method string, id json.RawMessage, size int) bool
	// unreadable, when set, is told of a request of the backend's that
	// the SDK cannot decode, its method and id read (see
	// msgScan.UnreadableRequest): its method, its id as sent, its data
	// size and why; it reports whether the request will be answered with
	// an error. Such a request is then skipped on a Streamable HTTP
	// stream (the call it came during goes on, as the backend's does with
	// our answer); unanswered, the backend waited for its answer until
	// the call's time limit.
	unreadable func(method string, id json.RawMessage, size int, why string) bool
	out        []byte // what is ready to be read
	err        error  // the source's error, once out is drained

	// the current line
	inLine bool   // some of it was read
	head   []byte // its bytes while no colon was seen (held back)
	field  uint8  // what its field is, once its colon was seen
	feed   trimFeed

	// the current event
	scan     msgScan
	dataN    int // bytes of its data, joined as the SDK joins them
	datas    int // its data lines
	name     []byte
	nameOver bool // its name is longer than any that matters
	passing  bool // passed on unchecked
	nonBlank bool // (passing) the current line has a byte besides '\r'
}

const (
	fNone uint8 = iota // no colon yet
	fData
	fEvent
	fOther
)

// maxHeld bounds what callEvents holds back: a line's field name, a run
// of spaces in a value (which the SDK trims at a line's end).
const maxHeld = 64 << 10

func newCallEvents(src io.ReadCloser, server string, id json.RawMessage) *callEvents {
	return &callEvents{src: src, r: bufio.NewReader(src), server: server, id: id}
}

func (c *callEvents) Read(p []byte) (int, error) {
	for len(c.out) == 0 && c.err == nil {
		frag, err := c.r.ReadSlice('\n')
		complete := len(frag) > 0 && frag[len(frag)-1] == '\n'
		if c.passing {
			c.pass(frag, complete)
		} else {
			c.take(frag, complete)
		}
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			if err == io.EOF {
				c.eof()
			}
			c.err = err // another error (too large, a reset) reaches the SDK as it is
		}
	}
	if len(c.out) > 0 {
		n := copy(p, c.out)
		c.out = c.out[n:]
		return n, nil
	}
	return 0, c.err
}

func (c *callEvents) Close() error { return c.src.Close() }

// pass passes frag on unchecked; a blank line ends the event, and the
// next one is checked.
func (c *callEvents) pass(frag []byte, complete bool) {
	c.out = append(c.out, frag...)
	c.nonBlank = c.nonBlank || len(bytes.Trim(frag, "\r\n")) > 0
	if complete {
		if !c.nonBlank {
			c.passing = false
			c.resetEvent()
		}
		c.nonBlank = false
	}
}

// giveUp passes the event on unchecked from here; rest is the rest of
// the current fragment.
func (c *callEvents) giveUp(rest []byte, complete bool) {
	c.passing, c.inLine = true, false
	held := c.head
	c.head = nil
	c.nonBlank = len(bytes.Trim(held, "\r\n")) > 0
	c.out = append(c.out, held...)
	c.pass(rest, complete)
}

func (c *callEvents) resetEvent() {
	c.scan = msgScan{stack: c.scan.stack[:0], tok: c.scan.tok[:0], idRaw: c.scan.idRaw[:0]}
	c.dataN, c.datas, c.name, c.nameOver = 0, 0, c.name[:0], false
}

// take reads a fragment of a line: the whole line when complete.
func (c *callEvents) take(frag []byte, complete bool) {
	if !c.inLine {
		c.inLine, c.field, c.head = true, fNone, c.head[:0]
	}
	body := frag
	if complete {
		body = frag[:len(frag)-1]
	}
	if c.field == fNone {
		i := bytes.IndexByte(body, ':')
		if i < 0 {
			c.head = append(c.head, body...)
			if complete {
				c.inLine = false
				if len(bytes.TrimRight(c.head, "\r")) == 0 {
					c.endEvent(append(c.head, '\n'))
				}
				// else: no field; dropped
				return
			}
			if len(c.head) > maxHeld {
				c.giveUp(nil, false)
			}
			return
		}
		c.head = append(c.head, body[:i+1]...)
		switch string(c.head[:len(c.head)-1]) {
		case "data":
			c.field = fData
			if c.datas++; c.datas > 1 {
				c.scan.Write([]byte{'\n'})
				c.dataN++
			}
		case "event":
			c.field = fEvent
			c.name, c.nameOver = c.name[:0], false
		default:
			c.field = fOther
		}
		c.feed.reset()
		c.out = append(c.out, c.head...)
		c.head = c.head[:0]
		frag, body = frag[i+1:], body[i+1:]
	}
	c.out = append(c.out, frag...)
	if c.field == fData || c.field == fEvent {
		if !c.feed.add(body, c.sink) {
			c.inLine = false
			c.passing, c.nonBlank = true, true
			if complete {
				c.pass(nil, true)
			}
			return
		}
	}
	if complete {
		c.endLine()
	}
}

// endLine ends the current line.
func (c *callEvents) endLine() {
	if c.field == fData || c.field == fEvent {
		c.feed.finish(c.sink)
	}
	c.inLine = false
}

// sink takes a value's bytes, trimmed as the SDK trims them.
func (c *callEvents) sink(p []byte) {
	switch c.field {
	case fData:
		c.scan.Write(p)
		c.dataN += len(p)
	case fEvent:
		if len(c.name)+len(p) > len("message") {
			c.nameOver = true
			return
		}
		c.name = append(c.name, p...)
	}
}

// refused is why the current event is one the SDK would end the session
// on, or "".
func (c *callEvents) refused() string {
	if c.legacy && !c.pastFirst {
		c.pastFirst = c.dataN > 0 || len(c.name) > 0 || c.nameOver // one the SDK yields
		return ""
	}
	if c.skipped() {
		return ""
	}
	return c.scan.Verdict()
}

// skipped reports whether the SDK skips the current event: no data, or
// a name other than "message" (a legacy SSE stream's: no data).
func (c *callEvents) skipped() bool {
	if c.legacy {
		return c.dataN == 0
	}
	return c.dataN == 0 || c.nameOver || (len(c.name) > 0 && string(c.name) != "message")
}

// answeredRequest reports whether the current event, which the SDK
// would refuse for why, is a request of the backend's that will be
// answered with an error (see unreadable).
func (c *callEvents) answeredRequest(why string) bool {
	if c.unreadable == nil {
		return false
	}
	method, id, ok := c.scan.UnreadableRequest()
	return ok && c.unreadable(method, id, c.dataN, why)
}

// endEvent ends the current event at its blank line.
func (c *callEvents) endEvent(blank []byte) {
	why := c.refused()
	answered := why != "" && c.answeredRequest(why)
	if why != "" && c.legacy {
		c.out = append(c.out, blank...)
		c.out = append(c.out, c.answered(why)...) // an answer's: none when answered
	} else if answered {
		c.out = append(c.out, "event: switchboard-dropped\n"...)
		c.out = append(c.out, blank...)
	} else if why != "" {
		c.out = append(c.out, "event: switchboard-refused\n"...)
		c.out = append(c.out, blank...)
		c.out = append(c.out, c.failed(why)...)
	} else if c.dropped() {
		c.out = append(c.out, "event: switchboard-dropped\n"...)
		c.out = append(c.out, blank...)
	} else {
		c.out = append(c.out, blank...)
	}
	c.resetEvent()
}

// dropped reports whether the current event, one the SDK takes, is a
// notification that admit refuses or a request that ask refuses.
func (c *callEvents) dropped() bool {
	if c.skipped() {
		return false
	}
	if m, ok := c.scan.Notification(); ok {
		return c.admit != nil && !c.admit(m, c.dataN)
	}
	if m, id, ok := c.scan.Request(); ok {
		return c.ask != nil && !c.ask(m, id, c.dataN)
	}
	return false
}

// eof ends an event the stream ended without its blank line (the SDK
// decodes it).
func (c *callEvents) eof() {
	if c.passing {
		return
	}
	if c.inLine {
		if c.field == fNone {
			c.inLine = false // dropped; or blank, which ends nothing more
		} else {
			c.endLine()
			c.out = append(c.out, '\n')
		}
	}
	why := c.refused()
	answered := why != "" && c.answeredRequest(why)
	if why != "" && c.legacy {
		c.out = append(c.out, '\n')
		c.out = append(c.out, c.answered(why)...)
	} else if answered {
		c.out = append(c.out, "event: switchboard-dropped\n\n"...)
	} else if why != "" {
		c.out = append(c.out, "event: switchboard-refused\n\n"...)
		c.out = append(c.out, c.failed(why)...)
	} else if c.dropped() {
		c.out = append(c.out, "event: switchboard-dropped\n\n"...)
	}
	c.resetEvent()
}

// failed is an event with a JSON-RPC error answer to the call; none for
// a stream answering no one call (c.id nil: a GET's), whose refused event
// is skipped by the SDK and said to c.junk.
func (c *callEvents) failed(why string) []byte {
	if c.id == nil {
		if c.junk != nil {
			c.junk(fmt.Errorf("backend %q sent an event that is not a JSON-RPC message (%d bytes) on its event stream: %s; dropped", c.server, c.dataN, why))
		}
		return nil
	}
	msg, _ := json.Marshal(fmt.Sprintf("backend %q sent an event that is not a JSON-RPC message (%d bytes): %s", c.server, c.dataN, why))
	return []byte("data: {\"jsonrpc\":\"2.0\",\"id\":" + string(c.id) + ",\"error\":{\"code\":-32603,\"message\":" + string(msg) + "}}\n\n")
}

// answered is an event with a JSON-RPC error answer under the id of the
// current event, an answer the SDK cannot decode on a legacy SSE stream,
// so that the call it answers fails now instead of at its time limit;
// none when its id cannot be read (it waits).
func (c *callEvents) answered(why string) []byte {
	id, ok := c.scan.AnswerID()
	if !ok {
		return nil
	}
	msg, _ := json.Marshal(fmt.Sprintf("backend %q sent a malformed answer (%d bytes): %s", c.server, c.dataN, why))
	return []byte("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + string(id) + ",\"error\":{\"code\":-32603,\"message\":" + string(msg) + "}}\n\n")
}

// trimFeed passes a line's value on as bytes.TrimSpace would leave it,
// as it comes: leading spaces are dropped, a trailing run of spaces (or
// a rune cut at the fragment's end) is held until more follows.
type trimFeed struct {
	started bool
	pend    []byte
}

func (f *trimFeed) reset() { f.started, f.pend = false, f.pend[:0] }

// add takes p; false when more than maxHeld bytes would be held.
func (f *trimFeed) add(p []byte, sink func([]byte)) bool {
	f.pend = append(f.pend, p...)
	if !f.started {
		i := 0
		for i < len(f.pend) {
			if !utf8.FullRune(f.pend[i:]) {
				break
			}
			r, n := utf8.DecodeRune(f.pend[i:])
			if r == utf8.RuneError || !unicode.IsSpace(r) {
				f.started = true
				break
			}
			i += n
		}
		f.pend = append(f.pend[:0], f.pend[i:]...)
		if !f.started {
			return len(f.pend) <= maxHeld
		}
	}
	k := len(f.pend)
	for j := k - 1; j >= 0 && j >= k-3; j-- { // a rune cut short at the end
		if f.pend[j]&0xC0 != 0x80 {
			if !utf8.FullRune(f.pend[j:]) {
				k = j
			}
			break
		}
	}
	k = spaceSuffix(f.pend[:k])
	if k > 0 {
		sink(f.pend[:k])
		f.pend = append(f.pend[:0], f.pend[k:]...)
	}
	return len(f.pend) <= maxHeld
}

// finish ends the value: what is held is trimmed at its end and passed.
func (f *trimFeed) finish(sink func([]byte)) {
	b := f.pend
	if !f.started {
		b = bytes.TrimLeftFunc(b, unicode.IsSpace)
	}
	if k := spaceSuffix(b); k > 0 {
		sink(b[:k])
	}
	f.reset()
}

// spaceSuffix is where the trailing run of spaces of b begins.
func spaceSuffix(b []byte) int {
	k := len(b)
	for k > 0 {
		r, n := utf8.DecodeLastRune(b[:k])
		if r == utf8.RuneError || !unicode.IsSpace(r) {
			break
		}
		k -= n
	}
	return k
}
