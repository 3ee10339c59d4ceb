package search

import "os"

// R92OFF=1 turns round ninety-two's rules off for a measurement, as R86OFF
// and R87OFF do theirs.
func init() {
	if os.Getenv("R92OFF") != "" {
		r92Off = true
	}
}

func init() {
	if os.Getenv("R90NOFILLER") != "" {
		r90Filler = false
	}
}
