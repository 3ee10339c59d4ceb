// Package safefile reads files whose path or content others control (a
// repository's config and marker files, an agent's config, a file a
// config names) without trusting what is there: only a regular file is
// read, and only up to a bound. A FIFO would block the open forever, a
// symlink to /dev/zero would be read until memory runs out.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// DefaultMax is Read's bound: far above any config or manifest.
const DefaultMax = 16 << 20

// ErrTooLarge is wrapped by the error of a read refused for the file's
// size; ErrNotRegular by one refused for its type (a directory, a FIFO).
// A caller adds what the user can do about it.
var (
	ErrTooLarge   = errors.New("refusing to read it")
	ErrNotRegular = errors.New("refusing to read it")
)

// Read returns the content of the regular file at path (symlinks
// followed), of at most DefaultMax bytes. Errors name the path; one from
// opening wraps the fs error (errors.Is(err, fs.ErrNotExist) holds for a
// missing file).
func Read(path string) ([]byte, error) { return ReadMax(path, DefaultMax) }

// Open opens the regular file at path (symlinks followed) for reading,
// for a caller that reads it as it grows (a log). Errors name the path;
// one from opening wraps the fs error.
func Open(path string) (*os.File, error) {
	f, _, err := open(path)
	return f, err
}

// open is Open, also returning the file's info.
func open(path string) (*os.File, fs.FileInfo, error) {
	// O_NONBLOCK: opening a FIFO for reading would wait for a writer.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, linkError(path, err) // names the path
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is %s, not a regular file: %w", path, Kind(fi.Mode()), ErrNotRegular)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// linkError is err, from opening path, saying so when path is a
// symbolic link that leads nowhere: one in a loop (to itself, or through
// other links back to it) or one to a file that does not exist; "too
// many levels of symbolic links", or "no such file or directory" of a
// file its directory lists, said neither. It wraps the system's error
// (errors.Is(err, fs.ErrNotExist) holds for a link to nothing).
func linkError(path string, err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != path {
		return err
	}
	target, lerr := os.Readlink(path)
	if lerr != nil {
		return err // no link: the error is the file's
	}
	if errors.Is(err, fs.ErrNotExist) {
		if _, serr := os.Lstat(path); serr == nil {
			return fmt.Errorf("%s is a symbolic link to %q, which does not exist: %w", path, target, pe.Err)
		}
		return err
	}
	if isLoop(pe.Err) {
		return fmt.Errorf("%s is a symbolic link in a loop (to %q, which leads back to it): %w", path, target, pe.Err)
	}
	return err
}

// ReadMax is Read with a bound of max bytes.
func ReadMax(path string, max int64) ([]byte, error) {
	f, fi, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > max {
		return nil, fmt.Errorf("%s is %d bytes, over the %d bytes allowed for it: %w", path, fi.Size(), max, ErrTooLarge)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s grew past the %d bytes allowed for it while it was read: %w", path, max, ErrTooLarge)
	}
	return b, nil
}

// Kind names a file type that is not a regular file, with its article:
// "a named pipe (FIFO)", "a directory".
func Kind(m fs.FileMode) string {
	switch t := m.Type(); {
	case t&fs.ModeDir != 0:
		return "a directory"
	case t&fs.ModeSymlink != 0:
		return "a symbolic link"
	case t&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeCharDevice != 0:
		return "a character device"
	case t&fs.ModeDevice != 0:
		return "a device"
	default:
		return "a " + t.String() + " file"
	}
}

// OpenAppend opens the regular file at path for appending, making it
// with perm when it is missing, and taking from an existing file's mode
// what perm does not grant: a log. Opening a FIFO for writing waits for
// a reader, so a FIFO in a log's place hung its writer for ever (a
// backend's start, and every call after, for its stderr log; every serve
// starting the daemon, for daemon.log): it is opened without waiting
// (O_NONBLOCK; with no reader the open fails) and anything but a regular
// file is refused. A symbolic link in the log's place is refused too
// (O_NOFOLLOW): log lines appended through it would land in whatever
// file it names (a shell's rc file, a config), and the mode narrowed
// below would be that file's; so is a hard link (a file with more than
// one name). Errors name the path and say what to do.
func OpenAppend(path string, perm fs.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK|noFollow, perm)
	if err != nil {
		if fi, serr := os.Lstat(path); serr == nil && !fi.Mode().IsRegular() { // ENXIO: a FIFO without a reader; ELOOP: a link
			return nil, fmt.Errorf("%s is %s, not a regular file: refusing to write to it; move it away", path, Kind(fi.Mode()))
		}
		return nil, err // *fs.PathError: names the path
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is %s, not a regular file: refusing to write to it; move it away", path, Kind(fi.Mode()))
	} else if err == nil && links(fi) > 1 {
		// A hard link is a symbolic link's twin: the lines would land in
		// the file it shares, whose mode would be narrowed.
		err = fmt.Errorf("%s has %d hard links (another name shares the file): refusing to write to it; move it away", path, links(fi))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	if fi.Mode().Perm()&^perm != 0 {
		// Made wider by someone else (0644): a backend's stderr holds
		// what it prints, secrets we do not know of included. Best effort:
		// a file we do not own stays as it is.
		f.Chmod(fi.Mode().Perm() & perm)
	}
	return f, nil
}
