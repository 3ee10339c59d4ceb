package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	text "github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/filelock"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// ErrNoDaemon is returned by Connect with NoStart when no daemon listens.
var ErrNoDaemon = errors.New("no daemon running")

// Default waits of Connect.
const (
	DefaultStartWait = 5 * time.Second // for a started daemon's socket
	handoverWait     = 2 * time.Second // for a draining daemon's socket to go
)

// ConnectOptions configure Connect. Paths and Hello are required.
type ConnectOptions struct {
	Paths *Paths
	Hello *Hello
	// Command starts a daemon when none listens, for example
	// [exe, "daemon", "run"]. It runs detached (its own session, stdin
	// /dev/null, stdout and stderr appended to Paths.Log, working
	// directory /) with Env as its environment.
	Command []string
	Env     []string
	// NoStart makes Connect return ErrNoDaemon instead of starting one
	// (the CLI's status and stop).
	NoStart bool
	// StartWait bounds the wait for a started daemon's socket (zero:
	// DefaultStartWait).
	StartWait time.Duration
	// Stderr gets a note when the daemon starts without its log (nil:
	// os.Stderr).
	Stderr io.Writer
}

func (o *ConnectOptions) stderr() io.Writer {
	if o.Stderr == nil {
		return os.Stderr
	}
	return o.Stderr
}

// Connect connects to the daemon, starting it when none listens, sends
// o.Hello and returns the connection after an OK reply. Bridges that call
// it at once start one daemon: the starter holds Paths.Start and dials
// again before it spawns. A reply with CodeVersion or CodeExiting makes
// Connect wait for the old daemon's socket to go (at most 2 s) and start a
// new daemon. A daemon that fails to start is an error quoting the end
// of its log.
func Connect(ctx context.Context, o *ConnectOptions) (net.Conn, *Reply, error) {
	if o == nil || o.Paths == nil || o.Hello == nil {
		return nil, nil, errors.New("daemon: ConnectOptions.Paths and Hello are required")
	}
	handover := time.Time{}
	for attempt := 0; ; attempt++ {
		c, err := dial(ctx, o.Paths.Socket)
		if isNoDaemon(err) {
			if o.NoStart {
				return nil, nil, ErrNoDaemon
			}
			c, err = startAndDial(ctx, o)
		}
		if err != nil {
			return nil, nil, err
		}
		r, err := hello(c, o.Hello)
		if err != nil {
			c.Close()
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return nil, nil, notAnswering(o.Paths)
			}
			return nil, nil, fmt.Errorf("daemon handshake on %s: %w", o.Paths.Socket, err)
		}
		if r.OK {
			return c, r, nil
		}
		c.Close()
		if r.Code == CodeSession {
			return nil, r, &SessionError{Msg: r.Error}
		}
		if (r.Code != CodeVersion && r.Code != CodeExiting) || o.NoStart {
			return nil, r, fmt.Errorf("daemon (pid %d, version %s) refused the connection: %s", r.PID, r.Version, r.Error)
		}
		// The old daemon is handing over: it removes its socket soon.
		if handover.IsZero() {
			handover = time.Now().Add(handoverWait)
		}
		if time.Now().After(handover) {
			return nil, r, fmt.Errorf("daemon pid %d (version %s) still holds %s %s after it was asked to hand over: %s; stop it with: switchboard daemon stop", r.PID, r.Version, o.Paths.Socket, handoverWait, r.Error)
		}
		if err := sleep(ctx, 20*time.Millisecond); err != nil {
			return nil, nil, err
		}
	}
}

// ErrUnusableSocket marks a daemon socket path that holds something else
// (a file, a directory, another user's socket): no daemon listens there
// until it is removed, and a client can serve in its own process meanwhile.
var ErrUnusableSocket = errors.New("unusable daemon socket")

// fileKind names what a mode's file type is, in words.
func fileKind(m fs.FileMode) string {
	switch m.Type() {
	case 0:
		return "a regular file"
	case fs.ModeDir:
		return "a directory"
	case fs.ModeSymlink:
		return "a symbolic link"
	case fs.ModeNamedPipe:
		return "a named pipe"
	case fs.ModeDevice, fs.ModeDevice | fs.ModeCharDevice:
		return "a device"
	}
	return m.Type().String()
}

// ErrNotStarted marks Connect's error when the daemon it started exited
// or never listened (a read-only or full state or runtime directory, a
// crash at start): before any byte of the client was read, so a client
// can serve in its own process meanwhile.
var ErrNotStarted = errors.New("the daemon did not start")

// notStarted is an error that is ErrNotStarted, worded as msg.
type notStarted string

func (n notStarted) Error() string        { return string(n) }
func (n notStarted) Is(target error) bool { return target == ErrNotStarted }

// ErrNotAnswering marks Connect's error when a daemon took the
// connection but sent no handshake within handshakeTimeout (stopped with
// SIGSTOP, stuck): before any byte of the client was read, so a client
// can serve in its own process meanwhile.
var ErrNotAnswering = errors.New("the daemon does not answer")

// notAnsweringError is an error that is ErrNotAnswering, worded as msg.
type notAnsweringError string

func (n notAnsweringError) Error() string        { return string(n) }
func (n notAnsweringError) Is(target error) bool { return target == ErrNotAnswering }

// notAnswering words ErrNotAnswering for the daemon of p, naming its pid
// when its pid file has one.
func notAnswering(p *Paths) error {
	who, end := "the daemon", "end it (`switchboard daemon stop` asks it over the same socket, which it does not answer)"
	if b, err := safefile.Read(p.PID); err == nil {
		if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && pid > 0 {
			who, end = fmt.Sprintf("the daemon (pid %d)", pid), fmt.Sprintf("end it with `kill %d` (then `kill -9 %d` if it stays; a stopped one needs `kill -CONT %d` first)", pid, pid, pid)
		}
	}
	return notAnsweringError(fmt.Sprintf("%s took the connection on %s but sent no handshake within %s: it is stopped or stuck; %s", who, p.Socket, handshakeTimeout, end))
}

// unusableSocket is an error that is ErrUnusableSocket, worded as msg.
type unusableSocket string

func (u unusableSocket) Error() string        { return string(u) }
func (u unusableSocket) Is(target error) bool { return target == ErrUnusableSocket }

// dial connects to the socket after checking that it is ours, and checks
// the peer's uid.
func dial(ctx context.Context, sock string) (net.Conn, error) {
	fi, err := os.Lstat(sock)
	if err != nil {
		return nil, err // ENOENT: no daemon
	}
	if fi.Mode().Type() != fs.ModeSocket {
		rm := "rm"
		if fi.IsDir() {
			rm = "rm -r"
		}
		return nil, unusableSocket(fmt.Sprintf("daemon socket %s is not a socket (%s); remove it (%s %s)", sock, fileKind(fi.Mode()), rm, shellWord(sock)))
	}
	if uid, ok := fileOwner(fi); ok && uid != os.Getuid() {
		return nil, unusableSocket(fmt.Sprintf("daemon socket %s is owned by uid %d, not by us (uid %d); remove it (rm %s)", sock, uid, os.Getuid(), shellWord(sock)))
	}
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", sock)
	if err != nil {
		return nil, err
	}
	if err := checkConn(c); err != nil {
		c.Close()
		return nil, fmt.Errorf("daemon socket %s: %w", sock, err)
	}
	return c, nil
}

// isNoDaemon reports whether a dial error means no daemon listens.
func isNoDaemon(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ENOENT)
}

// hello sends h on c and reads the reply.
func hello(c net.Conn, h *Hello) (*Reply, error) {
	c.SetWriteDeadline(time.Now().Add(handshakeTimeout))
	err := writeLine(c, h)
	c.SetWriteDeadline(time.Time{})
	if err != nil {
		return nil, err
	}
	// Read the reply byte by byte: what follows belongs to the caller.
	c.SetReadDeadline(time.Now().Add(handshakeTimeout))
	defer c.SetReadDeadline(time.Time{})
	var line []byte
	var b [1]byte
	for {
		n, err := c.Read(b[:])
		if n == 1 {
			if b[0] == '\n' {
				break
			}
			if len(line) >= maxHello {
				return nil, fmt.Errorf("reply longer than %d bytes", maxHello)
			}
			line = append(line, b[0])
			continue
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("the daemon closed the connection before it replied (%w)", io.ErrUnexpectedEOF)
			}
			return nil, err
		}
	}
	var r Reply
	if err := json.Unmarshal(line, &r); err != nil {
		return nil, fmt.Errorf("reply %q: %w", truncate(line, 200), err)
	}
	return &r, nil
}

// startAndDial starts a daemon under Paths.Start, unless another bridge
// started one meanwhile, and dials it.
func startAndDial(ctx context.Context, o *ConnectOptions) (net.Conn, error) {
	if len(o.Command) == 0 {
		return nil, fmt.Errorf("%w at %s (and no command to start one)", ErrNoDaemon, o.Paths.Socket)
	}
	wait := o.StartWait
	if wait <= 0 {
		wait = DefaultStartWait
	}
	l, err := filelock.Lock(strings.TrimSuffix(o.Paths.Start, ".lock"), wait+time.Second)
	if errors.Is(err, filelock.ErrTimeout) {
		// A process stuck while starting a daemon (or any process
		// holding the file) keeps every bridge from starting one: the
		// bridge serves in its own process instead, as when a daemon
		// does not start, and says how to find the holder. Nothing of
		// the client was read yet.
		return nil, notStarted(fmt.Sprintf("starting the daemon: another process has held %s for %s, longer than starting a daemon takes: find it with `fuser -v %s` and end it", o.Paths.Start, wait+time.Second, o.Paths.Start))
	}
	if err != nil {
		return nil, fmt.Errorf("starting the daemon: %w", err)
	}
	defer l.Unlock()
	if c, err := dial(ctx, o.Paths.Socket); !isNoDaemon(err) {
		return c, err // another bridge started it
	}
	rotateLog(o.Paths.Log)
	tail := func(from int64) string { return logTail(o.Paths.Log, from) }
	logf, err := safefile.OpenAppend(o.Paths.Log, 0o600) // a FIFO in its place would wait for a reader, the start lock held
	if err != nil {
		tail = func(int64) string { return "its output was not kept (no log)" }
		// A read-only state directory: the daemon can serve all the same,
		// its log unwritten (it would fail too), said here.
		fmt.Fprintf(o.stderr(), "switchboard: the daemon's log %s cannot be opened (%v): starting it without a log\n", o.Paths.Log, err)
		if logf, err = os.OpenFile(os.DevNull, os.O_WRONLY, 0); err != nil {
			return nil, notStarted(fmt.Sprintf("starting the daemon: %v", err))
		}
	}
	defer logf.Close()
	size := int64(0)
	if fi, err := logf.Stat(); err == nil {
		size = fi.Size()
	}
	cmd := exec.Command(o.Command[0], o.Command[1:]...)
	cmd.Env = o.Env
	cmd.Dir = "/"
	cmd.Stdout, cmd.Stderr = logf, logf
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return nil, notStarted(fmt.Sprintf("starting the daemon (%s): %v", strings.Join(o.Command, " "), err))
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }() // reap it if it dies while we live
	deadline := time.Now().Add(wait)
	delay := 2 * time.Millisecond
	for {
		c, err := dial(ctx, o.Paths.Socket)
		if err == nil {
			return c, nil
		}
		if !isNoDaemon(err) {
			return nil, err
		}
		select {
		case werr := <-exited:
			return nil, notStarted(fmt.Sprintf("the daemon (pid %d) exited at start (%v); %s", cmd.Process.Pid, werr, tail(size)))
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(delay):
		}
		if time.Now().After(deadline) {
			return nil, notStarted(fmt.Sprintf("the daemon (pid %d) did not listen on %s within %s; %s", cmd.Process.Pid, o.Paths.Socket, wait, tail(size)))
		}
		delay = min(delay*2, 50*time.Millisecond)
	}
}

// MaxLog is the size past which the daemon's log is moved to
// daemon.log.1 (replacing the previous one), so the log stays bounded: by
// a starting daemon, and by a running one (see cli's daemonLog).
const MaxLog = 8 << 20

func rotateLog(path string) {
	if fi, err := os.Stat(path); err == nil && fi.Size() > MaxLog {
		os.Rename(path, path+".1")
	}
}

// logTail quotes the last lines written to the log since offset from.
func logTail(path string, from int64) string {
	f, err := safefile.Open(path) // a FIFO in its place would wait for a writer
	if err != nil {
		return "no log: " + err.Error()
	}
	defer f.Close()
	const tail = 4 << 10
	fi, err := f.Stat()
	if err != nil {
		return "no log: " + err.Error()
	}
	from = max(from, fi.Size()-tail)
	b := make([]byte, fi.Size()-from)
	n, _ := f.ReadAt(b, from)
	b = bytes.TrimSpace(b[:n])
	if len(b) == 0 {
		return "it logged nothing to " + path
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) > 10 {
		lines = lines[len(lines)-10:]
	}
	return "the end of " + path + ":\n  " + strings.Join(lines, "\n  ")
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}

// SessionError is the daemon's refusal of a session it could not open:
// its message is the reason as the daemon found it (the config file and
// what is wrong in it, say), the same a standalone serve prints.
type SessionError struct{ Msg string }

func (e *SessionError) Error() string { return e.Msg }

// shellWord is path as one shell word, for a command we tell the user to
// run (echo.ShellWord).
func shellWord(path string) string { return text.ShellWord(path) }
