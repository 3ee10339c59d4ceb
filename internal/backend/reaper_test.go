//go:build linux

package backend

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/backend/fakebackend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// parentEnv makes this test binary a Switchboard stand-in (see
// parentMain) instead of running tests.
const parentEnv = "SWITCHBOARD_TEST_PARENT"

func init() {
	if os.Getenv(parentEnv) != "" {
		os.Exit(parentMain())
	}
}

// parentMain starts a fake backend that ignores SIGTERM and stdin EOF
// through the reaper, has it start a setsid grandchild, prints
// "reaper backend grandchild" pids and waits to be killed.
func parentMain() int {
	exe, _ := os.Executable()
	spec := &config.Server{Name: "fake", Type: config.Stdio, Command: exe, Env: map[string]string{fakebackend.Env: "hang"}}
	b, err := Start(context.Background(), spec, &Options{Env: without(os.Environ(), parentEnv), Reaper: []string{exe, reaperArg}})
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	res, err := b.CallTool(context.Background(), "setsid", nil)
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	fmt.Println(b.proc.cmd.Process.Pid, b.Info().Pid, res.Content[0].(*mcp.TextContent).Text)
	select {}
}

func without(env []string, key string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, key+"=") {
			out = append(out, kv)
		}
	}
	return out
}

func TestReaper_BackendAndSetsidGrandchildDieWithSIGKILLedParent(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), parentEnv+"=1")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("parent said %q: %v", line, err)
	}
	var pids [3]int
	if _, err := fmt.Sscan(line, &pids[0], &pids[1], &pids[2]); err != nil {
		t.Fatalf("parent said %q", line)
	}
	if pids[0] == pids[1] {
		t.Fatalf("backend pid %d is the reaper's: not started through the reaper", pids[1])
	}
	for _, pid := range pids {
		if gone(pid) {
			t.Fatalf("pid %d not running before the kill (%v)", pid, pids)
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	for i, what := range []string{"reaper", "backend", "setsid grandchild"} {
		if !waitGone(pids[i], 10*time.Second) {
			t.Errorf("%s %d still running 2s after its Switchboard was SIGKILLed", what, pids[i])
			syscall.Kill(pids[i], syscall.SIGKILL)
		}
	}
}

func TestReaper_CloseKillsSetsidGrandchild(t *testing.T) {
	b := startFake(t, "hang", nil)
	grandchild, err := strconv.Atoi(call(t, b, "setsid", ""))
	if err != nil {
		t.Fatal(err)
	}
	pid := b.Info().Pid
	began := time.Now()
	b.Close()
	// Close's graces add up to 1.5 s; the bound leaves a loaded machine
	// room and still catches a Close that waits on the process.
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("Close took %v, want under 5s", took)
	}
	if !waitGone(pid, 10*time.Second) {
		t.Errorf("backend %d still running after Close", pid)
	}
	if !waitGone(grandchild, 10*time.Second) {
		t.Errorf("setsid grandchild %d still running after Close", grandchild)
		syscall.Kill(grandchild, syscall.SIGKILL)
	}
}

func TestReaper_CrashKillsSetsidGrandchild(t *testing.T) {
	b := startFake(t, "normal", nil)
	grandchild, err := strconv.Atoi(call(t, b, "setsid", ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.CallTool(context.Background(), "crash", nil); err == nil || !strings.Contains(err.Error(), "exit status 3") {
		t.Errorf("crash through the reaper: %v, want the backend's exit status 3", err)
	}
	if !waitGone(grandchild, 10*time.Second) {
		t.Errorf("setsid grandchild %d still running after the backend crashed", grandchild)
		syscall.Kill(grandchild, syscall.SIGKILL)
	}
}

func TestReaper_CommandLineDoesNotShowTheBackends(t *testing.T) {
	spec := fakeSpec(t, "normal")
	spec.Args = []string{"--marker=only-in-the-backend"}
	b, err := Start(context.Background(), spec, &Options{Env: os.Environ(), Reaper: reaper(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	reaperLine, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", b.proc.cmd.Process.Pid))
	backendLine, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", b.Info().Pid))
	if strings.Contains(string(reaperLine), "only-in-the-backend") || !strings.Contains(string(reaperLine), reaperArg) {
		t.Errorf("reaper command line %q, want ours without the backend's arguments", reaperLine)
	}
	if !strings.Contains(string(backendLine), "only-in-the-backend") {
		t.Errorf("backend command line %q lacks its argument", backendLine)
	}
}

func TestReaper_BackendKilledBySignalReadsAsSuch(t *testing.T) {
	b := startFake(t, "normal", nil)
	_, err := b.CallTool(context.Background(), "kill", nil)
	if err == nil || !strings.Contains(err.Error(), "signal: killed") {
		t.Errorf("backend killed by SIGKILL: %v, want \"signal: killed\" as without the reaper", err)
	}
}

// BenchmarkStart measures what the reaper adds to a start (spawn and
// handshake of the fake backend).
func BenchmarkStart(b *testing.B) {
	for _, tc := range []struct {
		name   string
		reaper bool
	}{{"direct", false}, {"reaper", true}} {
		b.Run(tc.name, func(b *testing.B) {
			o := &Options{Env: os.Environ()}
			if tc.reaper {
				o.Reaper = reaper(b)
			}
			for b.Loop() {
				be, err := Start(context.Background(), fakeSpec(b, "normal"), o)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				be.Close()
				b.StartTimer()
			}
		})
	}
}
