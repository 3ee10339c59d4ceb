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

// terminate has no SIGTERM on Windows: the process is killed at once.
func terminate(p *os.Process) { p.Kill() }

// kill kills the process. Grandchildren are not tracked on Windows (a job
// object would be needed).
func kill(p *os.Process) { p.Kill() }
