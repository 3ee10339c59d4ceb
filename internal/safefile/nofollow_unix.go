//go:build unix

package safefile

import (
	"io/fs"
	"syscall"
)

// noFollow makes an open fail on a symbolic link in the path's last place.
const noFollow = syscall.O_NOFOLLOW

// links is how many names (hard links) the file of fi has; 1 when it
// cannot be told.
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// isLoop reports whether err is the system's "too many levels of
// symbolic links".
func isLoop(err error) bool { return err == syscall.ELOOP }
