package config

import (
	"strings"
	"testing"
)

// A config with comments and trailing commas (JSONC, as editors and
// agents write them) loads, and a problem in it is still reported at its
// own line: comments become spaces, not fewer lines.
func TestParse_JSONCCommentsAndTrailingCommas(t *testing.T) {
	data := `// my servers
{
  /* the memory server,
     shared by every project */
  "mcpServers": {
    "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory",],}, // trailing
  },
  "settings": {"callTimeout": "30s",},
}
`
	f, err := Parse("/home/u/.config/switchboard/config.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if s := f.Servers["memory"]; s == nil || s.Command != "npx" || len(s.Args) != 2 {
		t.Fatalf("servers = %+v", f.Servers)
	}
	bad := strings.Replace(data, `"30s"`, `30`, 1)
	_, err = Parse("/home/u/.config/switchboard/config.json", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), "settings.callTimeout") || !strings.Contains(err.Error(), "line 8") {
		t.Errorf("err = %v, want settings.callTimeout at line 8", err)
	}
	// JSONC that does not parse is reported as before, with its line.
	_, err = Parse("/p/config.json", []byte("{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"\n  }\n"))
	if err == nil || !strings.Contains(err.Error(), "/p/config.json") || !strings.Contains(err.Error(), "line") {
		t.Errorf("err = %v, want the file and a line", err)
	}
}
