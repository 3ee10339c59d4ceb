package search

import "os"

// R93OFF=1 turns round ninety-three's rule off for a measurement, as
// R89OFF does round eighty-nine's.
func init() {
	if os.Getenv("R93OFF") != "" {
		r93Off = true
	}
}
