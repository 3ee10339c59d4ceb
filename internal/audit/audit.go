// Package audit writes an append-only log of tool calls as JSON lines, one
// object per call:
//
//	{"time":"2026-11-30T12:00:00.123456789Z","server":"github","tool":"create_issue",
//	 "args_hmac":"…","duration_ms":12.5,"outcome":"ok"}
//
// Arguments are never written, only an HMAC-SHA-256 of their canonical
// JSON under a key kept next to the log (KeyFile), so equal arguments can
// be correlated without the log holding secrets, and a log that leaves
// the machine without its key does not let anyone test guesses of a
// low-entropy argument (a PIN, a yes/no) against it. The
// log rotates by size: file -> file.1 -> file.2 … up to Options.Keep.
package audit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/switchboard-mcp/switchboard/internal/filelock"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// ErrClosed is returned by Record after Close.
var ErrClosed = errors.New("audit log closed")

// Outcome is how a call ended.
type Outcome string

const (
	// OK: the tool returned a result.
	OK Outcome = "ok"
	// ToolError: the tool returned a result with isError set.
	ToolError Outcome = "tool_error"
	// Error: the call failed (protocol error, backend down, timeout, policy).
	Error Outcome = "error"
	// Cancelled: the call was still running when the script that started
	// it returned without awaiting it.
	Cancelled Outcome = "cancelled"
	// Allowed, Confirmed and Refused are lethal-trifecta decisions about
	// a call (the entry's Trifecta says why): it ran under "warn", the
	// user accepted it, or it was not made. An allowed or confirmed call
	// has its own entry after the decision's.
	Allowed   Outcome = "allowed"
	Confirmed Outcome = "confirmed"
	Refused   Outcome = "refused"
)

// Trifecta is why a lethal-trifecta decision was taken: the setting in
// force, the untrusted tool whose result tainted the call (Source), the
// private tool read before it, whether the script or the session read
// them (Scope), and the reason.
type Trifecta struct {
	Setting string `json:"setting"`
	Source  string `json:"source"`
	Private string `json:"private"`
	Scope   string `json:"scope"`
	Reason  string `json:"reason,omitempty"`
}

// MaxErrorLen is the length in characters an entry's error is cut to.
const MaxErrorLen = 200

// Entry is one tool call.
type Entry struct {
	// Time is when the call started; zero means now.
	Time time.Time
	// Session is the ID of the client session that made the call ("" for
	// one-shot CLI use); Client is that client's name, once known.
	Session string
	Client  string
	Server  string
	Tool    string
	// Args are the call's arguments; only their digest is written (see
	// ArgsDigest). Nil or empty means no arguments.
	Args     json.RawMessage
	Duration time.Duration
	// Outcome; empty means OK when Err is empty, else Error.
	Outcome Outcome
	// Err is a short error message; credentials in it are hidden (see
	// redact.Text), and it is sanitised, put on one line and cut to
	// MaxErrorLen characters.
	Err string
	// Trifecta is set on a lethal-trifecta decision (Outcome Allowed,
	// Confirmed or Refused); its Reason is cut like Err.
	Trifecta *Trifecta
}

// line is the JSON form of an Entry.
type logLine struct {
	Time       string    `json:"time"`
	Session    string    `json:"session,omitempty"`
	Client     string    `json:"client,omitempty"`
	Server     string    `json:"server"`
	Tool       string    `json:"tool"`
	ArgsHMAC   string    `json:"args_hmac"`
	DurationMS float64   `json:"duration_ms"`
	Outcome    Outcome   `json:"outcome"`
	Error      string    `json:"error,omitempty"`
	Trifecta   *Trifecta `json:"trifecta,omitempty"`
}

// ArgsDigest is the hex HMAC-SHA-256 under key of the canonical JSON of
// args (sorted keys, no insignificant whitespace), so equivalent arguments
// digest the same. Empty args digest as "{}"; arguments that are not valid
// JSON digest as their raw bytes.
func ArgsDigest(key []byte, args json.RawMessage) string {
	return argsDigest(hmac.New(sha256.New, key), args)
}

// argsDigest is ArgsDigest under mac, an HMAC-SHA-256 it resets first:
// a Log keeps one for all its entries (making one is a tenth of a line).
func argsDigest(mac hash.Hash, args json.RawMessage) string {
	b := []byte(strings.TrimSpace(string(args)))
	if len(b) == 0 {
		b = []byte("{}")
	}
	if c, err := trust.CanonicalJSON(b); err == nil {
		b = c
	}
	mac.Reset()
	mac.Write(b)
	var sum [sha256.Size]byte
	return hex.EncodeToString(mac.Sum(sum[:0]))
}

// Options configures a Log. A nil *Options means all defaults.
type Options struct {
	// MaxBytes is the size above which the file is rotated before the next
	// write; 0 means 10 MiB.
	MaxBytes int64
	// Keep is how many rotated files to keep (file.1 … file.Keep); 0 means
	// 3, negative means none (the file is started afresh).
	Keep int
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// FlushDelay is how long an entry may wait in memory for the
	// entries after it, to be written with them in one write: 0 means
	// DefaultFlushDelay, negative writes each entry as it is recorded.
	FlushDelay time.Duration
	// Logger is told once when entries start being lost (a full or
	// read-only disk, the file's directory gone) and once when they are
	// written again; nil means they are not told.
	Logger *slog.Logger
}

// DefaultFlushDelay is how long an entry waits, at most, to be written.
// A write to the file is a system call of the kind that wakes Go's
// monitor thread, which then polls every 20 µs for as long as the daemon
// is busy: written on a call's way, the entry cost every call that wake
// and its polls (a fifth of the daemon's CPU per call on a 2-core VM).
// Written 20 ms later, after the answer, it costs one wake per batch.
const DefaultFlushDelay = 20 * time.Millisecond

// maxPending bounds the bytes of entries waiting: more are written at
// once, on the call's way.
const maxPending = 64 << 10

// Log is an audit log file. It is safe for concurrent use. Entries are
// written at most FlushDelay after they are recorded (at once by Flush and
// Close), those recorded meanwhile together in one write call, so whole
// lines never interleave with another process's. Several processes may
// share one file: rotation happens under an OS file lock (path+".lock")
// and a Log follows a rotation another process made, so no line is lost;
// a file may pass MaxBytes by the lines other processes append between a
// size check and the write.
//
// A write that fails (a full or read-only disk) loses the entries it
// held, and is said once to Options.Logger, with the count lost once
// writing works again; a line the disk cut short is ended before the
// next, so the lines after it read. A file that cannot be reopened after
// a rotation, or after its directory was removed, is tried again (its
// directory made again) at each later write.
type Log struct {
	path     string
	key      []byte // of the arguments' digests
	lines    liner  // makes the lines (l.mu held)
	maxBytes int64
	keep     int
	now      func() time.Time
	delay    time.Duration // < 0: no waiting
	logger   *slog.Logger

	mu      sync.Mutex
	closed  bool
	f       *os.File    // nil after Close, or when a reopen failed
	torn    bool        // the last write ended inside a line
	failing bool        // entries are being lost (said once)
	lost    int         // entries lost since failing
	fi      os.FileInfo // f's, from when it was opened: its identity
	size    int64
	pending []Entry     // entries recorded and not written
	held    int         // about their bytes as lines
	timer   *time.Timer // writes pending after delay; nil when none wait
	chunk   []byte      // reused by flush
	err     error       // the last write's error, for the next Record
	// testLine, nil but in tests, is called with each entry made a line.
	testLine func(Entry)
}

// Open opens (creating, with its directory) the audit log at path for
// appending, with mode 0600.
func Open(path string, o *Options) (*Log, error) {
	l := &Log{path: path, maxBytes: 10 << 20, keep: 3, now: time.Now, delay: DefaultFlushDelay}
	if o != nil {
		if o.FlushDelay != 0 {
			l.delay = o.FlushDelay
		}
		if o.MaxBytes > 0 {
			l.maxBytes = o.MaxBytes
		}
		if o.Keep > 0 {
			l.keep = o.Keep
		} else if o.Keep < 0 {
			l.keep = 0
		}
		if o.Now != nil {
			l.now = o.Now
		}
		l.logger = o.Logger
	}
	if l.logger == nil {
		l.logger = slog.New(slog.DiscardHandler)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("opening audit log: %w", err)
	}
	key, err := loadKey(keyPath(path))
	if err != nil {
		return nil, fmt.Errorf("opening audit log: %w", err)
	}
	l.key, l.lines = key, newLiner(key)
	if err := l.open(); err != nil {
		return nil, err
	}
	return l, nil
}

// openTries is how many times open tries a file another process's
// rotation replaced between its open and its check.
const openTries = 5

func (l *Log) open() error {
	var err error
	for try := 1; ; try++ {
		var replaced bool
		if replaced, err = l.openOnce(); !replaced || try == openTries {
			return err
		}
	}
}

// openOnce opens the log once; replaced is set when the file at the path
// was replaced (or renamed away) between the open and the check, as
// another process's rotation does, and opening again may succeed.
func (l *Log) openOnce() (replaced bool, err error) {
	// O_NONBLOCK: opening a FIFO for writing waits for a reader (it hung
	// every command for ever, deaf to SIGTERM); only a regular file is
	// the log.
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK, 0o600)
	if err != nil {
		return false, fmt.Errorf("opening audit log: %w", err)
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file (%s): move it away", l.path, info.Mode().Type())
	}
	if err == nil {
		// Not through a symbolic link: the log is a file of the state
		// directory, and a link there would append the entries to
		// whatever file it names. A regular file other than the one
		// opened (or none) is another process's rotation between the
		// two: opened again (it failed a Record of a log two processes
		// share, and lost its entry).
		li, lerr := os.Lstat(l.path)
		switch {
		case lerr == nil && li.Mode()&fs.ModeSymlink != 0:
			err = fmt.Errorf("%s is a symbolic link: move it away", l.path)
		case lerr != nil && !errors.Is(lerr, fs.ErrNotExist):
			err = fmt.Errorf("%s: %w", l.path, lerr)
		case lerr != nil || !os.SameFile(li, info):
			replaced = true
			err = fmt.Errorf("%s was replaced while it was opened, %d times: move it away", l.path, openTries)
		}
	}
	if err == nil && info.Mode().Perm() != 0o600 {
		err = f.Chmod(0o600)
	}
	if err != nil {
		f.Close()
		return replaced, fmt.Errorf("opening audit log: %w", err)
	}
	l.f, l.fi, l.size = f, info, info.Size()
	return false, nil
}

// Record appends e, rotating first if the file would exceed MaxBytes (an
// entry larger than MaxBytes still goes into a file of its own). The entry
// is written within FlushDelay; an error writing earlier entries is
// returned by the next Record.
func (l *Log) Record(e Entry) error {
	if e.Time.IsZero() {
		e.Time = l.now()
	}
	if e.Outcome == "" {
		e.Outcome = OK
		if e.Err != "" {
			e.Outcome = Error
		}
	}
	if e.Trifecta != nil {
		c := *e.Trifecta
		e.Trifecta = &c
	}
	// The line is made when it is written, off the call's way: the
	// arguments' digest canonicalises them (a decode and an encode), a
	// tenth of the daemon's CPU in a loop of calls. They are copied: the
	// caller's bytes may be a buffer it reuses.
	e.Args = append(json.RawMessage(nil), e.Args...)
	size := len(e.Args) + len(e.Err) + len(e.Client) + len(e.Server) + len(e.Tool) + 256

	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return ErrClosed
	}
	err := l.err
	l.err = nil
	l.pending = append(l.pending, e)
	l.held += size
	switch {
	case l.delay < 0 || l.held >= maxPending:
		if ferr := l.flush(); err == nil {
			err = ferr
		}
	case l.timer == nil:
		l.timer = time.AfterFunc(l.delay, l.flushLater)
	}
	return err
}

// liner makes entries' lines. Not safe for concurrent use: a Log's is
// used under its mutex.
type liner struct {
	mac hash.Hash // HMAC-SHA-256 under the key, reset for each digest
	// The last client name and its form in a line: a session's entries
	// all have the same, and shortError (credentials hidden, sanitised)
	// was a tenth of a line.
	client, clientLine string
}

func newLiner(key []byte) liner { return liner{mac: hmac.New(sha256.New, key)} }

// line is e as a line of the file, its arguments digested under the key.
func (m *liner) line(e Entry) []byte {
	var tri *Trifecta
	if e.Trifecta != nil {
		c := *e.Trifecta
		c.Reason = shortError(c.Reason)
		tri = &c
	}
	if tri != nil {
		tri.Setting, tri.Source, tri.Private, tri.Scope = cutName(tri.Setting), cutName(tri.Source), cutName(tri.Private), cutName(tri.Scope)
	}
	b, err := json.Marshal(logLine{
		Time:       e.Time.UTC().Format(time.RFC3339Nano),
		Session:    cutName(e.Session),
		Client:     m.clientOf(e.Client),
		Server:     cutName(e.Server),
		Tool:       cutName(e.Tool),
		ArgsHMAC:   argsDigest(m.mac, e.Args),
		DurationMS: float64(e.Duration.Microseconds()) / 1000,
		Outcome:    e.Outcome,
		Error:      shortError(e.Err),
		Trifecta:   tri,
	})
	if err != nil { // not reached: strings, numbers and a struct of them
		b = []byte(`{"error":"encoding the audit entry failed"}`)
	}
	return append(b, '\n')
}

// clientOf is shortError(client), the last one's kept (the zero
// liner's is "", shortError("")).
func (m *liner) clientOf(client string) string {
	if client != m.client {
		m.client, m.clientLine = client, shortError(client)
	}
	return m.clientLine
}

// safeLine is l.lines.line(e); an entry whose line panics is written as
// a line saying so, with its time, and the panic logged: it stayed among
// the pending entries, and every later flush panicked on it again, the
// log losing every entry after it (and on the timer's goroutine the
// panic ended the process).
func (l *Log) safeLine(e Entry) (b []byte) {
	defer func() {
		if p := recover(); p != nil {
			why := panics.Log(l.logger, "making an audit log entry", p, debug.Stack())
			b, _ = json.Marshal(logLine{Time: e.Time.UTC().Format(time.RFC3339Nano), Server: panics.Cut(e.Server, MaxNameLen), Tool: panics.Cut(e.Tool, MaxNameLen),
				Outcome: e.Outcome, Error: "internal error making this entry, the rest of it left out: " + why + " (a bug in Switchboard)"})
			b = append(b, '\n')
		}
	}()
	if l.testLine != nil {
		l.testLine(e)
	}
	return l.lines.line(e)
}

// Flush writes the entries recorded so far.
func (l *Log) Flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return ErrClosed
	}
	err := l.flush()
	if err == nil {
		err, l.err = l.err, nil
	}
	return err
}

// flushLater is the timer's: it writes what waits. A panic writing (the
// rotation, the file lock, the log) is logged, and the entries it held
// are lost, as after a failed write; it ended the process, and with the
// daemon every session.
func (l *Log) flushLater() {
	defer panics.Recover(l.logger, "writing the audit log", nil)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	if err := l.flush(); err != nil {
		l.err = err
	}
}

// flush writes the pending entries, as few write calls as rotation
// allows; entries it cannot write are lost, and counted (see Log).
// l.mu held.
func (l *Log) flush() error {
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	if len(l.pending) == 0 {
		return nil
	}
	n := len(l.pending)
	written, err := l.flushLines()
	if err != nil {
		l.lost += n - written
		if !l.failing {
			l.failing = true
			l.logger.Warn("audit log: cannot write it; tool calls go on, their entries are lost until it can be written again", "file", l.path, "err", err)
		}
		return err
	}
	if l.failing {
		l.failing = false
		l.logger.Warn("audit log: writing again", "file", l.path, "lostEntries", l.lost)
		l.lost = 0
	}
	return nil
}

// flushLines is flush's writing: it returns how many entries reached the
// file. l.mu held.
func (l *Log) flushLines() (int, error) {
	lines := make([][]byte, 0, len(l.pending))
	for _, e := range l.pending {
		lines = append(lines, l.safeLine(e))
	}
	clear(l.pending) // the arguments go to the collector
	l.pending, l.held = l.pending[:0], 0
	pending := lines
	chunk := l.chunk[:0]
	defer func() {
		if cap(chunk) <= maxPending {
			l.chunk = chunk[:0]
		}
	}()
	done := 0
	for i := 0; i < len(pending); {
		// Other processes append to the same file and may rotate it:
		// follow a rotation, and count their lines in the size.
		if err := l.follow(); err != nil {
			return done, err
		}
		chunk = chunk[:0]
		for i < len(pending) {
			b := pending[i]
			if at := l.size + int64(len(chunk)); at > 0 && at+int64(len(b)) > l.maxBytes {
				if len(chunk) > 0 {
					break // write what fits, then rotate
				}
				if err := l.rotate(int64(len(b))); err != nil {
					return done, err
				}
				continue // a fresh file, or one another process started
			}
			chunk = append(chunk, b...)
			i++
		}
		if err := l.write(chunk); err != nil {
			return done, err
		}
		done = i
	}
	return done, nil
}

// write writes b to the file, counting it in the size. l.mu held. A
// line the last write left unfinished (the disk was full) is ended
// first: else the next entry would be glued to its start.
func (l *Log) write(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	if l.torn {
		b = append([]byte{'\n'}, b...)
	}
	n, err := l.f.Write(b)
	l.size += int64(n)
	if n > 0 {
		l.torn = b[n-1] != '\n'
	}
	if err != nil {
		return fmt.Errorf("writing audit log %s: %w", l.path, err)
	}
	return nil
}

// follow reopens the file when another process rotated it (the path no
// longer names the file we hold) and refreshes the size. l.mu held.
// One stat of the path per entry: the file we hold is the one we opened,
// so when the path still names it, the path's size is its size.
func (l *Log) follow() error {
	if l.f == nil { // an earlier reopen failed: try again
		return l.reopen()
	}
	info, err := os.Stat(l.path)
	if err != nil || !os.SameFile(info, l.fi) {
		l.f.Close()
		l.f = nil
		return l.reopen()
	}
	l.size = info.Size()
	return nil
}

// reopen opens the file again, making its directory again when it was
// removed (the state directory deleted under a running daemon). l.mu
// held; l.f is nil.
func (l *Log) reopen() error {
	if err := os.MkdirAll(filepath.Dir(l.path), 0o700); err != nil {
		return fmt.Errorf("opening audit log: %w", err)
	}
	l.torn = false // another file
	return l.open()
}

// rotate shifts file.i to file.i+1, dropping file.keep, moves the file to
// file.1 and opens a fresh file, under the log's file lock so that
// processes sharing the log rotate it once: inside the lock the file is
// examined again and, when another process rotated it meanwhile (or it no
// longer needs rotating to take next more bytes), only reopened. Called
// with l.mu held.
func (l *Log) rotate(next int64) error {
	lk, err := filelock.Lock(l.path, 0)
	if err != nil {
		return fmt.Errorf("rotating audit log: %w", err)
	}
	defer lk.Unlock()
	cur, cerr := l.f.Stat()
	info, serr := os.Stat(l.path)
	if cerr != nil || serr != nil || !os.SameFile(info, cur) || info.Size() == 0 || info.Size()+next <= l.maxBytes {
		l.f.Close()
		l.f = nil
		return l.reopen()
	}
	if err := l.f.Close(); err != nil {
		return fmt.Errorf("rotating audit log: %w", err)
	}
	l.f = nil
	name := func(i int) string { return l.path + "." + strconv.Itoa(i) }
	if l.keep == 0 {
		err = os.Remove(l.path)
	} else {
		err = os.Remove(name(l.keep))
		if errors.Is(err, os.ErrNotExist) {
			err = nil
		}
		for i := l.keep - 1; i >= 1 && err == nil; i-- {
			if e := os.Rename(name(i), name(i+1)); e != nil && !errors.Is(e, os.ErrNotExist) {
				err = e
			}
		}
		if err == nil {
			err = os.Rename(l.path, name(1))
		}
	}
	l.torn = false
	if oerr := l.open(); oerr != nil {
		return oerr // l.f stays nil: the next write tries again
	}
	if err != nil {
		return fmt.Errorf("rotating audit log: %w", err)
	}
	return nil
}

// Close writes the entries waiting, syncs and closes the file. Later
// Records return ErrClosed; a second Close returns nil.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil
	}
	l.closed = true
	err := l.flush()
	if err == nil {
		err = l.err
	}
	if l.f == nil { // a failed reopen left no file
		return err
	}
	if serr := l.f.Sync(); err == nil {
		err = serr
	}
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	if err != nil {
		return fmt.Errorf("closing audit log: %w", err)
	}
	return nil
}

// MaxNameLen is the length in bytes a session, server or tool name of an
// entry is cut to (a "…" ends a cut one).
const MaxNameLen = 256

// cutName is name within MaxNameLen bytes, cut at a character boundary: a
// backend's tool named with a megabyte made every call of it a megabyte
// line, and a few of them rotated the older entries out.
func cutName(name string) string {
	if len(name) <= MaxNameLen {
		return name
	}
	n := MaxNameLen - len("…")
	for n > 0 && !utf8.RuneStart(name[n]) {
		n--
	}
	return name[:n] + "…"
}

func shortError(s string) string {
	if s == "" {
		return ""
	}
	// The log outlives the call and is read by people and tools that
	// never saw it: a credential quoted in an error (a URL's query or
	// password, "Bearer …", "token=…") is hidden here too, as on the
	// status page, not only where the error was made.
	s, _ = trust.Sanitize(redact.Text(s))
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > MaxErrorLen {
		r := []rune(s)
		s = string(r[:MaxErrorLen-1]) + "…"
	}
	return s
}
