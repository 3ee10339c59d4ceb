//go:build darwin || freebsd

package daemon

import "golang.org/x/sys/unix"

func peerCred(fd int) (peer, error) {
	x, err := unix.GetsockoptXucred(fd, unix.SOL_LOCAL, unix.LOCAL_PEERCRED)
	if err != nil {
		return peer{}, err
	}
	return peer{UID: int(x.Uid), PID: -1}, nil
}
