package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/time/rate"

	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/rpcid"
)

// DefaultMaxMessage is the default bound of one client message on stdin.
const DefaultMaxMessage = 16 << 20

// DefaultMaxInFlight is the default bound of a client's requests being
// served at once.
const DefaultMaxInFlight = 64

// DefaultMaxRate is the default bound of the lines read from a client a
// second (in bursts of as many). A client that sends more waits: its
// lines stay in its pipe. 45,000 a second (notifications, or pings whose
// answers it read) kept a core of the daemon busy, decoding them, and
// slowed every other session's calls from 0.5 to 40 ms; a client making
// one call after another sends a few thousand at most.
const DefaultMaxRate = 10000

// DefaultDrainTimeout is how long the session waits, once its input ended,
// for the answers of the requests it is serving.
const DefaultDrainTimeout = 30 * time.Second

// initWait bounds how long lines after an initialize wait for its answer.
const initWait = 10 * time.Second

// idHead is how much of a line too long to read is kept to find its id.
const idHead = 4 << 10

// StdioTransport is the mcp.Transport of `switchboard serve`: one JSON-RPC
// message per line on Reader, answers on Writer. Unlike the SDK's stdio
// transport, bad input does not end the session: a line that is not JSON
// gets a parse error (-32700, id null), a line that is JSON but no JSON-RPC
// message an invalid-request error (-32600), as does each request of a line
// that holds more than one message (or text after one), and a line over MaxMessage is
// skipped without being buffered and answered with an invalid-request
// error carrying its id when the id is among its first 4 KiB. A request
// that arrives while MaxInFlight of the client's requests are being served
// (answers it does not read count until written) is answered with an
// error at once: a client that floods requests and reads nothing cannot
// grow our memory without bound. Notifications are queued, not waited for
// (past 4 MiB queued for a client that does not read, they are dropped):
// their sender may serve other clients too. A request whose id is that of
// one being served is answered with invalid request (the SDK drops it
// unanswered), as is one whose progress token the SDK would change
// (rpcid.OddProgressToken). Lines are read at most MaxRate a second
// (a flood waits in its pipe). A notifications/cancelled for an id not being
// served is dropped (cancelsInFlight); a request one names gets no answer
// and no more progress (its place counts until its handler ends). An error answer's message is cut in the
// middle past 3 KiB, and its data left out past 4 KiB (rpcid.BoundAnswer).
// Lines after an initialize request wait for its answer (a
// client that sends initialize and notifications/initialized at once is
// served as one that waits). An error the SDK would answer with code 0
// gets a code (see withCode). The session ends at the end of Reader, once
// the requests being served are answered (at most DrainTimeout later: `cat
// requests | switchboard serve` gets its answers), or on a write error.
type StdioTransport struct {
	Reader io.Reader
	Writer io.Writer
	// MaxMessage bounds one message in bytes; 0 means DefaultMaxMessage.
	MaxMessage int
	// MaxInFlight bounds the client's requests served at once; 0 means
	// DefaultMaxInFlight.
	MaxInFlight int
	// Logger gets a line per rejected message; nil discards.
	Logger *slog.Logger
	// LinesRead, when set, is called with the number of lines read so
	// far before each newline-terminated line is handled (a daemon
	// session records it for its bridge: daemon.Hello.LinesRead).
	LinesRead func(n uint64)
	// Journal, when set, is where the lines come from instead of Reader,
	// and where the transport notes its progress (see Journal).
	Journal Journal
	// DrainTimeout bounds the wait for answers once the input ended; 0
	// means DefaultDrainTimeout.
	DrainTimeout time.Duration
	// MaxRate bounds the lines read a second, in bursts of as many; past
	// it, reading waits. 0 means DefaultMaxRate; negative, no bound.
	MaxRate float64
}

// A Journal keeps a session's progress through its client's stream where a
// process that outlives this one can read it: daemon.Journal, for the
// bridge that handed a daemon session its client's stdin and stdout. With
// one, the transport reads its lines through it; before it handles a line,
// it notes the answer that line is owed (Handle), and it writes every line
// through it (Write), which notes the answer paid.
type Journal interface {
	// ReadLine returns the next line without its newline: at most max
	// bytes of it, its first head bytes when it is longer (size is the
	// whole line's); io.EOF at the end of input, with any last line.
	ReadLine(max, head int) (line []byte, size int, err error)
	// Handle is called once for each line read, before it is handled,
	// with the raw id of the answer handling it will write (nil: none);
	// it returns the answer's slot for Write (-1: none kept).
	Handle(id json.RawMessage) int
	// Write writes line (newline included) to w, noting slot's answer
	// paid (-1: the line answers nothing owed). Calls do not overlap.
	Write(w io.Writer, line []byte, slot int) error
	// Initialize and Initialized get the client's initialize request and
	// notifications/initialized lines before they are handled;
	// InitAnswered comes just before a result for initialize is written.
	Initialize(line []byte)
	Initialized(line []byte)
	InitAnswered()
	// Pay notes slot's answer paid with no line written (-1: none): the
	// client cancelled the request, and a cancelled request gets no
	// answer.
	Pay(slot int)
}

// maxIDBytes bounds a request id's JSON (a Journal keeps ids of up to this
// size; clients use numbers or short strings).
const maxIDBytes = 240

// Connect implements mcp.Transport. It is called once.
func (t *StdioTransport) Connect(context.Context) (mcp.Connection, error) {
	max := t.MaxMessage
	if max <= 0 {
		max = DefaultMaxMessage
	}
	log := t.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	flight := t.MaxInFlight
	if flight <= 0 {
		flight = DefaultMaxInFlight
	}
	drain := t.DrainTimeout
	if drain <= 0 {
		drain = DefaultDrainTimeout
	}
	c := &stdioConn{w: t.Writer, max: max, log: log, linesRead: t.LinesRead, journal: t.Journal, maxFlight: flight, drainTimeout: drain, flight: map[jsonrpc.ID]int{}, incoming: make(chan readResult), closed: make(chan struct{}), outWake: make(chan struct{}, 1)}
	next := func() ([]byte, int, error) { return t.Journal.ReadLine(max, idHead) }
	if t.Journal == nil {
		br := bufio.NewReaderSize(t.Reader, 64<<10)
		next = func() ([]byte, int, error) { return readLine(br, max) }
	}
	switch {
	case t.MaxRate == 0:
		c.pace = rate.NewLimiter(DefaultMaxRate, DefaultMaxRate)
	case t.MaxRate > 0:
		burst := int(t.MaxRate)
		if burst < 1 {
			burst = 1
		}
		c.pace = rate.NewLimiter(rate.Limit(t.MaxRate), burst)
	}
	go c.readLoop(next)
	go c.writeLoop()
	return c, nil
}

type readResult struct {
	msg jsonrpc.Message
	err error
}

// stdioConn is one session over the pipes. Write and Close are safe for
// concurrent use; Read is called by one goroutine at a time.
type stdioConn struct {
	w         io.Writer
	max       int
	log       *slog.Logger
	linesRead func(uint64) // nil: not counted
	journal   Journal      // nil: none

	outMu    sync.Mutex
	out      []outLine     // lines for writeLoop, in order
	outNotes int           // bytes of notifications in out
	writing  bool          // a line is being written (by writeLoop or writeLine)
	failed   error         // the first write error: every later line fails with it
	outWake  chan struct{} // signalled when a line is queued or a write ends
	dropped  atomic.Int64  // notifications dropped, for warnAt

	flightMu  sync.Mutex
	maxFlight int
	flight    map[jsonrpc.ID]int    // requests delivered and not being answered yet, by id: their answers' journal slots
	cancelled map[jsonrpc.ID]bool   // of those, the ones the client cancelled: their answers are not written
	tokens    map[jsonrpc.ID]string // of those, the progress tokens they carry (tokenKey), when any
	muted     map[string]bool       // the tokens of cancelled requests: their progress is not written
	inFlight  int                   // requests delivered whose answers are not written yet
	initID    *jsonrpc.ID           // the initialize request being served
	inited    bool                  // an initialize was answered with a result
	newEra    bool                  // a request named 2026-07-28 or later in its _meta before any initialize
	initDone  chan struct{}         // closed when the initialize being served is answered
	idle      chan struct{}         // once the input ended: closed when nothing is in flight

	drainTimeout time.Duration
	pace         *rate.Limiter // nil: lines are read as fast as they come

	rejected atomic.Int64 // client messages rejected, for warnAt

	incoming  chan readResult
	closeOnce sync.Once
	closed    chan struct{}
}

func (c *stdioConn) SessionID() string { return "" }

// Read returns the next message from the client, io.EOF at the end of
// input or after Close.
func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.closed:
		return nil, io.EOF
	case r := <-c.incoming:
		return r.msg, r.err
	}
}

// Write sends one message as a line. The SDK calls it on a handler's
// goroutine once the handler returned, outside recoverPanics: a panic
// in it (the journal's, encoding) ends the session (see broke) and is
// the write's error.
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) (err error) {
	defer panics.Recover(c.log, "the stdio transport writing a message", func(why string) {
		err = c.broke(why)
	})
	return c.write1(ctx, msg)
}

// broke ends the session after a panic in the transport (logged by
// panics.Recover): Read returns io.EOF, so the SDK ends the session, and
// whatever waits on it (a request to the client, an answer queued or
// being written) gets an error instead of waiting for ever. The
// returned error says why.
func (c *stdioConn) broke(why string) error {
	c.Close()
	return fmt.Errorf("internal error in switchboard's stdio transport: %s; the session ended", why)
}

func (c *stdioConn) write1(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if r, ok := msg.(*jsonrpc.Response); ok && r.Error != nil {
		msg = rpcid.BoundAnswer(c.withCode(r))
	}
	b, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encoding message: %w", err)
	}
	if req, ok := msg.(*jsonrpc.Request); ok && !req.IsCall() {
		if c.mutedProgress(req) {
			return nil // held back as if written
		}
		return c.notify(b)
	}
	r, isResp := msg.(*jsonrpc.Response)
	if !isResp {
		return c.writeLine(b, -1)
	}
	if c.initAnswered(r.ID, r.Error == nil) && c.journal != nil { // before the write: the client may initialize again at once
		c.journal.InitAnswered()
	}
	slot, owed, cancelled := c.answering(r.ID) // before the write: the client may reuse the id once it has the answer
	if cancelled {
		// The client gave up on it: no answer, and the journal's slot is
		// paid (a bridge does not answer it either should we die).
		if c.journal != nil {
			c.journal.Pay(slot)
		}
	} else {
		err = c.writeLine(b, slot)
	}
	if owed {
		c.answered() // after the write: an answer the client does not read still counts
	}
	return err
}

// withCode returns r, or, when its error would go out with code 0 (the
// SDK answers a plain Go error so, and gives some of its own answers
// one: a request before initialize, an initialize after a 2026-07-28
// request made the session initialized), a copy with a code a client can
// act on: invalid request (-32600) for those two, invalid params (-32602)
// for an initialize whose params do not decode, internal error
// (-32603) for any other. The SDK makes these errors before any
// middleware sees the request (its initialization gate) or inside its
// own initialize handler, so only its transport can give them a code.
func (c *stdioConn) withCode(r *jsonrpc.Response) *jsonrpc.Response {
	msg := r.Error.Error()
	var we *jsonrpc.Error
	if errors.As(r.Error, &we) {
		if we.Code != 0 {
			return r
		}
		if r.Error == error(we) {
			msg = we.Message
		}
	}
	c.flightMu.Lock()
	init := c.initID != nil && *c.initID == r.ID
	c.flightMu.Unlock()
	code := rpcid.CodeZero(init, msg)
	if strings.HasSuffix(msg, " is invalid during session initialization") {
		// The SDK's words say nothing of what to send instead.
		msg += ": no initialize was answered yet; send initialize first, or, for protocol 2026-07-28, its version, the client's info and capabilities in each request's _meta"
	}
	e := &jsonrpc.Error{Code: code, Message: msg}
	if we != nil && r.Error == error(we) {
		e.Data = we.Data
	}
	return &jsonrpc.Response{ID: r.ID, Result: r.Result, Error: e, Extra: r.Extra}
}

// initAnswered notes the answer to the initialize being served, reporting
// whether it is that answer and a result.
func (c *stdioConn) initAnswered(id jsonrpc.ID, ok bool) bool {
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	if c.initID != nil && *c.initID == id {
		c.initID, c.inited = nil, ok
		if c.initDone != nil {
			close(c.initDone)
			c.initDone = nil
		}
		return ok
	}
	return false
}

// expectInit makes the lines after the initialize about to be delivered
// wait for its answer (waitInit).
func (c *stdioConn) expectInit() {
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	if c.initDone == nil {
		c.initDone = make(chan struct{})
	}
}

// waitInit waits, up to initWait, for the answer to an initialize being
// served: the SDK handles messages concurrently, and would take a
// notifications/initialized sent right behind initialize for one that
// came first.
func (c *stdioConn) waitInit() {
	c.flightMu.Lock()
	done := c.initDone
	c.flightMu.Unlock()
	if done == nil {
		return
	}
	t := time.NewTimer(initWait)
	defer t.Stop()
	select {
	case <-done:
	case <-c.closed:
	case <-t.C:
	}
}

// drain waits, up to drainTimeout, until no request is in flight.
func (c *stdioConn) drain() {
	c.flightMu.Lock()
	if c.inFlight == 0 {
		c.flightMu.Unlock()
		return
	}
	idle := make(chan struct{})
	c.idle = idle
	c.flightMu.Unlock()
	t := time.NewTimer(c.drainTimeout)
	defer t.Stop()
	select {
	case <-idle:
	case <-c.closed:
	case <-t.C:
		c.log.Warn("the input ended; gave up waiting for the answers of the requests in flight", "after", c.drainTimeout)
	}
}

// initialize reports whether an initialize request may be served: not
// after one was answered with a result (the SDK answers a second one
// `duplicate "initialize" received`, with code 0 unless codeErrors or
// withCode gives it one, and without saying what to do).
func (c *stdioConn) initialize(id jsonrpc.ID) bool {
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	if c.inited {
		return false
	}
	c.initID = &id
	return true
}

// noteEra notes a request before any initialize that names 2026-07-28 or
// later in its _meta: the SDK then takes the session as initialized, and
// answered a later initialize `duplicate "initialize" received`, though
// none had been sent (see sawNewEra). Requests after an initialize are
// not read again.
func (c *stdioConn) noteEra(req *jsonrpc.Request) {
	c.flightMu.Lock()
	skip := c.inited || c.newEra || c.initID != nil
	c.flightMu.Unlock()
	if skip || !bytes.Contains(req.Params, []byte(mcp.MetaKeyProtocolVersion)) {
		return
	}
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	var v string
	if json.Unmarshal(req.Params, &p) != nil || json.Unmarshal(p.Meta[mcp.MetaKeyProtocolVersion], &v) != nil || v < "2026-07-28" {
		return
	}
	c.flightMu.Lock()
	c.newEra = true
	c.flightMu.Unlock()
}

// sawNewEra reports whether noteEra saw a 2026-07-28 request.
func (c *stdioConn) sawNewEra() bool {
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	return c.newEra
}

// busy reports whether MaxInFlight requests are in flight.
func (c *stdioConn) busy() bool {
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	return c.inFlight >= c.maxFlight
}

// inUse reports whether a request with id is being served and its answer
// is not being written yet. The SDK neither serves nor answers a request
// whose id is in use (it drops it), so the transport answers it.
func (c *stdioConn) inUse(id jsonrpc.ID) bool {
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	_, ok := c.flight[id]
	return ok
}

// cancelsInFlight reports whether a notifications/cancelled names a
// request being served (one whose params do not decode is left to the
// SDK), and marks that request's answer as one not to write: the client
// has stopped waiting for it, and MCP's receiver of a cancellation sends
// no answer to the request. An initialize is never cancelled (clients
// must not cancel it; its answer is written).
func (c *stdioConn) cancelsInFlight(n *jsonrpc.Request) bool {
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(n.Params, &p) != nil {
		return true
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	if err != nil {
		return true
	}
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	slot, ok := c.flight[id]
	if !ok {
		return false
	}
	if c.initID == nil || *c.initID != id {
		if c.cancelled == nil {
			c.cancelled = map[jsonrpc.ID]bool{}
		}
		c.cancelled[id] = true
		if t, ok := c.tokens[id]; ok {
			if c.muted == nil {
				c.muted = map[string]bool{}
			}
			c.muted[t] = true
		}
		if c.journal != nil && slot >= 0 {
			// Owed no more, now: a bridge that takes the client back
			// from a daemon that dies before the handler ends answers
			// only what is owed.
			c.journal.Pay(slot)
			c.flight[id] = -1
		}
	}
	return true
}

// admit counts a request in flight, with the journal slot of its answer.
// Only the read loop admits: busy's and inUse's answers hold until then.
func (c *stdioConn) admit(id jsonrpc.ID, slot int) {
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	c.flight[id] = slot
	c.inFlight++
}

// answering frees the id of a request whose answer is about to be written
// and returns its journal slot (-1: none), whether it was in flight (then
// answered must follow the write) and whether the client cancelled it
// (then the answer is not written).
func (c *stdioConn) answering(id jsonrpc.ID) (slot int, owed, cancelled bool) {
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	slot, owed = c.flight[id]
	if !owed {
		return -1, false, false
	}
	delete(c.flight, id)
	if c.cancelled[id] {
		delete(c.cancelled, id)
		cancelled = true
	}
	if t, ok := c.tokens[id]; ok {
		delete(c.tokens, id)
		delete(c.muted, t)
	}
	return slot, true, cancelled
}

func (c *stdioConn) answered() {
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	c.inFlight--
	if c.inFlight == 0 && c.idle != nil {
		close(c.idle)
		c.idle = nil
	}
}

// owe notes the answer to id (raw JSON; nil or null: none) that handling
// the line just read will write; see Journal.Handle.
func (c *stdioConn) owe(id json.RawMessage) int {
	if c.journal == nil {
		return -1
	}
	if string(id) == "null" {
		id = nil
	}
	return c.journal.Handle(id)
}

// maxQueuedNotes bounds the notifications queued for a client that is
// not reading its output, in bytes; one is always queued when none is.
const maxQueuedNotes = 4 << 20

// outLine is a line waiting for writeLoop.
type outLine struct {
	b    []byte // newline included
	slot int
	done chan error // nil: a notification, which nobody waits for
}

// writeLine writes b and a newline, paying the journal's slot (-1: none),
// after the lines queued before it; it returns once the line is written.
//
// With nothing queued and nothing being written (a session without
// notifications in flight: nearly every answer) it writes b itself, so an
// answer costs no hand-off to writeLoop and back.
func (c *stdioConn) writeLine(b []byte, slot int) error {
	select {
	case <-c.closed:
		return io.ErrClosedPipe
	default:
	}
	line := append(b, '\n')
	c.outMu.Lock()
	if len(c.out) == 0 && !c.writing {
		if err := c.failed; err != nil {
			c.outMu.Unlock()
			return err
		}
		c.writing = true
		c.outMu.Unlock()
		err := c.write(line, slot)
		c.outMu.Lock()
		c.writing = false
		if err != nil && c.failed == nil {
			c.failed = err
		}
		pending := len(c.out) > 0
		c.outMu.Unlock()
		if pending {
			c.wakeWriter()
		}
		return err
	}
	c.outMu.Unlock()
	done := make(chan error, 1)
	if !c.enqueue(outLine{b: line, slot: slot, done: done}) {
		return io.ErrClosedPipe
	}
	select {
	case err := <-done:
		return err
	case <-c.closed:
		return io.ErrClosedPipe
	}
}

// write writes one line to the client, paying the journal's slot.
func (c *stdioConn) write(line []byte, slot int) error {
	var err error
	if c.journal != nil {
		err = c.journal.Write(c.w, line, slot)
	} else {
		_, err = c.w.Write(line)
	}
	if err != nil {
		return fmt.Errorf("writing to stdout: %w", err)
	}
	return nil
}

// wakeWriter signals writeLoop (the signal is kept if it is busy).
func (c *stdioConn) wakeWriter() {
	select {
	case c.outWake <- struct{}{}:
	default:
	}
}

// notify queues notification b and returns without waiting for it to be
// written. Its sender may be serving other clients too (a backend's
// notifications are handled one at a time for every session using it),
// so a client that does not read its output must not block it: once
// maxQueuedNotes bytes of notifications wait, more are dropped.
func (c *stdioConn) notify(b []byte) error {
	c.outMu.Lock()
	if c.outNotes > 0 && c.outNotes+len(b)+1 > maxQueuedNotes {
		c.outMu.Unlock()
		if n := c.dropped.Add(1); warnAt(n) {
			c.log.Warn("dropped a notification: the client is not reading its output", "queued", c.outNotes, "dropped", n)
		}
		return nil
	}
	c.outMu.Unlock()
	if !c.enqueue(outLine{b: append(b, '\n'), slot: -1}) {
		return io.ErrClosedPipe
	}
	return nil
}

// enqueue hands l to writeLoop, reporting false once closed.
func (c *stdioConn) enqueue(l outLine) bool {
	select {
	case <-c.closed:
		return false
	default:
	}
	c.outMu.Lock()
	c.out = append(c.out, l)
	if l.done == nil {
		c.outNotes += len(l.b)
	}
	c.outMu.Unlock()
	select {
	case c.outWake <- struct{}{}:
	default:
	}
	return true
}

// writeLoop writes the queued lines in order until Close. After a write
// error, every later line fails with it.
func (c *stdioConn) writeLoop() {
	defer panics.Recover(c.log, "the stdio transport's writer", func(why string) { c.broke(why) })
	for {
		c.outMu.Lock()
		for len(c.out) == 0 || c.writing {
			c.outMu.Unlock()
			select {
			case <-c.outWake:
			case <-c.closed:
				return
			}
			c.outMu.Lock()
		}
		l := c.out[0]
		c.out[0] = outLine{}
		c.out = c.out[1:]
		if l.done == nil {
			c.outNotes -= len(l.b)
		}
		err := c.failed
		c.writing = err == nil
		c.outMu.Unlock()
		if err == nil {
			err = c.write(l.b, l.slot)
			c.outMu.Lock()
			c.writing = false
			if err != nil && c.failed == nil {
				c.failed = err
			}
			c.outMu.Unlock()
		}
		if l.done != nil {
			l.done <- err
		}
	}
}

// Close ends the session; a Read in progress returns io.EOF. The reader
// is not closed (it is our stdin); its goroutine ends at its next line.
func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// deliver passes a read result to Read, reporting false once closed.
func (c *stdioConn) deliver(r readResult) bool {
	select {
	case c.incoming <- r:
		return true
	case <-c.closed:
		return false
	}
}

// readLoop reads lines until the end of input, answering bad ones itself.
// Every line read is noted to the journal once (owe), before it is acted
// on.
func (c *stdioConn) readLoop(next func() ([]byte, int, error)) {
	defer panics.Recover(c.log, "the stdio transport's reader", func(why string) { c.broke(why) })
	var n uint64
	for {
		if !c.wait() {
			return
		}
		line, size, err := next()
		if err == nil && c.linesRead != nil {
			n++
			c.linesRead(n)
		}
		if size > c.max {
			c.rejectRaw(sniffID(line), jsonrpc.CodeInvalidRequest, fmt.Sprintf(
				"message of at least %d bytes is over the limit of %d bytes for one client message; it was skipped (send less data per request)", size, c.max))
		} else if line = bytes.TrimSpace(bytes.TrimPrefix(line, utf8BOM)); len(line) > 0 {
			if !c.serveLine(line) {
				return
			}
			c.waitInit()
		} else {
			c.owe(nil)
		}
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, os.ErrClosed) {
				// Closed: the session ended (its client went away, or
				// the daemon stopped it), which is said where it ends.
				c.log.Warn("reading stdin", "err", err)
			}
			c.drain()
			c.deliver(readResult{err: io.EOF})
			return
		}
	}
}

// wait holds the read loop until the pace allows another line, reporting
// false once the session is closed.
func (c *stdioConn) wait() bool {
	if c.pace == nil {
		return true
	}
	d := c.pace.Reserve().Delay()
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-c.closed:
		return false
	}
}

// foldedMember answers line with invalid request and reports true when
// one of its members is named as one the SDK reads in other letter case
// (rpcid.FoldedMember).
func foldedMember(c *stdioConn, line []byte) bool {
	id, why := rpcid.FoldedMember(line)
	if why == "" {
		return false
	}
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	c.rejectRaw(id, jsonrpc.CodeInvalidRequest, "invalid request: "+why)
	return true
}

// utf8BOM starts the output of some Windows tools; it is no part of JSON.
var utf8BOM = []byte("\ufeff")

// noMethodNorResult reports whether msg, decoded as a response, is on the
// wire neither a request nor a response: no "result" and no "error".
func noMethodNorResult(msg jsonrpc.Message, line []byte) bool {
	r, ok := msg.(*jsonrpc.Response)
	if !ok || r.Error != nil || len(r.Result) > 0 {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(line, &m) != nil {
		return false
	}
	_, res := m["result"]
	_, errKey := m["error"]
	return !res && !errKey
}

// codeBusy is the error code of a request refused because too many are in
// flight (JSON-RPC's range for server errors).
const codeBusy = -32000

// serveLine hands one message to the SDK, or answers it itself when the
// SDK would drop it, answer it under another id, or when the client has
// too many requests in flight. It reports false once the session is
// closed.
func (c *stdioConn) serveLine(line []byte) bool {
	msg, err := jsonrpc.DecodeMessage(line)
	switch {
	case err != nil && !json.Valid(line):
		c.reject(nil, jsonrpc.CodeParseError, "parse error: the line is not JSON ("+err.Error()+")")
		return true
	case err != nil && line[0] == '[':
		c.reject(nil, jsonrpc.CodeInvalidRequest, "invalid request: JSON-RPC batches are not supported; send one message per line")
		return true
	case err != nil:
		why := err.Error()
		if w := rpcid.IDProblem(topID(line)); w != "" {
			// The SDK's words named its Go types ("parse error:
			// invalid ID type map[string]interface {}", "cannot
			// unmarshal \"1e400\" into Go struct field
			// jsonrpc2.wireDecode.id of type float64").
			why = w
		}
		c.rejectRaw(sniffID(line), jsonrpc.CodeInvalidRequest, "invalid request: "+why)
		return true
	case !json.Valid(line):
		// The SDK reads the first JSON value and drops the rest: a second
		// request on the line went unanswered, its client waiting for ever.
		c.rejectLine(line)
		return true
	case foldedMember(c, line):
		// Before the checks below, which read member names in any letter
		// case where the SDK reads them exactly ({"id":1.5,"ID":7} was
		// answered as 1).
		return true
	case nullID(msg, line):
		// The SDK would take it for a notification and drop it, leaving
		// the client waiting for an answer.
		c.reject(nil, jsonrpc.CodeInvalidRequest, "invalid request: the id is null; a request's id is a string or a number (a notification has no id)")
		return true
	case noMethodNorResult(msg, line):
		// The SDK would take it for a response and drop it.
		c.rejectRaw(sniffID(line), jsonrpc.CodeInvalidRequest, "invalid request: the message has an id but no method (a request) and no result or error (a response)")
		return true
	}
	if odd := oddNumberID(line); odd != nil {
		// The SDK keeps integer ids only: it would answer 1.5 as 1, a
		// reply the client cannot match.
		c.rejectRaw(odd, jsonrpc.CodeInvalidRequest, "invalid request: "+rpcid.IDProblem(odd))
		return true
	}
	if odd := oddStringID(msg, line); odd != nil {
		// The SDK decodes it to U+FFFD and would answer under that id, a
		// reply the client cannot match.
		c.rejectRaw(odd, jsonrpc.CodeInvalidRequest, "invalid request: the id is a string that is not valid Unicode (invalid UTF-8 or a lone surrogate); use a number or a plain string")
		return true
	}
	req, _ := msg.(*jsonrpc.Request)
	if req == nil || !req.IsCall() {
		if req != nil && req.Method == "notifications/initialized" && c.journal != nil {
			c.journal.Initialized(line)
		}
		if req != nil && req.Method == "notifications/cancelled" && !c.cancelsInFlight(req) {
			// Late (the answer went out) or for an id never used: the SDK
			// cancels by id in a goroutine of its own, and a late one
			// cancelled the next request using the id.
			c.owe(nil)
			return true
		}
		c.owe(nil)
		return c.deliver(readResult{msg: msg})
	}
	raw, err := json.Marshal(req.ID.Raw())
	if err != nil {
		c.reject(nil, jsonrpc.CodeInvalidRequest, "invalid request: its id cannot be encoded")
		return true
	}
	token, oddToken := rpcid.ProgressToken(line)
	oddMeta := rpcid.OddMeta(line)
	switch {
	case len(raw) > maxIDBytes:
		c.rejectRaw(raw, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: the id is %d bytes long; at most %d are accepted (use a number or a short string)", len(raw), maxIDBytes))
		return true
	case oddToken != "":
		// The SDK would send its progress under another token.
		c.rejectRaw(raw, jsonrpc.CodeInvalidRequest, "invalid request: "+oddToken)
		return true
	case oddMeta != "":
		// The SDK decodes _meta again at each accessor: 200,000 keys
		// took seconds of a core per request.
		c.rejectRaw(raw, jsonrpc.CodeInvalidParams, "invalid params: "+oddMeta)
		return true
	case c.inUse(req.ID):
		c.rejectRaw(raw, jsonrpc.CodeInvalidRequest, "invalid request: the id "+string(raw)+" is in use by a request being served; send each request with an id of its own")
		return true
	case req.Method == "initialize" && c.sawNewEra():
		c.rejectID(req.ID, jsonrpc.CodeInvalidRequest, "invalid request: this session's earlier requests carried a protocol version of 2026-07-28 or later in their _meta, which made it a session of that revision, where there is no initialize; send _meta with each request, or start a new session (a new process on stdio) to initialize")
		return true
	case req.Method == "initialize" && !c.initialize(req.ID):
		c.rejectID(req.ID, jsonrpc.CodeInvalidRequest, "invalid request: this session is already initialized; to initialize again, start a new session (a new process on stdio)")
		return true
	case c.busy():
		c.rejectID(req.ID, codeBusy, fmt.Sprintf(
			"too many requests at once: %d of this client's requests are being served (or answered and not read yet); wait for their answers before sending more", c.maxFlight))
		return true
	}
	if req.Method != "initialize" {
		c.noteEra(req)
	}
	if req.Method == "initialize" {
		c.expectInit()
		if c.journal != nil {
			c.journal.Initialize(line)
		}
	}
	c.admit(req.ID, c.owe(raw))
	if token != nil {
		c.noteToken(req.ID, token)
	}
	return c.deliver(readResult{msg: msg})
}

// noteToken keeps the progress token (raw JSON) of the request id being
// served, so that its progress can be held back once the client cancels
// it.
func (c *stdioConn) noteToken(id jsonrpc.ID, token json.RawMessage) {
	var t any
	if json.Unmarshal(token, &t) != nil {
		return
	}
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	if _, ok := c.flight[id]; !ok {
		return // answered already
	}
	if c.tokens == nil {
		c.tokens = map[jsonrpc.ID]string{}
	}
	c.tokens[id] = tokenKey(t)
}

// tokenKey is a progress token as JSON decodes it, in one form whatever
// its spelling (1e0 is 1).
func tokenKey(t any) string {
	switch t := t.(type) {
	case string:
		return "s" + t
	case float64:
		return "n" + strconv.FormatFloat(t, 'f', -1, 64)
	}
	return fmt.Sprintf("?%v", t)
}

// mutedProgress reports whether msg is a progress notification for a
// request the client cancelled: a client drops a cancelled request's
// token, and the TypeScript SDK's reports one it does not know as an
// error.
func (c *stdioConn) mutedProgress(msg *jsonrpc.Request) bool {
	if msg.Method != "notifications/progress" {
		return false
	}
	c.flightMu.Lock()
	none := len(c.muted) == 0
	c.flightMu.Unlock()
	if none {
		return false
	}
	var p struct {
		ProgressToken any `json:"progressToken"`
	}
	if json.Unmarshal(msg.Params, &p) != nil || p.ProgressToken == nil {
		return false
	}
	c.flightMu.Lock()
	defer c.flightMu.Unlock()
	return c.muted[tokenKey(p.ProgressToken)]
}

// nullID reports whether msg, a request without an id as the SDK decoded
// it, has "id": null on the wire: a request MCP forbids, not a
// notification.
func nullID(msg jsonrpc.Message, line []byte) bool {
	if r, ok := msg.(*jsonrpc.Request); !ok || r.IsCall() {
		return false
	}
	var m struct {
		ID json.RawMessage `json:"id"` // "null" when present and null
	}
	return json.Unmarshal(line, &m) == nil && m.ID != nil
}

// reject answers a message that cannot be served with an error response
// (id nil: null), so the client learns why and the session goes on.
func (c *stdioConn) reject(id any, code int64, message string) {
	rid, err := jsonrpc.MakeID(id)
	if err != nil {
		rid = jsonrpc.ID{}
	}
	c.rejectID(rid, code, message)
}

// rejectID is reject for an id already decoded (invalid: null).
func (c *stdioConn) rejectID(rid jsonrpc.ID, code int64, message string) {
	raw := json.RawMessage("null") // the SDK would omit it; JSON-RPC wants null when it is unknown
	if rid.IsValid() {
		b, err := json.Marshal(rid.Raw())
		if err != nil {
			return
		}
		raw = b
	}
	c.rejectRaw(raw, code, message)
}

// warnAt reports whether the nth repeat of a warning is logged: the
// first, then each power of ten.
func warnAt(n int64) bool {
	for n >= 10 && n%10 == 0 {
		n /= 10
	}
	return n == 1
}

// rejectRaw answers with an error response carrying id as it is given
// (an id the SDK cannot represent included).
func (c *stdioConn) rejectRaw(id json.RawMessage, code int64, message string) {
	if n := c.rejected.Add(1); warnAt(n) {
		// A client flooding bad lines gets every one answered, but our
		// log (the daemon's, which nothing rotates while it runs) only
		// the 1st, 10th, 100th...
		c.log.Warn("rejected a client message", "code", code, "reason", message, "rejected", n)
	}
	c.writeError(id, c.owe(id), code, message)
}

// writeError writes an error response under id, paying the journal's slot.
func (c *stdioConn) writeError(id json.RawMessage, slot int, code int64, message string) {
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *jsonrpc.Error  `json:"error"`
	}{"2.0", id, &jsonrpc.Error{Code: code, Message: message}})
	if err != nil {
		return // an id that is no JSON value: nothing to answer under
	}
	_ = c.writeLine(b, slot)
}

// rejectLine answers a line that holds more than its first message: each
// request on it gets an invalid request (the first under the journal's
// slot of the line), none is served; a line with no id gets one answer
// with a null id.
func (c *stdioConn) rejectLine(line []byte) {
	var ids []json.RawMessage
	values, junk := 0, false
	dec := json.NewDecoder(bytes.NewReader(line))
	for {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			junk = err != io.EOF
			break
		}
		values++
		if id := sniffID(v); id != nil && len(ids) < maxLineAnswers {
			ids = append(ids, id)
		}
	}
	what := fmt.Sprintf("%d JSON values", values)
	if junk {
		what = "a JSON value followed by text that is not JSON"
		if values > 1 {
			what = fmt.Sprintf("%d JSON values followed by text that is not JSON", values)
		}
	}
	msg := "invalid request: the line holds " + what + "; send one message per line, a newline after each (nothing on this line was served)"
	if len(ids) == 0 {
		c.reject(nil, jsonrpc.CodeInvalidRequest, msg)
		return
	}
	c.rejectRaw(ids[0], jsonrpc.CodeInvalidRequest, msg)
	for _, id := range ids[1:] {
		c.writeError(id, -1, jsonrpc.CodeInvalidRequest, msg)
	}
}

// maxLineAnswers bounds the answers to one line that holds many messages.
const maxLineAnswers = 1000

// oddNumberID returns the top-level id of line when it is a number the
// SDK does not keep exactly (rpcid.InexactNumber), else nil. A byte search for
// an "id" key followed by such a number comes first, so that the usual
// line costs no decoding.
func oddNumberID(line []byte) json.RawMessage {
	key := []byte(`"id"`)
	for rest := line; ; {
		i := bytes.Index(rest, key)
		if i < 0 {
			return nil
		}
		rest = rest[i+len(key):]
		v := bytes.TrimLeft(rest, " \t\r\n")
		if len(v) == 0 || v[0] != ':' {
			continue
		}
		v = bytes.TrimLeft(v[1:], " \t\r\n")
		n := 0
		for n < len(v) && bytes.IndexByte([]byte("+-0123456789.eE"), v[n]) >= 0 {
			n++
		}
		if n == 0 || !rpcid.InexactNumber(v[:n]) {
			continue
		}
		// A candidate, maybe nested in params: decode to be sure.
		var m struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(line, &m) != nil || len(m.ID) == 0 || !rpcid.InexactNumber(m.ID) {
			return nil
		}
		return m.ID
	}
}

// oddStringID returns the id of msg as line has it when it is a string
// that does not survive decoding (invalid UTF-8, or a lone surrogate
// escape, both decoded as U+FFFD), else nil. Only a decoded id holding
// U+FFFD is looked at again.
func oddStringID(msg jsonrpc.Message, line []byte) json.RawMessage {
	var id jsonrpc.ID
	switch m := msg.(type) {
	case *jsonrpc.Request:
		id = m.ID
	case *jsonrpc.Response:
		id = m.ID
	}
	s, ok := id.Raw().(string)
	if !ok || !strings.ContainsRune(s, utf8.RuneError) {
		return nil
	}
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &m) != nil {
		return nil
	}
	if rpcid.InvalidString(m.ID) {
		return m.ID
	}
	return nil
}

// readLine reads one line (without its newline) of at most max bytes.
// For a longer line it returns only its first idHead bytes, reads the rest
// to its end without keeping it, and reports a size over max. err is
// io.EOF at the end of input (line holds any last unterminated line).
func readLine(br *bufio.Reader, max int) (line []byte, size int, err error) {
	for {
		chunk, rerr := br.ReadSlice('\n')
		size += len(chunk)
		switch {
		case size <= max+1: // +1: the newline
			line = append(line, chunk...)
		case len(line) < idHead:
			line = append(line, chunk[:min(len(chunk), idHead-len(line))]...)
		}
		if rerr == bufio.ErrBufferFull {
			continue
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		if size > 0 && rerr == nil {
			size-- // the newline
		}
		if size > max && len(line) > idHead {
			line = line[:idHead]
		}
		return line, size, rerr
	}
}

// sniffID returns the top-level "id" of a JSON object that may be cut
// short, as sent (a string or a number), or nil when it is not found. An
// error answers under it as rejectRaw does: decoded, 1.5 came back as 1,
// 2^53+1 as 2^53 and a lone surrogate as U+FFFD.
func sniffID(b []byte) json.RawMessage {
	if v := topID(b); len(v) > 0 {
		if c := v[0]; c == '"' || c == '-' || c >= '0' && c <= '9' {
			return v
		}
	}
	return nil
}

// topID returns the top-level "id" member of the JSON object b as sent,
// whatever its type, or nil.
func topID(b []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	for {
		key, err := dec.Token()
		if err != nil {
			return nil
		}
		k, ok := key.(string)
		if !ok {
			return nil
		}
		if k == "id" {
			var v json.RawMessage
			if dec.Decode(&v) != nil || len(v) == 0 {
				return nil
			}
			return v
		}
		if err := skipValue(dec); err != nil {
			return nil
		}
	}
}

// skipValue skips the next value of dec, however nested.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}
