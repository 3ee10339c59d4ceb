//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly

package cli

// isTerminal reports false: commands that ask in a terminal act as they
// do in a script here.
func isTerminal(fd uintptr) bool { return false }
