//go:build unix

package pool

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/backend/fakebackend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// TestMain re-runs this test binary as a fake MCP server when
// fakebackend.Env is set, and as the reaper with argument "__reaper".
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "__reaper" {
		os.Exit(backend.Reap(os.Args[2:]))
	}
	fakebackend.Main()
	os.Exit(m.Run())
}

// reaperCmd is this test binary as the reaper.
func reaperCmd(t testing.TB) []string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{exe, "__reaper"}
}

// realServers are fake backends running this binary.
func realServers(t testing.TB, mode string, names ...string) map[string]*config.Server {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]*config.Server{}
	for _, n := range names {
		m[n] = &config.Server{Name: n, Type: config.Stdio, Command: exe, Env: map[string]string{fakebackend.Env: mode, "FAKE_SERVER_NAME": n}} // the name makes the launches differ
	}
	return m
}

func realPool(t testing.TB, set config.Settings, mode string, names ...string) *named {
	return newNamed(realServers(t, mode, names...), &Options{Settings: set, Backend: backend.Options{Env: os.Environ(), Reaper: reaperCmd(t)}})
}

func callText(t testing.TB, p *named, server, tool string) string {
	t.Helper()
	res, err := p.CallTool(context.Background(), server, tool, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Content[0].(*mcp.TextContent).Text
}

// reaped reports whether pid is gone; our own children are reaped by
// the time Close returns.
func reaped(pid int) bool { return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) }

func TestPool_RealBackends_LRUAndNoOrphans(t *testing.T) {
	p := realPool(t, config.Settings{MaxConnections: 2}, "hang", "a", "b", "c")
	ctx := context.Background()
	pids := map[string]int{}
	for _, name := range []string{"a", "b", "c"} {
		pid, err := strconv.Atoi(callText(t, p, name, "pid"))
		if err != nil {
			t.Fatal(err)
		}
		pids[name] = pid
	}
	if p.Status()[0].State != Cold {
		t.Errorf("a is %v after c started with maxConnections 2, want cold", p.Status()[0].State)
	}
	grandchild, err := strconv.Atoi(callText(t, p, "b", "spawn"))
	if err != nil {
		t.Fatal(err)
	}
	inflight := make(chan error, 1)
	go func() {
		_, err := p.CallTool(ctx, "c", "block", nil)
		inflight <- err
	}()
	p.CallTool(ctx, "c", "echo", nil)

	began := time.Now()
	p.Close()
	// Close's graces add up to 1.5 s; the bound leaves a loaded machine
	// room and still catches a Close that waits on the process.
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("Close took %v with a backend ignoring EOF and SIGTERM, want under 5s", took)
	}
	for name, pid := range pids {
		if !reaped(pid) {
			t.Errorf("backend %s (pid %d) still running after Close", name, pid)
		}
	}
	if err := <-inflight; err == nil {
		t.Error("in-flight call succeeded across Close")
	}
	for deadline := time.Now().Add(time.Second); !grandchildGone(grandchild); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("grandchild %d still running after Close", grandchild)
			break
		}
	}
}

// grandchildGone: a killed grandchild is re-parented and may linger as a
// zombie until init reaps it; that counts as gone.
func grandchildGone(pid int) bool {
	if reaped(pid) {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	for i := len(stat) - 1; i > 0; i-- {
		if stat[i] == ')' && i+2 < len(stat) {
			return stat[i+2] == 'Z' || stat[i+2] == 'X'
		}
	}
	return false
}

func TestPool_RealBackend_CrashRestartsOnNextCall(t *testing.T) {
	p := realPool(t, config.Settings{}, "normal", "a")
	defer p.Close()
	ctx := context.Background()
	pid1 := callText(t, p, "a", "pid")
	_, err := p.CallTool(ctx, "a", "crash", nil)
	if !errors.Is(err, backend.ErrExited) {
		t.Errorf("crash: %v, want ErrExited", err)
	}
	pid2 := callText(t, p, "a", "pid")
	if pid1 == pid2 {
		t.Errorf("call after crash ran in pid %s again", pid2)
	}
}

// BenchmarkColdFirstCall compares a first call through the pool (start
// + call) with backend.Start + CallTool on the same fake backend.
func BenchmarkColdFirstCall(b *testing.B) {
	ctx := context.Background()
	b.Run("bare", func(b *testing.B) {
		spec := realServers(b, "normal", "a")["a"]
		for b.Loop() {
			be, err := backend.Start(ctx, spec, &backend.Options{Env: os.Environ()})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := be.CallTool(ctx, "echo", nil); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			be.Close()
			b.StartTimer()
		}
	})
	b.Run("pool", func(b *testing.B) {
		for b.Loop() {
			p := realPool(b, config.Settings{}, "normal", "a")
			if _, err := p.CallTool(ctx, "a", "echo", nil); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			p.Close()
			b.StartTimer()
		}
	})
}

// BenchmarkWarmCall compares a call to a running backend through the
// pool with a direct call.
func BenchmarkWarmCall(b *testing.B) {
	ctx := context.Background()
	b.Run("bare", func(b *testing.B) {
		be, err := backend.Start(ctx, realServers(b, "normal", "a")["a"], &backend.Options{Env: os.Environ()})
		if err != nil {
			b.Fatal(err)
		}
		defer be.Close()
		for b.Loop() {
			if _, err := be.CallTool(ctx, "echo", nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pool", func(b *testing.B) {
		p := realPool(b, config.Settings{}, "normal", "a")
		defer p.Close()
		for b.Loop() {
			if _, err := p.CallTool(ctx, "a", "echo", nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestPool_RealBackend_OversizeMessageFailsCallAndRestarts(t *testing.T) {
	for _, tc := range []struct{ name, tool, args string }{
		{"2 GiB without a newline", "flood", `{"bytes":2147483648}`},
		{"one JSON line over the limit", "big", `{"bytes":3145728}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := realPool(t, config.Settings{MaxMessageBytes: 1 << 20}, "normal", "a")
			defer p.Close()
			ctx := context.Background()
			pid1 := callText(t, p, "a", "pid")
			_, err := p.CallTool(ctx, "a", tc.tool, json.RawMessage(tc.args))
			if !errors.Is(err, backend.ErrMessageTooLarge) || !errors.Is(err, backend.ErrExited) {
				t.Fatalf("oversize: %v, want ErrMessageTooLarge", err)
			}
			if !strings.Contains(err.Error(), `backend "a"`) || !strings.Contains(err.Error(), "1 MiB") {
				t.Errorf("error does not name the server and the limit: %v", err)
			}
			pid2 := callText(t, p, "a", "pid")
			if pid2 == pid1 {
				t.Errorf("call after the oversize message ran in the same backend %s", pid2)
			}
			if got := callText(t, p, "a", "echo"); got != "{}" {
				t.Errorf("later call = %q", got)
			}
		})
	}
}

func TestPool_RealBackend_StartErrorIsInspectableAndRedacted(t *testing.T) {
	srv := realServers(t, "leak", "a")
	srv["a"].Env["FAKE_TOKEN"] = "pool-t0ken-secret"
	p := newNamed(srv, &Options{Backend: backend.Options{Env: os.Environ(), Reaper: reaperCmd(t)}})
	defer p.Close()
	_, err := p.CallTool(context.Background(), "a", "echo", nil)
	var se *backend.StartError
	if !errors.As(err, &se) || se.Server != "a" || !strings.Contains(se.Stderr, "authenticating with token ***") {
		t.Fatalf("start: %v (%+v), want a StartError with the masked stderr line", err, se)
	}
	for what, text := range map[string]string{"error": err.Error(), "status": p.Status()[0].LastError} {
		if strings.Contains(text, "pool-t0ken-secret") {
			t.Errorf("%s leaks the token: %s", what, text)
		}
	}
	// While backing off, the error still carries the StartError.
	_, err = p.CallTool(context.Background(), "a", "echo", nil)
	if !errors.Is(err, ErrBackoff) || !errors.As(err, &se) {
		t.Errorf("during backoff: %v, want ErrBackoff and the StartError", err)
	}
}
