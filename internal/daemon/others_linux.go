package daemon

import (
	"bytes"
	"debug/buildinfo"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Others returns this user's daemon processes, other than the pids in
// except, that log to p.Log (or its rotated daemon.log.1): daemons of
// this state directory that no longer listen on its socket. An earlier
// build's daemon drains for its last sessions after a new build's hello
// (it released the socket, pid file and lock), so a control request
// reaches only the new one. Each is read from /proc: its command line
// ("… daemon run"), its standard error's file, its binary and, from the
// binary, its build's version and commit when recorded. Processes that
// cannot be read are left out.
func Others(p *Paths, except ...int) []Other {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	uid := uint32(os.Getuid())
	var out []Other
	for _, ent := range ents {
		pid, err := strconv.Atoi(ent.Name())
		if err != nil || pid == os.Getpid() || slices.Contains(except, pid) {
			continue
		}
		dir := filepath.Join("/proc", ent.Name())
		fi, err := os.Stat(dir)
		if err != nil {
			continue
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); !ok || st.Uid != uid {
			continue
		}
		cmd, err := os.ReadFile(filepath.Join(dir, "cmdline"))
		args := strings.Split(string(bytes.TrimRight(cmd, "\x00")), "\x00")
		if err != nil || len(args) != 3 || args[1] != "daemon" || args[2] != "run" {
			continue
		}
		logf, err := os.Readlink(filepath.Join(dir, "fd", "2"))
		if err != nil || logf != p.Log && logf != p.Log+".1" {
			continue
		}
		o := Other{PID: pid}
		o.Exe, _ = os.Readlink(filepath.Join(dir, "exe"))
		if bi, err := buildinfo.ReadFile(filepath.Join(dir, "exe")); err == nil {
			o.Version, o.Commit = buildVersion(bi)
		}
		out = append(out, o)
	}
	return out
}
