//go:build windows

package backend

import (
	"os"
	"syscall"
)

// sysProcAttr starts the child in a new process group.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// reaperProcAttr is unused: there is no reaper outside Linux.
func reaperProcAttr() *syscall.SysProcAttr { return sysProcAttr() }

// reaperUsable is false: the reaper needs PR_SET_CHILD_SUBREAPER.
func reaperUsable([]string) bool { return false }

// terminate has no SIGTERM on Windows: the process is killed at once.
func terminate(p *os.Process) { p.Kill() }

// kill kills the process. Grandchildren are not tracked on Windows (a job
// object would be needed).
func kill(p *os.Process) { p.Kill() }
