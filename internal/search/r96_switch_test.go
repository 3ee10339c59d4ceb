package search

import "os"

// R96OFF=1 turns round ninety-six's rule off for a measurement, as R94OFF
// does round ninety-four's.
func init() {
	if os.Getenv("R96OFF") != "" {
		r96Off = true
	}
}
