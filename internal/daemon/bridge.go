package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Defaults of BridgeOptions.
const (
	DefaultQueueWait = 10 * time.Second
	DefaultMaxLine   = 64 << 20
	replayWait       = 5 * time.Second // for the replayed initialize's response
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
}

// Bridge relays a client's stdio to the daemon: it connects (starting the
// daemon when none runs), sends the hello, then copies lines both ways
// without decoding them, noting only the id and method of each line.
//
// When the daemon connection breaks, every request the daemon had not
// answered gets a JSON-RPC error at once (it is never sent again); the
// bridge connects to a new daemon, replays the client's initialize
// (swallowing its response) and notifications/initialized, and goes on.
// Client lines that arrive meanwhile wait up to QueueWait. Bridge returns
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
		inflight: map[string][]byte{}, writing: map[string][]byte{},
		fatal: make(chan error, 1),
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
	if err := b.connect(); err != nil {
		return err
	}
	stdinDone := make(chan error, 1)
	go func() { stdinDone <- b.readClient(stdin) }()
	var err error
	select {
	case err = <-stdinDone:
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
	lastErr    error             // the last failed connection attempt
	connecting bool              // a reconnect runs
	inflight   map[string][]byte // requests sent on conn, not answered yet: failed when it breaks
	// writing are requests being written (keyed like inflight), not yet
	// known to be sent: a break meanwhile must not fail one that never
	// left (send resends it), and one that did leave is failed by send.
	writing map[string][]byte
	closed  bool

	initLine   []byte // the client's initialize request
	initKey    string
	initOK     bool   // the client got initialize's response: replay it
	initedLine []byte // notifications/initialized
}

// connect makes the first connection.
func (b *bridge) connect() error {
	c, r, err := Connect(b.ctx, &b.o.Connect)
	if err != nil {
		return err
	}
	b.mu.Lock()
	b.gen = 1
	b.mu.Unlock()
	if b.o.Stderr != nil {
		for _, n := range r.Notices {
			fmt.Fprintf(b.o.Stderr, "switchboard: %s\n", n)
		}
	}
	done := b.startReader(c, 1, "", nil)
	b.publish(c, r, 1, done)
	return nil
}

// publish makes c the connection of generation gen.
func (b *bridge) publish(c net.Conn, r *Reply, gen int, readerDone <-chan struct{}) {
	b.mu.Lock()
	if b.closed || b.gen != gen {
		b.connecting = false
		b.mu.Unlock()
		c.Close()
		return
	}
	b.conn, b.pid, b.lastErr, b.connecting = c, r.PID, nil, false
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
	case m.method == "initialize" && m.id != nil:
		b.mu.Lock()
		b.initLine, b.initKey, b.initOK = append([]byte(nil), line...), key, false
		b.mu.Unlock()
	case m.method == "notifications/initialized":
		b.mu.Lock()
		b.initedLine = append([]byte(nil), line...)
		b.mu.Unlock()
	}
	for attempt := 1; ; attempt++ {
		c, gen, err := b.current()
		if err == nil && attempt > 3 {
			err = errors.New("three daemons in a row closed the connection before this message could be written")
		}
		if err != nil {
			var refused *SessionError
			switch {
			case m.isRequest() && errors.As(err, &refused):
				// A new daemon could not reopen the session: its config
				// stopped loading since, say.
				b.answer(m.id, fmt.Sprintf("switchboard could not reopen this session after its daemon restarted: %v; the call was not sent. Fix that and retry it.", err))
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
		pid := b.pid
		if m.isRequest() {
			b.writing[key] = append([]byte(nil), m.id...) // m.id points into the read buffer
		}
		b.mu.Unlock()
		n, err := c.Write(line)
		if !m.isRequest() {
			if err == nil {
				return
			}
			b.broken(gen, err)
			if n > 0 {
				return // part of a notification went out: not sent again
			}
			continue
		}
		if err == nil || n > 0 {
			// It left (all or part of it): from now on a break fails it.
			b.mu.Lock()
			id, waiting := b.writing[key]
			delete(b.writing, key)
			lost := waiting && b.gen != gen
			if waiting && !lost {
				b.inflight[key] = id
			}
			b.mu.Unlock()
			if lost {
				// The connection broke while it was written, and the
				// break did not fail it: it may have reached the daemon.
				b.answer(id, fmt.Sprintf("the switchboard daemon exited during this call (pid %d); the call was not retried. Retry it: a new daemon is starting.", pid))
			}
			if err != nil {
				b.broken(gen, err) // part was sent: the request fails with the others
			}
			return
		}
		// Nothing was sent (the daemon is gone): send it to the next one.
		b.mu.Lock()
		delete(b.writing, key)
		b.mu.Unlock()
		b.broken(gen, err)
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
			if m := scan(line, true); m.isResponse() {
				key := idKey(m.id)
				if swallowed != nil && key == swallow {
					close(swallowed)
					swallowed = nil
					continue
				}
				b.mu.Lock()
				delete(b.inflight, key)
				delete(b.writing, key) // its answer came before its write returned
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

func (b *bridge) die(err error) {
	select {
	case b.fatal <- err:
	default:
	}
}

// broken handles the end of connection gen: its unanswered requests fail
// now, and a new connection is made in the background.
func (b *bridge) broken(gen int, cause error) {
	b.mu.Lock()
	if b.closed || b.gen != gen || b.conn == nil {
		b.mu.Unlock()
		return
	}
	c, pid, failed := b.conn, b.pid, b.inflight
	b.conn, b.inflight, b.ready = nil, map[string][]byte{}, make(chan struct{})
	b.gen++
	b.mu.Unlock()
	c.Close()
	b.log.Warn("the daemon connection broke; the next client message connects to a new daemon", "pid", pid, "err", cause, "failedCalls", len(failed))
	msg := fmt.Sprintf("the switchboard daemon exited during this call (pid %d); the call was not retried. Retry it: a new daemon is starting.", pid)
	for _, raw := range failed {
		b.answer(raw, msg)
	}
	if len(failed) > 0 {
		// Start the new daemon now: the client is about to retry.
		b.mu.Lock()
		b.kick()
		b.mu.Unlock()
	}
}

// reconnect connects generation gen and replays the client's
// initialization, retrying with backoff for up to QueueWait (a client
// line that waits longer fails; the next one tries again).
func (b *bridge) reconnect(gen int) {
	delay := 50 * time.Millisecond
	deadline := time.Now().Add(b.o.QueueWait)
	for {
		c, r, done, err := b.replay(gen)
		if err == nil {
			b.publish(c, r, gen, done)
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
			return
		}
		delay = min(delay*2, 2*time.Second)
	}
}

// replay connects and replays initialize (waiting for its response,
// which is swallowed) and notifications/initialized.
func (b *bridge) replay(gen int) (net.Conn, *Reply, <-chan struct{}, error) {
	c, r, err := Connect(b.ctx, &b.o.Connect)
	if err != nil {
		return nil, nil, nil, err
	}
	b.mu.Lock()
	init, key, inited := b.initLine, b.initKey, b.initedLine
	if !b.initOK {
		init = nil // the client never got its answer: it will initialize again
	}
	b.mu.Unlock()
	if init == nil {
		return c, r, b.startReader(c, gen, "", nil), nil
	}
	swallowed := make(chan struct{})
	done := b.startReader(c, gen, key, swallowed)
	if _, err := c.Write(init); err != nil {
		c.Close()
		return nil, nil, nil, fmt.Errorf("replaying initialize: %w", err)
	}
	t := time.NewTimer(replayWait)
	defer t.Stop()
	select {
	case <-swallowed:
	case <-done:
		c.Close()
		return nil, nil, nil, errors.New("replaying initialize: the daemon closed the connection")
	case <-t.C:
		c.Close()
		return nil, nil, nil, fmt.Errorf("replaying initialize: no response in %s", replayWait)
	case <-b.ctx.Done():
		c.Close()
		return nil, nil, nil, b.ctx.Err()
	}
	if inited != nil {
		if _, err := c.Write(inited); err != nil {
			c.Close()
			return nil, nil, nil, fmt.Errorf("replaying notifications/initialized: %w", err)
		}
	}
	return c, r, done, nil
}

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
