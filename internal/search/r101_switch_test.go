package search

import "os"

// R101OFF=1 turns round 101's rules off for a measurement (its vocabulary
// lines stay), as R98OFF does round ninety-eight's.
func init() {
	if os.Getenv("R101OFF") != "" {
		r101Off = true
	}
}
