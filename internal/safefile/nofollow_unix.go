//go:build unix

package safefile

import "syscall"

// noFollow makes an open fail on a symbolic link in the path's last place.
const noFollow = syscall.O_NOFOLLOW
