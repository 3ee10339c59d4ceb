package sandbox

import (
	"context"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// A worker killed at its script's time limit, under a context that is
// never done (context.Background, as exec had), said "script <nil> and
// did not stop; its worker was killed".
func TestSandbox_AWorkerKilledUnderAContextNeverDoneSaysTheTimeout(t *testing.T) {
	s := newSandbox(t, Options{Grace: time.Millisecond})
	res := s.Run(context.Background(), script.Request{Source: `for (;;) { new Array(1e6).fill(1).sort() }`, Timeout: 300 * time.Millisecond}, nil)
	if res.Err == nil || res.Err.Kind != script.KindTimeout || res.Err.Message != "script timed out after 300ms; its worker was killed" {
		t.Fatalf("Err = %+v, want the timeout said", res.Err)
	}
}
