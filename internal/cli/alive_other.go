//go:build !unix

package cli

import "os"

// processGone reports whether no process has the given pid. Where
// signals cannot probe a process, a failed lookup is the best we have.
func processGone(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return true
	}
	p.Release()
	return false
}
