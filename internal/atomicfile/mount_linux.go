package atomicfile

import "golang.org/x/sys/unix"

// mountPoint reports whether path (absolute, links resolved) is the root
// of a mount, a file bind-mounted over included, as statx says
// (STATX_ATTR_MOUNT_ROOT, Linux 5.8). Where the kernel cannot say, it is
// taken as no mount point: the rename then fails with EBUSY, named.
func mountPoint(path string) bool {
	var st unix.Statx_t
	if err := unix.Statx(unix.AT_FDCWD, path, unix.AT_SYMLINK_NOFOLLOW, 0, &st); err != nil {
		return false
	}
	return st.Attributes_mask&unix.STATX_ATTR_MOUNT_ROOT != 0 && st.Attributes&unix.STATX_ATTR_MOUNT_ROOT != 0
}
