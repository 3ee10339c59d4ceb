package sandbox

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// TestSandbox_WorkersABurstStartedEndOnceIdle: a burst of scripts at once
// starts up to Workers workers, and every one of them stayed, idle, until
// the Sandbox closed (round thirty-five: 4 after rounds of 40 sessions,
// about 20 MB each). Now the workers idle IdleTimeout end, but for the one
// kept warm, with no timer left armed; a script after still runs.
func TestSandbox_WorkersABurstStartedEndOnceIdle(t *testing.T) {
	const workers = 4
	s := newSandbox(t, Options{Workers: workers, IdleTimeout: time.Millisecond})
	var mu sync.Mutex
	running := 0
	var burst []int // the workers while all scripts run
	all := make(chan struct{})
	// Each script waits in its call until all are running: each has a
	// worker of its own.
	caller := callerFunc(func(ctx context.Context, _, _ string, _ json.RawMessage) (json.RawMessage, error) {
		mu.Lock()
		if running++; running == workers {
			burst = s.pids()
			close(all)
		}
		mu.Unlock()
		select {
		case <-all:
			return json.RawMessage("1"), nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	})
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			if res := s.Run(t.Context(), script.Request{Source: "return (await fs.read()) + [0][0]", Namespaces: fs}, caller); res.Err != nil {
				t.Error(res.Err)
			}
		})
	}
	wg.Wait()
	if len(burst) < workers {
		t.Fatalf("%d workers after a burst of %d scripts, want %d", len(burst), workers, workers)
	}
	until := deadline(t)
	warm := settle(t, s, until)
	for _, pid := range burst {
		if pid == warm {
			continue
		}
		for !processGone(pid) {
			if time.Now().After(until) {
				t.Fatalf("worker %d, ended idle, still exists", pid)
			}
			time.Sleep(time.Millisecond)
		}
	}
	if res := s.Run(t.Context(), script.Request{Source: "return [1, 2].length"}, nil); res.Err != nil || string(res.Value) != "2" {
		t.Fatalf("a script after: %s %+v", res.Value, res.Err)
	}
	// The script took the warm worker, and another was started to be
	// warm meanwhile: one of the two ends in turn.
	settle(t, s, until)
}

// settle waits until one worker is left, idle, with no reaper armed, and
// returns its pid.
func settle(t *testing.T, s *Sandbox, until time.Time) int {
	t.Helper()
	for {
		s.mu.Lock()
		all, idle, armed := len(s.all), len(s.idle), s.reaper != nil
		var pid int
		if idle > 0 {
			pid = s.idle[0].cmd.Process.Pid
		}
		s.mu.Unlock()
		if all == 1 && idle == 1 && !armed && s.startsInProgress() == 0 {
			return pid
		}
		if time.Now().After(until) {
			t.Fatalf("%d workers, %d idle, reaper armed %v; want the one warm worker and no timer", all, idle, armed)
		}
		time.Sleep(time.Millisecond)
	}
}

// deadline is when a test waiting for idle workers to end gives up: it
// does not hang.
func deadline(t *testing.T) time.Time {
	if d, ok := t.Deadline(); ok {
		return d.Add(-5 * time.Second)
	}
	return time.Now().Add(time.Minute)
}

// startsInProgress is how many background starts are in progress.
func (s *Sandbox) startsInProgress() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.starting
}

// TestSandbox_CloseStopsTheIdleReaper: Close with extra workers idle,
// their end not yet due, leaves no process and no timer.
func TestSandbox_CloseStopsTheIdleReaper(t *testing.T) {
	s := newSandbox(t, Options{Workers: 2, IdleTimeout: time.Hour})
	release := make(chan struct{})
	var started sync.WaitGroup
	started.Add(2)
	caller := callerFunc(func(ctx context.Context, _, _ string, _ json.RawMessage) (json.RawMessage, error) {
		started.Done()
		<-release
		return json.RawMessage("1"), nil
	})
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			s.Run(t.Context(), script.Request{Source: "return (await fs.read()) + [0][0]", Namespaces: fs}, caller)
		})
	}
	started.Wait()
	close(release)
	wg.Wait()
	s.mu.Lock()
	armed := s.reaper != nil
	s.mu.Unlock()
	if !armed {
		t.Fatal("two workers idle, no reaper armed")
	}
	pids := s.pids()
	s.Close()
	s.mu.Lock()
	armed = s.reaper != nil
	s.mu.Unlock()
	if armed {
		t.Fatal("a reaper timer left after Close")
	}
	for _, pid := range pids {
		checkGone(t, pid)
	}
}

// TestSandbox_ScriptsRunWhileIdleWorkersEnd: with idle workers ending as
// soon as they may, scripts from several sessions at once all run: a
// worker leaves the idle list before it is killed, so none being ended is
// handed a script.
func TestSandbox_ScriptsRunWhileIdleWorkersEnd(t *testing.T) {
	s := newSandbox(t, Options{Workers: 4, IdleTimeout: time.Nanosecond})
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 25 {
				res := s.Run(t.Context(), script.Request{Source: "return [1, 2].length + [0][0]"}, nil)
				if res.Err != nil || string(res.Value) != "2" {
					t.Errorf("script %d of %d: %s %+v", i, g, res.Value, res.Err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestSandbox_TheWarmWorkerOfASteadyLoadIsNotReplaced: with one script at
// a time, the worker put back is the one taken next, and the other, kept
// warm for a second script, is never taken: once idle IdleTimeout it was
// ended, and the next script's take, finding no idle worker left, started
// another in its place, a new process every IdleTimeout for as long as
// the load went on. The warm worker counts as in use while it is the one
// idle worker left.
func TestSandbox_TheWarmWorkerOfASteadyLoadIsNotReplaced(t *testing.T) {
	s := newSandbox(t, Options{Workers: 4, IdleTimeout: time.Minute})
	run := func() {
		t.Helper()
		if res := s.Run(t.Context(), script.Request{Source: "return [1, 2].length + [0][0]"}, nil); res.Err != nil || string(res.Value) != "2" {
			t.Fatalf("a script: %s %+v", res.Value, res.Err)
		}
	}
	run()
	until := deadline(t)
	for {
		s.mu.Lock()
		all, idle := len(s.all), len(s.idle)
		s.mu.Unlock()
		if all == 2 && idle == 2 && s.startsInProgress() == 0 {
			break
		}
		if time.Now().After(until) {
			t.Fatalf("%d workers, %d idle; want the one used and one kept warm", all, idle)
		}
		time.Sleep(time.Millisecond)
	}
	before := s.pids()
	// The load went on for longer than IdleTimeout, the warm one never
	// taken.
	s.mu.Lock()
	s.idle[0].idleSince = s.idle[0].idleSince.Add(-2 * time.Minute)
	s.mu.Unlock()
	run()
	s.reap() // as its timer would, at any time
	run()
	after := s.pids()
	slices.Sort(before)
	slices.Sort(after)
	if !slices.Equal(before, after) {
		t.Fatalf("workers %v after a steady load of one script at a time, were %v: the warm one was replaced", after, before)
	}
}
