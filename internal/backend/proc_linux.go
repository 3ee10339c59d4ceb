//go:build linux

package backend

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"syscall"
)

// exited reports whether process pid is known to have exited: gone from
// /proc, or a zombie not yet reaped. False when it cannot be told.
func exited(pid int) bool {
	if pid <= 0 {
		return false
	}
	if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); errors.Is(err, fs.ErrNotExist) {
		_, err := os.Stat("/proc/self/stat")
		return err == nil // /proc is there, and pid is not
	}
	_, state, ok := procStat(pid)
	return ok && (state == 'Z' || state == 'X')
}

// sysProcAttr puts the child in its own process group and has the kernel
// kill it when the thread that started it dies.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// reaperProcAttr puts the reaper in its own process group (the backend
// joins it) and sends it SIGTERM when we die, so that it can kill the
// backend's whole tree before it exits.
func reaperProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

// reaperUsable reports whether backends can start through reaper: it is
// set and executable, and /proc is there for it to find descendants.
func reaperUsable(reaper []string) bool {
	if len(reaper) == 0 || executable(reaper[0]) != nil {
		return false
	}
	_, err := os.Stat("/proc/self/stat")
	return err == nil
}
