package warm

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// TestPool_RunsEverythingAtOnce: functions given to Go run concurrently
// (none waits for another), and all of them run.
func TestPool_RunsEverythingAtOnce(t *testing.T) {
	p := &Pool{Max: 2}
	const n = 50
	release := make(chan struct{})
	var started, done sync.WaitGroup
	var ran atomic.Int32
	started.Add(n)
	done.Add(n)
	for range n {
		p.Go(func() {
			started.Done()
			<-release // each holds its goroutine until all have started
			ran.Add(1)
			done.Done()
		})
	}
	started.Wait()
	close(release)
	done.Wait()
	if ran.Load() != n {
		t.Fatalf("%d of %d ran", ran.Load(), n)
	}
	p.mu.Lock()
	idle := p.idle
	p.mu.Unlock()
	if idle > 2 {
		t.Fatalf("%d goroutines wait for work, more than Max", idle)
	}
}

// TestDo_ResultsErrorsAndPanics: Do returns f's value and error, and a
// panic in f panics in the caller.
func TestDo_ResultsErrorsAndPanics(t *testing.T) {
	var p Pool
	v, err := Do(&p, func() (int, error) { return 42, nil })
	if v != 42 || err != nil {
		t.Fatalf("Do: %v, %v", v, err)
	}
	boom := errors.New("boom")
	if _, err := Do(&p, func() (int, error) { return 0, boom }); err != boom {
		t.Fatalf("Do's error: %v", err)
	}
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "kaput") {
			t.Fatalf("recovered %v", r)
		}
		// The pool still works after a panic.
		if v, _ := Do(&p, func() (string, error) { return "ok", nil }); v != "ok" {
			t.Fatalf("after a panic: %q", v)
		}
	}()
	Do(&p, func() (int, error) { panic("kaput") })
	t.Fatal("Do did not panic")
}

// TestPool_IdleGoroutinesEnd: a goroutine that waits longer than Idle
// ends, inside a test bubble too (so that the bubble can end).
func TestPool_IdleGoroutinesEnd(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := &Pool{Idle: time.Minute}
		p.Go(func() {})
		synctest.Wait()
		p.mu.Lock()
		idle := p.idle
		p.mu.Unlock()
		if idle != 1 {
			t.Fatalf("%d goroutines wait after the first call, want 1", idle)
		}
		time.Sleep(2 * time.Minute)
		synctest.Wait()
		p.mu.Lock()
		idle = p.idle
		p.mu.Unlock()
		if idle != 0 {
			t.Fatalf("%d goroutines still wait past Idle", idle)
		}
	})
}
