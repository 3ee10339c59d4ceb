package cli

import (
	"context"
	"strings"
	"testing"
)

// serve at a terminal says what it is and what to run there instead: a
// new user trying it saw the demo note, then nothing, as it waited for a
// client's JSON (round 121). An agent's serve (no terminal) says nothing
// of it.
func TestServe_AtATerminalSaysWhatItIs(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		w := newCLIWorld(t)
		w.write(w.user(), `{"mcpServers": {}}`)
		e, _, errb := w.envFor("serve", "--standalone")
		e.Interactive = func() bool { return terminal }
		if code := Main(context.Background(), e); code != 0 {
			t.Fatalf("serve (terminal %v): exit %d\n%s", terminal, code, errb)
		}
		said := strings.Contains(errb.String(), "switchboard: serve speaks MCP (JSON-RPC, one message a line) on stdin and stdout, for an agent to run") &&
			strings.Contains(errb.String(), "at a terminal, try switchboard list or switchboard exec -e")
		if said != terminal {
			t.Errorf("terminal %v: stderr:\n%s", terminal, errb)
		}
	}
}
