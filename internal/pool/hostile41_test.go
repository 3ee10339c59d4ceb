package pool

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round forty-one, held: a backend's progress notifications reach the
// call whose token they carry and no other; one with a token the backend
// was never sent (a guess of the next call's, another backend's, the
// client's own, a number for a string), or sent when no call is in
// flight, reaches nobody, and a flood of them is dropped without growing
// anything.
func TestPool_ProgressWithATokenNeverSentReachesNoCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, nil)
		var mu sync.Mutex
		got := map[string][]any{}
		hooks := func(who string) *Hooks {
			return &Hooks{Progress: func(_ context.Context, m *mcp.ProgressNotificationParams) {
				mu.Lock()
				got[who] = append(got[who], m.ProgressToken)
				mu.Unlock()
			}}
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		c1 := &Call{Session: "s1", Server: "a", Launch: l, Tool: "sleep", Progress: "client-token", Hooks: hooks("c1")}
		go p.CallTool(ctx, c1)
		synctest.Wait()
		s.mu.Lock()
		o := s.hooks["a"]
		s.mu.Unlock()
		for _, tok := range []any{"client-token", "switchboard-999", 1, "", nil, fmt.Sprint(c1.token) + "x"} {
			o.Progress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: 1})
		}
		for range 100000 {
			o.Progress(ctx, &mcp.ProgressNotificationParams{ProgressToken: "switchboard-1000000", Progress: 1})
		}
		o.Progress(ctx, &mcp.ProgressNotificationParams{ProgressToken: c1.token, Progress: 1})
		mu.Lock()
		if len(got["c1"]) != 1 || got["c1"][0] != c1.token {
			t.Errorf("progress reaching the call: %v, want only its own token %q", got["c1"], c1.token)
		}
		mu.Unlock()
		cancel()
		synctest.Wait()
		o.Progress(context.Background(), &mcp.ProgressNotificationParams{ProgressToken: c1.token, Progress: 2})
		mu.Lock()
		defer mu.Unlock()
		if len(got["c1"]) != 1 {
			t.Errorf("progress after the call ended reached it: %v", got["c1"])
		}
	})
}
