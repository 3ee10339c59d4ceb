//go:build !unix

package sandbox

import "os"

// Pollable returns f: elsewhere than on Unix, a worker's pipes are used
// as they are.
func Pollable(f *os.File) *os.File { return f }
