package backend

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// Round ninety-nine: a stdio backend that crashed while writing its
// answer (the start of the line, no newline, then exit 3) failed the call
// with `calling "tools/call": the backend's answer could not be read:
// unmarshaling jsonrpc message: unexpected EOF`, which named neither the
// crash nor its exit status nor its stderr. The unfinished line is junk
// (said in the log), and the call fails as the backend's end does.
func TestBackend_AnAnswerCutByTheBackendsExitSaysTheExit(t *testing.T) {
	b := startFake(t, "raw", nil)
	ctx, cancel := context.WithTimeout(context.Background(), slow(10*time.Second))
	defer cancel()
	_, err := b.CallTool(ctx, "halfexit", json.RawMessage(`{}`))
	if err == nil || ctx.Err() != nil {
		t.Fatalf("call: %v", err)
	}
	for _, want := range []string{`backend "fake" exited (exit status 3)`, "fatal: out of memory while writing the answer"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q, want it to hold %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "could not be read") {
		t.Errorf("error %q blames the answer, not the exit", err)
	}
}
