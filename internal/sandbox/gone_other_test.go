//go:build !unix

package sandbox

import (
	"os"
	"testing"
)

// checkGone fails the test if process pid can still be opened.
func checkGone(t *testing.T, pid int) {
	t.Helper()
	if p, err := os.FindProcess(pid); err == nil {
		p.Release()
		t.Errorf("worker %d still exists after Close", pid)
	}
}

// processGone reports whether process pid can no longer be opened.
func processGone(pid int) bool {
	p, err := os.FindProcess(pid)
	if err == nil {
		p.Release()
	}
	return err != nil
}
