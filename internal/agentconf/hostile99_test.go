package agentconf

import (
	"strings"
	"testing"
)

// Round ninety-nine: a Codex config.toml defining [mcp_servers.gh] twice
// was skipped by init with `Key '***.gh' has already been defined.`: the
// table's name, where the decoder points, was hidden as if it were a
// value, and the user could not tell which table to look for. A key is
// named; a value the decoder cannot read is still hidden.
func TestDecodeTOML_ADuplicateTableIsNamed(t *testing.T) {
	in := "[mcp_servers.gh]\ncommand = \"gh-mcp\"\nenv = { GITHUB_TOKEN = \"sk-live-XXXX\" }\n\n[mcp_servers.gh]\ncommand = \"other\"\n"
	_, _, err := decodeTOML([]byte(in))
	if err == nil || !strings.Contains(err.Error(), "Key 'mcp_servers.gh' has already been defined") || !strings.Contains(err.Error(), "line 5") || strings.Contains(err.Error(), "sk-live") {
		t.Errorf("decodeTOML: %v; want the duplicate table named, with its line", err)
	}
}
