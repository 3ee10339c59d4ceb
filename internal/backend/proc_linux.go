//go:build linux

package backend

import "syscall"

// sysProcAttr puts the child in its own process group and has the kernel
// kill it when the thread that started it dies.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
