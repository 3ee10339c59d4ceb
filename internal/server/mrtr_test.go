package server

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// A call that ends while its 2026-07-28 client is still answering an
// input request (one the call no longer waits for) gives its result to
// the client's retry instead of "not waiting for input any more".
func TestMultiRound_RetryAfterTheCallEndedGetsItsResult(t *testing.T) {
	fb := &bareBackends{richBackends: &richBackends{}, by: map[string]catalog.Listing{}}
	s := New(Options{Catalog: catalog.New(map[string]*config.Server{}, fb, nil), Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	r := &relay{proto: "2026-07-28"}
	ctx := context.WithValue(context.Background(), relayKey{}, r)
	finish := make(chan struct{})
	call := func(ctx context.Context) *mcp.CallToolResult {
		go relayOf(ctx).input(ctx, &mcp.ListRootsParams{}) // asked, never awaited
		<-finish
		return textResult("done")
	}
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute"}}
	first := s.multiRound(ctx, req, call)
	if first.RequestState == "" || len(first.InputRequests) != 1 {
		t.Fatalf("first answer %+v, want one input request and a requestState", first)
	}
	v, _ := s.pausedCalls.Load(first.RequestState)
	p := v.(*paused)
	close(finish)
	for len(p.done) == 0 { // the call has ended and holds its result
	}
	retry := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", RequestState: first.RequestState}}
	res := s.multiRound(ctx, retry, call)
	if res.IsError || len(res.Content) == 0 || res.Content[0].(*mcp.TextContent).Text != "done" {
		t.Fatalf("retry after the call ended: %+v, want its result", res.Content)
	}
	if _, ok := s.pausedCalls.Load(first.RequestState); ok {
		t.Error("the delivered result is still kept")
	}
}
