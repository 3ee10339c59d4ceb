package server

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Round fifty-four: a 2026-07-28 request's _meta is the client's to fill.
// FactsOf kept the last one's raw client info and capabilities, however
// large, alive until a request said something else (and compared every
// request against them), and returned them whole: a megabyte of
// capabilities.experimental stayed in the session and in each call's
// relay, and a megabyte of protocol version (one that sorts before
// 2026-07-28, which the SDK does not check) went into the session's
// status. Now the cache keeps only small values, the facts keep only what
// is read, and a version the SDK does not speak is none.
func TestFactsOf_KeepsNoLargeMeta(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", Meta: mcp.Meta{
		mcp.MetaKeyProtocolVersion:    "2026-07-28",
		mcp.MetaKeyClientInfo:         map[string]any{"name": "n", "version": "1", "title": big, "description": big, "websiteUrl": big},
		mcp.MetaKeyClientCapabilities: map[string]any{"elicitation": map[string]any{}, "experimental": map[string]any{"x": big}, "extensions": map[string]any{"a/b": map[string]any{"y": big}}},
	}}}
	for range 2 {
		f := FactsOf(req)
		if f.Caps == nil || f.Caps.Elicitation == nil {
			t.Fatalf("caps %+v: the elicitation the client declared is lost", f.Caps)
		}
		if f.Caps.Experimental != nil || f.Caps.Extensions != nil {
			t.Errorf("caps keep experimental (%d) and extensions (%d)", len(f.Caps.Experimental), len(f.Caps.Extensions))
		}
		if f.Info == nil || f.Info.Name != "n" || f.Info.Version != "1" {
			t.Fatalf("info %+v", f.Info)
		}
		if len(f.Info.Title) > maxFactWord+len("…") || f.Info.Description != "" || f.Info.WebsiteURL != "" {
			t.Errorf("info keeps %d bytes of title, %d of description, %d of website", len(f.Info.Title), len(f.Info.Description), len(f.Info.WebsiteURL))
		}
		factsCache.mu.Lock()
		n := metaSize(factsCache.rawInfo, 1<<30) + metaSize(factsCache.rawCaps, 1<<30)
		factsCache.mu.Unlock()
		if n > maxCachedMeta {
			t.Fatalf("the cache keeps %d bytes of the request's _meta", n)
		}
	}
	// A small _meta is still served from the cache, and follows changes.
	TestFactsOf_FollowsTheRequestsMeta(t)
}

func TestFactsOf_AProtocolVersionTheSDKDoesNotSpeakIsNone(t *testing.T) {
	for _, v := range []string{"2025-11-25" + strings.Repeat("z", 1<<20), "1", "2025-13-01"} {
		req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", Meta: mcp.Meta{
			mcp.MetaKeyProtocolVersion: v,
			mcp.MetaKeyClientInfo:      map[string]any{"name": "n", "version": "1"},
		}}}
		if f := FactsOf(req); f.Protocol != "" {
			t.Errorf("version %.20q…: facts say %.20q", v, f.Protocol)
		}
	}
	ok := metaRequest("n", false)
	if f := FactsOf(ok); f.Protocol != "2026-07-28" {
		t.Errorf("2026-07-28: facts say %q", f.Protocol)
	}
}

// A request of a 2025-11-25 session (its _meta names no 2026-07-28
// version, so the SDK serves it as initialize said) that puts client info
// and capabilities in _meta changed what its session was said to be and
// could do: a client that declared no elicitation at initialize claimed
// it there, and had its backends restarted to ask it for input.
func TestFactsOf_ALegacyRequestsMetaSaysNothingAboutItsClient(t *testing.T) {
	for _, v := range []any{nil, "2025-11-25", 20260728} {
		meta := mcp.Meta{
			mcp.MetaKeyClientInfo:         map[string]any{"name": "evil", "version": "1"},
			mcp.MetaKeyClientCapabilities: map[string]any{"elicitation": map[string]any{}},
		}
		if v != nil {
			meta[mcp.MetaKeyProtocolVersion] = v
		}
		f := FactsOf(&mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", Meta: meta}})
		if f.Info != nil || f.Caps != nil {
			t.Errorf("version %v: facts %+v %+v, want none (no session, no initialize)", v, f.Info, f.Caps)
		}
	}
}
