package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// pausedServer is a Server and the context of a 2026-07-28 request.
func pausedServer(t *testing.T) (*Server, context.Context) {
	t.Helper()
	fb := &bareBackends{richBackends: &richBackends{}, by: map[string]catalog.Listing{}}
	s := New(Options{Catalog: catalog.New(map[string]*config.Server{}, fb, nil), Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	t.Cleanup(s.abandonPaused)
	return s, context.WithValue(context.Background(), relayKey{}, &relay{proto: "2026-07-28"})
}

// retryOf is the client's retry of a call, with answers.
func retryOf(name, state string, answers mcp.InputResponseMap) *mcp.CallToolRequest {
	return &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: name, RequestState: state, InputResponses: answers}}
}

// Round fifty-four: a 2026-07-28 client that sent its retry twice (the
// same requestState and answers, at once) had the second wait for the
// same result as the first: whichever took the result, the other waited
// for ever (until its client cancelled it, which cancelled the call).
// The second is now refused at once, saying why, and the first gets the
// call's result.
func TestMultiRound_ARetrySentTwiceIsRefusedNotHung(t *testing.T) {
	s, ctx := pausedServer(t)
	answered, finish := make(chan struct{}), make(chan struct{})
	call := func(ctx context.Context) *mcp.CallToolResult {
		if _, err := relayOf(ctx).input(ctx, "s.t", &mcp.ListRootsParams{}); err != nil {
			return errorResult("%v", err)
		}
		close(answered)
		<-finish
		return textResult("done")
	}
	first := s.multiRound(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute"}}, call)
	if first.RequestState == "" {
		t.Fatalf("first answer %+v, want an input request", first)
	}
	answers := mcp.InputResponseMap{}
	for id := range first.InputRequests {
		answers[id] = &mcp.ListRootsResult{}
	}
	got := make(chan *mcp.CallToolResult, 1)
	go func() { got <- s.multiRound(ctx, retryOf("execute", first.RequestState, answers), call) }()
	<-answered
	tctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	twice := s.multiRound(tctx, retryOf("execute", first.RequestState, answers), call)
	if tctx.Err() != nil {
		t.Fatal("the retry sent twice waited until its client gave up")
	}
	if !twice.IsError || !strings.Contains(resultText(twice), "already resuming this call") {
		t.Errorf("the retry sent twice got %q, want it refused saying why", resultText(twice))
	}
	close(finish)
	if res := <-got; res.IsError || strings.TrimSpace(resultText(res)) != "done" {
		t.Errorf("the first retry got %q, want the call's result", resultText(res))
	}
}

// A retry replaying an earlier round's requestState (and answers) while
// the call waits for a later round's was taken as the later round's
// retry: its answers matched none of the open input requests, which
// failed as unanswered. It is now refused, naming both rounds, and the
// open requests wait for the right retry. A retry naming another tool,
// or carrying other arguments (which the running call would not use), is
// refused the same way.
func TestMultiRound_AReplayedOrMisnamedRetryLeavesTheOpenRoundAlone(t *testing.T) {
	s, ctx := pausedServer(t)
	call := func(ctx context.Context) *mcp.CallToolResult {
		for i := range 2 {
			res, err := relayOf(ctx).input(ctx, "s.t", &mcp.ElicitParams{Message: "q"})
			if err != nil {
				return errorResult("ask %d: %v", i+1, err)
			}
			if er, ok := res.(*mcp.ElicitResult); !ok || er.Action != "accept" {
				return errorResult("ask %d: answered %+v", i+1, res)
			}
		}
		return textResult("both answered")
	}
	accept := func(r *mcp.CallToolResult) mcp.InputResponseMap {
		m := mcp.InputResponseMap{}
		for id := range r.InputRequests {
			m[id] = &mcp.ElicitResult{Action: "accept"}
		}
		return m
	}
	r1 := s.multiRound(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute"}}, call)
	r2 := s.multiRound(ctx, retryOf("execute", r1.RequestState, accept(r1)), call)
	if r2.RequestState == "" || len(r2.InputRequests) != 1 {
		t.Fatalf("second round %+v, want one input request", r2)
	}
	replay := s.multiRound(ctx, retryOf("execute", r1.RequestState, accept(r1)), call)
	if !replay.IsError || !strings.Contains(resultText(replay), "round 1") || !strings.Contains(resultText(replay), "round 2") {
		t.Errorf("the replayed retry got %q, want it refused naming rounds 1 and 2", resultText(replay))
	}
	other := s.multiRound(ctx, retryOf("call_tool", r2.RequestState, accept(r2)), call)
	if !other.IsError || !strings.Contains(resultText(other), "is of a call of execute, not of call_tool") {
		t.Errorf("the retry naming another tool got %q, want it refused naming both", resultText(other))
	}
	moved := retryOf("execute", r2.RequestState, accept(r2))
	moved.Params.Arguments = json.RawMessage(`{"script":"return 2"}`)
	if res := s.multiRound(ctx, moved, call); !res.IsError || !strings.Contains(resultText(res), "arguments differ") {
		t.Errorf("the retry with other arguments got %q, want it refused saying why", resultText(res))
	}
	huge := s.multiRound(ctx, retryOf("execute", strings.Repeat("f", 1<<20)+".2", accept(r2)), call)
	if !huge.IsError || !strings.Contains(resultText(huge), "not waiting for input any more") || len(resultText(huge)) > 200 {
		t.Errorf("a requestState of a megabyte got %d bytes, want a short refusal", len(resultText(huge)))
	}
	res := s.multiRound(ctx, retryOf("execute", r2.RequestState, accept(r2)), call)
	if res.IsError || strings.TrimSpace(resultText(res)) != "both answered" {
		t.Errorf("the right retry got %q, want the call's result", resultText(res))
	}
}
