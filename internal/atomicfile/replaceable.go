package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
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

// NoNewFileError is the error of a write that could not make its new
// file in Dir, the directory of the file it replaces (Err is the
// system's reason): "write /h/.config/switchboard/config.json: permission
// denied" named neither the directory nor the fix, and the file itself
// was writable. errors.Is finds Err (fs.ErrPermission).
type NoNewFileError struct {
	Dir string
	Err error
}

func (e *NoNewFileError) Error() string {
	return fmt.Sprintf("no new file can be made in %s (%v), and a file there is replaced by a new one written beside it: %s", e.Dir, e.Err, dirFix(e.Dir))
}

func (e *NoNewFileError) Unwrap() error { return e.Err }

// noNewFile is err, CreateTemp's in dir, as a NoNewFileError when it is
// the directory's permissions that refused (a read-only file system or a
// full disk is said as the system says it, with the file's path).
func noNewFile(dir string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrPermission) {
		return &NoNewFileError{Dir: dir, Err: err}
	}
	return err
}
