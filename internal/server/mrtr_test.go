package server

import (
	"context"
	"errors"
	"testing"
	"time"

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
		go relayOf(ctx).input(ctx, "s.t", &mcp.ListRootsParams{}) // asked, never awaited
		<-finish
		return textResult("done")
	}
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute"}}
	first := s.multiRound(ctx, req, call)
	if first.RequestState == "" || len(first.InputRequests) != 1 {
		t.Fatalf("first answer %+v, want one input request and a requestState", first)
	}
	v, _ := s.pausedCalls.Load(stateID(first.RequestState))
	p := v.(*paused)
	close(finish)
	for len(p.done) == 0 { // the call has ended and holds its result
	}
	retry := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", RequestState: first.RequestState}}
	res := s.multiRound(ctx, retry, call)
	if res.IsError || len(res.Content) == 0 || res.Content[0].(*mcp.TextContent).Text != "done" {
		t.Fatalf("retry after the call ended: %+v, want its result", res.Content)
	}
	if _, ok := s.pausedCalls.Load(stateID(first.RequestState)); ok {
		t.Error("the delivered result is still kept")
	}
}

// A call waiting for a 2026-07-28 client's input ends when that client's
// connection does (it would run until the script's own timeout), and
// says why.
func TestMultiRound_CallWaitingForInputEndsWithTheConnection(t *testing.T) {
	fb := &bareBackends{richBackends: &richBackends{}, by: map[string]catalog.Listing{}}
	s := New(Options{Catalog: catalog.New(map[string]*config.Server{}, fb, nil), Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	r := &relay{proto: "2026-07-28"}
	ctx := context.WithValue(context.Background(), relayKey{}, r)
	ended := make(chan error, 1)
	call := func(ctx context.Context) *mcp.CallToolResult {
		_, err := relayOf(ctx).input(ctx, "s.t", &mcp.ListRootsParams{})
		ended <- err
		return textResult("after input")
	}
	first := s.multiRound(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute"}}, call)
	if first.RequestState == "" {
		t.Fatalf("first answer %+v, want an input request", first)
	}
	select {
	case err := <-ended:
		t.Fatalf("the call ended before its connection did: %v", err)
	default:
	}
	// The client connects and goes away without retrying.
	st, ct := mcp.NewInMemoryTransports()
	conn, err := ct.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	conn.Close()
	s.Run(context.Background(), st)
	select {
	case err := <-ended:
		if !errors.Is(err, errInputAbandoned) {
			t.Errorf("the call ended with %v, want errInputAbandoned", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the call still waits for input after its connection ended")
	}
	if _, ok := s.pausedCalls.Load(stateID(first.RequestState)); ok {
		t.Error("the abandoned call is still kept")
	}
}

// stateID is the call's id in a requestState.
func stateID(st string) string { id, _ := splitState(st); return id }
