//go:build !unix

package rawio

// openFileLimit is unknown off Unix.
func openFileLimit() int64 { return -1 }
