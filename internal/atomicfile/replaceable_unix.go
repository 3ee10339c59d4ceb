//go:build unix

package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"os/user"
	"strconv"
	"syscall"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// readOnlyFS reports whether path is on a read-only file system: access
// says so even to root, who may write any file elsewhere.
func readOnlyFS(path string) bool {
	return errors.Is(syscall.Access(path, 2 /* W_OK */), syscall.EROFS)
}

// access is syscall.Access, replaced by tests that run as root (whom
// access lets write any file).
var access = syscall.Access

// notYours says why path, an existing file, is another user's that we
// may not write, though a rename in its directory would replace it (and
// make it ours): a ~/.claude.json that `sudo claude` once left owned by
// root, mode 0644. "" when we may write it, or it is ours (a file of
// ours made read-only is the caller's to say, with its mode).
func notYours(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || int(st.Uid) == os.Geteuid() || !errors.Is(access(path, 2 /* W_OK */), syscall.EACCES) {
		return ""
	}
	owner, me := owners(st.Uid)
	return fmt.Sprintf("it is owned by %s, not by you, and you may not write it (mode %04o): make it yours (sudo chown %s %s), or edit it as its owner", owner, fi.Mode().Perm(), me, shellArg(path))
}

// owners names the account of uid ("alice (uid 1001)", or "uid 1001"
// when it has no name) and ours, as a chown command takes it ("bob", or
// "$(id -un)" for the shell to fill in).
func owners(uid uint32) (owner, me string) {
	owner = "uid " + strconv.Itoa(int(uid))
	if u, err := user.LookupId(strconv.Itoa(int(uid))); err == nil && u.Username != "" {
		owner = u.Username + " (" + owner + ")"
	}
	me = "$(id -un)"
	if u, err := user.Current(); err == nil && u.Username != "" {
		me = u.Username
	}
	return owner, me
}

// shellArg is s as one shell word (echo.ShellWord).
func shellArg(s string) string { return echo.ShellWord(s) }

// dirFix says how the user makes dir, a directory that takes no new file
// from us, writable: chmod when it is ours, chown when it is another's.
func dirFix(dir string) string {
	fi, err := os.Stat(dir)
	if err != nil {
		return "make it writable"
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		owner, me := owners(st.Uid)
		return fmt.Sprintf("it is owned by %s, not by you: make it yours (sudo chown %s %s)", owner, me, shellArg(dir))
	}
	return fmt.Sprintf("make it writable (chmod u+w %s)", shellArg(dir))
}
