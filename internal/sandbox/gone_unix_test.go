//go:build unix

package sandbox

import (
	"errors"
	"syscall"
	"testing"
)

// checkGone fails the test unless process pid is gone and reaped.
func checkGone(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("worker %d still exists after Close: %v", pid, err)
	}
}

// processGone reports whether process pid is gone and reaped.
func processGone(pid int) bool { return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) }
