package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// TestSandbox_SlotWaitCountsAgainstTimeout: a script that cannot get a
// slot before its timeout fails with a timeout naming the setting, and
// does not wait longer than its timeout.
func TestSandbox_SlotWaitCountsAgainstTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := New(&Options{Workers: 1})
		s.slots.acquire(t.Context(), nil, "other") // another script holds the only slot
		s.slots.acquire(t.Context(), nil, "")      // and one of this session the one it may borrow
		start := time.Now()
		res := s.Run(t.Context(), script.Request{Source: "return 1", Timeout: 3 * time.Second}, nil)
		if res.Err == nil || res.Err.Kind != script.KindTimeout || !strings.Contains(res.Err.Message, "settings.maxScripts") {
			t.Fatalf("Err = %+v, want a timeout naming settings.maxScripts", res.Err)
		}
		if waited := time.Since(start); waited != 3*time.Second {
			t.Errorf("waited %v, want the 3s timeout", waited)
		}
	})
}

// TestSandbox_WorkerPathBoundsArgumentBytes: the limit on arguments in
// flight holds in a worker process too, and the calls left running are
// reported and cancelled with script.ErrAbandoned.
func TestSandbox_WorkerPathBoundsArgumentBytes(t *testing.T) {
	s := newSandbox(t, Options{})
	block := callerFunc(func(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	src := `const big = "x".repeat(1000); const ps = [];
		for (let i = 0; i < 100; i++) ps.push(fs.read({path: big}));
		await Promise.all(ps)`
	res := s.Run(t.Context(), script.Request{Source: src, Namespaces: fs, Timeout: 10 * time.Second, MaxArgBytes: 5000}, block)
	if res.Err == nil || res.Err.Kind != script.KindLimit || !strings.Contains(res.Err.Message, "over the limit of 5000 bytes") {
		t.Fatalf("Err = %+v, want the argument limit", res.Err)
	}
	if len(res.Cancelled) == 0 || len(res.Cancelled) >= 5 || res.Cancelled[0] != "file-system.read-file" {
		t.Errorf("Cancelled = %q, want the few calls started before the limit", res.Cancelled)
	}

	// The awaited call returns once the other one reached this side.
	causes := make(chan error, 1)
	started := make(chan struct{})
	slow := callerFunc(func(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
		if strings.Contains(string(args), "quick") {
			<-started
			return json.RawMessage("1"), nil
		}
		close(started)
		<-ctx.Done()
		causes <- context.Cause(ctx)
		return nil, ctx.Err()
	})
	res = s.Run(t.Context(), script.Request{Source: `fs.read({}); await fs.read({quick: 1}); return 1`, Namespaces: fs, Timeout: 10 * time.Second}, slow)
	if res.Err != nil || strings.Join(res.Cancelled, ",") != "file-system.read-file" {
		t.Fatalf("Err = %v, Cancelled = %q", res.Err, res.Cancelled)
	}
	if c := <-causes; !errors.Is(c, script.ErrAbandoned) {
		t.Errorf("cause = %v, want script.ErrAbandoned", c)
	}
}

func TestNoteWait_SaysHowLongTheScriptWaited(t *testing.T) {
	timedOut := script.Result{Err: &script.Error{Kind: script.KindTimeout, Message: "script timed out after 2s"}}
	res := noteWait(timedOut, 3*time.Second, 2*time.Second)
	if res.Err.Message != "script timed out after 3s, 1s of it waiting for a free script worker (settings.maxScripts)" {
		t.Errorf("message = %q", res.Err.Message)
	}
	// A worker's start is no wait worth a word (it pointed at maxScripts).
	left := time.Second - 1261278*time.Nanosecond
	started := script.Result{Err: &script.Error{Kind: script.KindTimeout, Message: "script timed out after " + left.String() + "; its worker was killed"}}
	if m := noteWait(started, time.Second, left).Err.Message; m != "script timed out after 1s; its worker was killed" {
		t.Errorf("message after a 1ms wait = %q, want the 1s the script was given, and no wait", m)
	}
	other := script.Result{Err: &script.Error{Kind: script.KindException, Message: "x"}}
	if noteWait(other, 3*time.Second, 2*time.Second).Err.Message != "x" {
		t.Error("changed a non-timeout error")
	}
}
