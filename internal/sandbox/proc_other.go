//go:build !linux

package sandbox

import "syscall"

// sysProcAttr has no process group or parent-death signal here: Close and
// the deadline kill the worker itself.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// killGroup does nothing here; the caller kills the process itself.
func killGroup(int) {}

// setMemoryBackstop does nothing here: only the VM's limit applies.
func setMemoryBackstop(int64) {}
