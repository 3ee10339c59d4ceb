//go:build unix && !linux

package daemon

import "os"

// allocate gives f's first n bytes blocks of their own by writing them.
func allocate(f *os.File, n int64) error { return writeZeros(f, n) }
