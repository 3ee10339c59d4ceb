//go:build unix

package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// pointStderrAt makes the process's standard error (descriptor 2) the
// file f, so what the runtime writes there itself (a panic's trace, a
// fatal error) goes to the daemon's current log, not to the one it was
// started with (moved to daemon.log.1 or deleted).
func pointStderrAt(f *os.File) { unix.Dup2(int(f.Fd()), 2) }
