// Package rawio reads and writes a pipe or socket that Go's poller
// watches without entering the scheduler's system-call state.
//
// Every read and write of an *os.File goes through entersyscall, which
// wakes the runtime's monitor thread (sysmon) when it sleeps; once awake
// it polls every 20 µs for as long as a processor is busy. On a daemon
// that answers a call in a few hundred microseconds that is a handful of
// wake-ups of another thread per call, each a context switch (most of the
// cost on a virtual machine). A read or write of a non-blocking
// descriptor returns at once (EAGAIN when it would block), so it needs
// none of that: File makes it with a raw system call and, when it would
// block, waits on the poller as os.File does.
package rawio

import (
	"errors"
	"io"
	"os"
	"syscall"
	"time"
)

// OSFile is what File wraps: an *os.File, or a type that embeds one (as
// the pipes of os/exec do).
type OSFile interface {
	io.ReadWriteCloser
	Name() string
	SetReadDeadline(time.Time) error
	SetWriteDeadline(time.Time) error
	SyscallConn() (syscall.RawConn, error)
}

// File is a pipe or socket read and written with raw system calls where
// the platform and the descriptor allow it, and as an *os.File otherwise.
// Its methods are safe for concurrent use as an *os.File's are.
type File struct {
	f  OSFile
	rc syscall.RawConn // nil: through f
}

// New wraps f. Raw calls are used only on Linux and only when f is
// registered with Go's poller (a pipe or socket in non-blocking mode),
// which New checks by clearing its deadlines: a file the poller does not
// watch takes none.
func New(f OSFile) *File {
	x := &File{f: f}
	if !rawSupported {
		return x
	}
	if f.SetReadDeadline(time.Time{}) != nil || f.SetWriteDeadline(time.Time{}) != nil {
		return x // not pollable: a raw call could block the thread
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return x
	}
	x.rc = rc
	return x
}

// Raw reports whether x reads and writes with raw system calls.
func (x *File) Raw() bool { return x.rc != nil }

// Close closes the file.
func (x *File) Close() error { return x.f.Close() }

// Read reads as (*os.File).Read does.
func (x *File) Read(p []byte) (int, error) {
	if x.rc == nil || len(p) == 0 {
		return x.f.Read(p)
	}
	var n int
	var errno syscall.Errno
	err := x.rc.Read(func(fd uintptr) bool {
		n, errno = rawRead(fd, p)
		return errno != syscall.EAGAIN
	})
	if err != nil {
		return 0, x.wrap("read", err)
	}
	if errno != 0 {
		return 0, &os.PathError{Op: "read", Path: x.f.Name(), Err: errno}
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// Write writes all of p as (*os.File).Write does.
func (x *File) Write(p []byte) (int, error) {
	if x.rc == nil || len(p) == 0 {
		return x.f.Write(p)
	}
	var done int
	var errno syscall.Errno
	err := x.rc.Write(func(fd uintptr) bool {
		for done < len(p) {
			var n int
			n, errno = rawWrite(fd, p[done:])
			if errno == syscall.EAGAIN {
				errno = 0
				return false
			}
			if errno != 0 {
				return true
			}
			done += n
		}
		return true
	})
	if err != nil {
		return done, x.wrap("write", err)
	}
	if errno != 0 {
		return done, &os.PathError{Op: "write", Path: x.f.Name(), Err: errno}
	}
	return done, nil
}

// wrap turns an error of the poller into the one *os.File gives: past a
// deadline, or closed (the only other way a raw read or write of a
// pollable file ends early).
func (x *File) wrap(op string, err error) error {
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return &os.PathError{Op: op, Path: x.f.Name(), Err: os.ErrDeadlineExceeded}
	}
	return &os.PathError{Op: op, Path: x.f.Name(), Err: os.ErrClosed}
}
