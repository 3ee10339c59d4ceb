package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"time"
)

// profileEnv names a path prefix: each switchboard process that starts
// with it set (serve, the daemon, sandbox workers) writes a CPU profile
// of its first profileSecondsEnv seconds (default 30), or until it exits
// sooner, to PREFIX.COMMAND.PID, and then its allocations until then to
// PREFIX.COMMAND.PID.heap (`go tool pprof -sample_index=alloc_space`). For finding where time goes on a real
// path (docs/benchmarks.md); `go tool pprof -top -cum PREFIX.daemon.PID`.
const (
	profileEnv        = "SWITCHBOARD_CPUPROFILE"
	profileSecondsEnv = "SWITCHBOARD_CPUPROFILE_SECONDS"
)

// startProfile starts the CPU profile profileEnv asks for and returns the
// function that ends it; a no-op when it is unset.
func startProfile(args []string) (stop func()) {
	prefix := os.Getenv(profileEnv)
	if prefix == "" {
		return func() {}
	}
	cmd := "switchboard"
	if len(args) > 0 {
		cmd = args[0]
	}
	path := fmt.Sprintf("%s.%s.%d", prefix, cmd, os.Getpid())
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "switchboard: %s: %v\n", profileEnv, err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(os.Stderr, "switchboard: %s: %v\n", profileEnv, err)
		f.Close()
		return func() {}
	}
	secs, err := strconv.Atoi(os.Getenv(profileSecondsEnv))
	if err != nil || secs <= 0 {
		secs = 30
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(time.Duration(secs) * time.Second):
		}
		pprof.StopCPUProfile()
		f.Close()
		writeHeapProfile(path + ".heap")
		close(stopped)
	}()
	return func() {
		close(done)
		<-stopped
	}
}

// writeHeapProfile writes the heap profile, allocations included, to path.
func writeHeapProfile(path string) {
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "switchboard: %s: %v\n", profileEnv, err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		fmt.Fprintf(os.Stderr, "switchboard: %s: %v\n", profileEnv, err)
	}
}
