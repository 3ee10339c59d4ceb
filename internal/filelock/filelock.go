// Package filelock takes advisory OS locks that serialise Switchboard
// processes (serve, the daemon, CLI commands) around a shared state file
// such as pins.json or the catalog index.
//
// The lock is held on a sidecar file, path+".lock", not on path itself:
// writers replace path by renaming a new file over it (atomicfile), which
// would leave a lock on the old inode. Locks are advisory: only code that
// takes them is serialised. A process that dies releases its locks.
package filelock

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// ErrTimeout is returned by Lock when another process held the lock for
// the whole wait.
var ErrTimeout = errors.New("timed out waiting for the lock")

// ErrWaitEnded is returned by LockContext when its context ended while
// another process held the lock.
var ErrWaitEnded = errors.New("held by another switchboard process when the wait for it ended")

// DefaultWait is how long Lock waits when wait is zero.
const DefaultWait = 10 * time.Second

// L is a held lock. Unlock it exactly once; it is not safe for concurrent use.
type L struct {
	f *os.File
}

// Lock takes an exclusive lock for path (on path+".lock", created with
// mode 0600 along with missing parent directories), waiting up to wait
// (zero: DefaultWait). Within one process, two Lock calls on the same path
// also exclude each other.
//
// On a read-only file system the lock file is opened for reading (a lock
// needs no write access), and where it cannot be made there is no lock to
// take: nothing can write path there, so reading it needs none, and a
// write fails on its own, naming path. Before, `switchboard pins` and
// every server's pin check failed on a read-only state directory. The
// same holds where the lock file (or its directory) is missing and the
// disk has no room to make it (no inode left, a quota): no process holds
// a lock file that is not there, and a write that needs room fails.
func Lock(path string, wait time.Duration) (*L, error) {
	return LockContext(context.Background(), path, wait)
}

// LockContext is Lock that also stops waiting when ctx is done: the error
// then names the lock file and wraps ErrWaitEnded and ctx's cause (a
// deadline, a cancellation). Before it, a request with 2 s left waited
// the whole wait for a lock another process held.
func LockContext(ctx context.Context, path string, wait time.Duration) (*L, error) {
	if wait <= 0 {
		wait = DefaultWait
	}
	name := path + ".lock"
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		if NoRoom(err) {
			return &L{}, nil
		}
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	deadline := time.Now().Add(wait)
	delay := time.Millisecond
	for {
		// A new descriptor per attempt: flock locks belong to the open file
		// description, so two descriptors in one process exclude each other.
		f, err := open(name)
		if err != nil {
			return nil, err
		}
		if f == nil { // read-only, no lock file
			return &L{}, nil
		}
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", name, err)
		}
		if ok {
			return &L{f: f}, nil
		}
		f.Close()
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("lock %s: %w (held by another switchboard process for %s)", name, ErrTimeout, wait)
		}
		if err := sleep(ctx, delay); err != nil {
			return nil, fmt.Errorf("lock %s: %w: %w", name, ErrWaitEnded, err)
		}
		delay = min(delay*2, 50*time.Millisecond)
	}
}

// sleep waits d, or until ctx is done, returning its cause.
func sleep(ctx context.Context, d time.Duration) error {
	if ctx.Done() == nil {
		time.Sleep(d)
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// open opens (creating) the lock file name, which must be a regular file:
// a symbolic link is not followed (a repository's skills directory linked
// its .skills.lock elsewhere, and the lock created the file it named),
// and a FIFO or device is refused without waiting on it. On a read-only
// file system it is opened for reading, and is nil (with no error) when
// it is not there.
func open(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|noFollow|syscall.O_NONBLOCK, 0o600)
	if errors.Is(err, syscall.EROFS) {
		f, err = os.OpenFile(name, os.O_RDONLY|noFollow|syscall.O_NONBLOCK, 0)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
	}
	if NoRoom(err) {
		return nil, nil // it was not there (opening one that is needs no room)
	}
	if err != nil {
		if fi, lerr := os.Lstat(name); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			to, _ := os.Readlink(name)
			return nil, fmt.Errorf("%s is a symbolic link (to %s), not a lock file: refusing to lock through it; remove it", name, to)
		}
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is %s, not a lock file: refusing it; remove it", name, safefile.Kind(fi.Mode()))
	}
	return f, nil
}

// NoRoom reports whether err is a disk refusing to make a file: a
// read-only file system, no space or inode left, a quota used up.
func NoRoom(err error) bool {
	return errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// Unlock releases the lock.
func (l *L) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlock(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}

// With runs fn while holding the lock for path.
func With(path string, fn func() error) error {
	return WithContext(context.Background(), path, fn)
}

// WithContext runs fn while holding the lock for path, waiting for it
// as LockContext does.
func WithContext(ctx context.Context, path string, fn func() error) error {
	l, err := LockContext(ctx, path, 0)
	if err != nil {
		return err
	}
	defer l.Unlock()
	return fn()
}
