package sandbox

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// sysProcAttr puts a worker in its own process group, so killing the group
// kills anything it started, and kills it when the parent dies.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills the process group of pid.
func killGroup(pid int) {
	_ = syscall.Kill(-pid, syscall.SIGKILL)
}

// baseAddressSpace is the worker's virtual memory size before its first
// script, read once.
var baseAddressSpace = sync.OnceValue(func() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 1 << 30
	}
	for line := range bytes.Lines(b) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmSize:")); ok {
			kb, err := strconv.ParseUint(string(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte(" kB"))), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 1 << 30
})

// setMemoryBackstop sets the worker's soft RLIMIT_AS well above the VM's own
// limit: the VM fails a script cleanly first, and the OS limit stops what the
// VM does not count. The hard limit stays, so a later script may raise it.
func setMemoryBackstop(vmLimit int64) {
	if vmLimit <= 0 {
		vmLimit = script.DefaultMemoryLimit
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		return
	}
	want := baseAddressSpace() + 3*uint64(vmLimit) + 512<<20
	if want > lim.Max {
		want = lim.Max
	}
	lim.Cur = want
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &lim)
}
