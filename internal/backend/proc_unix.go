//go:build unix

package backend

import (
	"os"
	"syscall"
)

// afterStart has nothing to do: the process group was set at start.
func afterStart(*os.Process) {}

// terminate asks the process group led by p to exit (SIGTERM).
func terminate(p *os.Process) { syscall.Kill(-p.Pid, syscall.SIGTERM) }

// kill kills the process group led by p (SIGKILL), grandchildren included.
// It is safe after the leader was reaped: the group may still have members.
func kill(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
	p.Kill()
}
