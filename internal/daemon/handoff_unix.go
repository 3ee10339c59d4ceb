//go:build unix

package daemon

import (
	"errors"
	"fmt"
	"net"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// handoffSupported: descriptors pass over Unix sockets here.
const handoffSupported = true

// canHandOff reports whether f (the bridge's stdin or stdout) is a pipe or
// a socket: what a client spawning us gives, and what the daemon can read
// and write through its poller. A terminal or a file stays with the
// bridge, which relays it.
func canHandOff(f *os.File) bool { return f != nil && pipeOrSocket(int(f.Fd())) }

func pipeOrSocket(fd int) bool {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return false
	}
	t := st.Mode & unix.S_IFMT
	return t == unix.S_IFIFO || t == unix.S_IFSOCK
}

// sendClient passes stdin and stdout to the daemon on c.
func sendClient(c net.Conn, stdin, stdout *os.File) error {
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return fmt.Errorf("handing over stdio: %T is not a Unix socket", c)
	}
	rights := unix.UnixRights(int(stdin.Fd()), int(stdout.Fd()))
	if _, _, err := uc.WriteMsgUnix([]byte{'h'}, rights, nil); err != nil {
		return fmt.Errorf("handing over stdio: %w", err)
	}
	return nil
}

// recvClient receives the client's stdin and stdout a bridge passes on c
// after the reply, as files served by the runtime's poller (non-blocking,
// close-on-exec: no backend inherits them). Only a pipe or a socket is
// taken.
func recvClient(c net.Conn) (stdin, stdout *os.File, err error) {
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return nil, nil, fmt.Errorf("receiving the client's stdio: %T is not a Unix socket", c)
	}
	uc.SetReadDeadline(time.Now().Add(handshakeTimeout))
	defer uc.SetReadDeadline(time.Time{})
	buf, oob := make([]byte, 1), make([]byte, unix.CmsgSpace(4*4))
	n, oobn, _, _, err := uc.ReadMsgUnix(buf, oob)
	if err != nil {
		return nil, nil, fmt.Errorf("receiving the client's stdio: %w", err)
	}
	var fds []int
	if msgs, perr := unix.ParseSocketControlMessage(oob[:oobn]); perr == nil {
		for _, m := range msgs {
			if got, rerr := unix.ParseUnixRights(&m); rerr == nil {
				fds = append(fds, got...)
			}
		}
	}
	files := make([]*os.File, 0, 2)
	defer func() {
		if err != nil {
			for _, f := range files {
				f.Close()
			}
		}
	}()
	bad := false
	for i, fd := range fds {
		if i >= 2 || !pipeOrSocket(fd) || unix.SetNonblock(fd, true) != nil {
			bad = bad || i < 2
			unix.Close(fd)
			continue
		}
		// Non-blocking before NewFile: the file is served by the poller
		// (its Fd method would make it blocking again: never called).
		files = append(files, os.NewFile(uintptr(fd), []string{"client stdin", "client stdout"}[i]))
	}
	if bad {
		return nil, nil, errors.New("receiving the client's stdio: not a pipe or a socket")
	}
	if n != 1 || len(files) != 2 {
		return nil, nil, fmt.Errorf("receiving the client's stdio: got %d bytes and %d descriptors, want 1 and 2", n, len(fds))
	}
	return files[0], files[1], nil
}

// takeBack makes f blocking again for the bridge's own reads and writes
// (the daemon's poller made it non-blocking; the flag is the pipe's, not
// the process's).
func takeBack(f *os.File) {
	if f != nil {
		unix.SetNonblock(int(f.Fd()), false)
	}
}
