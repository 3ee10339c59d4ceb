package server

import (
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// servers or tools holding a null say so, naming the argument: [null]
// was read as [""], "unknown server \"\"" (round 110).
func TestListTools_ANullInANameListIsSaid(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	for _, arg := range []string{"servers", "tools"} {
		out, isErr := call(t, cs, "list_tools", map[string]any{arg: []any{"everything", nil}})
		if !isErr || !strings.Contains(out, `argument "`+arg+`" must be an array of names (or one name as a string), not an array holding a null`) {
			t.Errorf("%s: error %v\n%s", arg, isErr, out)
		}
	}
	if out, isErr := call(t, cs, "list_tools", map[string]any{"servers": nil, "detail": "names"}); isErr {
		t.Errorf("servers: null is absent: %s", out)
	}
}
