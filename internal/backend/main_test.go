package backend

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend/fakebackend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// reaperArg is the hidden argument that makes this test binary the
// reaper, as `switchboard __reaper` is in the real one.
const reaperArg = "__reaper"

// TestMain re-runs this test binary as a fake MCP server when
// fakebackend.Env is set, and as the reaper when its first argument is
// reaperArg.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == reaperArg {
		os.Exit(Reap(os.Args[2:]))
	}
	fakebackend.Main()
	os.Exit(m.Run())
}

// reaper is the reaper command of this test binary.
func reaper(t testing.TB) []string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{exe, reaperArg}
}

// fakeSpec is a stdio backend running this binary in mode.
func fakeSpec(t testing.TB, mode string) *config.Server {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &config.Server{Name: "fake", Type: config.Stdio, Command: exe, Env: map[string]string{fakebackend.Env: mode}}
}

// startFake starts a fake backend (through the reaper, where there is
// one) and closes it when the test ends.
func startFake(t testing.TB, mode string, o *Options) *Backend {
	t.Helper()
	if o == nil {
		o = &Options{}
	}
	if o.Env == nil {
		o.Env = os.Environ()
	}
	if o.Reaper == nil {
		o.Reaper = reaper(t)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, err := Start(ctx, fakeSpec(t, mode), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// slow scales d for race-instrumented fake backends, which take over a
// second to start.
func slow(d time.Duration) time.Duration {
	if raceEnabled {
		return 10 * d
	}
	return d
}
