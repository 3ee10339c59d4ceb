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
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// ErrTimeout is returned by Lock when another process held the lock for
// the whole wait.
var ErrTimeout = errors.New("timed out waiting for the lock")

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
func Lock(path string, wait time.Duration) (*L, error) {
	if wait <= 0 {
		wait = DefaultWait
	}
	name := path + ".lock"
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	deadline := time.Now().Add(wait)
	delay := time.Millisecond
	for {
		// A new descriptor per attempt: flock locks belong to the open file
		// description, so two descriptors in one process exclude each other.
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", name, err)
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
		time.Sleep(delay)
		delay = min(delay*2, 50*time.Millisecond)
	}
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
	l, err := Lock(path, 0)
	if err != nil {
		return err
	}
	defer l.Unlock()
	return fn()
}
