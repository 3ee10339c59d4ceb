package cli

import (
	"context"
	"os"

	"github.com/switchboard-mcp/switchboard/internal/backend"
)

// reaperCmd is the hidden subcommand each stdio backend starts through
// on Linux (see backend.Reap): it kills the backend's whole process tree
// when the backend exits, is stopped, or Switchboard dies.
const reaperCmd = "__reaper"

// runReaper runs the reaper and exits with the backend's status: the
// status is the whole point, so it does not go through Main's error
// mapping.
func runReaper(_ context.Context, _ *Env, args []string) error {
	os.Exit(backend.Reap(args))
	return nil
}
