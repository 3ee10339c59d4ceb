//go:build unix && !linux

package backend

import "syscall"

// exited reports whether process pid is known to have exited (gone; a
// zombie counts as running here).
func exited(pid int) bool { return pid > 0 && syscall.Kill(pid, 0) == syscall.ESRCH }

// sysProcAttr puts the child in its own process group.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// reaperProcAttr is unused: there is no reaper outside Linux.
func reaperProcAttr() *syscall.SysProcAttr { return sysProcAttr() }

// reaperUsable is false: the reaper needs PR_SET_CHILD_SUBREAPER.
func reaperUsable([]string) bool { return false }
