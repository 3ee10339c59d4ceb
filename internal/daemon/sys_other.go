//go:build !unix

package daemon

import (
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"runtime"
)

func fileOwner(fs.FileInfo) (int, bool) { return 0, false }

func tryLock(*os.File) (bool, error) {
	return false, fmt.Errorf("the switchboard daemon is not supported on %s; use switchboard serve --standalone", runtime.GOOS)
}

func peerOf(net.Conn) (peer, error) {
	return peer{}, fmt.Errorf("the switchboard daemon is not supported on %s", runtime.GOOS)
}

func detach(*exec.Cmd) {}

func alive(pid int) bool { return false }
