//go:build unix

package sandbox

import (
	"os"
	"syscall"
)

// Pollable returns f (a worker's stdin or stdout, a pipe) switched to
// non-blocking mode as a new *os.File, which Go serves through its
// network poller. A blocking pipe keeps its thread in the read system
// call, and a goroutine made ready meanwhile (the script a run frame
// starts) waits for the scheduler to take that thread's processor back,
// tens of microseconds on every frame; through the poller the reader
// parks and the script runs at once. f itself must not be used after.
// On an error, or for a file that is not a pipe, f is returned as it is.
func Pollable(f *os.File) *os.File {
	if f == nil {
		return f
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return f
	}
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return f
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return f
	}
	syscall.CloseOnExec(fd)
	return os.NewFile(uintptr(fd), f.Name())
}
