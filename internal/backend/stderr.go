package backend

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// Limits of what is kept of a backend's stderr.
const (
	stderrRingBytes = 64 << 10 // bytes kept in memory for StderrTail
	stderrMaxLines  = 200      // lines StderrTail returns at most
	logFileMax      = 1 << 20  // a log file is rotated to <name>.log.1 past this size
)

// stderrLog keeps the last stderrRingBytes of a backend's stderr in memory
// and appends everything to a size-capped log file. The server's secrets
// are hidden in the file and in Tail. It is safe for concurrent use; a
// nil file means no log file.
type stderrLog struct {
	sec     *redact.Secrets
	mu      sync.Mutex
	ring    []byte
	cut     bool // ring lost bytes at its front
	path    string
	file    *os.File
	written int64
}

// openStderrLog opens <dir>/<server>.log for appending; dir "" keeps the
// tail in memory only. A log file that cannot be opened is not an error:
// the tail is still kept.
func openStderrLog(dir, server string, sec *redact.Secrets) *stderrLog {
	s := &stderrLog{sec: sec}
	if dir == "" {
		return s
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return s
	}
	s.path = filepath.Join(dir, safeFileName(server)+".log")
	s.open()
	return s
}

func (s *stderrLog) open() {
	f, err := os.OpenFile(s.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	if st, err := f.Stat(); err == nil {
		s.written = st.Size()
	}
	s.file = f
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
	if s.file != nil {
		// A secret split across two writes is not recognised here; Tail,
		// which error messages use, works on whole lines.
		s.toFile([]byte(s.sec.String(string(p))))
	}
	return len(p), nil
}

// Note appends a line of our own (not the backend's) to the log file only.
func (s *stderrLog) Note(format string, a ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	line := time.Now().Format(time.RFC3339) + " switchboard: " + s.sec.String(fmt.Sprintf(format, a...)) + "\n"
	s.toFile([]byte(line))
}

func (s *stderrLog) toFile(p []byte) {
	if s.file == nil {
		return
	}
	if s.written+int64(len(p)) > logFileMax && s.written > 0 {
		s.file.Close()
		s.file = nil
		os.Rename(s.path, s.path+".1")
		s.open()
		s.written = 0
		if s.file == nil {
			return
		}
	}
	n, _ := s.file.Write(p)
	s.written += int64(n)
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

// Close closes the log file; later writes still reach the tail.
func (s *stderrLog) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file != nil {
		s.file.Close()
		s.file = nil
	}
}

// safeFileName maps a server name to a file name: characters other than
// letters, digits, '.', '-' and '_' become '_'.
func safeFileName(name string) string {
	b := []byte(name)
	for i, c := range b {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_'
		if !ok {
			b[i] = '_'
		}
	}
	if len(b) == 0 || b[0] == '.' {
		return "_" + string(b)
	}
	return string(b)
}
