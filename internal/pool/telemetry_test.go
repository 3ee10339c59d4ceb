package pool

import (
	"context"
	"slices"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

func TestPool_OnStartAndOnCrashCountStartsAndCrashes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		var events []string
		rec := func(what string) func(string) {
			return func(server string) { mu.Lock(); events = append(events, what+" "+server); mu.Unlock() }
		}
		s := newStarter(0)
		p := newNamed(servers("a"), &Options{Settings: config.Settings{}, Start: s.start, OnStart: rec("start"), OnCrash: rec("crash")})
		ctx := context.Background()
		if _, err := p.CallTool(ctx, "a", "echo", nil); err != nil {
			t.Fatal(err)
		}
		p.CallTool(ctx, "a", "crash", nil) // the backend exits by itself
		synctest.Wait()
		if _, err := p.CallTool(ctx, "a", "echo", nil); err != nil { // restarts it
			t.Fatal(err)
		}
		p.Close() // stopped by the pool: no crash
		synctest.Wait()
		mu.Lock()
		defer mu.Unlock()
		if want := []string{"start a", "crash a", "start a"}; !slices.Equal(events, want) {
			t.Errorf("events %v, want %v", events, want)
		}
	})
}
