package server

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// metaOf is the _meta of a 2026-07-28 request from the client name
// version.
func metaOf(name, version string) mcp.Meta {
	return mcp.Meta{
		mcp.MetaKeyProtocolVersion: "2026-07-28",
		mcp.MetaKeyClientInfo:      map[string]any{"name": name, "version": version},
	}
}

// A retry whose request names another client than the call's (stateless
// HTTP clients share one session, so the requestState was all that told
// them apart) is refused, and the round stays open for the client that
// made the call: another client holding the state had its answer taken
// (round 114's case 16, round 121).
func TestMultiRound_ARetryFromAnotherClientIsRefused(t *testing.T) {
	fb := &bareBackends{richBackends: &richBackends{}, by: map[string]catalog.Listing{}}
	s := New(Options{Catalog: catalog.New(map[string]*config.Server{}, fb, nil), Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	r := &relay{proto: "2026-07-28"}
	ctx := context.WithValue(context.Background(), relayKey{}, r)
	call := func(ctx context.Context) *mcp.CallToolResult {
		res, err := relayOf(ctx).input(ctx, "hb.elicit", &mcp.ElicitParams{Message: "name?"})
		if err != nil {
			return errorResult("input: %v", err)
		}
		if el, ok := res.(*mcp.ElicitResult); ok {
			return textResult("answered " + el.Action)
		}
		return textResult("the call got an answer of another kind")
	}
	first := s.multiRound(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", Meta: metaOf("alice-agent", "1.0")}}, call)
	if first.RequestState == "" || len(first.InputRequests) != 1 {
		t.Fatalf("first answer %+v, want one input request", first)
	}
	for _, other := range []mcp.Meta{metaOf("mallory-agent", "1.0"), metaOf("alice-agent", "2.0"), {mcp.MetaKeyProtocolVersion: "2026-07-28"}} {
		retry := s.multiRound(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", Meta: other, RequestState: first.RequestState,
			InputResponses: mcp.InputResponseMap{"1": &mcp.ElicitResult{Action: "decline"}}}}, call)
		text := resultTexts(retry)
		if !retry.IsError || !strings.Contains(text, "another client made") || !strings.Contains(text, "nothing was passed on") {
			t.Fatalf("a retry from %v: %v %q, want it refused", other, retry.IsError, text)
		}
		if strings.Contains(text, "alice") {
			t.Errorf("the refusal names the call's client: %q", text)
		}
	}
	right := s.multiRound(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", Meta: metaOf("alice-agent", "1.0"), RequestState: first.RequestState,
		InputResponses: mcp.InputResponseMap{"1": &mcp.ElicitResult{Action: "accept"}}}}, call)
	if right.IsError || resultTexts(right) != "answered accept" {
		t.Fatalf("the retry of the call's own client: %v %q, want the call's result", right.IsError, resultTexts(right))
	}
}
