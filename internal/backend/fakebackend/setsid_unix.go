//go:build unix

package fakebackend

import "syscall"

// setsidAttr makes a child leave our session and process group.
func setsidAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
