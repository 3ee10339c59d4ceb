package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/daemon"
)

// Round ninety-five: `daemon status` from a new build did not mention an
// earlier build's daemon still draining for its last sessions. It says
// its pid, version, commit and binary, that it exits with its last
// session, and how to end it sooner.
func TestDaemonStatus_SaysAnotherBuildsDaemon(t *testing.T) {
	var b bytes.Buffer
	printOtherDaemons(&b, []daemon.Other{{PID: 4242, Exe: "/usr/local/bin/switchboard (deleted)", Version: "v1.2.3", Commit: "abc1234"}})
	got := b.String()
	for _, want := range []string{`another build's daemon is still running (pid 4242, version "v1.2.3", commit "abc1234", /usr/local/bin/switchboard (deleted))`, "it exits when the last of them ends", "`kill 4242`"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
}
