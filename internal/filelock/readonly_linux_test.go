package filelock

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"
)

// On a read-only file system a lock is taken on the lock file opened for
// reading, or is no lock when there is no lock file: reading a state file
// there needs none. Before, Lock failed with "read-only file system", so
// `switchboard pins` failed and every server's tools were withheld ("the
// pin store cannot be read") although pins.json read fine.
func TestLock_ReadOnlyFileSystem(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 64<<10)
	if !ok {
		return
	}
	with := filepath.Join(dir, "with", "pins.json")
	os.MkdirAll(filepath.Dir(with), 0o700)
	os.WriteFile(with+".lock", nil, 0o600)
	without := filepath.Join(dir, "without", "pins.json")
	os.MkdirAll(filepath.Dir(without), 0o700)
	absentDir := filepath.Join(dir, "absent", "pins.json")
	disktest.ReadOnly(t, dir, true)
	for _, p := range []string{with, without, absentDir} {
		l, err := Lock(p, 0)
		if err != nil {
			t.Errorf("Lock(%s) on a read-only file system: %v", p, err)
			continue
		}
		if err := l.Unlock(); err != nil {
			t.Errorf("Unlock: %v", err)
		}
	}
	// The lock that exists still excludes.
	a, err := Lock(with, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(with, 50e6); err == nil {
		t.Error("a second lock was taken while the first was held")
	}
	a.Unlock()
}

// A disk with no inode left: a lock whose file is there is taken (and
// excludes); one whose file, or directory, is not is none. Before, every
// pin check on a fresh state directory failed ("mkdir …: no space left
// on device") and withheld every tool.
func TestLock_NoInodeLeft(t *testing.T) {
	dir, ok := disktest.TmpfsInodes(t, 1<<20, 64)
	if !ok {
		return
	}
	with := filepath.Join(dir, "with", "pins.json")
	os.MkdirAll(filepath.Dir(with), 0o700)
	os.WriteFile(with+".lock", nil, 0o600)
	disktest.FillInodes(t, dir)
	for _, p := range []string{filepath.Join(dir, "without.json"), filepath.Join(dir, "absent", "pins.json")} {
		l, err := Lock(p, 0)
		if err != nil {
			t.Errorf("Lock(%s) with no inode left: %v", p, err)
			continue
		}
		l.Unlock()
	}
	a, err := Lock(with, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(with, 50e6); err == nil {
		t.Error("a second lock was taken while the first was held")
	}
	a.Unlock()
}
