//go:build linux && (amd64 || arm64 || riscv64 || ppc64 || ppc64le || s390x || mips64 || mips64le)

package rawio

import (
	"os"
	"syscall"
	"time"
	"unsafe"
)

// atFDCWD is AT_FDCWD (-100) as the unsigned word the system call takes.
const atFDCWD = ^uintptr(99)

// rawStat is fstatat(AT_FDCWD, path, &st, 0) without entersyscall.
func rawStat(path string) (Info, error) {
	p, err := syscall.BytePtrFromString(path)
	if err != nil {
		return Info{}, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	var st syscall.Stat_t
	for {
		_, _, e := syscall.RawSyscall6(sysFstatat, atFDCWD, uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(&st)), 0, 0, 0)
		if e == syscall.EINTR {
			continue
		}
		if e != 0 {
			return Info{}, &os.PathError{Op: "stat", Path: path, Err: e}
		}
		return Info{Size: st.Size, ModTime: time.Unix(st.Mtim.Unix())}, nil
	}
}
