package daemon

import "golang.org/x/sys/unix"

func peerCred(fd int) (peer, error) {
	u, err := unix.GetsockoptUcred(fd, unix.SOL_SOCKET, unix.SO_PEERCRED)
	if err != nil {
		return peer{}, err
	}
	return peer{UID: int(u.Uid), PID: int(u.Pid)}, nil
}
