package search

import "os"

// R94OFF=1 turns round ninety-four's rule off for a measurement, as R90OFF
// does round ninety's.
func init() {
	if os.Getenv("R94OFF") != "" {
		r94Off = true
	}
}
