package daemon

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// allocate gives f's first n bytes blocks of their own (fallocate): no
// write of n zeros, and no hole a file system that keeps zeros as holes
// would leave; where the file system cannot, it writes them.
func allocate(f *os.File, n int64) error {
	sc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := sc.Control(func(fd uintptr) {
		for {
			ferr = unix.Fallocate(int(fd), 0, 0, n)
			if ferr != unix.EINTR {
				return
			}
		}
	}); err != nil {
		return err
	}
	if errors.Is(ferr, unix.EOPNOTSUPP) || errors.Is(ferr, unix.ENOSYS) {
		return writeZeros(f, n)
	}
	if ferr != nil {
		return &os.PathError{Op: "fallocate", Path: f.Name(), Err: ferr}
	}
	return nil
}
