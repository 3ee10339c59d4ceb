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
