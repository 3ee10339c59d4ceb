package server

import (
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round ninety-nine: a script that deleted a server's global and then
// used it was told `ReferenceError: 'github' is not defined (no server
// "github"; did you mean github?)`, which contradicted itself: the
// server is there. It is said now that the script removed the global.
func TestServer_ADeletedNamespaceIsNotTakenForAMisspelling(t *testing.T) {
	h := newHardServer(t, config.Settings{}, nil, nil)
	out, isErr := call(t, h.cs, "execute", map[string]any{"script": `delete globalThis.github; return await github.plain()`})
	want := `ReferenceError: 'github' is not defined ("github" is the namespace of a server, but this script deleted or replaced the global of that name`
	if !isErr || !strings.Contains(out, want) || strings.Contains(out, "did you mean") {
		t.Errorf("got %q\nwant %q", out, want)
	}
}
