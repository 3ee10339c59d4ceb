package atomicfile

import (
	"errors"
	"fmt"
	"path/filepath"
)

// ErrNotReplaceable marks CheckReplaceable's error.
var ErrNotReplaceable = errors.New("cannot be replaced")

// CheckReplaceable reports why Write could not replace path, an existing
// file (a symbolic link is followed, as Write does), when it can tell
// beforehand: the file is a mount point (a file bind-mounted over it, as
// containers and some dotfiles setups do), which no rename can replace,
// or it is on a read-only file system, or it is another user's that we
// may not write (a rename would replace it all the same, and take it
// from its owner). A caller about to change several
// files checks each first, so that one it cannot change does not leave
// the others changed. nil means no such reason is known (a write may
// still fail: a full disk, say).
func CheckReplaceable(path string) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	if mountPoint(path) {
		return fmt.Errorf("%s %w: it is a mount point (a file mounted over it), which no new file can be renamed over: mount its directory instead, or edit it by hand", path, ErrNotReplaceable)
	}
	if readOnlyFS(path) {
		return fmt.Errorf("%s %w: it is on a read-only file system: remount that read-write, or edit it by hand", path, ErrNotReplaceable)
	}
	if why := notYours(path); why != "" {
		return fmt.Errorf("%s %w: %s", path, ErrNotReplaceable, why)
	}
	return nil
}
