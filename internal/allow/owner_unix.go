//go:build unix

package allow

import (
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
)

// OtherOwner says who owns file, or the directory it is in, when that is
// another account than the one running us (not root, which can change
// any file anyway): "uid 65534 (nobody)", and which of the two
// ("the file", "its directory"); "" when both are ours, or cannot be
// told. A project file found by walking up from a working directory
// (in /tmp, or a checkout of another user's) is then anyone's who can
// write it: git refuses such a repository (safe.directory).
//
// ours are more accounts taken as ours: the user's under sudo (SUDO_UID,
// which the process's own environment also gives when we run as root),
// whose files sudo switchboard trust was refused.
func OtherOwner(file string, ours ...int) (who, what string) {
	me := os.Geteuid()
	if me == 0 {
		if uid, err := strconv.Atoi(os.Getenv("SUDO_UID")); err == nil && uid > 0 {
			ours = append(ours, uid)
		}
	}
	for _, c := range []struct{ path, what string }{{file, "the file"}, {filepath.Dir(file), "its directory"}} {
		st, err := os.Lstat(c.path)
		if err != nil {
			continue
		}
		sys, ok := st.Sys().(*syscall.Stat_t)
		if !ok {
			continue
		}
		if uid := int(sys.Uid); uid != me && uid != 0 && !slices.Contains(ours, uid) {
			return accountName(uid), c.what
		}
	}
	return "", ""
}

// accountName is "uid N (name)", or "uid N" when the name is unknown.
func accountName(uid int) string {
	id := strconv.Itoa(uid)
	if u, err := user.LookupId(id); err == nil && u.Username != "" {
		return fmt.Sprintf("uid %s (%s)", id, u.Username)
	}
	return "uid " + id
}

// Me is the account running us, as OtherOwner names one.
func Me() string { return accountName(os.Geteuid()) }
