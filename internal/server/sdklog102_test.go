package server

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// TestSDKLog_ACancelledRunIsNotAnError: the SDK logs its run ending with
// the session's context cancelled ("server run cancelled",
// error=context canceled) at ERROR, so `daemon status` listed every
// client that went away under its latest warnings. It is INFO now; an
// error that is not a cancellation stays as the SDK logs it.
func TestSDKLog_ACancelledRunIsNotAnError(t *testing.T) {
	var buf logtest.Buffer
	l := sdkLog(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	l.Error("server run cancelled", "error", context.Canceled)
	l.Error("run ended", "error", fmt.Errorf("run: %w", context.Canceled)) // another message: the SDK's are thinned by message
	l.Error("writing", "error", fmt.Errorf("broken pipe"))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "level=INFO") || !strings.Contains(lines[1], "level=INFO") || !strings.Contains(lines[2], "level=ERROR") {
		t.Errorf("logged:\n%s\nwant the cancellations at INFO, the other error at ERROR", buf.String())
	}
}

// TestSDKLog_ANotificationToAGoneClientIsNotAWarning: the SDK warns of
// each session it could not send a list_changed to; one whose client had
// just gone (99 sessions, a third killed) was listed by `daemon status`
// among the daemon's latest warnings. Other failures stay warnings.
func TestSDKLog_ANotificationToAGoneClientIsNotAWarning(t *testing.T) {
	var buf logtest.Buffer
	l := sdkLog(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	l.Warn("calling notifications/tools/list_changed: io: read/write on closed pipe")
	l.Warn("calling notifications/resources/list_changed: connection closed")
	l.Warn("calling notifications/tools/list_changed: write: no space left on device")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "level=INFO") || !strings.Contains(lines[1], "level=INFO") || !strings.Contains(lines[2], "level=WARN") {
		t.Errorf("logged:\n%s\nwant the closed connections at INFO, the other at WARN", buf.String())
	}
}
