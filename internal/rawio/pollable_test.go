//go:build unix

package rawio

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// nonblocking reports the O_NONBLOCK flag of fd's open file.
func nonblocking(t *testing.T, fd uintptr) bool {
	t.Helper()
	flags, _, e := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
	if e != 0 {
		t.Fatal(e)
	}
	return flags&syscall.O_NONBLOCK != 0
}

// A blocking pipe, as a process's stdin is, becomes a file the poller
// serves: a read waiting on it ends at Close, which a blocking read does
// not; restore leaves the pipe blocking again for whoever shares it.
func TestPollable_PipeIsPolledAndRestored(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	orig := r.Fd() // makes it blocking, as an inherited stdin
	pf, restore := Pollable(r)
	if pf == r {
		t.Fatal("Pollable returned the pipe as it was")
	}
	rc, err := pf.SyscallConn() // not Fd: it would make the file blocking
	if err != nil {
		t.Fatal(err)
	}
	var nb bool
	rc.Control(func(fd uintptr) { nb = nonblocking(t, fd) })
	if !nb {
		t.Fatal("the pipe is not in non-blocking mode")
	}
	f := New(pf)
	if f.rc == nil && rawSupported {
		t.Fatal("New did not take the pollable pipe for raw reads")
	}
	read := make(chan error, 1)
	go func() {
		_, err := f.Read(make([]byte, 8))
		read <- err
	}()
	time.Sleep(10 * time.Millisecond) // let the read park
	f.Close()
	select {
	case err := <-read:
		if err == nil {
			t.Fatal("read of a closed file returned no error")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a read of the pollable pipe did not end at Close")
	}
	restore()
	if nonblocking(t, orig) {
		t.Fatal("restore left the shared pipe non-blocking")
	}
	r.Close()
}

func TestPollable_Socket(t *testing.T) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	a, b := os.NewFile(uintptr(fds[0]), "a"), os.NewFile(uintptr(fds[1]), "b")
	defer a.Close()
	defer b.Close()
	pf, restore := Pollable(a)
	defer restore()
	if pf == a {
		t.Fatal("Pollable returned the socket as it was")
	}
	defer pf.Close()
	f := New(pf)
	go b.Write([]byte("hi\n"))
	buf := make([]byte, 3)
	if _, err := f.Read(buf); err != nil || string(buf) != "hi\n" {
		t.Fatalf("read %q, %v", buf, err)
	}
}

// A regular file (stdin redirected from one) stays as it is.
func TestPollable_RegularFileAsItIs(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "in"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pf, restore := Pollable(f)
	restore()
	if pf != f {
		t.Fatal("a regular file was replaced")
	}
}

// A pipe whose reader exited has no reader: a session that answers what
// it is serving after its input ended learns that its client is gone.
func TestReaderGone_Pipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if ReaderGone(w) {
		t.Fatal("a pipe with its reader open reported gone")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if WaitReaderGone(ctx, w, time.Millisecond) {
		t.Fatal("WaitReaderGone reported gone after its context ended, with a reader")
	}
	r.Close()
	if !WaitReaderGone(context.Background(), w, time.Millisecond) {
		t.Fatal("a pipe whose reader closed was not reported gone")
	}
}
