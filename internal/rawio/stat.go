package rawio

import (
	"os"
	"time"
)

// Info is what a Stat tells: enough to see that a file changed.
type Info struct {
	Size    int64
	ModTime time.Time
}

// Statter stats files in one directory's filesystem, with a raw system
// call (no scheduler state change, as File's reads and writes) when that
// filesystem is a local one, where a stat does not wait on a network, and
// with os.Stat otherwise. For files the daemon looks at on every call (the
// pins file's version, a workspace's sync file). The zero Statter uses
// os.Stat.
type Statter struct{ raw bool }

// StatterFor returns the Statter for files under dir. Its filesystem is
// asked for once (dir's nearest existing ancestor's when dir is not made
// yet): a filesystem mounted below dir is taken for dir's.
func StatterFor(dir string) Statter { return Statter{raw: rawSupported && localFS(dir)} }

// Raw reports whether s stats with raw system calls.
func (s Statter) Raw() bool { return s.raw }

// Stat stats path, following a symbolic link as os.Stat does. Its error
// is an *os.PathError, so errors.Is(err, fs.ErrNotExist) works.
func (s Statter) Stat(path string) (Info, error) {
	if s.raw {
		return rawStat(path)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return Info{}, err
	}
	return Info{Size: fi.Size(), ModTime: fi.ModTime()}, nil
}
