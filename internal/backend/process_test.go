//go:build unix

package backend

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// gone reports whether pid no longer runs. A zombie waiting for init to
// reap it counts as gone.
func gone(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	_, after, _ := strings.Cut(string(stat), ") ")
	return strings.HasPrefix(after, "Z") || strings.HasPrefix(after, "X")
}

// waitGone polls until pid is gone or d passes: a SIGKILLed process that
// we did not spawn disappears asynchronously.
func waitGone(pid int, d time.Duration) bool {
	for deadline := time.Now().Add(d); ; time.Sleep(10 * time.Millisecond) {
		if gone(pid) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
	}
}

func TestClose_KillsBackendIgnoringEOFAndSIGTERMWithGrandchild(t *testing.T) {
	b := startFake(t, "hang", nil)
	pid := b.Info().Pid
	grandchild, err := strconv.Atoi(call(t, b, "spawn", ""))
	if err != nil {
		t.Fatal(err)
	}
	inflight := make(chan error, 1)
	go func() {
		_, err := b.CallTool(context.Background(), "block", nil)
		inflight <- err
	}()
	call(t, b, "echo", "") // the block call is on its way

	began := time.Now()
	b.Close()
	// Close's graces add up to 1.5 s; the bound leaves a loaded machine
	// room and still catches a Close that waits on the process.
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("Close took %v, want under 5s", took)
	}
	if !gone(pid) {
		t.Errorf("backend %d still running after Close", pid)
	}
	if !waitGone(grandchild, 10*time.Second) {
		t.Errorf("grandchild %d still running after Close", grandchild)
	}
	select {
	case err := <-inflight:
		if err == nil {
			t.Error("in-flight call succeeded")
		}
	case <-time.After(10 * time.Second):
		t.Error("in-flight call did not return after Close")
	}
}

func TestCrash_KillsGrandchildren(t *testing.T) {
	b := startFake(t, "normal", nil)
	grandchild, err := strconv.Atoi(call(t, b, "spawn", ""))
	if err != nil {
		t.Fatal(err)
	}
	b.CallTool(context.Background(), "crash", nil)
	<-b.Done()
	if !waitGone(grandchild, 10*time.Second) {
		t.Errorf("grandchild %d still running after the backend crashed", grandchild)
	}
}

func TestStartTimeout_LeavesNoProcess(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), slow(200*time.Millisecond))
	defer cancel()
	dir := t.TempDir()
	if _, err := Start(ctx, fakeSpec(t, "mute"), &Options{Env: os.Environ(), LogDir: dir}); err == nil {
		t.Fatal("a backend that never answers started")
	}
	log, err := os.ReadFile(filepath.Join(dir, "fake.log"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`switchboard(?: workspace=\S+)?: pid (\d+)`).FindSubmatch(log)
	if m == nil {
		t.Fatalf("log names no pid:\n%s", log)
	}
	pid, _ := strconv.Atoi(string(m[1]))
	if !gone(pid) {
		t.Errorf("backend %d still running after its start timed out", pid)
	}
}
