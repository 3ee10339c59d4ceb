//go:build !linux

package atomicfile

func mountPoint(string) bool { return false }
