package backend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/redact"
)

func TestStderrLog_FileLinesCarryTimeAndTheCallInFlight(t *testing.T) {
	dir := t.TempDir()
	sec := &redact.Secrets{}
	sec.Add("hunter2-secret")
	s := openStderrLog(dir, "mem", sec, nil)
	at := time.Date(2026, 12, 1, 12, 0, 0, 123e6, time.UTC)
	s.now = func() time.Time { return at }
	s.Write([]byte("booting\n"))
	end := s.begin("sess-1", "search")
	s.Write([]byte("token hunter2-"))
	s.Write([]byte("secret used\r\nhalf"))
	s.Write([]byte(" line\n"))
	end()
	end2 := s.begin("", "a b")
	end3 := s.begin("s2", "c")
	s.Write([]byte("two calls in flight\n")) // no single call to name
	end3()
	s.Write([]byte("one-shot call\n"))
	end2()
	s.Note("pid %d", 42)
	s.Write([]byte("unfinished"))
	s.Close()
	b, err := os.ReadFile(filepath.Join(dir, "mem.log"))
	if err != nil {
		t.Fatal(err)
	}
	want := `2026-12-01T12:00:00.123Z stderr: booting
2026-12-01T12:00:00.123Z stderr session=sess-1 tool=search call=1: token *** used
2026-12-01T12:00:00.123Z stderr session=sess-1 tool=search call=1: half line
2026-12-01T12:00:00.123Z stderr: two calls in flight
2026-12-01T12:00:00.123Z stderr tool="a b" call=2: one-shot call
2026-12-01T12:00:00.123Z switchboard: pid 42
2026-12-01T12:00:00.123Z stderr: unfinished
`
	if string(b) != want {
		t.Errorf("log file:\n%s\nwant:\n%s", b, want)
	}
	if tail := s.Tail(0); !strings.Contains(tail, "token *** used") || strings.Contains(tail, "hunter2") {
		t.Errorf("tail: %q", tail)
	}
}

func TestStderrLog_LongLineIsCutIntoBoundedPieces(t *testing.T) {
	dir := t.TempDir()
	s := openStderrLog(dir, "x", nil, nil)
	s.Write([]byte(strings.Repeat("a", 3*logLineMax+5)))
	if len(s.partial) >= logLineMax {
		t.Errorf("kept %d bytes of one line in memory", len(s.partial))
	}
	s.Close()
	b, _ := os.ReadFile(filepath.Join(dir, "x.log"))
	if n := strings.Count(string(b), "\n"); n != 4 {
		t.Errorf("%d lines for a line of 3 pieces and a rest", n)
	}
}

// A server with a long name has a log file: its name holds 64 bytes of
// the server's and a hash of the whole, so two long names that share 64
// bytes do not share a file. A 300-byte name made a file name over the
// 255 bytes a file system allows, and the server had no log.
func TestStderrLog_LongServerNameHasALogFile(t *testing.T) {
	dir := t.TempDir()
	a, b := strings.Repeat("a", 300), strings.Repeat("a", 299)+"b"
	if LogFile(dir, a) == LogFile(dir, b) {
		t.Errorf("two long names share %s", LogFile(dir, a))
	}
	s := openStderrLog(dir, a, &redact.Secrets{}, nil)
	s.Write([]byte("hello\n"))
	s.Close()
	if b, err := os.ReadFile(LogFile(dir, a)); err != nil || !strings.Contains(string(b), "hello") {
		t.Errorf("log of a long-named server: %q, %v", b, err)
	}
}

// Names that differ have different log files: "a b", "a/b", "a_b" and
// ".x", "_.x" shared one, so `logs a_b` showed another server's lines
// as a_b's (a project's "git hub" beside the user's "git_hub"). A name
// of safe characters keeps its file name.
func TestStderrLog_EveryNameHasItsOwnLogFile(t *testing.T) {
	names := []string{"a_b", "a b", "a/b", "a\\b", "a:b", "ü", "__", "_.x", ".x", "a_b~", "git_hub"}
	seen := map[string]string{}
	for _, n := range names {
		f := LogFile("/logs", n)
		if other, ok := seen[f]; ok {
			t.Errorf("%q and %q share %s", n, other, f)
		}
		seen[f] = n
	}
	for _, n := range []string{"a_b", "git_hub", "memory", "x.y-z"} {
		if got := LogFile("/logs", n); got != "/logs/"+n+".log" {
			t.Errorf("LogFile(%q) = %s, want its name kept", n, got)
		}
	}
}
