//go:build !unix

package rawio

import "os"

// ReaderGone reports false: elsewhere than on Unix it is not known.
func ReaderGone(*os.File) bool { return false }
