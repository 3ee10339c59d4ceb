package pool

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// A panic starting a backend (its handshake, on the pool's goroutine) is
// that start's error, logged once: the callers waiting for the start get
// it, and other backends start. Before round 109 it ended the process.
func TestPool_APanicStartingABackendIsTheStartsError(t *testing.T) {
	s := newStarter(0)
	rec := &logtest.Recorder{}
	start := func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		if spec.Name == "bad" {
			panic("a bug in the handshake")
		}
		return s.start(ctx, spec, o)
	}
	p := New(&Options{Start: start, Backend: backend.Options{Logger: rec.Logger()}})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	bad := NewLaunch(&config.Server{Name: "bad", Type: config.Stdio, Command: "bad"}, nil)
	p.Use("s", bad)
	if _, err := p.ListAll(ctx, bad); err == nil || !strings.Contains(err.Error(), "internal error starting it: a bug in the handshake") {
		t.Fatalf("ListAll of the backend whose start panicked: %v", err)
	}
	good := NewLaunch(&config.Server{Name: "good", Type: config.Stdio, Command: "good"}, nil)
	p.Use("s", good)
	if got, err := p.ListAll(ctx, good); err != nil || len(got.Tools) != 3 {
		t.Fatalf("another backend: %d tools, %v", len(got.Tools), err)
	}
	if lines := strings.Join(rec.Lines(), "\n"); strings.Count(lines, "starting a backend panicked") != 1 {
		t.Errorf("log:\n%s", lines)
	}
}

// A panic handing a listing on (OnListed: the catalog's vetting and
// declarations of what the backend listed) is the listing's error, and
// the backend's next listing is handed on: the lock that orders them was
// held without defer, so after the panic every later listing of the
// backend waited for ever.
func TestPool_APanicHandingAListingOnIsItsErrorAndReleasesTheOrder(t *testing.T) {
	s := newStarter(0)
	var calls atomic.Int64
	p := New(&Options{Start: s.start, Backend: backend.Options{Logger: slog.New(slog.DiscardHandler)}, OnListed: func(string, *Lists) {
		if calls.Add(1) == 1 {
			panic("a bug vetting the tools")
		}
	}})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, nil)
	p.Use("s", l)
	if _, err := p.ListAll(ctx, l); err == nil || !strings.Contains(err.Error(), "internal error listing a: a bug vetting the tools") {
		t.Fatalf("the listing whose OnListed panicked: %v", err)
	}
	if got, err := p.ListAll(ctx, l); err != nil || len(got.Tools) != 3 {
		t.Fatalf("the next listing: %d tools, %v (want it handed on, not waiting)", len(got.Tools), err)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("OnListed called %d times, want 2", n)
	}
}

// A panic in what finish calls while it holds the pool's lock (here
// OnStart, the telemetry's) leaves the lock free and the start's waiters
// woken: the lock was taken without defer, so after the panic (recovered
// by the start's goroutine) every backend of every session waited for it
// for ever.
func TestPool_APanicFinishingAStartLeavesThePoolUsable(t *testing.T) {
	s := newStarter(0)
	p := New(&Options{Start: s.start, Backend: backend.Options{Logger: slog.New(slog.DiscardHandler)}, OnStart: func(name string) {
		if name == "bad" {
			panic("a bug counting the start")
		}
	}})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	bad := NewLaunch(&config.Server{Name: "bad", Type: config.Stdio, Command: "bad"}, nil)
	p.Use("s", bad)
	if _, err := p.ListAll(ctx, bad); ctx.Err() != nil {
		t.Fatalf("the start's waiter waited to its deadline: %v", err)
	}
	good := NewLaunch(&config.Server{Name: "good", Type: config.Stdio, Command: "good"}, nil)
	p.Use("s", good)
	if got, err := p.ListAll(ctx, good); err != nil || len(got.Tools) != 3 {
		t.Fatalf("another backend after the panic: %d tools, %v", len(got.Tools), err)
	}
}
