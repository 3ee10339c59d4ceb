//go:build unix

package daemon

import "os"

// writeZeros writes n zero bytes at f's start.
func writeZeros(f *os.File, n int64) error {
	_, err := f.WriteAt(make([]byte, n), 0)
	return err
}
