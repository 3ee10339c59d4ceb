package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// Round fifty-four: a daemon full of sessions says which one has been
// idle the longest; `daemon status` shows each session's idle time, so
// the user can tell which agents to end.
func TestDaemonStatus_ShowsEachSessionsIdleTime(t *testing.T) {
	raw, _ := json.Marshal(map[string]any{"pid": 1, "version": "v", "uptime": "1s", "sessions": []any{
		map[string]any{"id": "s1", "pid": 42, "cwd": "/w", "started": "2026-12-06T00:00:00Z", "idle": "3h2m1s"},
		map[string]any{"id": "s2", "pid": 43, "cwd": "/x", "started": "2026-12-06T00:00:00Z"}, // an older daemon's
	}})
	var out bytes.Buffer
	if err := printDaemonStatus(&out, raw); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 4 || !strings.Contains(lines[1], "IDLE") || !strings.Contains(lines[2], "3h2m1s") || !strings.Contains(lines[3], " - ") {
		t.Errorf("daemon status:\n%s", out.String())
	}
}
