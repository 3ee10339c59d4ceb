package daemon

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"
)

// A mark file on a full tmpfs (the runtime directory) is an error when
// it is made, not a SIGBUS when the mapping is first touched: a sparse
// mark killed the bridge and the daemon.
func TestMark_FullDiskIsAnErrorNotAFault(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 64<<10)
	if !ok {
		return
	}
	disktest.Fill(t, dir)
	m, path, err := newMark(dir)
	if err == nil {
		defer m.close()
		m.store(1) // before: SIGBUS, the test binary killed
		t.Fatalf("newMark on a full disk made %s", path)
	}
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("err = %v, want ENOSPC", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, markPrefix+"*"))
	if len(left) != 0 {
		t.Errorf("mark files left behind: %v", left)
	}
}

// A daemon whose pid file cannot be written (a full or read-only disk)
// serves all the same: the file only names it in a second daemon's
// error. Before, Serve returned "daemon: write …daemon.pid: no space
// left on device" and no session could start.
func TestServe_PIDFileUnwritableIsAWarning(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 64<<10)
	if !ok {
		return
	}
	p := &Paths{Dir: dir, Lock: filepath.Join(dir, "daemon.lock"), PID: filepath.Join(dir, "daemon.pid")}
	disktest.Fill(t, dir)
	d := &daemon{o: ServeOptions{Paths: p}, pid: os.Getpid(), log: slog.New(slog.DiscardHandler)}
	if err := d.lock(); err != nil {
		t.Fatalf("lock: %v", err)
	}
	d.release()
}
