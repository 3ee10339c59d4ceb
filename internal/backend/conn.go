package backend

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/nesting"
	"github.com/switchboard-mcp/switchboard/internal/panics"
)

// lineTransport is an mcp.Transport over a child's stdin and stdout,
// speaking newline-delimited JSON. Unlike mcp.IOTransport it drops stdout
// lines that are not JSON-RPC messages (reporting them to junk) instead
// of breaking the session, and it never buffers more than max bytes of a
// line: a longer line (with or without a newline) ends the connection
// with the error over returns, before any of it is decoded.
type lineTransport struct {
	r    io.Reader
	w    io.WriteCloser
	junk func(line []byte, why error)
	max  int64             // <= 0 means DefaultMaxMessageBytes
	over func(int64) error // called once with the size read (-1: more than max)
	// stray, when set, is told of an answer under an integer id past
	// ±2^53 (no request of ours has one), with the id as written: the
	// SDK decodes ids through float64, and a 31-digit id was said as
	// -9223372036854775808. Such an answer is dropped here.
	stray func(id string)
	// log gets a panic of the read loop's (nil: slog.Default()).
	log *slog.Logger
}

// Connect implements mcp.Transport; it may be called once.
func (t *lineTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &lineConn{
		wsem:   make(chan struct{}, 1),
		w:      t.w,
		msgs:   make(chan readResult),
		closed: make(chan struct{}),
		stray:  t.stray,
		log:    t.log,
	}
	max := t.max
	if max <= 0 {
		max = DefaultMaxMessageBytes
	}
	over := t.over
	if over == nil {
		over = func(n int64) error { return tooLargeError("", "", n, max) }
	}
	go c.readLoop(t.r, max, t.junk, over)
	return c, nil
}

type readResult struct {
	msg jsonrpc.Message
	err error
}

// lineConn is the mcp.Connection of a lineTransport. Read, Write and Close
// may be called concurrently.
type lineConn struct {
	// wsem is the writer's turn (a channel, so that waiting for it
	// honours a call's context; a mutex did not).
	wsem chan struct{}
	// writing is the number of the write in the pipe (0: none; each
	// write takes the next of wseq, under wsem), so that a deadline's
	// callback that runs late closes the conn only for its own write;
	// stalled is set once a write the child did not take by its call's
	// deadline closed the conn.
	writing   atomic.Uint64
	wseq      uint64
	stalled   atomic.Bool
	w         io.WriteCloser
	stray     func(id string) // see lineTransport.stray
	log       *slog.Logger
	msgs      chan readResult
	closed    chan struct{}
	closeOnce sync.Once
	closeErr  error
	// refusing counts the answers to unreadable requests being written
	// (refuseRequest), at most maxRefusing at once.
	refusing atomic.Int32
}

// maxRefusing bounds the answers to a backend's unreadable requests
// written at once: past it (a backend flooding them, not reading its
// stdin) they are not answered.
const maxRefusing = 4

// errNotObject reports a stdout line that is not a JSON object.
var errNotObject = errors.New("not a JSON object")

// readBufSize is the read buffer of a stdio backend's stdout; lines
// longer than this are collected in pieces, at most max bytes in all.
const readBufSize = 64 << 10

// readLoop reads lines until an error, sending each JSON-RPC message. A
// line over max bytes ends it with over's error. A line longer than the
// read buffer is kept as a list of pieces and joined once, into a buffer
// of its exact size, when its newline arrives: at most max bytes are
// held for a line that never ends, and about twice its size for one
// that does (growing one buffer by append would leave several times
// that in garbage).
//
// A panic reading or decoding the backend's output (or in junk or
// stray) ends the connection with an internal error, as a broken pipe
// would: the backend's calls waiting for an answer fail and the pool
// starts it again. It ended the process, and with the daemon every
// session.
func (c *lineConn) readLoop(r io.Reader, max int64, junk func([]byte, error), over func(int64) error) {
	defer panics.Recover(c.log, "reading a backend's output", func(why string) {
		c.send(readResult{err: fmt.Errorf("internal error in switchboard reading the backend's output: %s (a bug in Switchboard, not in the backend)", why)})
	})
	br := bufio.NewReaderSize(r, readBufSize)
	var pieces [][]byte // a line longer than the read buffer, so far
	var held int64      // bytes in pieces
	for {
		chunk, err := br.ReadSlice('\n')
		n := held + int64(len(chunk))
		if len(chunk) > 0 && chunk[len(chunk)-1] == '\n' {
			n-- // the newline is not part of the message
		}
		if n > max {
			pieces = nil
			c.send(readResult{err: over(-1)})
			return
		}
		if err == bufio.ErrBufferFull {
			pieces = append(pieces, bytes.Clone(chunk))
			held += int64(len(chunk))
			continue
		}
		line := chunk
		if len(pieces) > 0 {
			line = make([]byte, 0, held+int64(len(chunk)))
			for i, p := range pieces {
				line = append(line, p...)
				pieces[i] = nil
			}
			line = append(line, chunk...)
			pieces, held = nil, 0
			if len(line) >= collectAbove {
				runtime.GC() // the pieces, before decoding makes more copies
			}
		}
		if t := bytes.TrimSpace(line); len(t) > 0 {
			var batch []json.RawMessage
			if t[0] == '[' && json.Unmarshal(t, &batch) == nil && len(batch) > 0 && allObjects(batch) {
				// A JSON-RPC batch, which MCP 2025-03-26 has backends
				// send: each of its messages is read in turn. Dropped as
				// junk, the answers in it left their calls waiting until
				// their time limit.
				for _, m := range batch {
					if !c.deliver(bytes.TrimSpace(m), false, junk) {
						return
					}
				}
			} else if !c.deliver(t, err != nil && line[len(line)-1] != '\n', junk) {
				return
			}
		}
		if len(line) >= collectAbove {
			line = nil
			runtime.GC() // the line: the SDK decodes the message next
		}
		if err != nil {
			c.send(readResult{err: err})
			return
		}
	}
}

// allObjects reports whether each of ms is a JSON object.
func allObjects(ms []json.RawMessage) bool {
	for _, m := range ms {
		if m = bytes.TrimSpace(m); len(m) == 0 || m[0] != '{' {
			return false
		}
	}
	return true
}

// deliver decodes t, one message, and sends it; one that does not decode
// is told to junk, and when it is a response whose id can be read, its
// call is failed at once. It reports false when the connection closed.
//
// cut says t is what the backend wrote before its output ended, with no
// newline: one that does not decode is a message the backend did not
// finish (it crashed while writing its answer), told to junk only. Its
// call then fails as the connection ends, with the backend's exit status
// and the last lines of its stderr; failed here, it said `the backend's
// answer could not be read: unmarshaling jsonrpc message: unexpected
// EOF`, which named neither the crash nor its cause.
func (c *lineConn) deliver(t []byte, cut bool, junk func([]byte, error)) bool {
	var msg jsonrpc.Message
	var derr error
	if len(t) == 0 || t[0] != '{' {
		derr = errNotObject
	} else {
		msg, derr = jsonrpc.DecodeMessage(t) // copies what it keeps
		if derr != nil && strings.Contains(derr.Error(), "maximum nesting depth") {
			if r, ok := markDeepTools(t); ok {
				msg, derr = jsonrpc.DecodeMessage(r)
			}
		}
	}
	if derr == nil {
		if resp, ok := msg.(*jsonrpc.Response); ok && c.stray != nil {
			if v, ok := resp.ID.Raw().(int64); ok && (v >= 1<<53 || v <= -1<<53) {
				c.stray(cutText(string(topID(t)), 64)) // a number: no control characters
				return true
			}
		}
		return c.send(readResult{msg: msg})
	}
	if cut {
		derr = fmt.Errorf("its output ended in the middle of a message (%d bytes): %w", len(t), derr)
	}
	if junk != nil {
		junk(t, derr)
	}
	if cut {
		return true
	}
	// A request of the backend's we cannot decode (an elicitation whose
	// schema nests 2,000 levels) is answered with an error: unanswered,
	// the backend waited for it, and the call that made it ran to its
	// script's time limit.
	if id, method, ok := requestID(t); ok {
		c.refuseRequest(id, method, len(t), derr)
		return true
	}
	// A response we cannot decode (nested too deeply, say) fails its
	// call now, rather than at the call's timeout.
	if id, ok := responseID(t); ok {
		msg = &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "the backend's answer could not be read: " + derr.Error()}}
		return c.send(readResult{msg: msg})
	}
	return true
}

// responseID returns the id of a JSON-RPC response in line that could
// not be decoded as a whole: its top level is read up to its "result" or
// "error" member, which must follow the id (as every encoder we know
// writes them), and only scalar members may come before. A line with a
// "method" is a request, never answered here.
func responseID(line []byte) (jsonrpc.ID, bool) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return jsonrpc.ID{}, false
	}
	var id any
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return jsonrpc.ID{}, false
		}
		switch key {
		case "result", "error":
			if id == nil {
				return jsonrpc.ID{}, false
			}
			rid, err := jsonrpc.MakeID(id)
			return rid, err == nil
		case "method":
			return jsonrpc.ID{}, false
		}
		v, err := dec.Token()
		if err != nil {
			return jsonrpc.ID{}, false
		}
		if _, nested := v.(json.Delim); nested {
			return jsonrpc.ID{}, false
		}
		if key == "id" {
			id = v
		}
	}
	return jsonrpc.ID{}, false
}

// requestID returns the id and method of a JSON-RPC request in line
// that could not be decoded as a whole: its top level is read up to its
// "params" member, which must follow the id and the method (as every
// encoder we know writes them), and only scalar members may come before.
func requestID(line []byte) (jsonrpc.ID, string, bool) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return jsonrpc.ID{}, "", false
	}
	var id any
	method := ""
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return jsonrpc.ID{}, "", false
		}
		switch key {
		case "params":
			if id == nil || method == "" {
				return jsonrpc.ID{}, "", false
			}
			rid, err := jsonrpc.MakeID(id)
			return rid, method, err == nil
		case "result", "error":
			return jsonrpc.ID{}, "", false
		}
		v, err := dec.Token()
		if err != nil {
			return jsonrpc.ID{}, "", false
		}
		if _, nested := v.(json.Delim); nested {
			return jsonrpc.ID{}, "", false
		}
		switch key {
		case "id":
			id = v
		case "method":
			method, _ = v.(string)
		}
	}
	return jsonrpc.ID{}, "", false
}

// refuseRequest answers the backend's request id, of method, which could
// not be read (derr), with an invalid request error saying why; in the
// background, as the backend may not be reading its stdin.
func (c *lineConn) refuseRequest(id jsonrpc.ID, method string, size int, derr error) {
	if c.refusing.Add(1) > maxRefusing {
		c.refusing.Add(-1)
		return
	}
	e := unreadableError(method, size, derr.Error())
	go func() {
		defer c.refusing.Add(-1)
		defer panics.Recover(c.log, "answering a backend's unreadable request", nil)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = c.Write(ctx, &jsonrpc.Response{ID: id, Error: e})
	}()
}

// unreadableError is the answer to a request of the backend's, of method
// and size bytes, that the SDK cannot decode (why).
func unreadableError(method string, size int, why string) *jsonrpc.Error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest,
		Message: fmt.Sprintf("switchboard could not read this %s request (%d bytes): %s; it was not relayed to the client", strconv.Quote(cutText(method, 64)), size, why)}
}

// collectAbove is the line size past which the read loop collects
// garbage at once: a few such copies of a message near the limit,
// left for the next GC cycle, would double the peak memory.
const collectAbove = 8 << 20

func (c *lineConn) send(r readResult) bool {
	select {
	case c.msgs <- r:
		return true
	case <-c.closed:
		return false
	}
}

// Read returns the next message; io.EOF once the child closed stdout.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case r := <-c.msgs:
		return r.msg, r.err
	case <-c.closed:
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// errStalled is the error of a write the child did not take by its
// call's deadline: it stopped reading its stdin (hung, or blocked on
// its own output), so the connection is closed and the backend restarts.
var errStalled = errors.New("the backend stopped reading its input: it did not take the request within the call's time limit, so its connection was closed")

// Write sends msg as one line. Waiting for the turn to write ends with
// ctx; a write the child does not take by ctx's deadline (a full pipe
// it never reads) closes the connection: half a message cannot be taken
// back, and every later call would wait behind it. A call's time limit
// held for none of them: a backend that stopped reading stdin held its
// calls, and every later call of every session, for their scripts'
// whole time.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	data = append(data, '\n')
	select {
	case c.wsem <- struct{}{}:
	default:
		select {
		case c.wsem <- struct{}{}:
		case <-c.closed:
			return c.closedErr()
		case <-ctx.Done():
			return fmt.Errorf("waiting to send to the backend (a request before it is not taken yet): %w", context.Cause(ctx))
		}
	}
	defer func() { <-c.wsem }()
	select {
	case <-c.closed:
		return c.closedErr()
	default:
	}
	if ctx.Err() != nil {
		// Past its deadline already: not sent (and nothing to close).
		return fmt.Errorf("not sent to the backend: %w", context.Cause(ctx))
	}
	c.wseq++
	seq := c.wseq
	c.writing.Store(seq)
	stop := context.AfterFunc(ctx, func() {
		if c.writing.Load() == seq && errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
			c.stalled.Store(true)
			c.Close()
		}
	})
	_, err = c.w.Write(data)
	c.writing.Store(0)
	stop()
	if err != nil && c.stalled.Load() {
		return fmt.Errorf("%w (%w)", errStalled, context.Cause(ctx))
	}
	return err
}

// closedErr is the error of a write after Close.
func (c *lineConn) closedErr() error {
	if c.stalled.Load() {
		return fmt.Errorf("%w: %w", mcp.ErrConnectionClosed, errStalled)
	}
	return mcp.ErrConnectionClosed
}

// Close closes the child's stdin and unblocks Read. The process itself is
// supervised by the Backend, not here.
func (c *lineConn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		// Not in the writer's turn: a Write blocked on a full pipe must
		// not block Close.
		c.closeErr = c.w.Close()
	})
	return c.closeErr
}

// SessionID implements mcp.Connection; stdio has no session ID.
func (c *lineConn) SessionID() string { return "" }

// maxToolDepth is the deepest a listed tool may nest: the SDK refuses a
// message nested past 1,000 levels, and a tools/list answer holds its
// tools 4 levels down (the message, its result, the list, the tool).
const maxToolDepth = 990

// tooDeepKey marks a tool markDeepTools replaced; rawTools.screen leaves
// it out, saying why.
const tooDeepKey = "switchboard/nestedTooDeep"

// markDeepTools returns line, an answer the SDK's decoder refused for
// its nesting, with each listed tool nested past maxToolDepth replaced
// by its name and tooDeepKey; false when line is no tools/list answer
// or none of its tools is that deep. One tool whose schema nests 1,800
// levels made its backend's whole listing fail ("the backend's answer
// could not be read: … exceeded maximum nesting depth of 1000"), where a
// tool that does not decode is left out alone.
func markDeepTools(line []byte) ([]byte, bool) {
	// A schema nested past encoding/json's own limit (10,000: 5,000
	// levels of "properties") made this decoding fail too, and the whole
	// listing with it (round 104); what lies past maxPrunedDepth is
	// written null first, which keeps such a tool deeper than
	// maxToolDepth, and so marked, with its name readable.
	line = pruneDeep(line, maxPrunedDepth)
	var top map[string]json.RawMessage
	if json.Unmarshal(line, &top) != nil || top["result"] == nil {
		return nil, false
	}
	var res map[string]json.RawMessage
	if json.Unmarshal(top["result"], &res) != nil {
		return nil, false
	}
	var tools []json.RawMessage
	if json.Unmarshal(res["tools"], &tools) != nil {
		return nil, false
	}
	marked := false
	for i, raw := range tools {
		if _, deep := nesting.JSONC(raw, maxToolDepth); !deep {
			continue
		}
		var named struct {
			Name any `json:"name"`
		}
		_ = json.Unmarshal(raw, &named)
		tools[i], _ = json.Marshal(map[string]any{"name": named.Name, tooDeepKey: true, "inputSchema": map[string]any{"type": "object"}})
		marked = true
	}
	if !marked {
		return nil, false
	}
	var err error
	if res["tools"], err = json.Marshal(tools); err != nil {
		return nil, false
	}
	if top["result"], err = json.Marshal(res); err != nil {
		return nil, false
	}
	out, err := json.Marshal(top)
	return out, err == nil
}

// maxPrunedDepth is the depth past which markDeepTools writes a value
// null: well past maxToolDepth (a tool pruned there is still too deep),
// well within encoding/json's limit of 10,000.
const maxPrunedDepth = 2 * maxToolDepth

// pruneDeep returns data, JSON, with each object or array that opens
// deeper than max levels written as null; data itself when none does.
// It reads bytes only, so it works on JSON too deep for a decoder;
// strings are skipped whole (a bracket in one counts for nothing).
func pruneDeep(data []byte, max int) []byte {
	if _, deep := nesting.JSONC(data, max); !deep {
		return data
	}
	out := make([]byte, 0, len(data))
	depth := 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			j := skipJSONString(data, i)
			out = append(out, data[i:j]...)
			i = j - 1
		case '{', '[':
			if depth < max {
				depth++
				out = append(out, c)
				continue
			}
			out = append(out, "null"...)
			i = skipJSONValue(data, i) - 1
		case '}', ']':
			depth--
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// skipJSONString returns the index just past the string that opens at
// data[i] (a '"'), or len(data) when it does not end.
func skipJSONString(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(data)
}

// skipJSONValue returns the index just past the object or array that
// opens at data[i], or len(data) when it does not end.
func skipJSONValue(data []byte, i int) int {
	depth := 0
	for j := i; j < len(data); j++ {
		switch data[j] {
		case '"':
			j = skipJSONString(data, j) - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return len(data)
}

// topID is the "id" member of the JSON object line as written, or nil.
func topID(line []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil
		}
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return nil
		}
		if key == "id" {
			return v
		}
	}
	return nil
}
