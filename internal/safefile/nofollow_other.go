//go:build !unix

package safefile

import (
	"io/fs"
	"syscall"
)

// noFollow is 0 where there is no O_NOFOLLOW (Windows: making a symbolic
// link there needs a privilege or developer mode, and the Lstat after a
// failed open still names one).
const noFollow = 0

// links is 1: the file's link count is not in its FileInfo here.
func links(fi fs.FileInfo) uint64 { return 1 }

// isLoop reports whether err says a symbolic link leads back to itself:
// on Windows ERROR_CANT_RESOLVE_FILENAME (1921).
func isLoop(err error) bool {
	errno, ok := err.(syscall.Errno)
	return ok && errno == 1921
}
