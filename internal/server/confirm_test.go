package server

import (
	"context"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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
