package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// codeBackend's tools ask the client for input (ask) or a completion
// (sample), the first of a size, and return the JSON-RPC code of the
// error their hook gave back ("code 0" for a plain Go error, which the
// SDK sends with code 0).
type codeBackend struct{}

func (codeBackend) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: []*mcp.Tool{{Name: "ask", InputSchema: schema(``)}, {Name: "sample", InputSchema: schema(``)}, {Name: "big", InputSchema: schema(``)}}}, nil
}

func (codeBackend) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	var err error
	switch c.Tool {
	case "ask":
		_, err = c.Hooks.Elicit(ctx, &mcp.ElicitParams{Message: "name?"})
	case "big":
		_, err = c.Hooks.Elicit(ctx, &mcp.ElicitParams{Message: strings.Repeat("x", 5000)})
	default:
		_, err = c.Hooks.Sample(ctx, &mcp.CreateMessageParams{})
	}
	code := int64(0)
	var w *jsonrpc.Error
	if errors.As(err, &w) {
		code = w.Code
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("code %d: %v", code, err)}}}, nil
}

// TestRelay_ARefusedBackendRequestHasACode: what the relay refuses a
// backend's request says why with a JSON-RPC code: method not found for
// a capability the client did not declare, invalid params for a request
// over settings.maxResultBytes. Each reached the backend with code 0.
func TestRelay_ARefusedBackendRequestHasACode(t *testing.T) {
	st := config.Settings{}.Defaults()
	st.MaxResultBytes = 4096
	_, ct, ss := serveOne(t, "hb", codeBackend{}, st)
	ctx := context.Background()
	co := &mcp.ClientOptions{ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "decline"}, nil
	}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, co).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	for _, tc := range []struct{ tool, want string }{
		{"sample", "code -32601: switchboard: hb.sample asked for a completion (sampling/createMessage), but this session's client does not support sampling"},
		{"big", "code -32602: switchboard: hb.big sent elicitation/create of 5"},
		{"ask", "code 0: \\u003cnil\\u003e"}, // declined: no error
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": "return await hb." + tc.tool + "()"}})
		if err != nil || res.IsError {
			t.Fatalf("execute: %v %+v", err, res)
		}
		b, _ := json.Marshal(res.StructuredContent)
		if got := string(b); !strings.Contains(got, tc.want) {
			t.Errorf("%s: the backend got %s; want %q", tc.tool, got, tc.want)
		}
	}
}
