package sandbox

import (
	"fmt"
	"os"
	"runtime/pprof"
	"time"
)

// workerProfileEnv names a file prefix: each test worker writes a CPU
// profile of its first workerProfileTime to PREFIX.PID (a worker is
// killed, not stopped, so it cannot write one at its end). With it
// `go test -bench` profiles the worker side too:
//
//	SWITCHBOARD_SANDBOX_TEST_CPUPROFILE=/tmp/worker go test -run X -bench OneCall -benchtime 5000x ./internal/sandbox
const workerProfileEnv = "SWITCHBOARD_SANDBOX_TEST_CPUPROFILE"

const workerProfileTime = 4 * time.Second

// profileWorker starts a CPU profile of this worker process, written
// after workerProfileTime.
func profileWorker(prefix string) {
	f, err := os.Create(fmt.Sprintf("%s.%d", prefix, os.Getpid()))
	if err != nil {
		return
	}
	if pprof.StartCPUProfile(f) != nil {
		f.Close()
		return
	}
	time.AfterFunc(workerProfileTime, func() { pprof.StopCPUProfile(); f.Close() })
}
