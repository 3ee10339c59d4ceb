package cli

import "github.com/switchboard-mcp/switchboard/internal/gctune"

// tuneGC paces the garbage collector of the processes that serve MCP
// (the daemon, serve --standalone, serve --http) unless the user set
// GOGC or GOMEMLIMIT: every request through the SDK allocates about 32 kB
// per JSON decode that it drops at once, and these processes keep a few
// MB live, so under Go's default they collected every few dozen calls
// (gctune; docs/benchmarks.md).
func tuneGC(e *Env) {
	if e.Getenv("GOGC") == "" && e.Getenv("GOMEMLIMIT") == "" {
		gctune.Start()
	}
}
