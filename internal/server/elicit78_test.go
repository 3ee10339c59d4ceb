package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// askingBackend's tool asks the client for input and returns what its
// hook gave back.
type askingBackend struct{}

func (askingBackend) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: []*mcp.Tool{{Name: "ask", InputSchema: schema(``)}}}, nil
}

func (askingBackend) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	res, err := c.Hooks.Elicit(ctx, &mcp.ElicitParams{Message: "name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "string"}}}})
	text := ""
	if err != nil {
		text = "error: " + err.Error()
	} else {
		text = "action: " + res.Action
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// TestRelay_AnElicitationAnswersActionIsChecked: a client answering a
// backend's elicitation with action "maybe" had it relayed as it came (a
// backend reading anything but decline and cancel as a yes took it for
// one). The backend now gets an error naming the action and the three
// the protocol has; accept, decline and cancel pass.
func TestRelay_AnElicitationAnswersActionIsChecked(t *testing.T) {
	for action, want := range map[string]string{
		"maybe":   `error: switchboard: the client answered hb.ask's elicitation/create with action "maybe"; an answer's action is accept, decline or cancel: not relayed`,
		"decline": "action: decline",
		"cancel":  "action: cancel",
	} {
		t.Run(action, func(t *testing.T) {
			_, ct, ss := serveOne(t, "hb", askingBackend{}, config.Settings{}.Defaults())
			ctx := context.Background()
			co := &mcp.ClientOptions{
				ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
					return &mcp.ElicitResult{Action: action}, nil
				},
			}
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, co).Connect(ctx, ct, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cs.Close(); ss.Close() })
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": "return await hb.ask()"}})
			if err != nil || res.IsError {
				t.Fatalf("execute: %v %+v", err, res)
			}
			b, _ := json.Marshal(res.StructuredContent)
			if got := string(b); !strings.Contains(got, strings.ReplaceAll(want, `"`, `\"`)) {
				t.Errorf("the backend got %s; want %q", got, want)
			}
		})
	}
}
