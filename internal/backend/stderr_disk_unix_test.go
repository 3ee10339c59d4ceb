//go:build unix

package backend

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// The state directory removed under a running daemon: the backend's
// lines went to the deleted file we held, and `switchboard logs` had
// none of them until the backend restarted. Now the path is checked (at
// most every reopenEvery) and the file made again; while it cannot be
// (a file in the directory's place), lines are lost, said once.
func TestStderrLog_DirectoryRemovedOrReplaced(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "logs")
	rec := &logtest.Recorder{}
	s := openStderrLog(dir, "x", nil, slog.New(rec))
	defer s.Close()
	at := time.Now()
	s.now = func() time.Time { return at }
	s.Write([]byte("one\n"))
	os.RemoveAll(dir)
	at = at.Add(reopenEvery)
	s.Write([]byte("two\n"))
	if b, err := os.ReadFile(filepath.Join(dir, "x.log")); err != nil || !strings.HasSuffix(string(b), ": two\n") {
		t.Fatalf("after the directory was removed the log is %q (%v)", b, err)
	}
	os.RemoveAll(dir)
	os.WriteFile(dir, []byte("a file"), 0o600)
	for i := range 5 {
		at = at.Add(reopenEvery)
		s.Write([]byte("lost " + string(rune('a'+i)) + "\n"))
	}
	os.Remove(dir)
	at = at.Add(reopenEvery)
	s.Write([]byte("three\n"))
	b, _ := os.ReadFile(filepath.Join(dir, "x.log"))
	if !strings.HasSuffix(string(b), ": three\n") || strings.Contains(string(b), "lost") {
		t.Errorf("log %q, want the line after the directory came back", b)
	}
	got := rec.Lines()
	if len(got) != 2 || !strings.HasPrefix(got[0], "backend log: cannot write it") || !strings.Contains(got[1], "lostLines=5") {
		t.Errorf("warnings %q, want one, then one counting 5 lines lost", got)
	}
}

// A FIFO in place of a backend's log (at its start, or swapped in while
// it runs): opening it for writing waited for a reader, for ever, with
// the log's lock held: the backend's start hung, and so did every call
// that read its stderr tail. Now its lines are lost, said once.
func TestStderrLog_FIFOInItsPlaceHangsNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.log")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan []string, 1)
	go func() {
		rec := &logtest.Recorder{}
		s := openStderrLog(dir, "x", nil, slog.New(rec))
		s.Write([]byte("one\n"))
		s.Close()
		// Swapped in while it runs.
		os.Remove(path)
		s = openStderrLog(dir, "x", nil, slog.New(rec))
		at := time.Now()
		s.now = func() time.Time { return at }
		s.Write([]byte("two\n"))
		os.Remove(path)
		syscall.Mkfifo(path, 0o600)
		at = at.Add(reopenEvery)
		s.Write([]byte("three\n"))
		s.Tail(10)
		s.Close()
		done <- rec.Lines()
	}()
	select {
	case got := <-done:
		if len(got) == 0 || !strings.Contains(got[0], "named pipe") {
			t.Errorf("warnings %q, want the FIFO named", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the stderr log hung on a FIFO in its place")
	}
}
