//go:build unix

package cli

import (
	"os"
	"syscall"
)

// fileOwner is the owner of path (links followed).
func fileOwner(path string) (int, bool) { return ownerOf(os.Stat(path)) }

// lfileOwner is the owner of path itself (a link, not its target).
func lfileOwner(path string) (int, bool) { return ownerOf(os.Lstat(path)) }

func ownerOf(fi os.FileInfo, err error) (int, bool) {
	if err != nil {
		return 0, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}
