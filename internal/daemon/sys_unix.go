//go:build unix

package daemon

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// fileOwner returns the uid owning the file fi describes.
func fileOwner(fi fs.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

// tryLock takes an exclusive flock on f without waiting; false when
// another open file description holds it.
func tryLock(f *os.File) (bool, error) {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

// peerOf returns the credentials of the process at the other end of c.
func peerOf(c net.Conn) (peer, error) {
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return peer{}, fmt.Errorf("peer credentials: %T is not a Unix socket", c)
	}
	raw, err := uc.SyscallConn()
	if err != nil {
		return peer{}, fmt.Errorf("peer credentials: %w", err)
	}
	var p peer
	var serr error
	if err := raw.Control(func(fd uintptr) { p, serr = peerCred(int(fd)) }); err != nil {
		return peer{}, fmt.Errorf("peer credentials: %w", err)
	}
	if serr != nil {
		return peer{}, fmt.Errorf("peer credentials: %w", serr)
	}
	return p, nil
}

// detach makes cmd start in a session of its own, so that it survives
// the bridge that started it and gets no signal from its terminal.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}

// alive reports whether a process with this pid exists.
func alive(pid int) bool {
	return pid > 0 && syscall.Kill(pid, 0) != syscall.ESRCH
}
