//go:build unix

package daemon

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServe_AStaleSocketInADirectoryMadeReadOnlySaysWhy: the runtime
// directory made read-only (chmod 0500) while a daemon ran, which then
// died, left its socket; the next daemon could not remove it and
// failed as "bind: address already in use", and a bridge warned "no
// mark file: … permission denied": neither said what to do.
func TestServe_AStaleSocketInADirectoryMadeReadOnlySaysWhy(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("skipped: root removes files from any directory (round 105 ran this test binary as uid 65534 to see it)")
	}
	dir := t.TempDir()
	p := &Paths{Dir: dir, Socket: filepath.Join(dir, "daemon.sock"), Lock: filepath.Join(dir, "daemon.lock"), PID: filepath.Join(dir, "daemon.pid")}
	l, err := net.Listen("unix", p.Socket)
	if err != nil {
		t.Fatal(err)
	}
	l.(*net.UnixListener).SetUnlinkOnClose(false)
	l.Close() // the dead daemon's socket stays
	if err := os.WriteFile(p.Lock, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	err = Serve(context.Background(), &ServeOptions{Paths: p}, nil)
	if err == nil || !strings.Contains(err.Error(), "left by a daemon that exited, cannot be removed (permission denied)") || !strings.Contains(err.Error(), "chmod u+w "+dir) {
		t.Errorf("Serve: %v, want why and the chmod that fixes it", err)
	}
	if _, _, err := newMark(dir); err == nil || !strings.Contains(err.Error(), "chmod u+w "+dir) {
		t.Errorf("newMark: %v, want the chmod that fixes it", err)
	}
}
