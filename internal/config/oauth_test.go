package config

import (
	"slices"
	"strings"
	"testing"
)

func TestParse_OAuthBlock(t *testing.T) {
	f, err := Parse("c.json", []byte(`{"mcpServers": {
		"notion": {"url": "https://mcp.notion.com/mcp", "oauth": {}},
		"gh": {"url": "https://api.example.com/mcp", "oauth": {"clientId": "abc", "clientSecret": "${env:GH_SECRET}", "scopes": "repo read:org", "callbackPort": 8765}},
		"cimd": {"url": "https://x.example.com/mcp", "oauth": {"clientMetadataUrl": "https://switchboard.example/client.json", "scopes": ["a"], "redirectPort": 9000}}
	}}`))
	if err != nil {
		t.Fatal(err)
	}
	if o := f.Servers["notion"].OAuth; o == nil || o.ClientID != "" {
		t.Errorf("notion: %+v", o)
	}
	gh := f.Servers["gh"].OAuth
	if gh == nil || gh.ClientID != "abc" || gh.RedirectPort != 8765 || !slices.Equal(gh.Scopes, []string{"repo", "read:org"}) {
		t.Errorf("gh: %+v", gh)
	}
	exp, err := f.Servers["gh"].Expand(Resolver{Getenv: func(k string) (string, bool) { return "s3cret-value", k == "GH_SECRET" }})
	if err != nil || exp.OAuth.ClientSecret != "s3cret-value" || f.Servers["gh"].OAuth.ClientSecret != "${env:GH_SECRET}" {
		t.Errorf("expand: %+v %v (the original must keep the reference)", exp.OAuth, err)
	}
	if c := f.Servers["cimd"].OAuth; c == nil || c.RedirectPort != 9000 || c.ClientMetadataURL == "" {
		t.Errorf("cimd: %+v", c)
	}
}

func TestParse_OAuthProblemsNameTheField(t *testing.T) {
	f, err := Parse("c.json", []byte(`{"mcpServers": {
		"a": {"url": "https://a.example/mcp", "oauth": {"clientID": "typo"}},
		"b": {"url": "https://b.example/mcp", "oauth": {"redirectPort": 70000}},
		"c": {"url": "https://c.example/mcp", "oauth": {"clientSecret": "x"}},
		"d": {"url": "https://d.example/mcp", "oauth": {"clientMetadataUrl": "http://d.example/c.json"}},
		"e": {"command": "npx", "oauth": {}},
		"f": {"url": "https://f.example/mcp", "oauth": "yes"}
	}}`))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"a": "mcpServers.a.oauth.clientID: unknown field",
		"b": "mcpServers.b.oauth.redirectPort: must be a port number",
		"c": "mcpServers.c.oauth.clientSecret: needs clientId",
		"d": "mcpServers.d.oauth.clientMetadataUrl: must be an https URL",
		"e": "mcpServers.e.oauth: applies to http and sse servers only",
		"f": "mcpServers.f.oauth: must be an object",
	} {
		s := f.Servers[name]
		if !s.Disabled || !strings.Contains(s.Problem, want) {
			t.Errorf("%s: problem %q, want it to contain %q", name, s.Problem, want)
		}
	}
}
