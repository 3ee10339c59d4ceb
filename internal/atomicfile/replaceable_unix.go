//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// readOnlyFS reports whether path is on a read-only file system: access
// says so even to root, who may write any file elsewhere.
func readOnlyFS(path string) bool {
	return errors.Is(syscall.Access(path, 2 /* W_OK */), syscall.EROFS)
}
