package pool

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

func TestPool_ConcurrentFirstCallsShareOneStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(time.Second)
		p := newFakePool(s, config.Settings{}, "a")
		defer p.Close()
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for range 20 {
			wg.Go(func() {
				_, err := p.CallTool(context.Background(), "a", "echo", nil)
				errs <- err
			})
		}
		synctest.Wait()
		if st := status(p, "a"); st.State != Starting {
			t.Errorf("state while starting = %v, want starting", st.State)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Error(err)
			}
		}
		if n := s.count("a"); n != 1 {
			t.Errorf("%d starts for 20 concurrent first calls, want 1", n)
		}
		if st := status(p, "a"); st.State != Ready || st.Calls != 20 || st.InFlight != 0 || st.Pid == 0 {
			t.Errorf("status = %+v, want ready, 20 calls, none in flight, a pid", st)
		}
	})
}

func TestPool_EvictsLeastRecentlyUsedIdleBackend(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := newFakePool(s, config.Settings{MaxConnections: 2}, "a", "b", "c")
		defer p.Close()
		ctx := context.Background()
		for _, name := range []string{"a", "b", "a"} { // b is now the least recently used
			if _, err := p.CallTool(ctx, name, "echo", nil); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Second)
		}
		if _, err := p.CallTool(ctx, "c", "echo", nil); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if got := []State{state(p, "a"), state(p, "b"), state(p, "c")}; got[0] != Ready || got[1] != Cold || got[2] != Ready {
			t.Errorf("states a, b, c = %v, want ready cold ready", got)
		}
		if !s.last("b").closed.Load() {
			t.Error("evicted backend b was not closed")
		}
	})
}

func TestPool_NeverEvictsBusyBackend(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := newFakePool(s, config.Settings{MaxConnections: 2}, "a", "b", "c")
		defer p.Close()
		ctx := context.Background()
		busy := make(chan error, 1)
		go func() { // a is used first and stays busy
			_, err := p.CallTool(ctx, "a", "sleep", nil)
			busy <- err
		}()
		synctest.Wait()
		time.Sleep(time.Second)
		p.CallTool(ctx, "b", "echo", nil)
		time.Sleep(time.Second)
		if _, err := p.CallTool(ctx, "c", "echo", nil); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if got := []State{state(p, "a"), state(p, "b"), state(p, "c")}; got[0] != Ready || got[1] != Cold || got[2] != Ready {
			t.Errorf("states a, b, c = %v, want ready cold ready (busy a kept)", got)
		}
		if err := <-busy; err != nil {
			t.Errorf("busy call: %v", err)
		}
	})
}

func TestPool_OverCapWhileAllBusyThenShrinks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := newFakePool(s, config.Settings{MaxConnections: 1}, "a", "b")
		defer p.Close()
		ctx := context.Background()
		var wg sync.WaitGroup
		for _, name := range []string{"a", "b"} {
			wg.Go(func() { p.CallTool(ctx, name, "sleep", nil) })
			synctest.Wait()
		}
		if state(p, "a") != Ready || state(p, "b") != Ready {
			t.Errorf("with both busy, states = %v %v, want both ready", state(p, "a"), state(p, "b"))
		}
		wg.Wait()
		synctest.Wait()
		if n := p.live(); n != 1 {
			t.Errorf("%d backends live after the calls ended, want maxConnections 1", n)
		}
	})
}

func TestPool_StopsIdleBackendAtTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		srv := servers("a", "b")
		srv["b"].IdleTimeout = config.Duration(time.Minute)
		p := newNamed(srv, &Options{Settings: config.Settings{IdleTimeout: config.Duration(5 * time.Minute)}, Start: s.start})
		defer p.Close()
		for _, name := range []string{"a", "b"} {
			if _, err := p.CallTool(context.Background(), name, "echo", nil); err != nil {
				t.Fatal(err)
			}
		}
		time.Sleep(time.Minute - time.Millisecond)
		synctest.Wait()
		if state(p, "b") != Ready {
			t.Error("b stopped before its idle timeout")
		}
		time.Sleep(time.Millisecond)
		synctest.Wait()
		if state(p, "b") != Cold || !s.last("b").closed.Load() {
			t.Errorf("b is %v at its 1m idle timeout, want cold and closed", state(p, "b"))
		}
		time.Sleep(4*time.Minute - time.Millisecond)
		synctest.Wait()
		if state(p, "a") != Ready {
			t.Error("a stopped before its idle timeout")
		}
		time.Sleep(time.Millisecond)
		synctest.Wait()
		if state(p, "a") != Cold {
			t.Errorf("a is %v at its 5m idle timeout, want cold", state(p, "a"))
		}
		// A call restarts it.
		if _, err := p.CallTool(context.Background(), "a", "echo", nil); err != nil || s.count("a") != 2 {
			t.Errorf("call after idle stop: %v, %d starts", err, s.count("a"))
		}
	})
}

func TestPool_IdleTimerWaitsForCallsToEnd(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := newFakePool(s, config.Settings{IdleTimeout: config.Duration(30 * time.Second)}, "a")
		defer p.Close()
		p.CallTool(context.Background(), "a", "sleep", nil) // a minute, longer than the idle timeout
		if state(p, "a") != Ready {
			t.Error("backend stopped during a call longer than the idle timeout")
		}
		time.Sleep(30 * time.Second)
		synctest.Wait()
		if state(p, "a") != Cold {
			t.Errorf("state %v 30s after the call, want cold", state(p, "a"))
		}
	})
}

func TestPool_BacksOffOnlyAfterConsecutiveFailedStarts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		s.fail["a"] = 2
		p := newFakePool(s, config.Settings{}, "a")
		defer p.Close()
		ctx := context.Background()
		callErr := func() error { _, err := p.CallTool(ctx, "a", "echo", nil); return err }

		if err := callErr(); err == nil || errors.Is(err, ErrBackoff) || !strings.Contains(err.Error(), "exited during handshake") {
			t.Errorf("first failed start: %v, want the start error", err)
		}
		began := time.Now()
		err := callErr()
		if !errors.Is(err, ErrBackoff) || !strings.Contains(err.Error(), "exited during handshake") || time.Since(began) != 0 {
			t.Errorf("call while backing off: %v (after %v), want ErrBackoff with the last error, at once", err, time.Since(began))
		}
		if n := s.count("a"); n != 1 {
			t.Errorf("%d starts, want 1: no start while backing off", n)
		}
		time.Sleep(time.Second)
		if err := callErr(); err == nil || errors.Is(err, ErrBackoff) {
			t.Errorf("second start: %v, want its start error", err)
		}
		time.Sleep(time.Second) // the second failure doubled the wait to 2s
		if err := callErr(); !errors.Is(err, ErrBackoff) {
			t.Errorf("1s into a 2s backoff: %v, want ErrBackoff", err)
		}
		if st := status(p, "a"); st.State != Dead || st.Failures != 2 || st.RetryAt.IsZero() {
			t.Errorf("status = %+v, want dead, 2 failures, a retry time", st)
		}
		time.Sleep(time.Second)
		if err := callErr(); err != nil {
			t.Fatalf("after the backoff: %v", err)
		}
		if st := status(p, "a"); st.Failures != 0 || !st.RetryAt.IsZero() {
			t.Errorf("after a good start, failures %d and retry %v: want reset", st.Failures, st.RetryAt)
		}
		// A crash is not a failed start: the next call restarts at once.
		p.CallTool(ctx, "a", "crash", nil)
		synctest.Wait()
		if err := callErr(); err != nil {
			t.Errorf("call right after a crash: %v", err)
		}
	})
}

func TestPool_CrashedBackendRestartsOnNextCallWithoutReplay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := newFakePool(s, config.Settings{}, "a")
		defer p.Close()
		ctx := context.Background()
		_, err := p.CallTool(ctx, "a", "crash", nil)
		if err == nil || !strings.Contains(err.Error(), `backend "a" exited`) || !strings.Contains(err.Error(), "boom") || strings.Contains(err.Error(), "a.crash") {
			t.Errorf("crash: %v, want the backend named, the stderr tail, no server.tool prefix", err)
		}
		first := s.last("a")
		if n := first.calls.Load(); n != 1 {
			t.Errorf("crashing call reached the backend %d times, want 1 (no replay)", n)
		}
		synctest.Wait()
		if st := status(p, "a"); st.State != Dead || st.LastError == "" {
			t.Errorf("after crash: %+v, want dead with an error", st)
		}
		if _, err := p.CallTool(ctx, "a", "echo", nil); err != nil {
			t.Fatal(err)
		}
		if n := s.count("a"); n != 2 {
			t.Errorf("%d starts, want 2 (restart after crash)", n)
		}
		if first.calls.Load() != 1 {
			t.Error("the crashed call was replayed")
		}
	})
}

func TestPool_CallTimeoutCancelsCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		srv := servers("a", "b")
		srv["b"].CallTimeout = config.Duration(time.Second)
		p := newNamed(srv, &Options{Settings: config.Settings{CallTimeout: config.Duration(10 * time.Second)}, Start: s.start})
		defer p.Close()
		for name, want := range map[string]time.Duration{"a": 10 * time.Second, "b": time.Second} {
			began := time.Now()
			_, err := p.CallTool(context.Background(), name, "sleep", nil)
			if took := time.Since(began); took != want {
				t.Errorf("%s: call returned after %v, want %v", name, took, want)
			}
			if !errors.Is(err, ErrCallTimeout) || !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(err.Error(), "call timed out: no answer within "+want.String()) {
				t.Errorf("%s: %v, want ErrCallTimeout giving %v and no server.tool prefix", name, err, want)
			}
			if s.last(name).cancelled.Load() != 1 {
				t.Errorf("%s: the backend call was not cancelled", name)
			}
			if state(p, name) != Ready {
				t.Errorf("%s: %v after a timeout, want ready", name, state(p, name))
			}
		}
	})
}

func TestPool_Errors(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		srv := servers("a", "off")
		srv["off"].Disabled = true
		srv["off"].Source = "/c.json"
		srv["bad"] = &config.Server{Name: "bad", Command: "x", Disabled: true, Problem: "/c.json: mcpServers.bad.bogus: unknown field (line 1)"}
		p := newNamed(srv, &Options{Start: s.start})
		ctx := context.Background()
		if _, err := p.CallTool(ctx, "nope", "x", nil); !errors.Is(err, ErrUnknownServer) || err.Error() != `unknown server "nope"` {
			t.Errorf("unknown server: %v", err)
		}
		// Round one hundred and three: `server "off" is disabled` alone,
		// for a server switched off and for one with a mistake in its entry.
		if _, err := p.CallTool(ctx, "off", "x", nil); !errors.Is(err, ErrDisabled) || err.Error() != `server "off" is switched off ("disabled": true in /c.json): switchboard enable off turns it on` {
			t.Errorf("disabled server: %v", err)
		}
		if _, err := p.CallTool(ctx, "bad", "x", nil); !errors.Is(err, ErrDisabled) || err.Error() != `server "bad" is disabled by a mistake in its entry: /c.json: mcpServers.bad.bogus: unknown field (line 1)` {
			t.Errorf("server with a config error: %v", err)
		}
		if state(p, "off") != Disabled || Disabled.String() != "disabled" {
			t.Errorf("disabled server state %v", state(p, "off"))
		}
		p.Close()
		if _, err := p.CallTool(ctx, "a", "x", nil); !errors.Is(err, ErrClosed) {
			t.Errorf("after Close: %v", err)
		}
		if s.count("off") != 0 {
			t.Error("a disabled server was started")
		}
	})
}

func TestPool_CloseStopsRunningAndStartingBackends(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(time.Second)
		p := newFakePool(s, config.Settings{}, "a", "b")
		ctx := context.Background()
		p.CallTool(ctx, "a", "echo", nil)
		starting := make(chan error, 1)
		go func() {
			_, err := p.CallTool(ctx, "b", "echo", nil)
			starting <- err
		}()
		synctest.Wait()
		p.Close()
		if !s.last("a").closed.Load() {
			t.Error("running backend not closed")
		}
		if err := <-starting; err == nil {
			t.Error("a call waiting for a start succeeded after Close")
		}
		if s.last("b") != nil {
			t.Error("a start in progress was not aborted")
		}
		for _, st := range p.Status() {
			if st.State == Ready || st.State == Starting {
				t.Errorf("%s is %v after Close", st.Name, st.State)
			}
		}
	})
}

func TestPool_WaiterGivesUpWithoutStoppingStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(time.Second)
		p := newFakePool(s, config.Settings{}, "a")
		defer p.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		if _, err := p.CallTool(ctx, "a", "echo", nil); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("waiter with a short deadline: %v", err)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		if st := status(p, "a"); st.State != Ready || st.InFlight != 0 {
			t.Errorf("status = %+v, want ready, nothing in flight", st)
		}
	})
}

func TestPool_ListToolsStartAndHooks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		var changed []string
		p := newNamed(servers("a"), &Options{Start: s.start, OnToolsChanged: func(name string) { changed = append(changed, name) }})
		defer p.Close()
		info, err := p.Start(context.Background(), "a")
		if err != nil || info.ServerName != "a" {
			t.Fatalf("Start: %+v, %v", info, err)
		}
		tools, info, err := p.ListTools(context.Background(), "a")
		if err != nil || len(tools) != 3 || info.ServerName != "a" {
			t.Errorf("ListTools: %d tools, %+v, %v", len(tools), info, err)
		}
		s.hooks["a"].OnToolsChanged()
		if len(changed) != 1 || changed[0] != p.launches["a"].Key {
			t.Errorf("OnToolsChanged got %v, want [a's key]", changed)
		}
		s.hooks["a"].OnExit(errors.New("exit status 9"))
		s.last("a").end()
		synctest.Wait()
		if st := status(p, "a"); st.State != Dead || st.LastError != "exit status 9" {
			t.Errorf("after exit: %+v, want dead with the exit error", st)
		}
		if s.count("a") != 1 {
			t.Errorf("%d starts, want 1", s.count("a"))
		}
	})
}

func TestPool_PinsProtocolVersionPerServer(t *testing.T) {
	s := newStarter(0)
	var got []string
	var mu sync.Mutex
	p := newNamed(servers("old", "new"), &Options{
		Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
			mu.Lock()
			got = append(got, spec.Name+"="+o.ProtocolVersion)
			mu.Unlock()
			return s.start(ctx, spec, o)
		},
		ProtocolVersion: func(l *Launch) string {
			if l.Name == "old" {
				return "2025-11-25"
			}
			return ""
		},
	})
	defer p.Close()
	for _, n := range []string{"old", "new"} {
		if _, err := p.CallTool(context.Background(), n, "echo", nil); err != nil {
			t.Fatal(err)
		}
	}
	if strings.Join(got, ",") != "old=2025-11-25,new=" {
		t.Errorf("starts asked for %v", got)
	}
}

// Two servers with the same command, arguments and environment share one
// process; a start error about it names its first server, so the other
// server's error says whose process it is.
func TestPool_SharedProcessErrorNamesBothServers(t *testing.T) {
	s := newStarter(0)
	s.fail["alpha"] = 10
	p := New(&Options{Settings: config.Settings{}.Defaults(), Start: s.start})
	alpha := NewLaunch(&config.Server{Name: "alpha", Type: config.Stdio, Command: "same"}, nil)
	beta := NewLaunch(&config.Server{Name: "beta", Type: config.Stdio, Command: "same"}, nil)
	if alpha.Key != beta.Key {
		t.Fatalf("launches differ: %s %s", alpha.Key, beta.Key)
	}
	p.Use("", alpha)
	p.Use("", beta)
	if _, err := p.Start(context.Background(), alpha); err == nil || strings.Contains(err.Error(), "runs in the process of") {
		t.Errorf("alpha's own start error = %v, want it without a note", err)
	}
	_, err := p.Start(context.Background(), beta)
	if err == nil || !strings.Contains(err.Error(), `server "beta" runs in the process of server "alpha"`) {
		t.Errorf("beta's start error = %v, want it to say it shares alpha's process", err)
	}
}
