// Package atomicfile writes files so that readers see the old content or
// the new, never a mix, and a crash leaves one of them on disk.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes data to a temporary file in path's directory, gives it
// the owner and group of the file it replaces (where the system lets
// us: root may), sets its mode, syncs it, renames it over path and syncs the directory. A
// symbolic link at path is followed, so the link stays a link (a user's
// agent config kept in a dotfiles repository). On error the temporary
// file is removed, path is unchanged, and the error (an *fs.PathError)
// names path, not the temporary file.
func Write(path string, data []byte, mode fs.FileMode) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	return writeIf(path, data, mode, nil, true, true)
}

// WriteIf is Write that calls unchanged after the new content is on
// disk in the temporary file and just before the rename, and writes
// nothing when it returns an error (which WriteIf returns). A caller
// replacing a file another program also writes (an agent's config)
// checks there that the file is still what it read: the window in which
// that program's write would be lost is then the check and the rename,
// not the writing and syncing of the content.
func WriteIf(path string, data []byte, mode fs.FileMode, unchanged func() error) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	return writeIf(path, data, mode, unchanged, true, true)
}

// WriteOwn is Write for a file that is ours alone (a cache or state
// file): a symbolic link at path is replaced, never followed, so a link
// planted in our directories cannot make the write land on, and replace,
// the file it points to.
func WriteOwn(path string, data []byte, mode fs.FileMode) error {
	return write(path, data, mode)
}

func write(path string, data []byte, mode fs.FileMode) error {
	return writeIf(path, data, mode, nil, false, true)
}

// WriteCache is WriteOwn for a file that only saves work (a cache, whose
// readers treat a file they cannot read as absent): nothing is synced, so
// after a crash of the machine it may hold the old content, the new, or
// nothing. A sync costs 5-20 ms on a virtual disk, and a daemon's first
// listing of 32 servers wrote their caches, the index and the inspection
// cache about 100 times.
func WriteCache(path string, data []byte, mode fs.FileMode) error {
	return writeIf(path, data, mode, nil, false, false)
}

// named is err as an error about path, not about the temporary file the
// system call named ("write /home/me/.claude.json: no space left on
// device", not "write /home/me/.claude.json.tmp-28104: …"): the file the
// user knows, with the system's reason, which errors.Is still finds.
func named(op, path string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return &fs.PathError{Op: op, Path: path, Err: err}
}

// writeIf is the write of Write, WriteIf, WriteOwn and WriteCache; owner
// keeps the owner and group of the file replaced (Write and WriteIf: a
// file that is someone else's); sync makes the content and the rename
// durable before it returns.
func writeIf(path string, data []byte, mode fs.FileMode, unchanged func() error, owner, sync bool) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return &fs.PathError{Op: "write", Path: path, Err: noNewFile(dir, err)}
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if owner {
		keepOwner(tmp, path) // before the mode: chown may clear set-id bits
	}
	if err = tmp.Chmod(mode); err != nil {
		return named("write", path, err)
	}
	if _, err = tmp.Write(data); err != nil {
		return named("write", path, err)
	}
	if sync {
		if err = tmp.Sync(); err != nil {
			return named("write", path, err)
		}
	}
	if err = tmp.Close(); err != nil {
		return named("write", path, err)
	}
	if unchanged != nil {
		if err = unchanged(); err != nil {
			return err
		}
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return named("replace", path, err)
	}
	if !sync {
		return nil
	}
	if d, derr := os.Open(dir); derr == nil { // persist the rename; best effort
		_ = d.Sync()
		d.Close()
	}
	return nil
}
