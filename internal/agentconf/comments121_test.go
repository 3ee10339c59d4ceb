package agentconf

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// An agent file of JSON that holds comments only (every server
// commented out) was skipped saying "line 2, column 1: parsing value:
// unexpected EOF"; it says what the file holds and the fix, and is left
// as it is: starting afresh would drop the comments (round 121).
func TestPlan_AJSONAgentFileOfCommentsOnlyIsSaidWithTheFix(t *testing.T) {
	for _, content := range []string{"// nothing yet\n", "/* {\"mcpServers\": {\"a\": {\"command\": \"x\"}}} */", "\ufeff// a\r\n// b\r\n"} {
		w := newWorld(t)
		path := filepath.Join(w.proj, ".cursor/mcp.json")
		w.write(path, content, 0o644)
		p, err := MakePlan(w.opts(Project))
		if err != nil {
			t.Fatal(err)
		}
		got := errors.Join(p.Problems...)
		if got == nil || !strings.Contains(got.Error(), path+" holds comments only, no JSON object: put {} after them") || strings.Contains(got.Error(), "unexpected EOF") {
			t.Errorf("%q: problems %v", content, got)
		}
		if w.read(path) != content {
			t.Errorf("%q: the file changed", content)
		}
	}
}
