//go:build unix

package rawio

import (
	"os"

	"golang.org/x/sys/unix"
)

// ReaderGone reports whether f, a pipe or socket we write to, has nobody
// left to read it (the client that spawned us exited): poll's POLLERR
// (a pipe without readers) or POLLHUP (a socket shut both ways, a hung
// up terminal), asked without waiting and without changing f's mode.
// (POLLOUT is asked for the BSDs, whose poll reports the end of a
// pipe's reader as an EOF of the write filter; Linux reports POLLERR and
// POLLHUP whatever is asked.)
func ReaderGone(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	gone := false
	rc.Control(func(fd uintptr) {
		p := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLOUT}}
		if n, err := unix.Poll(p, 0); err == nil && n > 0 {
			gone = p[0].Revents&(unix.POLLERR|unix.POLLHUP) != 0
		}
	})
	return gone
}
