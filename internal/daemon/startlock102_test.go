//go:build unix

package daemon

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/filelock"
)

// TestConnect_AStartLockHeldElsewhereIsNotStarted: a process holding
// start.lock (one stuck while starting a daemon; here the test) failed
// every bridge after 6 s with `lock …: timed out waiting for the lock
// (held by another switchboard process for 6s)`, and serve exited
// without serving its client. It is ErrNotStarted now (serve serves in
// its own process, as when a daemon does not start), naming the file and
// how to find its holder.
func TestConnect_AStartLockHeldElsewhereIsNotStarted(t *testing.T) {
	te := newTestEnv(t)
	l, err := filelock.Lock(strings.TrimSuffix(te.paths.Start, ".lock"), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	o := te.connectOptions("v1")
	o.Command = []string{"/bin/false"}
	o.StartWait = 200 * time.Millisecond
	t0 := time.Now()
	_, _, err = Connect(context.Background(), o)
	if !errors.Is(err, ErrNotStarted) || !strings.Contains(err.Error(), te.paths.Start) || !strings.Contains(err.Error(), "fuser -v") {
		t.Fatalf("err = %v, want ErrNotStarted naming %s and how to find its holder", err, te.paths.Start)
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestDial_AnUnusableSocketSaysTheCommandThatRemovesIt: a directory or
// another user's socket at the socket's path said "remove it"; it says
// the command too (rm -r for a directory; the path quoted for a shell).
func TestDial_AnUnusableSocketSaysTheCommandThatRemovesIt(t *testing.T) {
	dir := t.TempDir() + "/it's here"
	if err := os.MkdirAll(dir+"/daemon.sock", 0o700); err != nil {
		t.Fatal(err)
	}
	_, err := dial(context.Background(), dir+"/daemon.sock")
	want := `remove it (rm -r '` + strings.ReplaceAll(dir, "'", `'\''`) + `/daemon.sock')`
	if !errors.Is(err, ErrUnusableSocket) || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want it to end %q", err, want)
	}
	if got := shellWord("/run/user/1000/switchboard/daemon.sock"); got != "/run/user/1000/switchboard/daemon.sock" {
		t.Errorf("shellWord of a plain path = %s", got)
	}
}
