package audit

import (
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// On a full disk the audit log loses entries, says so once (not per
// call) and once more when it writes again; the line the disk cut short
// is ended, so every entry written after it reads as JSON. Before, the
// next entry was glued to the cut line and nothing was said.
func TestLog_FullDiskSaysSoOnceAndLinesStayWhole(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 64<<10)
	if !ok {
		return
	}
	path := filepath.Join(dir, "audit.jsonl")
	rec := &logtest.Recorder{}
	l, err := Open(path, &Options{FlushDelay: -1, Logger: slog.New(rec)})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := l.Record(Entry{Server: "s", Tool: "first"}); err != nil {
		t.Fatal(err)
	}
	fill := disktest.Fill(t, dir) // the file's first page still has room
	failed := 0
	for range 40 {
		if l.Record(Entry{Server: "s", Tool: "during", Err: strings.Repeat("x", 150)}) != nil {
			failed++
		}
	}
	if failed == 0 {
		t.Fatal("no entry failed on a full disk")
	}
	if err := os.Remove(fill); err != nil {
		t.Fatal(err)
	}
	l.Record(Entry{Server: "s", Tool: "after"})
	if err := l.Flush(); err != nil {
		t.Fatalf("after space was freed: %v", err)
	}
	lines := readLines(t, path)
	last := lines[len(lines)-1]
	var e struct{ Tool string }
	if err := json.Unmarshal([]byte(last), &e); err != nil || e.Tool != "after" {
		t.Errorf("the entry after the full disk is %q (%v)", last, err)
	}
	bad := 0
	for _, ln := range lines {
		if json.Unmarshal([]byte(ln), &e) != nil {
			bad++
		}
	}
	if bad > 1 {
		t.Errorf("%d lines do not read as JSON, want at most the one cut short:\n%s", bad, strings.Join(lines, "\n"))
	}
	got := rec.Lines()
	if len(got) != 2 || !strings.Contains(got[0], "no space left on device") || !strings.Contains(got[1], "writing again") {
		t.Errorf("log records %q, want one warning naming ENOSPC and one saying it writes again", got)
	}
}
