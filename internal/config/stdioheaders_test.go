package config

import (
	"strings"
	"testing"
)

// TestParse_HeadersOfAStdioServerAreNamed: headers on a stdio server were
// accepted and never sent (round one hundred and three's case 29), so a
// token put there reached no one and nothing said so. The server is
// disabled with a problem naming the field and where the value goes;
// an empty headers object, and headers on a remote server, are fine.
func TestParse_HeadersOfAStdioServerAreNamed(t *testing.T) {
	f, err := Parse("c.json", []byte(`{"mcpServers": {
		"a": {"command": "npx", "args": ["srv"], "headers": {"Authorization": "Bearer x"}},
		"b": {"command": "npx", "headers": {}},
		"c": {"url": "https://c.example/mcp", "headers": {"Authorization": "Bearer x"}}
	}}`))
	if err != nil {
		t.Fatal(err)
	}
	if s := f.Servers["a"]; !s.Disabled || !strings.Contains(s.Problem, "mcpServers.a.headers: applies to http and sse servers only") || !strings.Contains(s.Problem, "env") {
		t.Errorf("a: disabled %v, problem %q, want one naming mcpServers.a.headers and env", s.Disabled, s.Problem)
	}
	for _, n := range []string{"b", "c"} {
		if s := f.Servers[n]; s.Disabled {
			t.Errorf("%s: disabled: %s", n, s.Problem)
		}
	}
}
