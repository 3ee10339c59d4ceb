//go:build linux

package backend

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// reaperGrace is how long the reaper waits after SIGTERM before it
// SIGKILLs what is left of the tree; well under the 700 ms the parent
// waits after its own SIGTERM.
const reaperGrace = 200 * time.Millisecond

// Reap is the reaper: the process (our own binary, hidden subcommand)
// that each stdio backend starts through on Linux. Its one argument is
// the pid of the Switchboard process that started it; what to run (the
// backend's path and argv, as JSON) arrives on fd 3, and the backend's
// pid is written to fd 4.
//
// The reaper makes itself a child subreaper (PR_SET_CHILD_SUBREAPER), so
// every orphaned descendant of the backend, including one that called
// setsid, is re-parented to it. It starts the backend with its own
// stdin, stdout and stderr (the same file descriptors: nothing is
// copied). When the backend exits,
// when it gets SIGTERM (our normal stop, or the parent-death signal we
// asked the kernel for), or when its parent changes (we died), it sends
// SIGTERM to every descendant, waits 200 ms, SIGKILLs the rest, and
// exits with the backend's status (or dies of the signal that killed it).
//
// Reap returns the exit code; it never returns before the tree is gone.
func Reap(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "switchboard: reaper: usage: PARENT-PID (started by switchboard for each backend)")
		return 2
	}
	parent, err := strconv.Atoi(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "switchboard: reaper: parent pid %q: %v\n", args[0], err)
		return 2
	}
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		fmt.Fprintf(os.Stderr, "switchboard: reaper: PR_SET_CHILD_SUBREAPER: %v\n", err)
		return 126
	}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	// A write to our stderr after Switchboard died must fail, not kill us
	// (Go exits on SIGPIPE from fd 2) before the tree is gone. Notify,
	// unlike Ignore, is not inherited by the backend.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	if os.Getppid() != parent {
		return 1 // the parent died before we could ask for anything
	}
	// The orders and the pid report are ours, not the backend's.
	syscall.CloseOnExec(3)
	syscall.CloseOnExec(4)
	order, report := os.NewFile(3, "orders"), os.NewFile(4, "pid report")
	var launch reaperLaunch
	err = json.NewDecoder(io.LimitReader(order, 16<<20)).Decode(&launch)
	order.Close()
	if err != nil || launch.Path == "" || len(launch.Argv) == 0 {
		fmt.Fprintf(os.Stderr, "switchboard: reaper: no command to run on fd 3: %v\n", err)
		return 2
	}
	cmd := &exec.Cmd{
		Path:        launch.Path,
		Args:        launch.Argv,
		Stdin:       os.Stdin,
		Stdout:      os.Stdout,
		Stderr:      os.Stderr,
		SysProcAttr: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL},
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "switchboard: reaper: %v\n", startFailed(&config.Server{Command: launch.Argv[0], Args: launch.Argv[1:]}, os.Environ(), err))
		report.Close()
		return 127
	}
	child := cmd.Process.Pid
	fmt.Fprintf(report, "%d\n", child)
	report.Close()
	// Our copies of the backend's stdin and stdout are not needed: its
	// end of file and ours must not wait for us.
	if null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0); err == nil {
		unix.Dup2(int(null.Fd()), 0)
		unix.Dup2(int(null.Fd()), 1)
		null.Close()
	}

	status := make(chan syscall.WaitStatus, 1)
	none := make(chan struct{}) // closed when we have no child left
	go reapAll(child, status, none)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	var ws syscall.WaitStatus
	exited := false
wait:
	for {
		select {
		case ws = <-status:
			exited = true
			break wait
		case <-sigs:
			break wait
		case <-tick.C:
			if os.Getppid() != parent {
				break wait
			}
		}
	}
	killTree(os.Getpid(), none)
	if !exited {
		select {
		case ws = <-status:
		case <-time.After(time.Second):
			return 1
		}
	}
	switch {
	case ws.Exited():
		return ws.ExitStatus()
	case ws.Signaled():
		// Die of the same signal, so that our parent sees "signal:
		// killed" as it would without us.
		signal.Reset()
		syscall.Kill(os.Getpid(), ws.Signal())
		time.Sleep(100 * time.Millisecond)
		return 128 + int(ws.Signal())
	}
	return 1
}

// reapAll waits for every child (the backend and orphans re-parented to
// us), sending the backend's status once; it closes none and returns
// when no child is left. As a subreaper we inherit every orphaned
// descendant, so no child left means no descendant left.
func reapAll(backend int, status chan<- syscall.WaitStatus, none chan<- struct{}) {
	defer close(none)
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return // ECHILD: nothing left
		}
		if pid == backend {
			status <- ws
		}
	}
}

// killTree sends SIGTERM to every descendant of root, waits up to
// reaperGrace for them to go, then SIGKILLs whatever is left (new
// processes forked meanwhile, and orphans caught in the middle of being
// re-parented, included) until none closes: no child of ours is left.
func killTree(root int, none <-chan struct{}) {
	for _, pid := range descendants(root) {
		syscall.Kill(pid, syscall.SIGTERM)
	}
	grace := time.NewTimer(reaperGrace)
	defer grace.Stop()
	select {
	case <-none:
		return
	case <-grace.C:
	}
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); {
		for _, pid := range descendants(root) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		select {
		case <-none:
			return
		case <-tick.C:
		}
	}
}

// descendants lists the live (not zombie) descendants of root from
// /proc/*/stat.
func descendants(root int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]int{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		ppid, state, ok := procStat(pid)
		if !ok || state == 'Z' || state == 'X' {
			continue
		}
		children[ppid] = append(children[ppid], pid)
	}
	var out []int
	queue := []int{root}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range children[p] {
			out = append(out, c)
			queue = append(queue, c)
		}
	}
	return out
}

// procStat reads the parent pid and state of pid.
func procStat(pid int) (ppid int, state byte, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// pid (comm) state ppid ...; comm may contain spaces and parentheses.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 || len(f[0]) != 1 {
		return 0, 0, false
	}
	ppid, err = strconv.Atoi(f[1])
	return ppid, f[0][0], err == nil
}
