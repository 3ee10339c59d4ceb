package rawio

import (
	"path/filepath"
	"syscall"
	"unsafe"
)

const rawSupported = true

// rawRead is read(2) without entersyscall; it retries on EINTR.
func rawRead(fd uintptr, p []byte) (int, syscall.Errno) {
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
		if e != syscall.EINTR {
			return int(n), e
		}
	}
}

// rawWrite is write(2) without entersyscall; it retries on EINTR.
func rawWrite(fd uintptr, p []byte) (int, syscall.Errno) {
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
		if e != syscall.EINTR {
			return int(n), e
		}
	}
}

// localFS reports whether dir is on a filesystem of this machine's own
// disks or memory: a stat there never waits on a network or a user-space
// server. Network filesystems (NFS, SMB, Ceph, 9p), FUSE (sshfs and the
// like) and anything unknown are not.
func localFS(dir string) bool {
	var fs syscall.Statfs_t
	for {
		err := syscall.Statfs(dir, &fs)
		if err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if err != syscall.ENOENT || parent == dir {
			return false
		}
		dir = parent // not made yet: its filesystem is its parent's
	}
	switch uint32(fs.Type) {
	case 0xEF53, // ext2, ext3, ext4
		0x58465342, // xfs
		0x9123683E, // btrfs
		0x01021994, // tmpfs
		0x858458F6, // ramfs
		0x794C7630, // overlayfs
		0xF2F52010, // f2fs
		0x2FC12FC1, // zfs
		0xCA451A4E, // bcachefs
		0x3153464A, // jfs
		0x52654973: // reiserfs
		return true
	}
	return false
}
