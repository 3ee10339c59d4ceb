package server

import (
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round ninety-one: a backend that renamed a tool between two listings
// (t1, then t2) had t2 withheld as new, and a call of the old name said
// `server "f" has no tool "t1"; it has no tools the client may use (1
// withheld)` and then guessed at the client's capabilities. A name near
// a withheld tool's names that tool and why it is withheld.
func TestServer_ACallNearAWithheldToolNamesIt(t *testing.T) {
	h := newHardServer(t, config.Settings{}, nil, nil)
	out, isErr := call(t, h.cs, "execute", map[string]any{"script": `await github.pendin()`})
	want := `; its tool "pending" is withheld: new or changed since it was last approved; review with 'switchboard pins' and approve with 'switchboard approve github pending'`
	if !isErr || !strings.HasPrefix(out, `Error: github.pendin: server "github" has no tool "pendin"`) || !strings.HasSuffix(out, want) || strings.Contains(out, "did not declare") {
		t.Errorf("got %q\nwant %q", out, want)
	}
}
