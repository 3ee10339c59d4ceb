package search

import "os"

// R98OFF=1 turns round ninety-eight's rules off for a measurement, as
// R93OFF does round ninety-three's.
func init() {
	if os.Getenv("R98OFF") != "" {
		r98Off = true
	}
}
