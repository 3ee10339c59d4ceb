//go:build unix

package rawio

import "syscall"

// openFileLimit is RLIMIT_NOFILE's soft limit, -1 when unknown.
func openFileLimit() int64 {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) != nil {
		return -1
	}
	return int64(l.Cur)
}
