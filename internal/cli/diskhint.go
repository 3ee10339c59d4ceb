package cli

import (
	"errors"
	"syscall"
)

// diskHint is what to do about err when it is the disk refusing a write
// (full, over quota, read-only), else "". Main prints it under the
// error, which names the file: `add` on a full disk said "backup of
// …config.json: write …: no space left on device" and left the user to
// guess the rest.
func diskHint(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return "the disk holding that file is full: free some space on it, then run the command again (the files it replaces are written whole or not at all)"
	case errors.Is(err, syscall.EDQUOT):
		return "your disk quota is used up: free some space, then run the command again (the files it replaces are written whole or not at all)"
	case errors.Is(err, syscall.EROFS):
		return "that file system is mounted read-only: remount it read-write, or set XDG_CONFIG_HOME and XDG_STATE_HOME (or --config) to a writable place, then run the command again"
	}
	return ""
}
