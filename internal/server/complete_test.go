package server

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

func TestComplete_RelaysPromptAndTemplateArguments(t *testing.T) {
	dir := t.TempDir()
	_, _, cs0 := newRichServerCache(t, config.Settings{}, dir, nil)
	call(t, cs0, "list_tools", map[string]any{"servers": []any{"media"}})
	_, fb, cs := newRichServerCache(t, config.Settings{}, dir, nil)
	if cs.InitializeResult().Capabilities.Completions == nil {
		t.Fatal("no completions capability announced")
	}
	ctx := context.Background()
	res, err := cs.Complete(ctx, &mcp.CompleteParams{
		Ref:      &mcp.CompleteReference{Type: "ref/prompt", Name: "media__explain"},
		Argument: mcp.CompleteParamsArgument{Name: "topic", Value: "ow"},
	})
	if err != nil {
		t.Fatal(err)
	}
	v := res.Completion.Values
	if len(v) != maxCompletions || !res.Completion.HasMore || res.Completion.Total != 150 {
		t.Fatalf("%d values, hasMore %v, total %d: want %d, true, 150", len(v), res.Completion.HasMore, res.Completion.Total, maxCompletions)
	}
	if v[0] != "owls" || v[1] != "ow0" || slices.ContainsFunc(v, func(s string) bool { return strings.Contains(s, "\n") }) {
		t.Errorf("values %q…: want the hidden character stripped and the value with a newline dropped", v[:3])
	}
	if _, err := cs.Complete(ctx, &mcp.CompleteParams{
		Ref:      &mcp.CompleteReference{Type: "ref/resource", URI: "switchboard://media/notes://n/{id}"},
		Argument: mcp.CompleteParamsArgument{Name: "id", Value: "4"},
	}); err != nil {
		t.Fatal(err)
	}
	other, err := cs.Complete(ctx, &mcp.CompleteParams{
		Ref:      &mcp.CompleteReference{Type: "ref/prompt", Name: "media__explain"},
		Argument: mcp.CompleteParamsArgument{Name: "style", Value: ""},
	})
	if err != nil {
		t.Fatal(err)
	}
	if info, _ := other.Meta[mcp.MetaKeyServerInfo].(map[string]any); info != nil && info["name"] == "media" {
		t.Errorf("the backend's serverInfo was relayed as ours: %v", other.Meta)
	}
	if other.Meta["x"] == nil {
		t.Errorf("the backend's own _meta key was dropped: %v", other.Meta)
	}
	want := []string{"media complete ref/prompt explain topic=ow", "media complete ref/resource notes://n/{id} id=4", "media complete ref/prompt explain style="}
	if !slices.Equal(fb.calls, want) {
		t.Errorf("backend got %q, want %q (the backend's own names)", fb.calls, want)
	}
	var we *jsonrpc.Error
	if _, err := cs.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "nope__explain"}, Argument: mcp.CompleteParamsArgument{Name: "a"}}); !errors.As(err, &we) || we.Code != jsonrpc.CodeInvalidParams || !strings.Contains(err.Error(), "nope__explain") {
		t.Errorf("unknown prompt: %v, want invalid params naming it", err)
	}
	if _, err := cs.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/resource", URI: "switchboard://elsewhere/x/{y}"}, Argument: mcp.CompleteParamsArgument{Name: "y"}}); !errors.As(err, &we) || we.Code != mcp.CodeResourceNotFound {
		t.Errorf("unknown server's template: %v, want resource not found", err)
	}
	if len(fb.calls) != len(want) {
		t.Errorf("an unknown reference reached the backend: %q", fb.calls[len(want):])
	}
}

func TestComplete_ResultWithinMaxResultBytes(t *testing.T) {
	s := &Server{o: Options{Settings: config.Settings{MaxResultBytes: 10}}}
	out := s.cleanCompletion(&mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{"abcd", "efgh", "ijkl"}, Total: -3}})
	if !slices.Equal(out.Completion.Values, []string{"abcd", "efgh"}) || !out.Completion.HasMore || out.Completion.Total != 0 {
		t.Errorf("got %+v: want two values, hasMore, total 0", out.Completion)
	}
	if out := s.cleanCompletion(nil); out.Completion.Values == nil {
		t.Error("a nil result gave values null: clients want an array")
	}
}

// A session's first request may be a completion of a bare server's
// prompt, before anything else made its lists known (the conformance
// suite's completion-complete runs fourth, before any listing).
func TestComplete_FirstRequestOfABareServersPrompt(t *testing.T) {
	_, fb, cs := newBareServer(t, map[string]*config.Server{
		"media": {Name: "media", Type: config.Stdio, Command: "x", Expose: []string{"*"}, ExposeAs: config.ExposeBare},
	}, nil)
	ctx := context.Background()
	res, err := cs.Complete(ctx, &mcp.CompleteParams{
		Ref:      &mcp.CompleteReference{Type: "ref/prompt", Name: "explain"},
		Argument: mcp.CompleteParamsArgument{Name: "topic", Value: "b"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Completion.Values) == 0 {
		t.Errorf("no values")
	}
	if _, err := cs.Complete(ctx, &mcp.CompleteParams{
		Ref:      &mcp.CompleteReference{Type: "ref/resource", URI: "notes://n/{id}"},
		Argument: mcp.CompleteParamsArgument{Name: "id", Value: "1"},
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"media complete ref/prompt explain topic=b", "media complete ref/resource notes://n/{id} id=1"}; !slices.Equal(fb.calls, want) {
		t.Errorf("backend got %q, want %q", fb.calls, want)
	}
}

// A value is what a user picks from a list and the client sends back: a
// tab, a line or paragraph separator (U+2028, U+2029) or a NEL in one
// passed, where a client's list may show it as a break, one entry that
// looks like two (as a prompt or URI with one is not offered).
func TestComplete_DropsValuesWithBreaks(t *testing.T) {
	s := &Server{o: Options{Settings: config.Settings{}.Defaults()}}
	out := s.cleanCompletion(&mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{"a\tb", "c\u2028d", "e\u2029f", "g\u0085h", "i\rj", "plain"}}})
	if !slices.Equal(out.Completion.Values, []string{"plain"}) {
		t.Errorf("values %q, want only the plain one", out.Completion.Values)
	}
}

// A backend's total below the values it sent (3 of 50) is no total: the
// protocol's total is at least what is sent. It is raised to the values
// the client gets.
func TestComplete_TotalAtLeastTheValuesSent(t *testing.T) {
	s := &Server{o: Options{Settings: config.Settings{}.Defaults()}}
	v := make([]string, 50)
	for i := range v {
		v[i] = strings.Repeat("x", i+1)
	}
	out := s.cleanCompletion(&mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: v, Total: 3}})
	if out.Completion.Total != 50 {
		t.Errorf("total %d with %d values, want 50", out.Completion.Total, len(out.Completion.Values))
	}
	if out := s.cleanCompletion(&mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: v}}); out.Completion.Total != 0 {
		t.Errorf("no total became %d: want none (the backend did not say)", out.Completion.Total)
	}
}
