package cli

import "runtime/debug"

// serverGCPercent is the GOGC of the processes that serve MCP (the
// daemon, serve --standalone, serve --http). Every request through the
// SDK allocates about 32 kB per JSON decode that it drops at once, and a
// garbage collection costs as much as the live heap it scans, so GC work
// per request falls with GOGC: 200 cut the daemon's CPU time per execute
// by about a quarter (docs/benchmarks.md), for a heap that may grow to
// three times its live size instead of two.
const serverGCPercent = 200

// tuneGC sets serverGCPercent unless the user set GOGC.
func tuneGC(e *Env) {
	if e.Getenv("GOGC") == "" {
		debug.SetGCPercent(serverGCPercent)
	}
}
