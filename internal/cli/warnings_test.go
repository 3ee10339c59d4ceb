package cli

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

// The daemon keeps its latest warnings for `daemon status`: on a full
// or read-only disk its log does not take them, and the said-once
// warnings about that very disk reached no one.
func TestWarnings_KeptForDaemonStatus(t *testing.T) {
	var log bytes.Buffer
	w := newWarnings(slog.NewJSONHandler(&log, nil))
	l := slog.New(w).With("session", "s1")
	l.Info("not kept")
	for i := range maxWarnings + 2 {
		l.Warn("audit log: cannot write it", "n", i)
	}
	got := w.latest()
	if len(got) != maxWarnings || !strings.Contains(got[0], "audit log: cannot write it session=s1 n=2") || strings.Contains(strings.Join(got, "\n"), "not kept") {
		t.Errorf("latest = %q", got)
	}
	if strings.Count(log.String(), "\n") != maxWarnings+3 {
		t.Errorf("the log did not get every record:\n%s", log.String())
	}
	raw, _ := json.Marshal(map[string]any{"pid": 1, "version": "v", "uptime": "1s", "sessions": []any{}, "warnings": got[:1]})
	var out bytes.Buffer
	if err := printDaemonStatus(&out, raw); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "latest warnings") || !strings.Contains(out.String(), "  "+got[0]) {
		t.Errorf("daemon status:\n%s", out.String())
	}
}
