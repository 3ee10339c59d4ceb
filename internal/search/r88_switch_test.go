package search

import "os"

// R88OFF=1 turns round eighty-eight's rule off for a measurement, as
// R86OFF and R87OFF do theirs.
func init() {
	if os.Getenv("R88OFF") != "" {
		r88Off = true
	}
}
