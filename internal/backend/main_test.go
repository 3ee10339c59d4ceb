package backend

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend/fakebackend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// TestMain re-runs this test binary as a fake MCP server when
// fakebackend.Env is set.
func TestMain(m *testing.M) {
	fakebackend.Main()
	os.Exit(m.Run())
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

// startFake starts a fake backend and closes it when the test ends.
func startFake(t testing.TB, mode string, o *Options) *Backend {
	t.Helper()
	if o == nil {
		o = &Options{}
	}
	if o.Env == nil {
		o.Env = os.Environ()
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
