package search

import "os"

// R89OFF=1 turns round eighty-nine's rule off for a measurement, as
// R86OFF does round eighty-six's.
func init() {
	if os.Getenv("R89OFF") != "" {
		r89Off = true
	}
}
