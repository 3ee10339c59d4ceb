//go:build !linux

package backend

import (
	"fmt"
	"os"
)

// Reap is the reaper of Linux (see its doc there). Elsewhere backends
// start directly and Reap only reports that it is not available.
func Reap(args []string) int {
	fmt.Fprintln(os.Stderr, "switchboard: reaper: only available on Linux")
	return 2
}
