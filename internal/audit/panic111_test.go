package audit

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// Round 111: a panic making an entry's line, on the flush timer's
// goroutine, ended the process, and with the daemon every session; had it
// been recovered, the entry would have stayed pending and every later
// flush panicked on it again, each entry after it lost. The entry is
// written as a line saying so, the panic logged, and the entries around
// it and after it are written.
func TestLog_AnEntryWhoseLinePanicsIsSaidAndTheOthersAreWritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "audit.jsonl")
	rec := &logtest.Recorder{}
	l, err := Open(path, &Options{Now: func() time.Time { return t0 }, Logger: rec.Logger(), FlushDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	l.testLine = func(e Entry) {
		if e.Tool == "poison" {
			panic("a bug digesting the arguments")
		}
	}
	for _, tool := range []string{"a", "poison", "b"} {
		if err := l.Record(Entry{Server: "s", Tool: tool}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(readLines(t, path)) < 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond) // the timer's flush
	}
	if err := l.Record(Entry{Server: "s", Tool: "c"}); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	lines := readLines(t, path)
	if len(lines) != 4 || !strings.Contains(lines[0], `"tool":"a"`) || !strings.Contains(lines[2], `"tool":"b"`) || !strings.Contains(lines[3], `"tool":"c"`) {
		t.Fatalf("lines:\n%s", strings.Join(lines, "\n"))
	}
	if want := `"tool":"poison","args_hmac":"","duration_ms":0,"outcome":"ok","error":"internal error making this entry, the rest of it left out: a bug digesting the arguments (a bug in Switchboard)"`; !strings.Contains(lines[1], want) {
		t.Errorf("the entry whose line panicked: %s\nwant it to hold %s", lines[1], want)
	}
	if logged := strings.Join(rec.Lines(), "\n"); strings.Count(logged, "making an audit log entry panicked") != 1 {
		t.Errorf("log:\n%s", logged)
	}
}
