//go:build !unix

package fakebackend

import "syscall"

// setsidAttr: no sessions here.
func setsidAttr() *syscall.SysProcAttr { return nil }
