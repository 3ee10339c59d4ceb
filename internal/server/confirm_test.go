package server

import (
	"context"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
)

// askWith is a 2026-07-28 request's relay whose client answers every
// input request with res (the SDK does not check such an answer against
// the form's schema).
func askWith(res *mcp.ElicitResult) context.Context {
	r := &relay{proto: "2026-07-28", input: func(context.Context, string, mcp.InputRequest) (mcp.InputResponse, error) { return res, nil }}
	return context.WithValue(context.Background(), relayKey{}, r)
}

func TestConfirm_OnlyABooleanAllowLetsTheCallRun(t *testing.T) {
	for _, tc := range []struct {
		name    string
		res     *mcp.ElicitResult
		def     bool
		allowed bool
	}{
		{"accept true", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": true}}, false, true},
		{"accept false", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": false}}, true, false},
		{"accept string false", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": "false"}}, true, false},
		{"accept string true", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": "true"}}, true, false},
		{"accept zero", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": 0.0}}, true, false},
		{"accept null", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": nil}}, true, false},
		{"accept object", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": map[string]any{"x": true}}}, true, false},
		{"accept extra fields", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": true, "note": "x"}}, false, true},
		{"accept without allow, default yes", &mcp.ElicitResult{Action: "accept"}, true, true},
		{"accept without allow, default no", &mcp.ElicitResult{Action: "accept"}, false, false},
		{"decline", &mcp.ElicitResult{Action: "decline", Content: map[string]any{"allow": true}}, true, false},
		{"cancel", &mcp.ElicitResult{Action: "cancel"}, true, false},
		{"odd action", &mcp.ElicitResult{Action: "ACCEPT", Content: map[string]any{"allow": true}}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := askWith(tc.res)
			err := askAllow(ctx, relayOf(ctx), "Allow?", "Run srv.tool", tc.def, "")
			if tc.allowed && err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !tc.allowed && !errors.Is(err, ErrNotConfirmed) {
				t.Fatalf("the call would run (err %v)", err)
			}
		})
	}
}

// "destructive" in the confirm setting covers a tool by its
// destructiveHint when the server gives one, not when it is annotated
// read-only, else by its name's verb: a server that annotates nothing had
// no tool confirmed.
func TestConfirm_DestructiveWithoutTheHintGoesByTheName(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		name string
		ann  *mcp.ToolAnnotations
		want bool
	}{
		{"delete_file", nil, true},
		{"push_files", nil, true},
		{"create_or_update_file", nil, true},
		{"get_file_contents", nil, false},
		{"create_issue", nil, false},
		{"delete_file", &mcp.ToolAnnotations{DestructiveHint: &no}, false},
		{"delete_file", &mcp.ToolAnnotations{ReadOnlyHint: true}, false},
		{"delete_file", &mcp.ToolAnnotations{Title: "Delete a file"}, true},
		{"echo", &mcp.ToolAnnotations{DestructiveHint: &yes}, true},
		{"echo", &mcp.ToolAnnotations{}, false},
	} {
		if got := destructive(catalog.Tool{Server: "s", Name: tc.name, Annotations: tc.ann}); got != tc.want {
			t.Errorf("destructive(%s, %+v) = %v, want %v", tc.name, tc.ann, got, tc.want)
		}
	}
}
