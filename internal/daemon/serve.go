package daemon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	text "github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/rawio"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// DefaultIdleTimeout is how long a daemon with no session keeps running
// when ServeOptions.IdleTimeout is zero.
const DefaultIdleTimeout = 10 * time.Minute

// lockWait is how long a starting daemon waits for the lock.
const lockWait = time.Second

// ErrRunning is returned by Serve when another daemon holds the lock.
var ErrRunning = errors.New("a daemon already runs")

// Handler serves the sessions of a daemon.
type Handler interface {
	// Open prepares the session h asks for, before the daemon answers
	// its hello. An error (the session's config does not load, say) goes
	// to the bridge in the reply (CodeSession), which reports it and
	// exits as a standalone serve does, instead of getting a session
	// that closes at once. h.ID is the session's id in Status. Open is
	// called concurrently.
	Open(ctx context.Context, h *Hello) (Session, error)
	// Status is what `switchboard daemon status --json` prints (any JSON
	// value). An object is merged with the daemon's own keys (pid,
	// version, uptime, sessions), which win; any other value appears
	// under "handler".
	Status() any
}

// Session is one client's session, opened by Handler.Open.
type Session interface {
	// Serve serves c until the client's input ends or ctx is done (the
	// bridge went away, or the daemon is stopping). The daemon closes
	// c's input and output when Serve returns or ctx is done.
	Serve(ctx context.Context, c *Client) error
	// Close releases the session: once, after Serve or instead of it
	// (the reply could not be written).
	Close()
	// Notices are lines about the session's start for the client's
	// stderr (a disabled server, an untrusted project file): they go to
	// the bridge in the reply, which prints them, as a standalone serve
	// does at its start.
	Notices() []string
}

// Client is the client a Session serves.
type Client struct {
	// In carries the client's lines, and Out gets the answers: the
	// bridge's connection (relay), or, when the bridge handed over its
	// stdio, nil and the client's own stdout.
	In  io.Reader
	Out io.Writer
	// LinesRead, in relay, is called with the number of lines read off
	// In before each is handled (see Hello.LinesRead).
	LinesRead func(n uint64)
	// Journal, when the bridge handed over its stdio, is where the
	// client's lines come from (see Journal); nil in relay.
	Journal *Journal
}

// ServeFunc is a Session that only serves.
type ServeFunc func(ctx context.Context, c *Client) error

// Serve calls f.
func (f ServeFunc) Serve(ctx context.Context, c *Client) error { return f(ctx, c) }

// Close does nothing.
func (ServeFunc) Close() {}

// Notices are none.
func (ServeFunc) Notices() []string { return nil }

// UIHandler is a Handler that serves a status page: ControlUI asks it for
// the page's URL (token included), which it may start on the first ask.
// A Handler without it answers ControlUI with an error.
type UIHandler interface {
	UI() (string, error)
}

// ServeOptions configure Serve. Paths is required.
type ServeOptions struct {
	Paths *Paths
	// Version identifies this build; a bridge of another version makes
	// the daemon drain (see Serve).
	Version string
	// IdleTimeout is how long the daemon runs with no session (zero:
	// DefaultIdleTimeout).
	IdleTimeout time.Duration
	// Logger gets connection faults and lifecycle events (nil: discarded).
	Logger *slog.Logger
	// MaxSessions is the most sessions served at once (zero:
	// DefaultMaxSessions); a session past it is refused (CodeSession),
	// naming the bound and what to do.
	MaxSessions int
	// ReclaimIdle is how long a session must have had nothing from or
	// to its client before a new session at MaxSessions takes its place
	// (zero: DefaultReclaimIdle; negative: never). The one idle the
	// longest is ended (its bridge connects again at its client's next
	// message, and is refused while the daemon is full); a bridge
	// connecting again (Hello.Again) never takes a place so.
	ReclaimIdle time.Duration
}

// DefaultReclaimIdle is ServeOptions.ReclaimIdle's default.
const DefaultReclaimIdle = time.Hour

// DefaultMaxSessions bounds the sessions one daemon serves at once: each
// holds a connection, a client's pipes and a mark, and nothing bounded
// them: a runaway opening sessions without end (10,000 bridges at once)
// would take the daemon's descriptors, and every other session's
// backends would fail to start with EMFILE. No person's agents hold near
// this many.
const DefaultMaxSessions = 1000

// Serve runs the daemon until ctx is done, a stop control arrives, or it
// has had no session for IdleTimeout. It holds Paths.Lock for its whole
// life (a second daemon gets ErrRunning naming the first one's pid),
// writes Paths.PID (a warning when the disk refuses it), and listens on
// Paths.Socket (mode 0600). Every
// connection's peer must run as our uid (SO_PEERCRED), else it is closed
// and logged.
//
// A session hello from another version is answered with CodeVersion and
// starts a drain: the listener closes, the socket, pid file and lock are
// released so that a new daemon can start, the existing sessions go on,
// and Serve returns when the last one ends. On stop, ctx done or idle
// exit, the sessions' contexts are cancelled and their connections
// closed; Serve waits for their Session calls to return (at most 5 s).
func Serve(ctx context.Context, o *ServeOptions, h Handler) error {
	if o == nil || o.Paths == nil {
		return errors.New("daemon: ServeOptions.Paths is required")
	}
	d := &daemon{
		o:       *o,
		h:       h,
		log:     o.Logger,
		start:   time.Now(),
		pid:     os.Getpid(),
		live:    map[string]*sessionInfo{},
		stopWhy: make(chan string, 1),
	}
	if d.log == nil {
		d.log = slog.New(slog.DiscardHandler)
	}
	if d.o.IdleTimeout <= 0 {
		d.o.IdleTimeout = DefaultIdleTimeout
	}
	if d.o.MaxSessions <= 0 {
		d.o.MaxSessions = DefaultMaxSessions
	}
	if d.o.ReclaimIdle == 0 {
		d.o.ReclaimIdle = DefaultReclaimIdle
	}
	if err := d.lock(); err != nil {
		return err
	}
	defer d.release()
	// Stale: we hold the lock, so no daemon owns it.
	if err := os.Remove(o.Paths.Socket); err != nil && !errors.Is(err, fs.ErrNotExist) {
		// The listen would fail as "bind: address already in use",
		// which said neither why nor what to do (a runtime directory
		// made read-only while a daemon ran, which then died).
		return staleSocketError(o.Paths, err)
	}
	d.sweepMarks()
	l, err := net.Listen("unix", o.Paths.Socket)
	if err != nil {
		return fmt.Errorf("daemon: listen on %s: %w", o.Paths.Socket, err)
	}
	l.(*net.UnixListener).SetUnlinkOnClose(false) // release removes it, under the lock
	if err := os.Chmod(o.Paths.Socket, 0o600); err != nil {
		l.Close()
		return fmt.Errorf("daemon: chmod %s: %w", o.Paths.Socket, err)
	}
	d.ln = l
	if fi, err := os.Lstat(o.Paths.Socket); err == nil {
		d.sock = fi
	}
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	d.log.Info("daemon started", "pid", d.pid, "version", o.Version, "socket", o.Paths.Socket, "idleTimeout", d.o.IdleTimeout.String())

	d.mu.Lock()
	d.armIdle()
	d.mu.Unlock()
	go d.accept(sctx, l)
	go d.watchSocket(sctx)

	var why string
	select {
	case <-ctx.Done():
		why = "context done"
	case why = <-d.stopWhy:
	}
	d.log.Info("daemon stopping", "why", why)
	d.mu.Lock()
	d.closing = true
	d.mu.Unlock()
	d.closeListener()
	cancel()
	d.closeSessions()
	d.waitSessions(5 * time.Second)
	d.log.Info("daemon exited")
	return nil
}

// staleSocketError is the error of a daemon that cannot remove the
// socket a dead daemon left (err: the removal's).
func staleSocketError(p *Paths, err error) error {
	fix := "remove it (rm " + text.ShellWord(p.Socket) + ")"
	if errors.Is(err, fs.ErrPermission) {
		fix = "make its directory writable (chmod u+w " + text.ShellWord(p.Dir) + ")"
	}
	return fmt.Errorf("daemon: the socket %s, left by a daemon that exited, cannot be removed (%v), so no daemon can listen there: %s", p.Socket, unwrapPath(err), fix)
}

// unwrapPath is err without the path an *fs.PathError adds, for a
// message that names the path already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// sweepMarks removes the stale mark files at most once a minute, at a
// hello: those of bridges that died before the daemon read their hello
// are removed by no one else while the daemon lives.
func (d *daemon) sweepMarks() {
	now := time.Now()
	d.mu.Lock()
	due := now.Sub(d.swept) >= time.Minute
	if due {
		d.swept = now
	}
	d.mu.Unlock()
	if due {
		removeStaleMarks(d.o.Paths.Dir, now)
	}
}

// removeStaleMarks removes the mark files of bridges that died between
// making one and removing it (a bridge removes its file as soon as the
// daemon has answered its hello): those made over a minute before now,
// and those dated over a minute after it, made before the clock was set
// back (a suspended machine, a wrong clock corrected), which stayed,
// 290 KiB of the runtime directory's tmpfs each, until the clock came
// back to their date.
func removeStaleMarks(dir string, now time.Time) {
	names, _ := filepath.Glob(filepath.Join(dir, markPrefix+"*"))
	for _, n := range names {
		fi, err := os.Lstat(n)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if age := now.Sub(fi.ModTime()); age > time.Minute || age < -time.Minute {
			os.Remove(n)
		}
	}
}

// sessionInfo is what Status says about one session.
type sessionInfo struct {
	ID      string    `json:"id"`
	PID     int       `json:"pid"`
	Cwd     string    `json:"cwd"`
	Version string    `json:"version"`
	Started time.Time `json:"started"`
	conn    io.Closer
	// last is when the session last read from or wrote to its client
	// (UnixNano).
	last atomic.Int64
}

// active records that s read from or wrote to its client now.
func (s *sessionInfo) active() { s.last.Store(time.Now().UnixNano()) }

// idleFor is how long s has been idle at now.
func (s *sessionInfo) idleFor(now time.Time) time.Duration {
	return now.Sub(time.Unix(0, s.last.Load()))
}

// activeReader marks its session active at each read that got bytes.
type activeReader struct {
	r io.Reader
	s *sessionInfo
}

func (r activeReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if n > 0 {
		r.s.active()
	}
	return n, err
}

// activeWriter marks its session active at each write.
type activeWriter struct {
	w io.Writer
	s *sessionInfo
}

func (w activeWriter) Write(p []byte) (int, error) {
	w.s.active()
	return w.w.Write(p)
}

// daemon is Serve's state; mu guards the fields below it.
type daemon struct {
	o     ServeOptions
	h     Handler
	log   *slog.Logger
	start time.Time
	pid   int
	ln    net.Listener
	lockF *os.File

	wg sync.WaitGroup // live Session calls

	mu       sync.Mutex
	live     map[string]*sessionInfo
	nextID   int
	closing  bool // stop, ctx or idle: no new session
	draining bool // version hand-over: no listener, exit with the last session
	released bool
	idle     *time.Timer
	sock     os.FileInfo // the socket as it was made: release removes only that one
	swept    time.Time   // when sweepMarks last ran

	stopWhy chan string // buffered (1): the first reason to stop wins
}

// stop asks Serve to return.
func (d *daemon) stop(why string) {
	select {
	case d.stopWhy <- why:
	default:
	}
}

// lock takes Paths.Lock without waiting and writes the pid file.
func (d *daemon) lock() error {
	p := d.o.Paths
	f, err := os.OpenFile(p.Lock, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("daemon: lock %s: %w", p.Lock, err)
	}
	// A daemon that is exiting removes its socket a moment before it
	// drops the lock, and a bridge may start us in that moment: wait a
	// little before calling the holder a live daemon.
	var ok bool
	for deadline := time.Now().Add(lockWait); ; {
		ok, err = tryLock(f)
		if err != nil {
			f.Close()
			return fmt.Errorf("daemon: lock %s: %w", p.Lock, err)
		}
		if ok || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !ok {
		f.Close()
		pid := "unknown"
		if b, err := safefile.ReadMax(p.PID, 64); err == nil {
			pid = strings.TrimSpace(string(b))
		}
		return fmt.Errorf("%w (pid %s); stop it with: switchboard daemon stop", ErrRunning, pid)
	}
	d.lockF = f
	// Replaced, not opened: a FIFO or link in its place cannot hold the
	// start up or redirect the write. The file only names us to a second
	// daemon's error (sessions reach us through the socket, status and
	// stop too): a full or read-only disk that refuses it must not keep
	// every session from starting, so it is a warning.
	if err := atomicfile.WriteOwn(p.PID, []byte(strconv.Itoa(d.pid)+"\n"), 0o600); err != nil {
		d.log.Warn("writing the pid file; going on without it", "file", p.PID, "err", err)
	}
	return nil
}

// release removes the socket and pid file and drops the lock, once; a
// new daemon may start after it.
func (d *daemon) release() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.released || d.lockF == nil {
		return
	}
	d.released = true
	p := d.o.Paths
	if b, err := safefile.ReadMax(p.PID, 64); err == nil && strings.TrimSpace(string(b)) == strconv.Itoa(d.pid) {
		os.Remove(p.PID)
	}
	if d.ownsSocket() {
		if err := os.Remove(p.Socket); err != nil && !errors.Is(err, fs.ErrNotExist) {
			d.log.Warn("removing the socket", "err", err)
		}
	}
	d.lockF.Close()
}

// ownsSocket reports whether Paths.Socket is still the socket this
// daemon made, not one another daemon made after it was removed.
func (d *daemon) ownsSocket() bool {
	fi, err := os.Lstat(d.o.Paths.Socket)
	return err == nil && d.sock != nil && os.SameFile(fi, d.sock)
}

// socketCheckEvery is how often a daemon checks that its socket is still
// there (a variable for tests).
var socketCheckEvery = 5 * time.Second

// watchSocket drains the daemon once its socket is removed or replaced
// (the runtime directory cleaned at logout, a user deleting it, another
// daemon started over a deleted lock): no new session can reach it, so
// it serves the sessions it has and exits with the last one instead of
// running, unreachable, until its idle timeout.
func (d *daemon) watchSocket(ctx context.Context) {
	t := time.NewTicker(socketCheckEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if d.checkSocket() {
			return
		}
	}
}

// checkSocket is one look of watchSocket's: it reports whether the watch
// is over. A panic in it (the stat, the drain) is logged and the watch
// looks again at its next tick; it ended the daemon with every session.
func (d *daemon) checkSocket() (over bool) {
	defer panics.Recover(d.log, "checking the daemon's socket", nil)
	d.mu.Lock()
	done := d.closing || d.draining
	d.mu.Unlock()
	if done {
		return true
	}
	if !d.ownsSocket() {
		d.log.Warn("the daemon's socket was removed or replaced: draining", "socket", d.o.Paths.Socket)
		d.drain()
		return true
	}
	return false
}

func (d *daemon) closeListener() {
	if d.ln != nil {
		d.ln.Close()
	}
}

// accept serves l's connections until l is closed. Any other error
// (EMFILE when the daemon's descriptors ran out, ENFILE, a connection
// aborted before it was accepted) is waited out: it returned, and the
// daemon, still holding the lock and the socket, accepted no connection
// for the rest of its life, every new agent's bridge connecting to no one,
// while its sessions kept it from its idle exit.
//
// A panic accepting (in Accept, the log, what is done with the
// connection before its own goroutine takes it) is logged, the
// connection in hand closed, and the loop starts again after
// acceptPanicWait: it ended the daemon with every session, and recovered
// and left ended, no bridge would have reached the daemon again.
func (d *daemon) accept(ctx context.Context, l net.Listener) {
	for !d.acceptUntilPanic(ctx, l) {
		select {
		case <-ctx.Done():
			return
		case <-time.After(acceptPanicWait):
		}
	}
}

// acceptPanicWait is the wait before accepting again after a panic
// (one at each accept would otherwise spin).
const acceptPanicWait = 100 * time.Millisecond

// acceptUntilPanic is accept's loop: it returns true when l is closed or
// ctx done, false after a panic.
func (d *daemon) acceptUntilPanic(ctx context.Context, l net.Listener) (ended bool) {
	var c net.Conn // accepted, not yet handed to its goroutine
	defer panics.Recover(d.log, "the daemon's accept loop", func(string) {
		if c != nil {
			c.Close()
		}
	})
	var wait time.Duration
	var logged time.Time // the last warning of this run of errors
	failed := 0          // errors since it
	for {
		var err error
		c, err = l.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) || ctx.Err() != nil {
				return true
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			// As net/http's Server does: 5 ms, doubling, at most 1 s.
			wait = min(max(2*wait, 5*time.Millisecond), acceptWaitMax)
			failed++
			// The first error of a run, then once a minute while it
			// lasts: a persistent one was logged at each 1 s retry.
			if now := time.Now(); wait == 5*time.Millisecond || now.Sub(logged) >= acceptLogEvery {
				d.log.Warn("accepting a connection", "err", rawio.FileLimit(err), "retryIn", wait.String(), "failedSinceLastWarning", failed)
				logged, failed = now, 0
			}
			select {
			case <-ctx.Done():
				return true
			case <-time.After(wait):
			}
			continue
		}
		wait = 0
		go d.conn(ctx, c)
		c = nil
	}
}

// acceptWaitMax is the longest wait after a failed accept.
const acceptWaitMax = time.Second

// acceptLogEvery is how often a run of failed accepts is logged.
const acceptLogEvery = time.Minute

// conn runs the handshake on c and then its session or control request.
func (d *daemon) conn(ctx context.Context, raw net.Conn) {
	// A panic serving the connection outside the SDK's handlers (the
	// hello, opening the session: its config and project files) ends
	// this connection, after the session's own defers ran; it ended the
	// daemon and every session it served.
	defer panics.Recover(d.log, "serving a connection to the daemon", func(string) { raw.Close() })
	if err := checkConn(raw); err != nil {
		d.log.Warn("refused a connection", "err", err)
		raw.Close()
		return
	}
	c := newBufConn(raw)
	var h Hello
	if err := readJSONLine(c, &h); err != nil {
		d.log.Warn("bad handshake", "err", err)
		writeLine(c, Reply{Error: fmt.Sprintf("reading the hello: %v", err), Code: CodeBad, Version: d.o.Version, PID: d.pid})
		c.Close()
		return
	}
	if h.Kind == KindControl {
		d.control(c, &h)
		return
	}
	if h.Kind != KindSession {
		writeLine(c, Reply{Error: fmt.Sprintf("unknown kind %q; known: session, control", h.Kind), Code: CodeBad, Version: d.o.Version, PID: d.pid})
		c.Close()
		return
	}
	if h.Cwd != "" && !filepath.IsAbs(h.Cwd) {
		writeLine(c, Reply{Error: fmt.Sprintf("cwd %q is not an absolute path", h.Cwd), Code: CodeBad, Version: d.o.Version, PID: d.pid})
		c.Close()
		return
	}
	if h.Version != d.o.Version {
		d.log.Info("bridge of another version: draining", "daemon", d.o.Version, "bridge", h.Version, "bridgePid", h.PID)
		writeLine(c, Reply{Error: fmt.Sprintf("the daemon is version %s, the bridge %s; it is handing over to a new daemon", d.o.Version, h.Version), Code: CodeVersion, Version: d.o.Version, PID: d.pid})
		c.Close()
		d.drain()
		return
	}
	d.sweepMarks()
	if h.Mark != "" {
		m, err := openMark(d.o.Paths.Dir, h.Mark)
		if err == nil {
			// Both sides have it mapped: the file is needed no more. The
			// bridge removes it once answered, but one killed before
			// then (an agent killed at start) left it, a mark's size
			// of the runtime directory's tmpfs each, until the next
			// daemon started.
			os.Remove(h.Mark)
		}
		if err != nil {
			// The session runs; a daemon death fails all its calls in
			// flight, as if none had been read.
			d.log.Warn("no mark for the session", "pid", h.PID, "err", err)
		} else {
			h.mark = m
			defer m.close()
		}
	}
	s, ok, full := d.add(&h, c)
	if full != "" {
		d.log.Warn("session refused: the daemon serves the most sessions it takes", "pid", h.PID, "cwd", h.Cwd, "sessions", d.o.MaxSessions, "again", h.Again)
		writeLine(c, Reply{Error: full, Code: CodeSession, Version: d.o.Version, PID: d.pid})
		c.Close()
		return
	}
	if !ok {
		writeLine(c, Reply{Error: "the daemon is exiting", Code: CodeExiting, Version: d.o.Version, PID: d.pid})
		c.Close()
		return
	}
	defer d.remove(s)
	sess, err := d.h.Open(ctx, &h)
	if err != nil {
		err = rawio.FileLimit(err) // a config that could not be opened under a low ulimit -n
		d.log.Warn("session refused", "id", s.ID, "pid", h.PID, "cwd", h.Cwd, "err", err)
		writeLine(c, Reply{Error: err.Error(), Code: CodeSession, Version: d.o.Version, PID: d.pid})
		c.Close()
		return
	}
	defer sess.Close()
	handoff := h.Handoff && h.mark != nil && handoffSupported && c.r.Buffered() == 0
	if err := writeLine(c, Reply{OK: true, Version: d.o.Version, PID: d.pid, Notices: sess.Notices(), Mark: h.mark != nil, Handoff: handoff}); err != nil {
		c.Close()
		return
	}
	cl := &Client{In: c, Out: c, LinesRead: h.LinesRead}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if handoff {
		in, out, err := recvClient(raw)
		if err != nil {
			d.log.Warn("session refused", "id", s.ID, "pid", h.PID, "err", err)
			c.Close()
			return
		}
		defer out.Close()
		defer in.Close() // before the mark's unmap (deferred earlier): it ends a read into the ring
		// At the end of stdin the session drains (answers what it is
		// serving); a client that exited reads none of it.
		stdin := &endReader{r: rawio.New(in), log: d.log, ended: func(err error) {
			if errors.Is(err, io.EOF) && watchClient(ctx, out) {
				d.log.Info("the client is gone (stdout has no reader): ending its session", "id", s.ID, "pid", h.PID)
				cancel()
			}
		}}
		cl = &Client{Out: activeWriter{rawio.New(out), s}, Journal: newJournal(h.mark, activeReader{stdin, s}, c, h.Replay)}
		go func() {
			// The connection carries nothing more from the bridge: its
			// end (the bridge exited) ends the session.
			io.Copy(io.Discard, c)
			cancel()
		}()
		// A write blocked on a client that reads nothing must end too.
		context.AfterFunc(ctx, func() { in.Close(); out.Close() })
	} else {
		// The end of the connection's input is the end of the client's
		// (the bridge half-closed it: the session answers what it is
		// serving) or of the bridge (killed: nothing will read the
		// answers); watchHangup tells them apart.
		cl.Out = activeWriter{c, s}
		cl.In = &endReader{r: activeReader{c, s}, log: d.log, ended: func(err error) {
			if watchHangup(ctx, c, err) {
				d.log.Info("the bridge went away: ending its session", "id", s.ID, "pid", h.PID, "err", err)
				cancel()
			}
		}}
		context.AfterFunc(ctx, func() { c.Close() }) // ends a read of the session's
	}
	d.log.Info("session started", "id", s.ID, "pid", h.PID, "cwd", h.Cwd, "handoff", handoff)
	err = sess.Serve(ctx, cl)
	c.Close()
	if err != nil && ctx.Err() == nil {
		d.log.Warn("session ended", "id", s.ID, "err", err)
	} else {
		d.log.Info("session ended", "id", s.ID)
	}
}

// endReader is a session's input: the first read that ends it (io.EOF
// or an error) calls ended in a goroutine of its own. A panic there (the
// check that its client or bridge is gone) is logged on log: the session
// ends as after any end of its input, once what it serves is answered;
// it ended the daemon with every session.
type endReader struct {
	r     io.Reader
	ended func(err error)
	log   *slog.Logger
	once  sync.Once
}

func (r *endReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil {
		r.once.Do(func() {
			go func() {
				defer panics.Recover(r.log, "checking whether a session's client is gone", nil)
				r.ended(err)
			}()
		})
	}
	return n, err
}

// hangupCheckEvery is how often a relayed session whose input ended
// checks that its bridge is still there (a variable for tests).
var hangupCheckEvery = 250 * time.Millisecond

// hangupProbe is what a relayed session whose input ended writes to see
// whether its bridge is still there: an empty line, which the bridge
// drops (it is no JSON-RPC message).
var hangupProbe = []byte("\n")

// watchHangup is called when a relayed session's input ended with err.
// It reports true, at once or later, when the bridge is gone (killed, or
// its connection reset); false when ctx ended first. A bridge whose
// client's stdin ended half-closes the connection (io.EOF here) and reads
// the answers to come; one that was killed closed it whole, which is
// io.EOF too (or a reset when it left answers unread), but then a write
// fails (EPIPE). So after io.EOF it writes hangupProbe at once and every
// hangupCheckEvery until ctx ends: a bridge killed during the session's
// drain is noticed as well, without waiting for the drain's bound.
func watchHangup(ctx context.Context, w io.Writer, err error) bool {
	if !errors.Is(err, io.EOF) {
		return ctx.Err() == nil // a reset; or our own Close, once ctx ended
	}
	t := time.NewTicker(hangupCheckEvery)
	defer t.Stop()
	for {
		if _, err := w.Write(hangupProbe); err != nil {
			return ctx.Err() == nil
		}
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
		}
	}
}

// watchClient is called when a handed-off session's stdin ended. It
// reports true once the client's stdout has no reader (the client
// exited; see rawio.ReaderGone), checked every hangupCheckEvery while the
// session drains; false when ctx ended first.
func watchClient(ctx context.Context, out *os.File) bool {
	return rawio.WaitReaderGone(ctx, out, hangupCheckEvery)
}

// add registers a session unless the daemon is exiting (ok false) or
// serves MaxSessions already (full: why, for the bridge). At MaxSessions,
// a new client's session takes the place of the one idle the longest, if
// that one has been idle ReclaimIdle: it is ended (its connection
// closed).
func (d *daemon) add(h *Hello, c io.Closer) (s *sessionInfo, ok bool, full string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closing {
		return nil, false, ""
	}
	now := time.Now()
	if max := d.o.MaxSessions; max > 0 && len(d.live) >= max {
		var oldest *sessionInfo
		for _, x := range d.live {
			if oldest == nil || x.last.Load() < oldest.last.Load() {
				oldest = x
			}
		}
		idle := oldest.idleFor(now)
		if h.Again || d.o.ReclaimIdle < 0 || idle < d.o.ReclaimIdle {
			return nil, false, d.fullError(h, oldest, idle)
		}
		// Its conn goroutine ends it (remove, which finds it gone).
		delete(d.live, oldest.ID)
		oldest.conn.Close()
		d.log.Warn("ended the session idle the longest to make room for a new one", "id", oldest.ID, "pid", oldest.PID, "cwd", oldest.Cwd, "idle", idle.Round(time.Second).String(), "sessions", max, "for", h.PID)
	}
	d.nextID++
	s = &sessionInfo{ID: "s" + strconv.Itoa(d.nextID), PID: h.PID, Cwd: h.Cwd, Version: h.Version, Started: now, conn: c}
	s.last.Store(now.UnixNano())
	h.ID = s.ID
	d.live[s.ID] = s
	d.wg.Add(1)
	if d.idle != nil {
		d.idle.Stop()
		d.idle = nil
	}
	return s, true, ""
}

// fullError is the refusal of h's session at MaxSessions; oldest is the
// session idle the longest, for idle. d.mu is held.
func (d *daemon) fullError(h *Hello, oldest *sessionInfo, idle time.Duration) string {
	why := ""
	switch {
	case h.Again:
		why = " (a session connecting again takes no idle one's place)"
	case d.o.ReclaimIdle > 0:
		why = fmt.Sprintf(", and none has been idle %s, after which one would make room", d.o.ReclaimIdle)
	}
	return fmt.Sprintf("the daemon (pid %d) serves %d sessions, the most it takes at once%s (the one idle the longest: %s, client pid %d in %q, idle %s): end agent sessions you no longer use (switchboard daemon status lists them, with their client's pid and idle time; ending the client ends its session, and switchboard daemon end ID ends one until its client's next message), or run this one alone with switchboard serve --standalone",
		d.pid, d.o.MaxSessions, why, oldest.ID, oldest.PID, oldest.Cwd, idle.Round(time.Second))
}

// remove unregisters s; the last session of a draining daemon stops it,
// and the last session otherwise arms the idle timer.
func (d *daemon) remove(s *sessionInfo) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.live[s.ID] == s {
		delete(d.live, s.ID) // else add ended it to make room
	}
	d.wg.Done()
	if len(d.live) > 0 {
		return
	}
	if d.draining {
		d.stop("drained: the last session of the old version ended")
		return
	}
	d.armIdle()
}

// armIdle starts the idle timer; d.mu is held.
func (d *daemon) armIdle() {
	if d.closing || d.draining {
		return
	}
	if d.idle != nil {
		d.idle.Stop()
	}
	var t *time.Timer
	t = time.AfterFunc(d.o.IdleTimeout, func() {
		d.mu.Lock()
		fire := d.idle == t && len(d.live) == 0
		if fire {
			d.closing = true
		}
		d.mu.Unlock()
		if fire {
			d.stop(fmt.Sprintf("idle: no session for %s", d.o.IdleTimeout))
		}
	})
	d.idle = t
}

// drain hands over to a new daemon: stop listening, release the socket,
// pid file and lock, and exit when the last session ends.
func (d *daemon) drain() {
	d.mu.Lock()
	if d.draining || d.closing {
		d.mu.Unlock()
		return
	}
	d.draining = true
	if d.idle != nil {
		d.idle.Stop()
		d.idle = nil
	}
	n := len(d.live)
	d.mu.Unlock()
	d.closeListener()
	d.release()
	if n == 0 {
		d.stop("drained: no session")
	}
}

func (d *daemon) closeSessions() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, s := range d.live {
		s.conn.Close()
	}
}

func (d *daemon) waitSessions(limit time.Duration) {
	done := make(chan struct{})
	go func() { d.wg.Wait(); close(done) }()
	t := time.NewTimer(limit)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		d.log.Warn("sessions did not end in time", "wait", limit.String())
	}
}

// control answers a status or stop request.
func (d *daemon) control(c *bufConn, h *Hello) {
	defer c.Close()
	r := Reply{OK: true, Version: d.o.Version, PID: d.pid}
	switch h.Control {
	case ControlStatus:
		st, err := d.status()
		if err != nil {
			r = Reply{Error: err.Error(), Version: d.o.Version, PID: d.pid}
		}
		r.Status = st
		writeLine(c, r)
	case ControlStop:
		d.log.Info("stop requested", "by", h.PID)
		d.mu.Lock()
		d.closing = true
		d.mu.Unlock()
		writeLine(c, r)
		d.stop(fmt.Sprintf("stop requested by pid %d", h.PID))
	case ControlUI:
		uh, ok := d.h.(UIHandler)
		if !ok {
			writeLine(c, Reply{Error: "this daemon serves no status page", Version: d.o.Version, PID: d.pid})
			return
		}
		u, err := uh.UI()
		if err != nil {
			r = Reply{Error: err.Error(), Version: d.o.Version, PID: d.pid}
		}
		r.URL = u
		writeLine(c, r)
	case ControlEnd:
		writeLine(c, d.end(h))
	default:
		writeLine(c, Reply{Error: fmt.Sprintf("unknown control %q; known: status, stop, ui, end", h.Control), Code: CodeBad, Version: d.o.Version, PID: d.pid})
	}
}

// end ends the session h.Session names, as add ends one to make room:
// its connection is closed, which ends its Serve, and it leaves the list
// at once. A bridge still there connects again at its client's next
// message, as a new session.
func (d *daemon) end(h *Hello) Reply {
	d.mu.Lock()
	s := d.live[h.Session]
	if s != nil {
		delete(d.live, s.ID) // remove finds it gone
	}
	d.mu.Unlock()
	if s == nil {
		id := h.Session
		if len(id) > 64 {
			id = id[:64] + "…"
		}
		return Reply{Error: fmt.Sprintf("no session %q in the daemon (pid %d); switchboard daemon status lists its sessions", id, d.pid), Version: d.o.Version, PID: d.pid}
	}
	s.conn.Close()
	d.log.Info("session ended by request", "id", s.ID, "pid", s.PID, "cwd", s.Cwd, "by", h.PID)
	st, _ := json.Marshal(map[string]any{"id": s.ID, "pid": s.PID, "cwd": s.Cwd})
	return Reply{OK: true, Version: d.o.Version, PID: d.pid, Status: st}
}

// status is the handler's Status merged with the daemon's own keys.
func (d *daemon) status() (json.RawMessage, error) {
	out := map[string]any{}
	if v := d.h.Status(); v != nil {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("encoding the handler's status: %w", err)
		}
		var m map[string]any
		if json.Unmarshal(b, &m) == nil && m != nil {
			out = m
		} else {
			out["handler"] = json.RawMessage(b)
		}
	}
	d.mu.Lock()
	sessions := make([]*sessionInfo, 0, len(d.live))
	for _, s := range d.live {
		sessions = append(sessions, s)
	}
	draining := d.draining
	d.mu.Unlock()
	sortSessions(sessions)
	now := time.Now()
	views := make([]sessionView, len(sessions))
	for i, s := range sessions {
		views[i] = sessionView{s, s.idleFor(now).Round(time.Second).String()}
	}
	out["running"] = true
	out["pid"] = d.pid
	out["version"] = d.o.Version
	out["uptime"] = time.Since(d.start).Round(time.Second).String()
	out["started"] = d.start.UTC().Format(time.RFC3339)
	out["idleTimeout"] = d.o.IdleTimeout.String()
	out["draining"] = draining
	out["sessions"] = views
	return json.Marshal(out)
}

// sessionView is a session in the status: sessionInfo's fields and how
// long it has had nothing from or to its client.
type sessionView struct {
	*sessionInfo
	Idle string `json:"idle"`
}
