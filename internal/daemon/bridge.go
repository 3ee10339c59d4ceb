package daemon

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/rawio"
	"github.com/switchboard-mcp/switchboard/internal/rpcid"
)

// Defaults of BridgeOptions.
const (
	DefaultQueueWait = 10 * time.Second
	DefaultMaxLine   = 64 << 20
	replayWait       = 5 * time.Second // for the replayed initialize's response
	handoffRetry     = 2 * time.Second // handOffAgain's attempts
)

// BridgeOptions configure Bridge. Connect.Paths and Connect.Hello are
// required; Bridge sets Hello.Kind to KindSession.
type BridgeOptions struct {
	Connect ConnectOptions
	// QueueWait bounds how long a client line waits while the bridge
	// connects to a new daemon (zero: DefaultQueueWait); a request that
	// waited longer is answered with an error and not sent.
	QueueWait time.Duration
	// MaxLine bounds one message in either direction (zero:
	// DefaultMaxLine). A longer client message is skipped and answered
	// with an error (the session goes on); a longer daemon message ends
	// the bridge with an error.
	MaxLine int
	// Logger gets reconnects and faults (nil: discarded). Never stdout.
	Logger *slog.Logger
	// Stderr gets the session's start-up notices from the daemon's
	// reply, a line each, prefixed "switchboard: " (nil: discarded).
	Stderr io.Writer
	// NoHandoff keeps the bridge relaying even when it could hand its
	// stdio to the daemon (see Bridge).
	NoHandoff bool

	// Tests' hooks, nil otherwise: called with each client line read
	// (relaying) and each daemon line read, before it is relayed.
	testClientLine, testDaemonLine func(line []byte)
}

// Bridge serves a client's stdio through the daemon: it connects (starting
// the daemon when none runs) and sends the hello.
//
// When stdin and stdout are pipes or sockets (as when a client spawns
// us), the bridge hands them to the daemon, which then reads and writes
// the client itself: no line crosses the bridge. The session keeps a
// journal in the mark file both map (see Journal). When the daemon dies,
// the bridge answers the requests it had read and not answered with an
// error (they may have run), ends a line it left half written, and hands
// its stdio to a new daemon with the bytes the dead one read and never
// handled, replaying the client's initialization; when that cannot be
// done, it relays from then on, those bytes first. When stdin ends, the
// daemon ends the session and the bridge returns nil.
//
// Otherwise, and after a handoff ended that way, the bridge relays: it
// copies lines both ways without decoding them, noting only the id and
// method of each line.
//
// When the daemon connection breaks, the bridge connects to a new daemon,
// replays the client's initialize (swallowing its response) and
// notifications/initialized, and goes on. The daemon counts the lines it
// has read in a mark file both map (see Hello.LinesRead): of the requests
// it had not answered, the ones it had read get a JSON-RPC error at once
// (they may have run; they are never sent again), and the ones it never
// read go to the new daemon, in order, at most three times. Client lines
// that arrive meanwhile wait up to QueueWait. Bridge returns
// nil when stdin ends (the daemon ends that session only), ctx.Err() when
// ctx is done, and an error when the first connection fails or stdout
// breaks.
func Bridge(ctx context.Context, o *BridgeOptions, stdin io.Reader, stdout io.Writer) error {
	if o == nil || o.Connect.Paths == nil || o.Connect.Hello == nil {
		return errors.New("daemon: BridgeOptions.Connect.Paths and Hello are required")
	}
	b := &bridge{
		o:        *o,
		out:      stdout,
		inflight: map[string]*call{},
		asked:    map[string][]byte{},
		fatal:    make(chan error, 1),
	}
	h := *o.Connect.Hello
	h.Kind = KindSession
	b.o.Connect.Hello = &h
	if b.o.QueueWait <= 0 {
		b.o.QueueWait = DefaultQueueWait
	}
	if b.o.MaxLine <= 0 {
		b.o.MaxLine = DefaultMaxLine
	}
	b.log = o.Logger
	if b.log == nil {
		b.log = slog.New(slog.DiscardHandler)
	}
	b.ctx, b.cancel = context.WithCancel(ctx)
	defer b.cancel()
	b.ready = make(chan struct{})
	inF, _ := stdin.(*os.File)
	outF, _ := stdout.(*os.File)
	handoff := !o.NoHandoff && handoffSupported && canHandOff(inF) && canHandOff(outF)
	c, r, m, err := b.connect(handoff)
	if err != nil {
		return err
	}
	// Handed off: when the daemon dies, hand off to the next one, with
	// the bytes the dead one never handled, unless the same bytes were
	// left maxTries times in a row (they may be what kills it) or the
	// rest of a long line is to be skipped: then relay.
	for handed, tries, last := r.Handoff, 0, []byte(nil); handed; {
		pending, skip, done, herr := b.handedOff(c, r, m, inF, outF)
		if done {
			b.close()
			b.wg.Wait()
			return herr
		}
		if len(pending) > 0 && bytes.Equal(pending, last) {
			tries++
		} else {
			tries = 0
		}
		last = pending
		if !skip && tries < maxTries-1 {
			if c, r, m, err = b.handOffAgain(pending); err == nil {
				b.log.Info("handed the client's stdio to a new daemon", "pid", r.PID, "pendingBytes", len(pending))
				continue
			}
			b.log.Warn("could not hand the client's stdio to a new daemon; relaying", "err", err)
		}
		if skip {
			stdin = &afterLine{r: stdin}
		}
		stdin = io.MultiReader(bytes.NewReader(pending), stdin)
		b.mu.Lock()
		b.kick() // start a new daemon now: the client is about to retry
		b.mu.Unlock()
		break
	}
	stdinDone := make(chan error, 1)
	go func() {
		defer b.recovered("reading the client")
		stdinDone <- b.readClient(stdin)
	}()
	select {
	case err = <-stdinDone:
		if err == nil {
			b.drain()
		}
	case err = <-b.fatal:
	case <-ctx.Done():
		err = ctx.Err()
	}
	b.close()
	b.wg.Wait()
	return err
}

// bridge is Bridge's state; mu guards the fields after it.
type bridge struct {
	o      BridgeOptions
	log    *slog.Logger
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup // daemon readers and reconnects
	fatal  chan error     // buffered (1): stdout broke, or a line was too long

	outMu sync.Mutex // serialises lines to stdout
	out   io.Writer

	mu         sync.Mutex
	conn       net.Conn          // nil while connecting
	ready      chan struct{}     // closed when conn is set
	gen        int               // the connection's number; a broken one is replaced by gen+1
	pid        int               // the daemon's pid
	mark       *mark             // conn's count of lines the daemon read; nil: it keeps none
	readerDone <-chan struct{}   // closed when conn's reader ends
	lines      uint64            // lines written on conn
	lastErr    error             // the last failed connection attempt
	connecting bool              // a reconnect runs
	inflight   map[string]*call  // requests written on conn, not answered yet
	asked      map[string][]byte // the daemon's requests to the client (raw ids) not answered yet
	resend     []*call           // requests no daemon read: for the next connection, in order
	closed     bool

	initLine   []byte // the client's initialize request
	initKey    string
	initOK     bool   // the client got initialize's response: replay it
	initedLine []byte // notifications/initialized
}

// call is a client request written to a daemon and not answered yet.
type call struct {
	id    []byte // its raw id (a copy)
	line  []byte // the line (a copy), for the next daemon if this one never read it
	seq   uint64 // its line's number on the connection it was written to
	tries int    // connections it was written to
	// unsent: its write failed before any byte left (the daemon cannot
	// have read it, mark or none).
	unsent bool
	// again counts later requests of the client with the same id, written
	// while this one was in flight: the daemon answers each (refusing a
	// reused id), and this call stays owed until every answer is in.
	again int
}

// maxTries bounds how many daemons one request is written to.
const maxTries = 3

// connect makes the first connection, offering the daemon the client's
// stdio when handoff. Unless the daemon took the offer, it is published
// for relaying.
func (b *bridge) connect(handoff bool) (net.Conn, *Reply, *mark, error) {
	c, r, m, err := b.dial(handoff, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	b.mu.Lock()
	b.gen = 1
	b.mu.Unlock()
	if b.o.Stderr != nil {
		for _, n := range r.Notices {
			fmt.Fprintf(b.o.Stderr, "switchboard: %s\n", n)
		}
	}
	if !r.Handoff {
		done := b.startReader(c, 1, "", nil)
		b.publish(c, r, m, 0, 1, done)
	}
	return c, r, m, nil
}

// handedOff passes stdin and stdout to the daemon on c, then waits for
// the session to end, keeping the client's initialization lines the
// daemon sends for a replay. done reports that the session is over (err:
// why, nil when stdin ended); otherwise the daemon went away and the
// bridge takes its stdio back: the requests the daemon owed are answered,
// and pending holds the client's bytes it read and never handled, to be
// relayed before the rest of stdin (skip: whose first line is the rest of
// one the daemon had begun, and is skipped).
func (b *bridge) handedOff(c net.Conn, r *Reply, m *mark, stdin, stdout *os.File) (pending []byte, skip, done bool, err error) {
	defer m.close()
	if err := sendClient(c, stdin, stdout); err != nil {
		c.Close()
		b.log.Warn("could not hand the client's stdio to the daemon; relaying", "err", err)
		return nil, false, false, nil
	}
	stop := context.AfterFunc(b.ctx, func() { c.Close() })
	br := bufio.NewReaderSize(c, 4<<10)
	var buf []byte
	for {
		line, err := readMsg(br, &buf, b.o.MaxLine)
		if err != nil {
			break
		}
		var ctl control
		if json.Unmarshal(line, &ctl) != nil {
			continue
		}
		b.mu.Lock()
		if ctl.Initialize != nil {
			b.initLine = append(append([]byte(nil), ctl.Initialize...), '\n')
			b.initKey, b.initOK = idKey(scan(ctl.Initialize, false).id), false
		}
		if ctl.Initialized != nil {
			b.initedLine = append(append([]byte(nil), ctl.Initialized...), '\n')
		}
		b.mu.Unlock()
	}
	stop()
	c.Close()
	if err := b.ctx.Err(); err != nil {
		return nil, false, true, err
	}
	l := readLeftover(m)
	if l.eof && len(l.pending) == 0 {
		return nil, false, true, nil // the client is done: it reads no answers
	}
	takeBack(stdin)
	takeBack(stdout)
	if l.halfOut {
		if err := b.write([]byte("\n")); err != nil {
			return nil, false, true, fmt.Errorf("writing to the client: %w", err)
		}
	}
	b.mu.Lock()
	b.initOK = l.inited
	b.mu.Unlock()
	b.log.Warn("the daemon ended a session it was handed", "pid", r.PID, "failedCalls", len(l.owed), "pendingBytes", len(l.pending))
	msg := fmt.Sprintf("the switchboard daemon exited during this call (pid %d); the call was not retried. Retry it: a new daemon is starting.", r.PID)
	for _, id := range l.owed {
		b.answer(id, msg)
	}
	b.cancelAsked(l.asked, r.PID)
	return l.pending, l.skipLine, false, nil
}

// handOffAgain connects to a new daemon (starting it) and hands it the
// client's stdio: its mark's ring holds pending, and its hello replays
// the client's initialization (when the client got initialize's
// answer). It retries with backoff for up to handoffRetry (the dead
// daemon's socket may still take a connection and reset it; a daemon
// that cannot start is Connect's error at once); an error leaves the
// bridge to relay, which has its own reconnect and errors.
func (b *bridge) handOffAgain(pending []byte) (net.Conn, *Reply, *mark, error) {
	delay := 50 * time.Millisecond
	deadline := time.Now().Add(min(b.o.QueueWait, handoffRetry))
	for {
		c, r, m, err := b.handOffOnce(pending)
		var refused *SessionError
		if err == nil || errors.As(err, &refused) || time.Now().Add(delay).After(deadline) {
			return c, r, m, err
		}
		if err := sleep(b.ctx, delay); err != nil {
			return nil, nil, nil, err
		}
		delay = min(delay*2, 2*time.Second)
	}
}

// handOffOnce is one attempt of handOffAgain.
func (b *bridge) handOffOnce(pending []byte) (net.Conn, *Reply, *mark, error) {
	c, r, m, err := b.dial(true, &handoffAgain{pending: pending})
	if err == nil && !r.Handoff {
		c.Close()
		m.close()
		err = errors.New("the new daemon did not take the client's stdio")
	}
	if err != nil {
		return nil, nil, nil, err
	}
	return c, r, m, nil
}

// handoffAgain is what a handoff to a new daemon after the last one died
// carries: the bytes the dead one never handled.
type handoffAgain struct{ pending []byte }

// replayLines returns the client's initialization for Hello.Replay (none
// when the client never got initialize's answer).
func (b *bridge) replayLines() []json.RawMessage {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.initOK || b.initLine == nil {
		return nil
	}
	lines := []json.RawMessage{bytes.TrimSpace(b.initLine)}
	if b.initedLine != nil {
		lines = append(lines, bytes.TrimSpace(b.initedLine))
	}
	return lines
}

// afterLine reads r from after its first newline.
type afterLine struct {
	r    io.Reader
	done bool
}

func (s *afterLine) Read(p []byte) (int, error) {
	for !s.done {
		n, err := s.r.Read(p)
		if i := bytes.IndexByte(p[:n], '\n'); i >= 0 {
			s.done = true
			if m := copy(p, p[i+1:n]); m > 0 || err != nil {
				return m, err
			}
			break
		}
		if err != nil {
			return 0, err
		}
	}
	return s.r.Read(p)
}

// dial connects with a new mark file named in the hello, offering the
// client's stdio when handoff (again: to a new daemon after the last one
// died, with its ring prefilled and the client's initialization
// replayed); the mark is nil when the daemon keeps none (or the file
// could not be made).
func (b *bridge) dial(handoff bool, again *handoffAgain) (net.Conn, *Reply, *mark, error) {
	o := b.o.Connect
	h := *o.Hello
	m, path, err := newMark(o.Paths.Dir)
	if err != nil {
		b.log.Warn("no mark file: a daemon death fails every call in flight", "err", err)
	}
	if again != nil && m != nil {
		prefill(m, again.pending)
		h.Replay = b.replayLines()
	}
	b.mu.Lock()
	h.Again = b.gen > 0 // not the first connection: the same client
	b.mu.Unlock()
	h.Mark, h.Handoff, o.Hello = path, handoff && m != nil, &h
	c, r, err := Connect(b.ctx, &o)
	if path != "" {
		os.Remove(path) // both sides have mapped it, or the daemon never will
	}
	if err != nil || !r.Mark {
		m.close()
		m = nil
	}
	return c, r, m, err
}

// publish makes c the connection of generation gen, with mark m and
// lines already written on it.
func (b *bridge) publish(c net.Conn, r *Reply, m *mark, lines uint64, gen int, readerDone <-chan struct{}) {
	b.mu.Lock()
	if b.closed || b.gen != gen {
		b.connecting = false
		b.mu.Unlock()
		c.Close()
		m.close()
		return
	}
	b.conn, b.pid, b.mark, b.lines, b.lastErr, b.connecting, b.readerDone = c, r.PID, m, lines, nil, false, readerDone
	close(b.ready)
	b.mu.Unlock()
	select {
	case <-readerDone: // it died before it was published
		b.broken(gen, errors.New("the daemon closed the connection"))
	default:
	}
}

// current returns the live connection and its generation. With none
// (the daemon died), it starts connecting to a new daemon, if no one is,
// and waits up to QueueWait.
func (b *bridge) current() (net.Conn, int, error) {
	b.mu.Lock()
	c, gen, ready := b.conn, b.gen, b.ready
	b.kick()
	b.mu.Unlock()
	if c != nil {
		return c, gen, nil
	}
	t := time.NewTimer(b.o.QueueWait)
	defer t.Stop()
	select {
	case <-ready:
		return b.current()
	case <-b.ctx.Done():
		return nil, 0, b.ctx.Err()
	case <-t.C:
		b.mu.Lock()
		err := b.lastErr
		b.mu.Unlock()
		if err == nil {
			err = fmt.Errorf("still connecting after %s", b.o.QueueWait)
		}
		return nil, 0, err
	}
}

// kick starts connecting to a new daemon when there is no connection
// and no one is connecting; b.mu is held.
func (b *bridge) kick() {
	if b.conn != nil || b.connecting || b.closed {
		return
	}
	b.connecting = true
	gen := b.gen
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		defer b.recovered("connecting to a new daemon")
		b.reconnect(gen)
	}()
}

// readClient relays client lines to the daemon until stdin ends.
func (b *bridge) readClient(stdin io.Reader) error {
	r := bufio.NewReaderSize(stdin, 64<<10)
	var buf []byte
	for {
		line, err := readMsg(r, &buf, b.o.MaxLine)
		if errors.Is(err, errTooLong) {
			// Skip the rest of the line without keeping it and answer the
			// request (when its id is in the first bytes): the session
			// goes on, as in a standalone serve.
			m := scan(buf[:min(len(buf), 4096)], false)
			buf = buf[:0]
			if skipErr := skipLine(r); skipErr != nil && !errors.Is(skipErr, io.EOF) {
				return fmt.Errorf("reading the client: %w", skipErr)
			}
			msg := fmt.Sprintf("message over %d bytes: not sent to the switchboard daemon", b.o.MaxLine)
			b.log.Warn("dropped a client message", "reason", msg)
			if m.id != nil {
				b.answer(m.id, msg)
			}
			continue
		}
		if len(line) > 0 && line[0] == 0xef {
			line = bytes.TrimPrefix(line, utf8BOM) // some Windows tools start with one: the id is found after it
		}
		if len(line) > 0 && b.o.testClientLine != nil {
			b.o.testClientLine(line)
		}
		if len(line) > 0 {
			if line[len(line)-1] != '\n' {
				line = append(line[:len(line):len(line)], '\n') // a copy: never write into r's buffer
			}
			b.send(line, scan(line, false))
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("reading the client: %w", err)
		}
	}
}

// send writes one client line to the daemon, noting a request as in
// flight first.
func (b *bridge) send(line []byte, m msgInfo) {
	var key string
	if m.id != nil {
		key = idKey(m.id)
	}
	switch {
	case m.isResponse():
		b.mu.Lock()
		delete(b.asked, key) // the client's answer to the daemon's request
		b.mu.Unlock()
	case m.method == "initialize" && m.id != nil:
		b.mu.Lock()
		b.initLine, b.initKey, b.initOK = append([]byte(nil), line...), key, false
		b.mu.Unlock()
	case m.method == "notifications/initialized":
		b.mu.Lock()
		b.initedLine = append([]byte(nil), line...)
		b.mu.Unlock()
	case m.method == "notifications/cancelled":
		// The daemon answers a cancelled request with nothing: it is
		// owed no more (a dead daemon's calls are answered with an error,
		// which the client would get for a request it gave up). A
		// cancellation naming a member in other letter case
		// ("RequestID") the daemon refuses, as the SDK reads names
		// exactly, and the call runs on: it is still owed (encoding/json
		// below would read the name folded).
		var p struct {
			Params struct {
				RequestID json.RawMessage `json:"requestId"`
			} `json:"params"`
		}
		if _, why := rpcid.FoldedMember(line); why == "" && json.Unmarshal(line, &p) == nil && len(p.Params.RequestID) > 0 {
			k := idKey(p.Params.RequestID)
			b.mu.Lock()
			if cl := b.inflight[k]; cl != nil && cl.again == 0 && k != b.initKey {
				delete(b.inflight, k)
			}
			b.mu.Unlock()
		}
	}
	for attempt := 1; ; attempt++ {
		c, gen, err := b.current()
		if err == nil && attempt > maxTries {
			err = errors.New("three daemons in a row closed the connection before this message could be written")
		}
		if err != nil {
			var refused *SessionError
			switch {
			case m.isRequest() && errors.As(err, &refused):
				// A new daemon could not reopen the session: its config
				// stopped loading since, say.
				b.answer(m.id, fmt.Sprintf("switchboard could not reopen this session (its daemon restarted, or ended it to make room for another): %v; the call was not sent. Fix that and retry it.", err))
			case m.isRequest():
				b.answer(m.id, fmt.Sprintf("the switchboard daemon is not reachable (%v); the call was not sent. Retry it later, or see: switchboard daemon logs", err))
			default:
				b.log.Warn("dropped a client message while the daemon was unreachable", "method", m.method, "err", err)
			}
			return
		}
		b.mu.Lock()
		if b.gen != gen || b.conn == nil {
			b.mu.Unlock()
			continue // broke meanwhile; nothing was sent
		}
		b.lines++
		var cl *call
		if prev := b.inflight[key]; m.isRequest() && prev != nil {
			// An id in flight used again: the daemon's answer to it
			// must not end the record of the first, which a dead
			// daemon would then leave unanswered.
			prev.again++
		} else if m.isRequest() {
			// m.id and line point into the read buffer.
			cl = &call{id: append([]byte(nil), m.id...), line: append([]byte(nil), line...), seq: b.lines, tries: 1}
			b.inflight[key] = cl
		}
		b.mu.Unlock()
		n, err := c.Write(line)
		if err == nil {
			return
		}
		if cl != nil {
			if n == 0 {
				b.mu.Lock()
				cl.unsent = true
				b.mu.Unlock()
			}
			b.broken(gen, err) // it fails, or goes to the next daemon, with the others
			return
		}
		b.broken(gen, err)
		if n > 0 {
			return // part of a notification went out: not sent again
		}
		// A notification that did not leave goes to the next daemon.
	}
}

// startReader relays the daemon's lines of connection gen to stdout; a
// response whose id is swallow is dropped and signalled on swallowed.
// The returned channel is closed when the reader ends.
func (b *bridge) startReader(c net.Conn, gen int, swallow string, swallowed chan<- struct{}) <-chan struct{} {
	done := make(chan struct{})
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		defer close(done)
		defer b.recovered("relaying the daemon's lines")
		r := bufio.NewReaderSize(c, 64<<10)
		var buf []byte
		for {
			line, err := readMsg(r, &buf, b.o.MaxLine)
			if err != nil {
				if errors.Is(err, errTooLong) {
					b.die(fmt.Errorf("a message from the daemon: %w", err))
				}
				b.broken(gen, err)
				return
			}
			if len(line) == 1 {
				continue // a daemon's check that we are still here (hangupProbe)
			}
			if b.o.testDaemonLine != nil {
				b.o.testDaemonLine(line)
			}
			m := scan(line, true)
			switch {
			case m.isRequest():
				b.mu.Lock()
				if len(b.asked) < maxAsked {
					b.asked[idKey(m.id)] = append([]byte(nil), m.id...)
				}
				b.mu.Unlock()
			case m.method == "notifications/cancelled":
				if id := cancelledID(line); id != nil {
					b.mu.Lock()
					delete(b.asked, idKey(id)) // given up: the client answers it with nothing
					b.mu.Unlock()
				}
			}
			if m.isResponse() {
				key := idKey(m.id)
				if swallowed != nil && key == swallow {
					close(swallowed)
					swallowed = nil
					continue
				}
				b.mu.Lock()
				if cl := b.inflight[key]; cl != nil && cl.again > 0 {
					cl.again--
				} else {
					delete(b.inflight, key)
				}
				if key == b.initKey && b.initLine != nil {
					b.initOK = true
				}
				b.mu.Unlock()
			}
			if err := b.write(line); err != nil {
				b.die(fmt.Errorf("writing to the client: %w", err))
				return
			}
		}
	}()
	return done
}

// write sends one line to the client.
func (b *bridge) write(line []byte) error {
	b.outMu.Lock()
	defer b.outMu.Unlock()
	_, err := b.out.Write(line)
	return err
}

// answer sends the client a JSON-RPC error response for request id.
func (b *bridge) answer(raw []byte, msg string) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return
	}
	id, err := jsonrpc.MakeID(v)
	if err != nil {
		return
	}
	line, err := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: msg}})
	if err != nil {
		return
	}
	if err := b.write(append(line, '\n')); err != nil {
		b.die(fmt.Errorf("writing to the client: %w", err))
	}
}

// maxAsked bounds the daemon's requests to the client a relaying bridge
// keeps while they wait for the client's answer (elicitation, sampling,
// roots, ping): a daemon serves at most 64 of a client's calls at once.
const maxAsked = 1024

// cancelAsked tells the client that the requests a dead daemon (pid) had
// sent it and it had not answered (raw ids) are given up, as MCP has a
// sender do: notifications/cancelled for each. Otherwise a client waits
// on them for ever, an elicitation's dialog open for a call that already
// failed (and an SDK's client waits for its handlers before it closes);
// its answer would reach a daemon that never asked.
func (b *bridge) cancelAsked(ids [][]byte, pid int) {
	for _, id := range ids {
		if !json.Valid(id) {
			continue
		}
		line, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": map[string]any{
			"requestId": json.RawMessage(id),
			"reason":    fmt.Sprintf("the switchboard daemon that sent this request exited (pid %d); the call it came during failed", pid),
		}})
		if err != nil {
			continue
		}
		if err := b.write(append(line, '\n')); err != nil {
			b.die(fmt.Errorf("writing to the client: %w", err))
			return
		}
	}
}

// recovered, deferred at the top of each of the bridge's goroutines
// (what says which), turns its panic into the bridge's end: the stack is
// logged once, the client's requests written to a daemon or waiting for
// one are answered with an internal error (when the bridge's lock is
// free: a panic while it was held leaves them to the end of stdout), and
// Bridge returns the error. Before, the panic ended the process with its
// stack on stderr and the client's requests unanswered.
func (b *bridge) recovered(what string) {
	p := recover()
	if p == nil {
		return
	}
	why := panics.Log(b.log, "the bridge "+what, p, debug.Stack())
	var calls []*call
	if b.mu.TryLock() {
		for _, cl := range b.inflight {
			calls = append(calls, cl)
		}
		calls = append(calls, b.resend...)
		b.inflight, b.resend = map[string]*call{}, nil
		b.mu.Unlock()
	}
	msg := fmt.Sprintf("internal error in switchboard's bridge to its daemon (%s): %s. This is a bug in Switchboard, not in the request; this session ends. The stack is in the stderr of switchboard (pid %d).", what, why, os.Getpid())
	slices.SortFunc(calls, func(x, y *call) int { return cmp.Compare(x.seq, y.seq) })
	for _, cl := range calls {
		b.answer(cl.id, msg)
	}
	b.die(fmt.Errorf("internal error in the bridge %s: %s", what, why))
}

func (b *bridge) die(err error) {
	select {
	case b.fatal <- err:
	default:
	}
}

// broken handles the end of connection gen: of its unanswered requests,
// the ones the daemon read fail now and the others wait for the next
// connection, which is made in the background.
func (b *bridge) broken(gen int, cause error) {
	b.mu.Lock()
	if b.closed || b.gen != gen || b.conn == nil {
		b.mu.Unlock()
		return
	}
	c, pid, calls, m, asked := b.conn, b.pid, b.inflight, b.mark, b.asked
	b.conn, b.inflight, b.ready, b.mark, b.lines, b.asked = nil, map[string]*call{}, make(chan struct{}), nil, 0, map[string][]byte{}
	b.gen++
	read := ^uint64(0) // without a mark, any request written may have been read
	if m != nil {
		// The daemon is gone (or has closed this session): its count
		// is final.
		read = m.load()
	}
	var failed, tired, again []*call
	for _, cl := range calls {
		switch {
		case !cl.unsent && cl.seq <= read:
			failed = append(failed, cl)
		case cl.tries >= maxTries:
			tired = append(tired, cl)
		default:
			again = append(again, cl)
		}
	}
	slices.SortFunc(again, func(x, y *call) int { return cmp.Compare(x.seq, y.seq) })
	b.resend = append(b.resend, again...)
	b.mu.Unlock()
	c.Close()
	m.close()
	b.log.Warn("the daemon connection broke; connecting to a new daemon", "pid", pid, "err", cause, "failedCalls", len(failed)+len(tired), "resentCalls", len(again))
	msg := fmt.Sprintf("the switchboard daemon exited during this call (pid %d); the call was not retried. Retry it: a new daemon is starting.", pid)
	for _, cl := range failed {
		b.answer(cl.id, msg)
	}
	for _, cl := range tired {
		b.answer(cl.id, fmt.Sprintf("%d switchboard daemons in a row exited before reading this call (the last, pid %d); it was not sent again. See: switchboard daemon logs", maxTries, pid))
	}
	ids := make([][]byte, 0, len(asked))
	for _, id := range asked {
		ids = append(ids, id)
	}
	b.cancelAsked(ids, pid)
	if len(calls) > 0 {
		// Start the new daemon now: the client is about to retry, and
		// the calls no daemon read are waiting.
		b.mu.Lock()
		b.kick()
		b.mu.Unlock()
	}
}

// failResend answers the requests waiting for a new daemon with err, when
// none could be reached.
func (b *bridge) failResend(err error) {
	b.mu.Lock()
	calls := b.resend
	b.resend = nil
	b.mu.Unlock()
	for _, cl := range calls {
		b.answer(cl.id, fmt.Sprintf("the switchboard daemon exited before reading this call, and no new one is reachable (%v); the call was not sent. Retry it later, or see: switchboard daemon logs", err))
	}
}

// reconnect connects generation gen and replays the client's
// initialization, retrying with backoff for up to QueueWait (a client
// line that waits longer fails; the next one tries again).
func (b *bridge) reconnect(gen int) {
	delay := 50 * time.Millisecond
	deadline := time.Now().Add(b.o.QueueWait)
	for {
		c, r, m, lines, done, err := b.replay(gen)
		if err == nil {
			b.publish(c, r, m, lines, gen, done)
			b.log.Info("connected to a new daemon", "pid", r.PID)
			return
		}
		b.mu.Lock()
		b.lastErr = err
		stop := b.closed || b.ctx.Err() != nil || time.Now().Add(delay).After(deadline)
		if stop {
			b.connecting = false
		}
		b.mu.Unlock()
		b.log.Warn("connecting to a new daemon", "err", err)
		if stop || sleep(b.ctx, delay) != nil {
			b.failResend(err)
			return
		}
		delay = min(delay*2, 2*time.Second)
	}
}

// replay connects, replays initialize (waiting for its response, which
// is swallowed) and notifications/initialized, and writes the requests no
// daemon read; it returns the connection's mark and the number of lines
// written. A write of those requests that fails leaves them in flight:
// the break that follows sorts them by the new mark.
func (b *bridge) replay(gen int) (net.Conn, *Reply, *mark, uint64, <-chan struct{}, error) {
	c, r, m, err := b.dial(false, nil)
	if err != nil {
		return nil, nil, nil, 0, nil, err
	}
	fail := func(err error) (net.Conn, *Reply, *mark, uint64, <-chan struct{}, error) {
		c.Close()
		m.close()
		return nil, nil, nil, 0, nil, err
	}
	b.mu.Lock()
	init, key, inited := b.initLine, b.initKey, b.initedLine
	if !b.initOK {
		init = nil // the client never got its answer: it will initialize again, or it is resent
	}
	b.mu.Unlock()
	var lines uint64
	var done <-chan struct{}
	if init == nil {
		done = b.startReader(c, gen, "", nil)
	} else {
		swallowed := make(chan struct{})
		done = b.startReader(c, gen, key, swallowed)
		lines++
		if _, err := c.Write(init); err != nil {
			return fail(fmt.Errorf("replaying initialize: %w", err))
		}
		t := time.NewTimer(replayWait)
		defer t.Stop()
		select {
		case <-swallowed:
		case <-done:
			return fail(errors.New("replaying initialize: the daemon closed the connection"))
		case <-t.C:
			return fail(fmt.Errorf("replaying initialize: no response in %s", replayWait))
		case <-b.ctx.Done():
			return fail(b.ctx.Err())
		}
		if inited != nil {
			lines++
			if _, err := c.Write(inited); err != nil {
				return fail(fmt.Errorf("replaying notifications/initialized: %w", err))
			}
		}
	}
	// The requests the last daemon never read, before any new line of
	// the client (which waits until publish).
	b.mu.Lock()
	calls := b.resend
	b.resend = nil
	for _, cl := range calls {
		lines++
		cl.seq, cl.unsent = lines, false
		cl.tries++
		b.inflight[idKey(cl.id)] = cl
	}
	b.mu.Unlock()
	for i, cl := range calls {
		if n, err := c.Write(cl.line); err != nil {
			b.mu.Lock()
			for _, rest := range calls[i:] {
				rest.unsent = rest != cl || n == 0
			}
			b.mu.Unlock()
			break
		}
	}
	return c, r, m, lines, done, nil
}

// drain, once stdin ended, half-closes the daemon connection and relays
// until the daemon ends the session: it answers the requests it is
// serving first (see server.StdioTransport), up to drainWait. When
// stdout is a pipe or socket whose reader is gone (the client exited,
// not only closed our stdin), checked every clientCheckEvery, it stops
// at once: the daemon notices the connection's close and cancels what
// the session was serving for nobody. No reconnect starts from here on.
func (b *bridge) drain() {
	b.mu.Lock()
	c, done := b.conn, b.readerDone
	b.closed = true
	b.mu.Unlock()
	uc, ok := c.(*net.UnixConn)
	if !ok || done == nil || uc.CloseWrite() != nil {
		return
	}
	t := time.NewTimer(drainWait)
	defer t.Stop()
	var check <-chan time.Time
	out, _ := b.out.(*os.File)
	if out != nil {
		tk := time.NewTicker(clientCheckEvery)
		defer tk.Stop()
		check = tk.C
	}
	for {
		select {
		case <-done:
			return
		case <-t.C:
			return
		case <-b.fatal:
			return
		case <-b.ctx.Done():
			return
		case <-check:
			if rawio.ReaderGone(out) {
				b.log.Info("the client is gone (stdout has no reader): ending the session")
				return
			}
		}
	}
}

// clientCheckEvery is how often a draining bridge checks that its
// client still reads stdout.
const clientCheckEvery = 250 * time.Millisecond

// drainWait bounds drain: the session's own bound, and a little more.
const drainWait = 35 * time.Second

// close ends the bridge: the daemon connection closes (ending the
// session) and no reconnect starts.
func (b *bridge) close() {
	b.mu.Lock()
	b.closed = true
	c := b.conn
	b.conn = nil
	b.mu.Unlock()
	b.cancel()
	if c != nil {
		c.Close()
	}
}

var errTooLong = errors.New("message too long")

var utf8BOM = []byte("\ufeff")

// skipLine discards r up to and including the next newline.
func skipLine(r *bufio.Reader) error {
	for {
		_, err := r.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}

// readMsg reads one line, newline included. A line that fits r's buffer
// is returned without copying (valid until the next read); a longer one is
// assembled in *buf. A line longer than max is errTooLong.
func readMsg(r *bufio.Reader, buf *[]byte, max int) ([]byte, error) {
	line, err := r.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return line, err
	}
	*buf = append((*buf)[:0], line...)
	for {
		line, err = r.ReadSlice('\n')
		if len(*buf)+len(line) > max {
			return nil, fmt.Errorf("%w: longer than %d bytes", errTooLong, max)
		}
		*buf = append(*buf, line...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return *buf, err
		}
	}
}
