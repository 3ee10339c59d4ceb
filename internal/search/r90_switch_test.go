package search

import "os"

// R90OFF=1 turns round ninety's rules off for a measurement, as R86OFF
// and R87OFF do theirs.
func init() {
	if os.Getenv("R90OFF") != "" {
		r90Off = true
	}
}

func init() {
	if os.Getenv("R90NOFILLER") != "" {
		r90Filler = false
	}
}
