package pool

import (
	"context"
	"testing"
	"testing/synctest"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// TestPool_ACallAfterTheLastReleaseDoesNotKeepTheBackend: a call (or a
// listing) of a launch whose last session had released it, such as one
// of a view a 2026-07-28 session left when its client's capabilities
// were learnt, made a new entry no session used: its backend was started
// and ran, listed with no session, until the daemon ended (round one
// hundred and two: server-everything for minutes after a session of the
// Go SDK's client ended). It is stopped once that call ends now, and a
// session that uses the key again keeps it.
func TestPool_ACallAfterTheLastReleaseDoesNotKeepTheBackend(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, &LaunchOptions{Session: "s1"})
		p.Use("s1", l)
		p.Release("s1", "a", l.Key)
		if _, err := p.CallTool(context.Background(), &Call{Session: "s1", Server: "a", Launch: l, Tool: "echo"}); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if c := s.last("a"); c == nil || !c.closed.Load() {
			t.Errorf("a backend started for a key no session uses: still running")
		}
		if st := p.Status(); len(st) != 0 {
			t.Errorf("status = %+v, want no backend", st)
		}
		// A session using the key again keeps its backend after a call.
		p.Use("s2", l)
		if _, err := p.CallTool(context.Background(), &Call{Session: "s2", Server: "a", Launch: l, Tool: "echo"}); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if c := s.last("a"); c.closed.Load() {
			t.Errorf("the backend of a key a session uses was stopped after its call")
		}
	})
}
