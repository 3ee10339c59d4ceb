package server

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round one hundred and fourteen: a 2026-07-28 retry answering a sampling
// request with an elicitation's answer (or any input request with another
// kind's) was taken as the answer: the backend's request failed with
// "the client answered sampling/createMessage with *mcp.ElicitResult",
// naming Go types and no input request, and the call went on without
// its input. The retry is refused now, naming the input request, what it
// asked and what the answer is, and the round stays open: a retry with
// the right answer resumes the call.
func TestMultiRound_AnAnswerOfAnotherKindIsRefusedAndTheRoundStaysOpen(t *testing.T) {
	fb := &bareBackends{richBackends: &richBackends{}, by: map[string]catalog.Listing{}}
	s := New(Options{Catalog: catalog.New(map[string]*config.Server{}, fb, nil), Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	r := &relay{proto: "2026-07-28"}
	ctx := context.WithValue(context.Background(), relayKey{}, r)
	call := func(ctx context.Context) *mcp.CallToolResult {
		res, err := relayOf(ctx).input(ctx, "hb.sample", &mcp.CreateMessageParams{MaxTokens: 1})
		if err != nil {
			return errorResult("input: %v", err)
		}
		switch cm := res.(type) {
		case *mcp.CreateMessageResult:
			return textResult("sampled by " + cm.Model)
		case *mcp.CreateMessageWithToolsResult:
			return textResult("sampled by " + cm.Model)
		}
		return textResult("the call got an answer of another kind")
	}
	first := s.multiRound(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute"}}, call)
	if first.RequestState == "" || len(first.InputRequests) != 1 {
		t.Fatalf("first answer %+v, want one input request", first)
	}
	wrong := s.multiRound(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", RequestState: first.RequestState,
		InputResponses: mcp.InputResponseMap{"1": &mcp.ElicitResult{Action: "accept"}}}}, call)
	text := resultTexts(wrong)
	if !wrong.IsError {
		t.Fatalf("a retry answering sampling with an elicitation's answer: %q, want it refused", text)
	}
	for _, want := range []string{`input request "1"`, "sampling/createMessage", "hb.sample", "elicitation", "same requestState"} {
		if !strings.Contains(text, want) {
			t.Errorf("refusal %q does not say %q", text, want)
		}
	}
	if strings.Contains(text, "*mcp.") {
		t.Errorf("refusal %q names Go types", text)
	}
	right := s.multiRound(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "execute", RequestState: first.RequestState,
		InputResponses: mcp.InputResponseMap{"1": &mcp.CreateMessageWithToolsResult{Model: "m1", Role: "assistant"}}}}, call)
	if right.IsError || resultTexts(right) != "sampled by m1" {
		t.Fatalf("the retry with the right answer after the refusal: %+v %q, want the call's result", right.IsError, resultTexts(right))
	}
}
