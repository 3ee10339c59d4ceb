package search

import "os"

// R86OFF=1 turns round eighty-six's rule off for a measurement, as
// R84OFF and R87OFF do theirs.
func init() {
	if os.Getenv("R86OFF") != "" {
		r86Off = true
	}
}
