//go:build unix

package audit

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// The state directory removed under a running daemon (a user cleaning
// ~/.local/state) stopped the audit log for good: the reopen failed and
// every later entry was ErrClosed. Now the directory is made again.
func TestLog_DirectoryRemovedIsMadeAgain(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	path := filepath.Join(dir, "audit.jsonl")
	l, err := Open(path, &Options{FlushDelay: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := l.Record(Entry{Server: "s", Tool: "one"}); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := l.Record(Entry{Server: "s", Tool: "two"}); err != nil {
		t.Fatalf("after the directory was removed: %v", err)
	}
	lines := readLines(t, path)
	if len(lines) != 1 || !strings.Contains(lines[0], `"tool":"two"`) {
		t.Errorf("lines %q, want the second entry", lines)
	}
}

// A reopen that fails (the directory is a file now) loses entries,
// says so once, and is tried again at the next write.
func TestLog_FailedReopenIsTriedAgain(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	path := filepath.Join(dir, "audit.jsonl")
	rec := &logtest.Recorder{}
	l, err := Open(path, &Options{FlushDelay: -1, Logger: slog.New(rec)})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	os.RemoveAll(dir)
	os.WriteFile(dir, []byte("not a directory"), 0o600)
	for range 5 {
		if err := l.Record(Entry{Server: "s", Tool: "lost"}); err == nil {
			t.Fatal("Record succeeded with a file in place of the directory")
		}
	}
	os.Remove(dir)
	if err := l.Record(Entry{Server: "s", Tool: "kept"}); err != nil {
		t.Fatalf("after the directory came back: %v", err)
	}
	if lines := readLines(t, path); len(lines) != 1 || !strings.Contains(lines[0], `"tool":"kept"`) {
		t.Errorf("lines %q", lines)
	}
	got := rec.Lines()
	if len(got) != 2 || !strings.HasPrefix(got[0], "audit log: cannot write it") || !strings.Contains(got[1], "lostEntries=5") {
		t.Errorf("log records %q, want one warning then one saying 5 entries were lost", got)
	}
}
