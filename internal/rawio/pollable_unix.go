//go:build unix

package rawio

import (
	"os"
	"syscall"
)

// Pollable returns f (a pipe or a socket: a process's stdin or stdout)
// as a new *os.File in non-blocking mode, which Go serves through its
// network poller, and a function that puts the descriptor back in
// blocking mode. A blocking pipe keeps its thread in the read system
// call, and a goroutine made ready meanwhile waits for the scheduler to
// take that thread's processor back, tens of microseconds on every
// message; through the poller the reader parks, Close and deadlines end
// a read, and New can read and write it without entering the system-call
// state.
//
// The non-blocking mode belongs to the open pipe or socket, not to the
// descriptor: every process that holds it sees the change (a parent that
// passed on its own stdin, say). restore puts the mode back; call it once
// the returned file is closed, before the process ends. f must not be
// used until then. On an error, or for a file that is neither a pipe nor
// a socket (a terminal, a regular file), f is returned as it is and
// restore does nothing.
func Pollable(f *os.File) (pf *os.File, restore func()) {
	nothing := func() {}
	if f == nil {
		return f, nothing
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return f, nothing
	}
	// Fd makes f's open file blocking: taken before the switch, never after.
	orig := f.Fd()
	fd, err := syscall.Dup(int(orig))
	if err != nil {
		return f, nothing
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return f, nothing
	}
	syscall.CloseOnExec(fd)
	return os.NewFile(uintptr(fd), f.Name()), func() { syscall.SetNonblock(int(orig), false) }
}
