package backend

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// Limits of what is kept of a backend's stderr.
const (
	stderrRingBytes = 64 << 10 // bytes kept in memory for StderrTail
	stderrMaxLines  = 200      // lines StderrTail returns at most
	logFileMax      = 1 << 20  // a log file is rotated to <name>.log.1 past this size
	logLineMax      = 16 << 10 // a longer stderr line goes to the file in pieces
)

// LogTimeFormat is the time at the start of each log file line.
const LogTimeFormat = "2006-01-02T15:04:05.000Z07:00"

// The log file has one line per stderr line and per note of ours:
//
//	2026-12-01T12:00:00.123Z stderr session=s1 tool=search call=7: the backend's line
//	2026-12-01T12:00:00.456Z switchboard: pid 4242
//	2026-12-01T12:00:00.789Z stderr workspace=/home/u/wsC: a user server's line
//
// The time (LogTimeFormat, UTC), the stream ("stderr" or "switchboard"),
// for a user server the workspace its backend runs for
// (config.Server.LogWorkspace: the directory it runs in for its sessions,
// or "*" for every workspace; one file holds the lines of its backends of
// every workspace), and for a stderr line written while exactly one tool
// call was in flight, the session that made it, the tool and the call's
// number (counted per backend process); then ": " and the text. Values
// that are empty or hold spaces, '=', ':', '"' or a character
// strconv.Quote escapes are quoted (strconv.Quote). `switchboard logs`
// reads this format.

type callerKey struct{}

// WithCaller returns ctx naming the client session a tool call is made
// for, so that stderr lines written during the call name it in the log.
func WithCaller(ctx context.Context, session string) context.Context {
	return context.WithValue(ctx, callerKey{}, session)
}

func callerOf(ctx context.Context) string {
	s, _ := ctx.Value(callerKey{}).(string)
	return s
}

// inFlight is one tool call a stderr line may belong to.
type inFlight struct {
	session, tool string
	n             uint64
}

// stderrLog keeps the last stderrRingBytes of a backend's stderr in memory
// and appends everything to a size-capped log file. The server's secrets
// are hidden in the file and in Tail. It is safe for concurrent use; an
// empty path means no log file.
//
// A log file that cannot be written (a full or read-only disk, its
// directory removed or replaced) never stops the backend: its lines are
// lost, which is said once to the logger, and once more, with the count,
// when the file is written again. The file is opened again (its
// directory made again) at most every reopenEvery while it cannot be
// written, and when the path no longer names the file being written
// (checked at most every reopenEvery); a line the disk cut short is
// ended before the next.
type stderrLog struct {
	sec     *redact.Secrets
	log     *slog.Logger
	mu      sync.Mutex
	ring    []byte
	cut     bool // ring lost bytes at its front
	path    string
	file    *os.File    // nil when it could not be opened, or after Close
	fi      os.FileInfo // file's, when opened
	closed  bool
	written int64
	partial []byte // the file's current line, not yet ended
	calls   map[uint64]inFlight
	seq     uint64
	now     func() time.Time

	head string // a note that starts each file (SetHead), redacted
	// attrs follow the stream in every line: " workspace=…" for a user
	// server (SetWorkspace), "" for a project's.
	attrs string

	torn    bool      // the last write ended inside a line
	failing bool      // lines are being lost (said once)
	lost    int       // lines lost since failing
	checked time.Time // when the file was last opened or checked
}

// reopenEvery is how often a log file that cannot be written is tried
// again, and how often the path is checked to still name the file.
const reopenEvery = time.Second

// openStderrLog opens <dir>/<server>.log for appending; dir "" keeps the
// tail in memory only. A log file that cannot be opened is not an error:
// the tail is still kept, and log (nil: none) is told.
func openStderrLog(dir, server string, sec *redact.Secrets, log *slog.Logger) *stderrLog {
	if dir == "" {
		return openStderrLogFile("", sec, log)
	}
	return openStderrLogFile(LogFile(dir, server), sec, log)
}

// openStderrLogFile is openStderrLog of the file path ("": none).
func openStderrLogFile(path string, sec *redact.Secrets, log *slog.Logger) *stderrLog {
	s := &stderrLog{sec: sec, log: log, calls: map[uint64]inFlight{}, now: time.Now}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if path == "" {
		return s
	}
	s.path = path
	if err := s.open(); err != nil {
		s.fail(err)
	}
	return s
}

// open opens the file, making its directory. s.mu held (or s not shared
// yet); s.file is nil.
func (s *stderrLog) open() error {
	s.checked = s.now()
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return err
	}
	f, err := safefile.OpenAppend(s.path, 0o600) // a FIFO in its place would wait for a reader
	if err != nil {
		return err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	s.file, s.fi, s.written, s.torn = f, st, st.Size(), false
	return nil
}

// fail notes that a line was lost, saying so the first time.
func (s *stderrLog) fail(err error) {
	s.lost++
	if !s.failing {
		s.failing = true
		s.log.Warn("backend log: cannot write it; the backend runs on, its stderr lines are lost until it can be written again", "file", s.path, "err", err)
	}
}

// Write records p; it never fails, so a full disk cannot stop a backend.
func (s *stderrLog) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ring = append(s.ring, p...)
	if len(s.ring) > 2*stderrRingBytes {
		n := copy(s.ring, s.ring[len(s.ring)-stderrRingBytes:])
		s.ring = s.ring[:n]
		s.cut = true
	}
	if s.path != "" && !s.closed {
		// Whole lines go to the file, so a secret is recognised even when
		// the backend wrote it in two pieces.
		s.partial = append(s.partial, p...)
		for {
			i := bytes.IndexByte(s.partial, '\n')
			if i < 0 && len(s.partial) < logLineMax {
				break
			}
			end, next := i, i+1
			if i < 0 {
				end, next = logLineMax, logLineMax
			}
			s.line(string(bytes.TrimRight(s.partial[:end], "\r")))
			s.partial = s.partial[:copy(s.partial, s.partial[next:])]
		}
	}
	return len(p), nil
}

// line writes one stderr line to the file with its time and, when one
// call is in flight, that call.
func (s *stderrLog) line(text string) {
	head := s.now().UTC().Format(LogTimeFormat) + " stderr" + s.attrs
	if len(s.calls) == 1 {
		for _, c := range s.calls {
			if c.session != "" {
				head += " session=" + logValue(c.session)
			}
			head += " tool=" + logValue(c.tool) + " call=" + strconv.FormatUint(c.n, 10)
		}
	}
	s.toFile([]byte(head + ": " + s.sec.String(text) + "\n"))
}

// logValue quotes v when it would not read back as one value.
func logValue(v string) string {
	if q := strconv.Quote(v); v == "" || strings.ContainsAny(v, " \t\n\r=:\"") || q[1:len(q)-1] != v {
		// A control character or a byte that is not UTF-8 (a directory
		// named with an escape sequence) is quoted, so that the line
		// holds it as an escape.
		return q
	}
	return v
}

// begin records a tool call in flight (for attributing stderr lines) and
// returns the function that ends it.
func (s *stderrLog) begin(session, tool string) func() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	id := s.seq
	s.calls[id] = inFlight{session: session, tool: tool, n: id}
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.calls, id)
	}
}

// Note appends a line of our own (not the backend's) to the log file only.
func (s *stderrLog) Note(format string, a ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.toFile([]byte(s.noteLine(s.sec.String(fmt.Sprintf(format, a...)))))
}

// SetWorkspace makes every line after it name the workspace a user
// server's backend runs for (config.Server.LogWorkspace), which `logs
// SERVER` picks the lines of a workspace by.
func (s *stderrLog) SetWorkspace(ws string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.attrs = " workspace=" + logValue(ws)
}

// SetHead notes text now, and again at the start of each file the log is
// rotated to, so that what it says (which project defined the server:
// LogProject) is in the file however much the backend wrote since.
func (s *stderrLog) SetHead(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.head = s.sec.String(text)
	s.toFile([]byte(s.noteLine(s.head)))
}

func (s *stderrLog) noteLine(text string) string {
	return s.now().UTC().Format(LogTimeFormat) + " switchboard" + s.attrs + ": " + text + "\n"
}

func (s *stderrLog) toFile(p []byte) {
	if s.path == "" || s.closed {
		return
	}
	now := s.now()
	if s.file != nil && now.Sub(s.checked) >= reopenEvery {
		// The state directory removed or replaced under a running
		// daemon: lines written to the file we hold would reach no one.
		s.checked = now
		if st, err := os.Stat(s.path); err != nil || !os.SameFile(st, s.fi) {
			s.file.Close()
			s.file = nil
			if err := s.open(); err != nil {
				s.fail(err)
				return
			}
		}
	}
	if s.file == nil {
		if now.Sub(s.checked) < reopenEvery {
			s.lost++
			return
		}
		if err := s.open(); err != nil {
			s.fail(err)
			return
		}
	}
	if s.written+int64(len(p)) > logFileMax && s.written > 0 {
		s.file.Close()
		s.file = nil
		os.Rename(s.path, s.path+".1")
		if err := s.open(); err != nil {
			s.fail(err)
			return
		}
		s.torn = false // the line the disk cut short is in the older file
		if s.head != "" {
			n, _ := s.file.WriteString(s.noteLine(s.head))
			s.written += int64(n)
		}
	}
	if s.torn {
		p = append([]byte{'\n'}, p...)
	}
	n, err := s.file.Write(p)
	s.written += int64(n)
	if n > 0 {
		s.torn = p[n-1] != '\n'
	}
	switch {
	case err != nil:
		s.fail(err)
	case s.failing:
		s.failing = false
		s.log.Warn("backend log: writing again", "file", s.path, "lostLines", s.lost)
		s.lost = 0
	}
}

// Tail returns the last n lines kept (n <= 0 or above 200 means 200),
// without a trailing newline.
func (s *stderrLog) Tail(n int) string {
	if n <= 0 || n > stderrMaxLines {
		n = stderrMaxLines
	}
	s.mu.Lock()
	buf := s.ring
	if len(buf) > stderrRingBytes {
		buf = buf[len(buf)-stderrRingBytes:]
	}
	cut := s.cut || len(buf) < len(s.ring)
	buf = bytes.Clone(buf)
	s.mu.Unlock()
	if cut { // drop the partial first line
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			buf = buf[i+1:]
		}
	}
	lines := strings.Split(strings.TrimRight(string(buf), "\r\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return s.sec.String(strings.Join(lines, "\n"))
}

// Close writes an unfinished last line and closes the log file; later
// writes still reach the tail.
func (s *stderrLog) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.partial) > 0 && s.path != "" && !s.closed {
		s.line(string(s.partial))
		s.partial = nil
	}
	s.closed = true
	if s.file != nil {
		s.file.Close()
		s.file = nil
	}
}

// safeFileName maps a server name to a file name, one per name: a name
// of letters, digits, '.', '-' and '_' (not starting with '.') is kept;
// in another, those other bytes become '_' and '~' and a hash of the
// name follow; a name over 64 bytes is its first 64 and a hash of the
// whole (a 300-byte name made a file name over the 255 bytes a file
// system allows, so the server had no log at all).
func safeFileName(name string) string {
	b := []byte(name)
	changed := false
	for i, c := range b {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_'
		if !ok {
			b[i] = '_'
			changed = true
		}
	}
	if len(b) == 0 || b[0] == '.' {
		b = append([]byte("_"), b...)
		changed = true
	}
	sum := sha256.Sum256([]byte(name))
	switch {
	case len(b) > 64:
		b = append(b[:64], "-"+hex.EncodeToString(sum[:8])...)
	case changed:
		// "a b", "a/b" and "ü" were all the log of "a_b" (or "__"): a
		// project's server "git hub" wrote lines that `logs git_hub`
		// showed as the user's server's. '~' is in no name kept as it is.
		b = append(b, "~"+hex.EncodeToString(sum[:8])...)
	}
	return string(b)
}

// LogFile is the log file of the user server named server in dir
// (Options.LogDir): SERVER.log. When it passes 1 MiB it is renamed to
// LogFile+".1" and a new one is started. It is also the file every
// server of that name wrote before a project's server had a file of its
// own (LogFileFor).
func LogFile(dir, server string) string {
	return filepath.Join(dir, safeFileName(server)+".log")
}

// LogFileFor is the log file of the backend of spec in dir: LogFile for a
// user server; for a server a project defines (config.Server.Project),
// SERVER@HASH.log, HASH the first 12 hex digits of the SHA-256 of
// Project. A server "db" of one project and a server "db" of another
// wrote one db.log (two workspaces on one daemon), and `switchboard logs
// db` in either showed both. '@' is in no name safeFileName keeps, so no
// user server's file is a project's. Rotated as LogFile is.
func LogFileFor(dir string, spec *config.Server) string {
	if spec.Project == "" {
		return LogFile(dir, spec.Name)
	}
	return filepath.Join(dir, safeFileName(spec.Name)+"@"+projectHash(spec.Project)+".log")
}

func projectHash(project string) string {
	sum := sha256.Sum256([]byte(project))
	return hex.EncodeToString(sum[:6])
}

// definedBy starts the note that names a project's server's definition
// (SetHead), which LogProject reads.
const definedBy = "defined by "

// LogProject is the project (config.Server.Project) the log file path
// (LogFileFor) says defined its server, from the last such note in it or,
// when it has none, in path+".1"; "" when neither says (a user server's
// file, or one written before the note).
func LogProject(path string) string {
	for _, p := range []string{path, path + ".1"} {
		data, err := safefile.Read(p)
		if err != nil {
			continue
		}
		project := ""
		for line := range strings.SplitSeq(string(data), "\n") {
			if _, rest, ok := strings.Cut(line, " "); ok {
				if v, ok := strings.CutPrefix(rest, "switchboard: "+definedBy); ok {
					project = v
				}
			}
		}
		if project != "" {
			return project
		}
	}
	return ""
}
