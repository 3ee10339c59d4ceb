//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// keepOwner gives tmp the owner and group of path, the file it will
// replace, where they differ from tmp's (root writing a user's file:
// `sudo switchboard init` with the user's HOME left the user's
// ~/.claude.json owned by root, mode 0600, a file the agent could no
// longer read). Best effort: only root may give a file away, and a
// user who could rename over path could have replaced it all the same.
// A missing path (a new file) keeps tmp's owner.
func keepOwner(tmp *os.File, path string) {
	fi, err := os.Stat(path)
	if err != nil {
		return
	}
	want, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	ti, err := tmp.Stat()
	if err != nil {
		return
	}
	have, ok := ti.Sys().(*syscall.Stat_t)
	if !ok || (have.Uid == want.Uid && have.Gid == want.Gid) {
		return
	}
	if tmp.Chown(int(want.Uid), int(want.Gid)) != nil {
		_ = tmp.Chown(-1, int(want.Gid)) // a group the user is in
	}
}
