//go:build unix && !linux

package backend

import "syscall"

// sysProcAttr puts the child in its own process group.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// reaperProcAttr is unused: there is no reaper outside Linux.
func reaperProcAttr() *syscall.SysProcAttr { return sysProcAttr() }

// reaperUsable is false: the reaper needs PR_SET_CHILD_SUBREAPER.
func reaperUsable([]string) bool { return false }
