//go:build !unix

package rawio

import "os"

// Pollable returns f: elsewhere than on Unix a process's stdio is used as
// it is.
func Pollable(f *os.File) (*os.File, func()) { return f, func() {} }
