package cli

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

// A workspace whose name holds a newline (round 120's campaign): a user
// server's records name it, and `daemon status` printed the warning
// about its backend, and the session's row, across two lines, the second
// one reading as a line of its own. Every value with a newline or another
// control is quoted now, and a session's directory shown escaped.
func TestDaemonStatus_ADirectoryWithANewlineForgesNoLine(t *testing.T) {
	ws := "/w/N\nforged: line"
	var log bytes.Buffer
	w := newWarnings(slog.NewJSONHandler(&log, nil))
	slog.New(w).Warn("backend start failed", "server", "db", "workspace", ws, "error", "exited\nstderr (last lines):\n  boom")
	got := w.latest()
	if len(got) != 1 || strings.Contains(got[0], "\n") || !strings.Contains(got[0], `workspace="/w/N\nforged: line"`) {
		t.Errorf("latest = %q", got)
	}
	raw, _ := json.Marshal(map[string]any{"pid": 1, "version": "v", "uptime": "1s", "warnings": got,
		"sessions": []any{map[string]any{"id": "s1", "pid": 7, "started": "x", "cwd": ws}}})
	var out bytes.Buffer
	if err := printDaemonStatus(&out, raw); err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(out.String(), "\n") {
		if strings.HasPrefix(line, "forged") {
			t.Errorf("a line of its own from a directory's name:\n%s", out.String())
		}
	}
}
