package server

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func metaRequest(name string, elicit bool) *mcp.CallToolRequest {
	caps := map[string]any{}
	if elicit {
		caps["elicitation"] = map[string]any{}
	}
	return &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", Meta: mcp.Meta{
		mcp.MetaKeyProtocolVersion:    "2026-07-28",
		mcp.MetaKeyClientInfo:         map[string]any{"name": name, "version": "1"},
		mcp.MetaKeyClientCapabilities: caps,
	}}}
}

// The cache of decoded _meta must never hand one client's facts to a
// request that says something else.
func TestFactsOf_FollowsTheRequestsMeta(t *testing.T) {
	for _, c := range []struct {
		name   string
		elicit bool
	}{{"a", true}, {"a", true}, {"b", true}, {"b", false}, {"a", true}} {
		f := FactsOf(metaRequest(c.name, c.elicit))
		if f.Info == nil || f.Info.Name != c.name {
			t.Fatalf("client %q: info %+v", c.name, f.Info)
		}
		if got := f.Caps != nil && f.Caps.Elicitation != nil; got != c.elicit {
			t.Fatalf("client %q elicit %v: caps say %v", c.name, c.elicit, got)
		}
		if f.Protocol != "2026-07-28" {
			t.Fatalf("protocol %q", f.Protocol)
		}
	}
	if f := FactsOf(&mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute"}}); f.Info != nil || f.Caps != nil {
		t.Fatalf("no _meta and no session: %+v", f)
	}
}

func BenchmarkFactsOf(b *testing.B) {
	req := metaRequest("claude-code", true)
	for b.Loop() {
		FactsOf(req)
	}
}

func BenchmarkFactsOf_SDK(b *testing.B) {
	req := metaRequest("claude-code", true)
	for b.Loop() {
		req.ClientInfo()
		req.ClientCapabilities()
	}
}
