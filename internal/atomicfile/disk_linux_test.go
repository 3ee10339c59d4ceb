package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"
)

// On a full or read-only disk a write fails with an error naming the
// file (not the temporary one) and the system's reason, leaves the old
// content in place and no temporary file behind.
func TestWrite_FullOrReadOnlyDiskKeepsTheFile(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 64<<10)
	if !ok {
		return
	}
	p := filepath.Join(dir, "config.json")
	if err := os.WriteFile(p, []byte(`{"old":true}`), 0o600); err != nil {
		t.Fatal(err)
	}
	big := []byte(strings.Repeat("x", 8192))
	check := func(err error, want syscall.Errno) {
		t.Helper()
		if !errors.Is(err, want) || err.Error() != "write "+p+": "+want.Error() {
			t.Errorf("err = %v, want %q naming %s", err, want.Error(), p)
		}
		if b, _ := os.ReadFile(p); string(b) != `{"old":true}` {
			t.Errorf("the file holds %.40q after a failed write", b)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) != 0 {
			t.Errorf("temporary files left: %v", left)
		}
	}
	fill := disktest.Fill(t, dir)
	check(Write(p, big, 0o600), syscall.ENOSPC)
	check(WriteIf(p, big, 0o600, func() error { return nil }), syscall.ENOSPC)
	os.Remove(fill)
	disktest.ReadOnly(t, dir, true)
	check(WriteOwn(p, big, 0o600), syscall.EROFS)
}

// CheckReplaceable tells beforehand of a file Write cannot replace: one
// mounted over (a bind mount: the rename fails with EBUSY) and one on a
// read-only file system.
func TestCheckReplaceable_MountPointAndReadOnly(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 64<<10)
	if !ok {
		return
	}
	plain := filepath.Join(dir, "plain.json")
	bound := filepath.Join(dir, "bound name.json") // a space in the name, as users have
	for _, p := range []string{plain, bound} {
		os.WriteFile(p, []byte("{}"), 0o600)
	}
	if err := syscall.Mount(bound, bound, "", syscall.MS_BIND, ""); err != nil {
		t.Fatal(err)
	}
	defer syscall.Unmount(bound, syscall.MNT_DETACH)
	if err := CheckReplaceable(plain); err != nil {
		t.Errorf("plain file: %v", err)
	}
	err := CheckReplaceable(bound)
	if !errors.Is(err, ErrNotReplaceable) || !strings.Contains(err.Error(), "mount point") {
		t.Errorf("bind-mounted file: %v", err)
	}
	if err := Write(bound, []byte("[]"), 0o600); !errors.Is(err, syscall.EBUSY) {
		t.Errorf("Write over the mount point: %v (the case CheckReplaceable tells of)", err)
	}
	disktest.ReadOnly(t, dir, true)
	if err := CheckReplaceable(plain); !errors.Is(err, ErrNotReplaceable) || !strings.Contains(err.Error(), "read-only file system") {
		t.Errorf("file on a read-only file system: %v", err)
	}
}
