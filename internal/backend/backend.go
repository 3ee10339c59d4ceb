// Package backend turns one configured backend into a running MCP client
// session: a stdio child process, or a Streamable HTTP or SSE endpoint.
//
// A stdio backend runs directly (no shell) in its own process group with
// a minimal environment, dies with us on Linux, and is shut down by
// closing stdin, then SIGTERM, then SIGKILL of the whole group, all within
// about 1.5 s. Its stdout is filtered so that junk lines do not break the
// session; its stderr is kept in a ring for error messages and appended to
// a per-server log file.
package backend

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/nesting"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/rawio"
	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// Options configure Start. The zero value works: empty environment, no
// log file, no hooks, logs discarded.
type Options struct {
	// Env is our environment (os.Environ()). A stdio backend inherits only
	// an allowlist from it (PATH, HOME, locale, proxies, CA files...), plus
	// the env its config declares.
	Env []string
	// Resolver expands ${env:X} and ${file:X} in the config at start.
	Resolver config.Resolver
	// LogDir receives each stdio backend's stderr and dropped stdout
	// lines, in <server>.log for a user server and <server>@<hash>.log
	// for a project's (LogFileFor), rotated at 1 MiB; "" means no file.
	LogDir string
	// OnToolsChanged is called when the backend sends
	// notifications/tools/list_changed. It must not block for long.
	OnToolsChanged func()
	// OnResourceUpdated is called with the backend's URI when it sends
	// notifications/resources/updated (resources.go). May be nil.
	OnResourceUpdated func(uri string)
	// OnReconnect is called after a remote backend opened a new session
	// because the server forgot the old one (a 404 to its id): the new
	// session holds none of the old one's resource subscriptions. It is
	// called on the backend's watch goroutine and must not block for long.
	// May be nil.
	OnReconnect func()
	// OnExit is called once when the process exits or the session
	// breaks, with the reason, or with nil when Close ended it. It is
	// called before Done is closed, must not block for long and must not
	// call Close itself (start a goroutine for that).
	OnExit func(err error)
	// Logger receives our diagnostics; nil discards them.
	Logger *slog.Logger
	// ClientInfo is the name and version we send in the handshake; nil
	// means {"switchboard", "dev"}.
	ClientInfo *mcp.Implementation
	// ProtocolVersion pins the version we ask for; "" means the SDK's
	// latest (which probes server/discover first, then initialize).
	ProtocolVersion string
	// MaxMessageBytes bounds one message read from the backend (a stdout
	// line, a JSON body, a server-sent event); zero means
	// DefaultMaxMessageBytes (32 MiB). A larger one is not buffered: the
	// backend is stopped and in-flight calls fail with ErrMessageTooLarge.
	MaxMessageBytes int64
	// HTTPTransport carries remote backends' requests; nil means
	// http.DefaultTransport. Configured headers are added on top, for the
	// configured origin only.
	HTTPTransport http.RoundTripper
	// Reaper, when set, is the command (our own binary and its hidden
	// subcommand) that starts each stdio backend on Linux and kills the
	// backend's whole process tree when the backend exits, when we stop
	// it, or when we die (even by SIGKILL); see Reap. Where it cannot be
	// used (other systems, a missing binary) backends start directly.
	Reaper []string
	// OAuth configures the sign-in of remote backends whose server asks
	// for one (401 with WWW-Authenticate); nil means stored sign-ins only
	// (see OAuthOptions). A backend with a configured Authorization
	// header and no "oauth" block never signs in.
	OAuth *OAuthOptions
	// Elicit, when set, answers the backend's elicitation requests (and
	// the client declares the elicitation capability, form mode); nil
	// declares none.
	Elicit func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)
	// ElicitURL declares URL-mode elicitation too (with Elicit).
	ElicitURL bool
	// Sample, when set, answers the backend's sampling/createMessage
	// requests (and the client declares sampling); nil declares none.
	Sample func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error)
	// Roots, when set, answers the backend's roots/list requests (and the
	// client declares roots); nil declares none.
	Roots func(context.Context, *mcp.ListRootsRequest) (*mcp.ListRootsResult, error)
	// Log receives the backend's notifications/message; when set and the
	// backend advertises logging, its level is set to debug after the
	// handshake so that every message comes.
	Log func(context.Context, *mcp.LoggingMessageParams)
	// Progress receives the backend's notifications/progress (their token
	// is the one CallTool sent, see WithProgressToken).
	Progress func(context.Context, *mcp.ProgressNotificationParams)
}

// progressTokenKey carries the progress token CallTool sends.
type progressTokenKey struct{}

// WithProgressToken returns ctx with a progress token that CallTool
// sends with its request (so the backend reports progress with it).
func WithProgressToken(ctx context.Context, tok any) context.Context {
	return context.WithValue(ctx, progressTokenKey{}, tok)
}

// ProgressToken is the token WithProgressToken put in ctx, nil if none.
func ProgressToken(ctx context.Context) any { return ctx.Value(progressTokenKey{}) }

// Info is what the handshake told us, plus process facts.
type Info struct {
	ProtocolVersion string
	ServerName      string
	ServerVersion   string
	Instructions    string
	Capabilities    *mcp.ServerCapabilities // never nil after Start
	Pid             int                     // 0 for remote backends
	Started         time.Time
	HandshakeTime   time.Duration // spawn (or connect) to handshake done
}

// Backend is one running backend. Its methods are safe for concurrent
// use; calls are dispatched concurrently.
type Backend struct {
	name       string
	o          Options
	log        *slog.Logger
	secrets    *redact.Secrets // values of this server to hide in text
	maxMessage int64
	session    *mcp.ClientSession
	proc       *proc         // nil for remote backends
	exitWait   time.Duration // exitSeenWait at the start
	stderr     *stderrLog    // never nil
	info       Info
	cancel     context.CancelFunc // ends a remote connection's context
	remote     *remoteState       // nil for stdio backends
	raw        rawTools           // tool schemas as the backend sent them
	malformed  []Malformed        // tools the last ListTools left out (under mu)
	toolsCut   string             // why the last ListTools was cut short, and how much it left out; "" when it was not (under mu)

	// mu guards session and cancel once Start has returned: a remote
	// backend whose session the server forgot opens a new one.
	mu sync.Mutex

	done    chan struct{}
	endOnce sync.Once
	endErr  error // why it ended; set before done is closed
	closing atomic.Bool
	started atomic.Bool           // Start succeeded: overflow may end it
	overErr atomic.Pointer[error] // the first message too large, if any
	junkN   atomic.Int64          // events dropped (junkEvent)

	closeOnce sync.Once
	// closed is closed when Close begins: it ends a logging/setLevel
	// still waiting, which the session's Close would wait for.
	closed chan struct{}
}

// Start expands spec, starts the backend and completes the MCP handshake.
// ctx bounds the start only, not the backend's life. A failed start is a
// *StartError (server, phase, reason, first useful stderr line, tail).
// Every error a Backend returns has the server's secrets (expanded
// references, env and header values, URL credentials) redacted.
func Start(ctx context.Context, spec *config.Server, o *Options) (*Backend, error) {
	var opt Options
	if o != nil {
		opt = *o
	}
	sec, res := collectSecrets(opt.Resolver)
	opt.Resolver = res
	log := opt.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	log = slog.New(redact.Handler(log.Handler(), sec))
	b := &Backend{name: spec.Name, o: opt, log: log.With(spec.LogAttrs()...), secrets: sec,
		maxMessage: opt.MaxMessageBytes, done: make(chan struct{}), closed: make(chan struct{}), exitWait: exitSeenWait}
	if b.maxMessage <= 0 {
		b.maxMessage = DefaultMaxMessageBytes
	}
	exp, err := spec.Expand(opt.Resolver)
	if err != nil {
		return nil, b.startError(PhaseConfig, err)
	}
	addSpecSecrets(sec, exp)
	began := time.Now()
	path := ""
	if kind(exp) == config.Stdio && opt.LogDir != "" {
		path = LogFileFor(opt.LogDir, spec)
	}
	b.stderr = openStderrLogFile(path, sec, b.log)
	if spec.Project != "" {
		b.stderr.SetHead(definedBy + spec.Project)
	} else {
		// One file for the user server's backends of every workspace:
		// each line names its own.
		b.stderr.SetWorkspace(spec.LogWorkspace())
	}
	b.raw.junk = func(err error) { b.junkEvent(fmt.Errorf("backend %q %w", b.name, err)) }
	b.raw.server = b.name
	b.raw.order.onDrop = func(n uint64, method string) {
		b.log.Warn("dropped notifications of the backend: it sends them faster than they are handled", "dropped", n, "method", method)
		b.stderr.Note("dropped %d notifications (the last: %s): the backend sends them faster than they are handled", n, method)
	}
	b.raw.log = b.log
	b.raw.refusedNote = func(n int, method string, answered bool) {
		what := "refused with an error"
		if !answered {
			what = "dropped unanswered (too many refusals waiting to be written)"
		}
		b.log.Warn("refused requests of the backend: too many wait for an answer", "refused", n, "method", method)
		b.stderr.Note("%d requests refused so far (the last: %s, %s): the backend had too many waiting for an answer (at most %d, or %d MiB)", n, method, what, maxAsks, maxAskBytes>>20)
	}
	b.raw.strayNote = func(n int, id string) {
		b.log.Warn("dropped answers of the backend under ids no request waits for", "answers", n, "last id", id)
		answers := fmt.Sprintf("%d answers", n)
		if n == 1 {
			answers = "1 answer"
		}
		b.stderr.Note("dropped %s under an id no request of ours waits for (never sent, or answered already) since the last such note, at most one a minute; the last under the id %s", answers, id)
	}
	switch kind(exp) {
	case config.Stdio:
		b.stderr.Note("starting: %s", strings.Join(append([]string{spec.Command}, spec.Args...), " "))
		err = b.startStdio(ctx, exp)
	case config.HTTP, config.SSE:
		if err = b.startRemote(ctx, exp); err != nil {
			err = &phaseError{PhaseConnect, err}
		}
	default:
		err = &phaseError{PhaseConfig, fmt.Errorf("unknown type %q", exp.Type)}
	}
	if err != nil {
		if over := b.overErr.Load(); over != nil {
			err = &phaseError{phaseOf(err), *over}
		}
		phase := phaseOf(err)
		se := b.startError(phase, err)
		b.stderr.Note("start failed: %v", se)
		b.stderr.Close()
		return nil, se
	}
	res0 := b.session.InitializeResult()
	b.info.Started = began
	b.info.HandshakeTime = time.Since(began)
	b.info.ProtocolVersion = res0.ProtocolVersion
	b.info.Instructions = res0.Instructions
	b.info.Capabilities = res0.Capabilities
	if b.info.Capabilities == nil {
		b.info.Capabilities = &mcp.ServerCapabilities{}
	}
	if res0.ServerInfo != nil {
		b.info.ServerName, b.info.ServerVersion = res0.ServerInfo.Name, res0.ServerInfo.Version
	}
	b.log.Debug("backend ready", "pid", b.info.Pid, "protocol", b.info.ProtocolVersion, "handshake", b.info.HandshakeTime)
	b.started.Store(true)
	if over := b.overErr.Load(); over != nil {
		b.end(*over)
	}
	b.setLevel(b.cur())
	go b.watch() // a broken session is noticed at once
	return b, nil
}

// setLevelWait is how long a start (or a new session) waits for the
// answer to logging/setLevel before it goes on; the request itself waits
// up to setLevelTimeout. A remote backend that never answered it added
// 5 s to each start.
const (
	setLevelWait    = 250 * time.Millisecond
	setLevelTimeout = 5 * time.Second
)

// setLevel asks cs's server for every log message (we filter them per
// client), when its messages go somewhere and it offers logging. It
// waits at most setLevelWait: a server that answers at once has the
// level set before the first call, as before, and one that never answers
// delays nothing.
func (b *Backend) setLevel(cs *mcp.ClientSession) {
	if b.o.Log == nil || b.info.Capabilities == nil || b.info.Capabilities.Logging == nil {
		return
	}
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		// A panic asking (the backend's answer) is logged: the backend
		// runs with its default level. It ended the process.
		defer panics.Recover(b.log, "asking a backend for its log messages", nil)
		ctx, cancel := context.WithTimeout(context.Background(), setLevelTimeout)
		defer cancel()
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			select {
			case <-b.closed:
				cancel() // Close would wait for the request
			case <-stop:
			}
		}()
		if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
			b.log.Debug("backend refused logging/setLevel", "err", cutText(err.Error(), maxErrText))
		}
	}()
	t := time.NewTimer(setLevelWait)
	defer t.Stop()
	select {
	case <-answered:
	case <-t.C:
		b.log.Debug("backend has not answered logging/setLevel yet: going on without waiting")
	}
}

// watch waits for the session to end and ends the backend, except when
// a remote server forgot the session (404 to its id): then a new session
// is opened (a new initialize; nothing else is re-sent) and watched.
//
// A panic in it (opening a new session, OnReconnect: the pool's
// resubscribing) ends the backend with an internal error, so that its
// calls fail and the pool starts it again; it ended the process, and
// with the daemon every session.
func (b *Backend) watch() {
	defer panics.Recover(b.log, "watching a backend's session", func(why string) {
		b.end(mark(ErrExited, "backend %q: internal error watching its session: %s (a bug in Switchboard, not in the backend); it was stopped, and the next call starts it again", b.name, why))
	})
	opened, quick := time.Now(), 0
	for {
		err := b.cur().Wait()
		if b.remote != nil && !b.closing.Load() {
			if lost, reopened := b.remote.takeLost(); lost {
				if time.Since(opened) < reopenQuiet {
					quick++
				} else {
					quick = 1
				}
				if quick > maxReopens {
					b.end(mark(ErrExited, "backend %q forgot our session %d times in a row, each within %v of opening it (404 to its session id): it was stopped and the next call starts it again", b.name, quick, reopenQuiet))
					b.remote.reopenedNow(reopened)
					return
				}
				rerr := b.reconnect()
				opened = time.Now()
				if rerr != nil {
					b.end(mark(ErrExited, "backend %q forgot our session and a new one failed: %v; it was stopped and the next call starts it again", b.name, rerr))
				}
				b.remote.reopenedNow(reopened)
				if rerr != nil {
					return
				}
				continue
			}
		}
		if b.proc != nil && b.proc.waitExit(b.exitWait) {
			b.end(b.exitError())
			return
		}
		if b.proc != nil && (err == nil || errors.Is(err, io.EOF)) && !b.closing.Load() {
			// Its stdout closed and its exit was not seen yet. Under
			// load that was said to be a process that "kept running"
			// and "was stopped", of one that had exited and whose reap
			// came late (round 110, case 24): it is watched a while
			// longer, and its status waited for once it is gone.
			gone, reaped := b.proc.exitAfterEOF(b.info.Pid, lateReap)
			switch {
			case reaped:
				b.end(b.exitError())
			case gone:
				b.end(mark(ErrExited, "backend %q exited (its exit status was not known %s after its standard output closed): the next call starts it again", b.name, b.exitWait+2*lateReap))
			default:
				// The process lives on with its stdout closed: it can
				// answer nothing more ("ended the session: EOF" said
				// neither that nor what happens next). Close stops it.
				b.end(mark(ErrExited, "backend %q closed its standard output but kept running: it was stopped, and the next call starts it again", b.name))
			}
			return
		}
		b.end(mark(ErrExited, "backend %q ended the session: %v", b.name, orEOF(err)))
		return
	}
}

// exitSeenWait is how long, after a stdio backend's session ended, its
// process's exit is waited for before what happened is looked at (a
// variable for tests, which play a machine so loaded that the reap of a
// process that exited takes longer; each backend takes it at its start).
// lateReap bounds each of the two waits after it: for the process to be
// seen gone, then for its exit status.
var exitSeenWait = 250 * time.Millisecond

const lateReap = 2 * time.Second

// reconnectTimeout bounds opening a new session after the server forgot
// the old one.
const reconnectTimeout = 30 * time.Second

// A server that forgets each session soon after it was opened (a 404 to
// its id) had a new one opened each time, for ever: thousands of
// initialize requests a second. After maxReopens new sessions in a row,
// each forgotten within reopenQuiet, the backend is stopped instead.
const (
	maxReopens  = 3
	reopenQuiet = time.Minute
)

// reconnect replaces the session of a remote backend.
func (b *Backend) reconnect() error {
	ctx, cancel := context.WithTimeout(context.Background(), reconnectTimeout)
	defer cancel()
	cs, end, err := b.connectRemote(ctx)
	if err != nil {
		return err
	}
	b.mu.Lock()
	old, oldEnd := b.session, b.cancel
	b.session, b.cancel = cs, end
	b.mu.Unlock()
	b.log.Info("backend forgot our session: opened a new one")
	b.stderr.Note("the server forgot the session (404): opened a new one")
	go func() {
		defer oldEnd()
		defer panics.Recover(b.log, "closing a backend's forgotten session", nil)
		old.Close()
	}()
	if b.closing.Load() { // Close ran meanwhile: it may have missed cs
		cs.Close()
		end()
		return nil
	}
	if b.o.OnReconnect != nil {
		b.o.OnReconnect() // subscriptions are the new session's to make again
	}
	b.setLevel(cs) // a new session has the server's default level
	return nil
}

// cur is the current session.
func (b *Backend) cur() *mcp.ClientSession {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.session
}

// phaseError is a start error with the phase it happened in.
type phaseError struct {
	phase string
	err   error
}

func (e *phaseError) Error() string { return e.err.Error() }
func (e *phaseError) Unwrap() error { return e.err }

func phaseOf(err error) string {
	var pe *phaseError
	if errors.As(err, &pe) {
		return pe.phase
	}
	return PhaseSpawn
}

// startError builds the redacted StartError for err, with what the
// backend wrote to stderr.
func (b *Backend) startError(phase string, err error) *StartError {
	reason := err.Error()
	var said *saidErr
	if errors.As(err, &said) {
		reason = said.Error() // without the SDK's words around it
	}
	se := &StartError{Server: b.name, Phase: phase, Reason: cutText(b.secrets.String(reason), maxErrText), err: err}
	if b.stderr != nil {
		if tail := b.settledTail(20); tail != "" {
			se.Tail = tail
			se.Stderr = firstUsefulLine(tail)
		}
	}
	return se
}

// overflow records that the backend sent a message over the limit and
// ends it once it has started (a start in progress fails with err).
func (b *Backend) overflow(err error) {
	if b.overErr.CompareAndSwap(nil, &err) {
		b.log.Warn("backend sent a message over the limit", "error", err)
		if b.started.Load() {
			b.end(err)
		}
	}
}

// junkEvent notes an event of a remote backend that was dropped because
// the SDK would have ended the session on it: in the log, and in the
// backend's log file; the first maxJunkNotes of the backend's life.
func (b *Backend) junkEvent(err error) {
	if b.junkN.Add(1) > maxJunkNotes {
		return
	}
	msg := b.secrets.String(err.Error())
	b.log.Warn("dropped an event of the backend", "error", msg)
	b.stderr.Note("%s", msg)
}

// unreadable is answer, which answers a remote backend's request that
// the SDK cannot decode with an error (see callEvents.unreadable), with
// the request said as junkEvent says a dropped event.
func (b *Backend) unreadable(answer func(method string, id json.RawMessage, size int, why string) bool) func(method string, id json.RawMessage, size int, why string) bool {
	return func(method string, id json.RawMessage, size int, why string) bool {
		ok := answer(method, id, size, why)
		what := "answered with an error"
		if !ok {
			what = "left unanswered (its id cannot be answered, or too many answers wait to be written)"
		}
		b.junkEvent(fmt.Errorf("backend %q sent a %s request that cannot be read (%d bytes): %s; %s, not relayed to the client", b.name, strconv.Quote(cutText(method, 64)), size, why, what))
		return ok
	}
}

// maxJunkNotes bounds the dropped events said per backend.
const maxJunkNotes = 100

// exitError says how the process ended.
func (b *Backend) exitError() error {
	return mark(ErrExited, "backend %q exited (%s)", b.name, b.proc.exitStatus())
}

// Secrets returns the values of this server hidden in its errors and
// logs (expanded references, env and header values, URL credentials).
func (b *Backend) Secrets() *redact.Secrets { return b.secrets }

func kind(s *config.Server) string {
	switch {
	case s.Type != "":
		return s.Type
	case s.URL != "":
		return config.HTTP
	default:
		return config.Stdio
	}
}

func (b *Backend) client() *mcp.Client {
	impl := b.o.ClientInfo
	if impl == nil {
		impl = &mcp.Implementation{Name: "switchboard", Version: "dev"}
	}
	co := &mcp.ClientOptions{
		Logger:       b.log,
		Capabilities: &mcp.ClientCapabilities{}, // no roots
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			if b.o.OnToolsChanged != nil {
				b.o.OnToolsChanged()
			}
		},
	}
	if b.o.Elicit != nil {
		co.Capabilities.Elicitation = &mcp.ElicitationCapabilities{Form: &mcp.FormElicitationCapabilities{}}
		if b.o.ElicitURL {
			co.Capabilities.Elicitation.URL = &mcp.URLElicitationCapabilities{}
		}
		co.ElicitationHandler = b.o.Elicit
	}
	if b.o.Sample != nil {
		co.Capabilities.Sampling = &mcp.SamplingCapabilities{}
		co.CreateMessageHandler = b.o.Sample
	}
	if b.o.Roots != nil {
		co.Capabilities.RootsV2 = &mcp.RootCapabilities{}
	}
	if b.o.Log != nil {
		b.raw.order.handle("notifications/message")
		co.LoggingMessageHandler = func(ctx context.Context, r *mcp.LoggingMessageRequest) {
			defer b.raw.order.handled()
			if r != nil && r.Params != nil {
				b.o.Log(ctx, r.Params)
			}
		}
	}
	if b.o.Progress != nil {
		b.raw.order.handle("notifications/progress")
		co.ProgressNotificationHandler = func(ctx context.Context, r *mcp.ProgressNotificationClientRequest) {
			defer b.raw.order.handled()
			if r != nil && r.Params != nil {
				b.o.Progress(ctx, r.Params)
			}
		}
	}
	b.resourceHandlers(co)
	c := mcp.NewClient(impl, co)
	if b.o.Roots != nil {
		// The SDK answers roots/list from the Client's own list; ours
		// depend on the call the request belongs to.
		c.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "roots/list" {
					r, _ := req.(*mcp.ListRootsRequest)
					return b.o.Roots(ctx, r)
				}
				return next(ctx, method, req)
			}
		})
	}
	c.AddReceivingMiddleware(b.recoverPanics) // last: the outermost
	return c
}

func (b *Backend) sessionOptions() *mcp.ClientSessionOptions {
	return &mcp.ClientSessionOptions{ProtocolVersion: b.o.ProtocolVersion}
}

// stdioProtocol is the revision a stdio backend is asked for when none is
// pinned: the newest with sessions. A stdio connection is one session by
// nature, so 2026-07-28's statelessness buys nothing there, while its
// per-request _meta (protocol version, client info and capabilities,
// encoded by us and decoded and checked by the backend on every call)
// makes each call cost about 1.5x as much in the SDK (v1.8.0; see
// docs/benchmarks.md). It also skips the server/discover probe at start. A
// backend that refuses it is started again and asked for the newest.
const stdioProtocol = "2025-11-25"

// startStdio spawns the process and shakes hands over its stdio.
func (b *Backend) startStdio(ctx context.Context, spec *config.Server) error {
	opts := b.sessionOptions()
	if opts.ProtocolVersion == "" {
		opts.ProtocolVersion = stdioProtocol
	}
	err := b.startStdioAt(ctx, spec, opts)
	var refused *jsonrpc.Error
	if err == nil || ctx.Err() != nil || opts.ProtocolVersion >= "2026-07-28" || !errors.As(err, &refused) {
		return err
	}
	// Also when an older revision was pinned because the backend spoke
	// it last time: it may have been upgraded since.
	b.stderr.Note("refused protocol %s (%v); starting again with the newest", opts.ProtocolVersion, refused)
	opts.ProtocolVersion = ""
	return b.startStdioAt(ctx, spec, opts)
}

// warnAt reports whether the nth repeat of a warning is logged: the
// first, then each power of ten.
func warnAt(n int) bool {
	for n >= 10 && n%10 == 0 {
		n /= 10
	}
	return n == 1
}

// startStdioAt spawns the process and shakes hands over its stdio with
// the protocol version of opts.
func (b *Backend) startStdioAt(ctx context.Context, spec *config.Server, opts *mcp.ClientSessionOptions) error {
	p, err := spawn(spec, childEnv(b.o.Env, spec.Env), b.stderr, b.o.Reaper, b.log)
	if err != nil {
		return &phaseError{PhaseSpawn, err}
	}
	b.proc = p
	b.info.Pid = p.cmd.Process.Pid
	b.stderr.Note("pid %d", b.info.Pid)
	junkLines := 0 // junk is called by the one goroutine that reads stdout
	tr := &lineTransport{r: rawio.New(p.stdout), w: rawio.New(p.stdin), junk: func(line []byte, why error) {
		const max = 200
		if len(line) > max {
			line = append(line[:max:max], "..."...)
		}
		b.stderr.Note("dropped a stdout line that is not JSON-RPC (%v): %s", why, line)
		junkLines++
		if warnAt(junkLines) {
			// Each line is in the backend's own log (rotated); our log,
			// which nothing rotates while the daemon runs, gets the 1st,
			// 10th, 100th... so a backend flooding stdout cannot fill it.
			b.log.Warn("backend wrote junk to stdout", "error", why, "lines", junkLines)
		}
	}, stray: b.raw.strayAnswer, log: b.log, max: b.maxMessage, over: func(n int64) error {
		err := tooLargeError(b.name, "", n, b.maxMessage)
		b.overflow(err)
		return err
	}}
	began := time.Now()
	cs, err := b.client().Connect(ctx, b.raw.transport(tr), opts)
	if err != nil {
		var refused *jsonrpc.Error // the backend answered: it is not the exit that matters
		answered := errors.As(err, &refused)
		// An answer the SDK cannot use (a protocol version it does not
		// speak, a result it cannot read) makes it close the connection,
		// and the backend exits on the closed stdin: that exit is no
		// reason ("exited during handshake (exit status 0)" hid the
		// version the backend asked for).
		unusable := !answered && unusableInit(err)
		exited := !answered && !unusable && ctx.Err() == nil && b.overErr.Load() == nil && p.waitExit(time.Second)
		p.kill()
		switch {
		case answered:
			err = fmt.Errorf("handshake refused: %w", err)
		case unusable:
			err = &marked{msg: "its answer to initialize cannot be used: " + unusableInitReason(err), err: err}
		case exited:
			err = fmt.Errorf("exited during handshake (%s)", p.exitStatus())
		case ctx.Err() != nil:
			err = fmt.Errorf("no handshake after %s: %w", time.Since(began).Round(time.Millisecond), context.Cause(ctx))
		default:
			err = fmt.Errorf("handshake: %w", err)
		}
		return &phaseError{PhaseHandshake, err}
	}
	b.session = cs
	if pid := p.backendPid(100 * time.Millisecond); pid != b.info.Pid {
		b.stderr.Note("pid %d (started by reaper %d)", pid, b.info.Pid)
		b.info.Pid = pid
	}
	go func() {
		<-p.exited
		defer panics.Recover(b.log, "ending an exited backend", func(why string) {
			b.end(mark(ErrExited, "backend %q exited; internal error saying why: %s (a bug in Switchboard)", b.name, why))
		})
		b.end(b.exitError())
	}()
	return nil
}

// unusableInit reports whether err, from the SDK's Connect, says that
// the backend's answer to initialize could not be used (rather than that
// the connection was lost).
func unusableInit(err error) bool {
	var shape *json.UnmarshalTypeError
	var syntax *json.SyntaxError
	return errors.As(err, &shape) || errors.As(err, &syntax) || strings.HasPrefix(err.Error(), sdkUnsupportedVersion)
}

// sdkUnsupportedVersion begins the SDK's error for an initialize answer
// naming a protocol version it does not speak (its type is unexported).
const sdkUnsupportedVersion = "unsupported protocol version: "

// unusableInitReason says why, in the protocol's terms: the version the
// backend asked for, or the field that does not decode and what it must
// be (the SDK's words name its Go types and quote the rest of the
// answer).
func unusableInitReason(err error) string {
	var shape *json.UnmarshalTypeError
	switch {
	case strings.HasPrefix(err.Error(), sdkUnsupportedVersion):
		return fmt.Sprintf("it asks for protocol version %s, which Switchboard does not speak", cut(strings.TrimPrefix(err.Error(), sdkUnsupportedVersion), 100))
	case errors.As(err, &shape) && shape.Type != nil:
		if shape.Field == "" {
			return "its result must be " + expectedJSON(shape.Type)
		}
		return fmt.Sprintf("%s must be %s", cut(shape.Field, 200), expectedJSON(shape.Type))
	}
	return err.Error()
}

// end records why the backend ended, tears down what is left and closes
// Done. Only the first call counts.
func (b *Backend) end(err error) {
	first := false
	b.endOnce.Do(func() {
		first = true
		if b.closing.Load() {
			err = nil
		}
		err = boundErr(redactErr(b.secrets, err))
		b.endErr = err
	})
	if !first {
		return
	}
	// Done is closed and the backend closed however what is called out
	// ends: a panic in OnExit (the pool's) or the log, recovered by the
	// goroutine that ended it, left Done open, and the pool served a
	// backend that could answer nothing.
	defer func() {
		close(b.done)
		if !b.closing.Load() {
			go func() {
				defer panics.Recover(b.log, "closing an ended backend", nil)
				b.Close() // reap, kill leftovers, release pipes
			}()
		}
	}()
	if err != nil {
		b.log.Info("backend ended", "error", err)
		b.stderr.Note("ended: %v", err)
	}
	if b.o.OnExit != nil {
		b.o.OnExit(err)
	}
}

// Close shuts the backend down: for stdio, close stdin, then SIGTERM and
// SIGKILL the process group; in-flight calls fail with ErrClosed. It is
// idempotent, safe for concurrent use, and returns within about 1.6 s.
func (b *Backend) Close() error {
	b.closeOnce.Do(func() {
		b.closing.Store(true)
		if b.closed != nil {
			close(b.closed)
		}
		if b.proc != nil {
			b.proc.stop()
		}
		b.mu.Lock()
		cancel, session := b.cancel, b.session
		b.mu.Unlock()
		if cancel != nil {
			cancel()
		}
		// With the process gone the session has nothing in flight, so
		// its Close is quick; bound it anyway (remote endpoints).
		closed := make(chan struct{})
		go func() {
			defer close(closed)
			// The session's Close is our transport's: a panic there is
			// logged, and the backend is closed all the same.
			defer panics.Recover(b.log, "closing a backend's session", nil)
			if session != nil {
				session.Close()
			}
		}()
		select {
		case <-closed:
		case <-time.After(time.Second):
		}
		b.end(nil)
		b.stderr.Close()
	})
	return nil
}

// Done is closed when the backend has ended: exited, session broken, or
// closed.
func (b *Backend) Done() <-chan struct{} { return b.done }

// Err returns why the backend ended: nil while running or after Close,
// else an error wrapping ErrExited.
func (b *Backend) Err() error {
	select {
	case <-b.done:
		return b.endErr
	default:
		return nil
	}
}

// Info returns the handshake and process facts; it does not change.
func (b *Backend) Info() Info { return b.info }

// Name returns the server name.
func (b *Backend) Name() string { return b.name }

// StderrTail returns the last lines of the backend's stderr (at most 200;
// lines <= 0 means 200), its secrets redacted. Empty for remote backends.
func (b *Backend) StderrTail(lines int) string { return b.stderr.Tail(lines) }

// settledTail is the stderr tail once the process's stderr has reached
// EOF (waiting briefly for it).
func (b *Backend) settledTail(lines int) string {
	if b.proc != nil {
		select {
		case <-b.proc.stderrDone:
		case <-time.After(100 * time.Millisecond):
		}
	}
	return b.stderr.Tail(lines)
}

// withTail appends the stderr tail to err.
func (b *Backend) withTail(err error) error {
	if t := b.settledTail(20); t != "" {
		return fmt.Errorf("%w\nstderr (last lines):\n%s", err, indent(t))
	}
	return err
}

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }

func orEOF(err error) error {
	if err == nil {
		return errors.New("EOF")
	}
	return err
}

// MaxArgDepth is the deepest nesting of a tool call's arguments that is
// sent to a backend. The Go SDK refuses a message nested over 1000 deep
// and its servers (the demo backend, github-mcp-server) exit on one, so
// one script's call took down a backend every session shared; other
// SDKs' limits are lower still (Python's recursion limit is 1000 frames).
const MaxArgDepth = 512

// Empty and null arguments go out as {}: some servers reject null.
// Arguments nested deeper than MaxArgDepth are refused.
func normArgs(args json.RawMessage) (json.RawMessage, error) {
	t := strings.TrimSpace(string(args))
	if t == "" || t == "null" {
		return json.RawMessage("{}"), nil
	}
	if t[0] != '{' {
		return nil, errors.New("arguments must be a JSON object")
	}
	if _, deep := nesting.JSONC(args, MaxArgDepth); deep {
		return nil, fmt.Errorf("the arguments are nested more than %d levels deep, more than MCP servers accept (a Go server exits on a message over 1000), so the call was not sent: pass a flatter value, such as the deep part as a JSON string", MaxArgDepth)
	}
	return args, nil
}
