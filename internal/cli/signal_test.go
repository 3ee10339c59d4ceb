package cli

import (
	"context"
	"testing"
)

// A one-shot command busy in a step that does not look at the context
// (a config of 50,000 servers being parsed) ends stopGrace after SIGINT
// or SIGTERM: Main returns 130 and says why, instead of running on.
func TestRunBounded_OneShotCommandStopsAfterTheGrace(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	busy := command{name: "busy", run: func(context.Context, *Env, []string) error {
		<-release // ignores its context
		return nil
	}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped, err := runBounded(ctx, busy, &Env{}, nil)
	if !stopped || err != nil {
		t.Fatalf("stopped %v, err %v; want a command that ignores the signal given up on", stopped, err)
	}
}

// A command that returns on the signal gives its own answer.
func TestRunBounded_CommandThatEndsOnTheSignal(t *testing.T) {
	quick := command{name: "quick", run: func(ctx context.Context, _ *Env, _ []string) error {
		<-ctx.Done()
		return ctx.Err()
	}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped, err := runBounded(ctx, quick, &Env{}, nil)
	if stopped || err != context.Canceled {
		t.Fatalf("stopped %v, err %v; want the command's own error", stopped, err)
	}
}

// Serving and following commands end in their own time (a daemon drains
// its sessions for up to 30 s); every other command is bounded.
func TestCommands_LastingOnesServeOrFollow(t *testing.T) {
	want := map[string]bool{"serve": true, "daemon": true, "logs": true, "ui": true, "login": true,
		sandboxWorkerCmd: true, demoBackendCmd: true, reaperCmd: true}
	for _, c := range commands() {
		if c.lasting != want[c.name] {
			t.Errorf("%s: lasting %v, want %v", c.name, c.lasting, want[c.name])
		}
	}
}
