//go:build !linux

package rawio

import "syscall"

const rawSupported = false

func rawRead(uintptr, []byte) (int, syscall.Errno)  { panic("rawio: no raw reads here") }
func rawWrite(uintptr, []byte) (int, syscall.Errno) { panic("rawio: no raw writes here") }
func rawStat(string) (Info, error)                  { panic("rawio: no raw stats here") }
func localFS(string) bool                           { return false }
