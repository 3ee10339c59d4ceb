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
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Errors a Backend's methods wrap.
var (
	// ErrExited means the backend's process exited or its session broke.
	ErrExited = errors.New("backend exited")
	// ErrClosed means Close was called.
	ErrClosed = errors.New("backend closed")
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
	// LogDir receives <server>.log with each stdio backend's stderr and
	// dropped stdout lines, rotated at 1 MiB; "" means no file.
	LogDir string
	// OnToolsChanged is called when the backend sends
	// notifications/tools/list_changed. It must not block for long.
	OnToolsChanged func()
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
}

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
	name    string
	o       Options
	log     *slog.Logger
	session *mcp.ClientSession
	proc    *proc      // nil for remote backends
	stderr  *stderrLog // never nil
	info    Info
	cancel  context.CancelFunc // ends a remote connection's context

	done    chan struct{}
	endOnce sync.Once
	endErr  error // why it ended; set before done is closed
	closing atomic.Bool

	closeOnce sync.Once
}

// Start expands spec, starts the backend and completes the MCP handshake.
// ctx bounds the start only, not the backend's life. Errors name the
// server and say what happened, with the tail of stderr when there is one.
func Start(ctx context.Context, spec *config.Server, o *Options) (*Backend, error) {
	var opt Options
	if o != nil {
		opt = *o
	}
	log := opt.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	b := &Backend{name: spec.Name, o: opt, log: log.With("server", spec.Name), done: make(chan struct{})}
	exp, err := spec.Expand(opt.Resolver)
	if err != nil {
		return nil, fmt.Errorf("starting backend %q: %w", spec.Name, err)
	}
	began := time.Now()
	switch kind(exp) {
	case config.Stdio:
		b.stderr = openStderrLog(opt.LogDir, spec.Name)
		b.stderr.Note("starting: %s", strings.Join(append([]string{spec.Command}, spec.Args...), " "))
		err = b.startStdio(ctx, exp)
	case config.HTTP, config.SSE:
		b.stderr = openStderrLog("", spec.Name)
		err = b.startRemote(ctx, exp)
	default:
		err = fmt.Errorf("unknown type %q", exp.Type)
	}
	if err != nil {
		if b.stderr != nil {
			b.stderr.Note("start failed: %v", err)
			b.stderr.Close()
		}
		return nil, fmt.Errorf("starting backend %q: %w", spec.Name, err)
	}
	res := b.session.InitializeResult()
	b.info.Started = began
	b.info.HandshakeTime = time.Since(began)
	b.info.ProtocolVersion = res.ProtocolVersion
	b.info.Instructions = res.Instructions
	b.info.Capabilities = res.Capabilities
	if b.info.Capabilities == nil {
		b.info.Capabilities = &mcp.ServerCapabilities{}
	}
	if res.ServerInfo != nil {
		b.info.ServerName, b.info.ServerVersion = res.ServerInfo.Name, res.ServerInfo.Version
	}
	b.log.Debug("backend ready", "pid", b.info.Pid, "protocol", b.info.ProtocolVersion, "handshake", b.info.HandshakeTime)
	go func() { // a broken session is noticed at once
		err := b.session.Wait()
		if b.proc != nil && b.proc.waitExit(250*time.Millisecond) {
			b.end(fmt.Errorf("%w (%s)", ErrExited, b.proc.exitStatus()))
			return
		}
		b.end(fmt.Errorf("%w: session closed: %v", ErrExited, orEOF(err)))
	}()
	return b, nil
}

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
	return mcp.NewClient(impl, &mcp.ClientOptions{
		Logger:       b.log,
		Capabilities: &mcp.ClientCapabilities{}, // no roots
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			if b.o.OnToolsChanged != nil {
				b.o.OnToolsChanged()
			}
		},
	})
}

func (b *Backend) sessionOptions() *mcp.ClientSessionOptions {
	return &mcp.ClientSessionOptions{ProtocolVersion: b.o.ProtocolVersion}
}

// startStdio spawns the process and shakes hands over its stdio.
func (b *Backend) startStdio(ctx context.Context, spec *config.Server) error {
	p, err := spawn(spec, childEnv(b.o.Env, spec.Env), b.stderr)
	if err != nil {
		return err
	}
	b.proc = p
	b.info.Pid = p.cmd.Process.Pid
	b.stderr.Note("pid %d", b.info.Pid)
	tr := &lineTransport{r: p.stdout, w: p.stdin, junk: func(line []byte, why error) {
		const max = 200
		if len(line) > max {
			line = append(line[:max:max], "..."...)
		}
		b.stderr.Note("dropped a stdout line that is not JSON-RPC (%v): %s", why, line)
		b.log.Warn("backend wrote junk to stdout", "error", why)
	}}
	began := time.Now()
	cs, err := b.client().Connect(ctx, tr, b.sessionOptions())
	if err != nil {
		exited := ctx.Err() == nil && p.waitExit(200*time.Millisecond)
		p.kill()
		switch {
		case exited:
			err = fmt.Errorf("exited during handshake (%s)", p.exitStatus())
		case ctx.Err() != nil:
			err = fmt.Errorf("no handshake after %s: %w", time.Since(began).Round(time.Millisecond), context.Cause(ctx))
		default:
			err = fmt.Errorf("handshake: %w", err)
		}
		return b.withTail(err)
	}
	b.session = cs
	go func() {
		<-p.exited
		b.end(fmt.Errorf("%w (%s)", ErrExited, p.exitStatus()))
	}()
	return nil
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
		b.endErr = err
	})
	if !first {
		return
	}
	if err != nil {
		b.log.Info("backend ended", "error", err)
		b.stderr.Note("ended: %v", err)
	}
	if b.o.OnExit != nil {
		b.o.OnExit(err)
	}
	close(b.done)
	if !b.closing.Load() {
		go b.Close() // reap, kill leftovers, release pipes
	}
}

// Close shuts the backend down: for stdio, close stdin, then SIGTERM and
// SIGKILL the process group; in-flight calls fail with ErrClosed. It is
// idempotent, safe for concurrent use, and returns within about 1.6 s.
func (b *Backend) Close() error {
	b.closeOnce.Do(func() {
		b.closing.Store(true)
		if b.proc != nil {
			b.proc.stop()
		}
		if b.cancel != nil {
			b.cancel()
		}
		// With the process gone the session has nothing in flight, so
		// its Close is quick; bound it anyway (remote endpoints).
		closed := make(chan struct{})
		go func() {
			b.session.Close()
			close(closed)
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
// lines <= 0 means 200). Empty for remote backends.
func (b *Backend) StderrTail(lines int) string { return b.stderr.Tail(lines) }

func (b *Backend) withTail(err error) error {
	if b.proc != nil {
		select {
		case <-b.proc.stderrDone:
		case <-time.After(100 * time.Millisecond):
		}
	}
	if t := b.stderr.Tail(20); t != "" {
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

// Empty and null arguments go out as {}: some servers reject null.
func normArgs(args json.RawMessage) (json.RawMessage, error) {
	t := strings.TrimSpace(string(args))
	if t == "" || t == "null" {
		return json.RawMessage("{}"), nil
	}
	if t[0] != '{' {
		return nil, errors.New("arguments must be a JSON object")
	}
	return args, nil
}
