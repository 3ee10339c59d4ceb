package interop

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Round ninety-five: an error our relay gave a backend's elicitation
// reached it with code 0 (server-everything, a TypeScript SDK server,
// read it as "MCP error 0: …"). A client answering with an action the
// protocol does not have is refused to the backend as an internal error
// (-32603), with the same message.
func TestServe_ARelayedRequestsErrorHasACode(t *testing.T) {
	needNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cfg, env, _ := setup(t, "")
	cs := connectWith(t, ctx, cfg, env, &mcp.ClientOptions{ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "maybe"}, nil
	}})
	got, _ := callText(t, ctx, cs, "execute", map[string]any{"script": `try { return await everything.trigger_elicitation_request({}) } catch (e) { return "caught: " + e.message }`})
	if !strings.Contains(got, "MCP error -32603") || !strings.Contains(got, `elicitation/create with action \"maybe\"`) && !strings.Contains(got, `elicitation/create with action "maybe"`) {
		t.Errorf("the backend's elicitation was refused as %q; want MCP error -32603 naming the action", got)
	}
}
