//go:build linux

package daemon

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Round ninety-five: `daemon status` from a new build showed the new
// daemon only; an earlier build's, draining for its last sessions (no
// socket, no pid file, no lock), was not mentioned. Others finds it by
// its command line and its log: pid and binary.
func TestOthers_FindsADrainingDaemonOfThisStateDirectory(t *testing.T) {
	dir := t.TempDir()
	p := &Paths{Log: filepath.Join(dir, "daemon.log")}
	start := func(log string) *exec.Cmd {
		f, err := os.OpenFile(log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		exe, _ := os.Executable()
		cmd := exec.Command(exe)
		cmd.Args = []string{exe, "daemon", "run"}
		cmd.Env = append(os.Environ(), "SBD_TEST_DAEMON=drained")
		cmd.Stdout, cmd.Stderr = f, f
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd
	}
	ours := start(p.Log)
	start(filepath.Join(dir, "another.log")) // another state directory's
	// Its command line is readable once it has run exec: wait for its line.
	for !strings.Contains(readFile(t, p.Log), "draining") {
		if ours.ProcessState != nil {
			t.Fatal("the test daemon exited")
		}
	}
	got := Others(p)
	if len(got) != 1 || got[0].PID != ours.Process.Pid || !strings.HasSuffix(got[0].Exe, filepath.Base(os.Args[0])) {
		t.Fatalf("Others = %+v; want the one daemon logging to %s (pid %d)", got, p.Log, ours.Process.Pid)
	}
	if got := Others(p, ours.Process.Pid); len(got) != 0 {
		t.Errorf("Others except its pid = %+v", got)
	}
}

func readFile(t *testing.T, name string) string {
	b, _ := os.ReadFile(name)
	return string(b)
}
