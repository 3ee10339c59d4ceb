package server

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// TestServer_AnUnknownToolOrPromptSaysWhatIsServed: a tools/call of a
// backend's tool by its own name (as the Inspector or a model calls it)
// was answered with the SDK's bare `unknown tool "get-sum"`, naming
// neither the tools served nor how to reach the backend's; a prompts/get
// of an unknown name likewise. They say so now, the code kept.
func TestServer_AnUnknownToolOrPromptSaysWhatIsServed(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}.Defaults(), nil)
	ctx := context.Background()
	// The tool lists become known (as after a first listing).
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_tools", Arguments: map[string]any{"servers": []string{"everything", "z-other"}}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		want []string
	}{
		{"get-sum", []string{`unknown tool "get-sum": this server's tools are execute, list_tools`, `server "everything"'s tool "get-sum": call it from an execute script (` + "`return await everything.get_sum({…})`)"}},
		{"everything.get_sum", []string{"`return await everything.get_sum({…})`"}},
		{"everything__get-sum", []string{"`return await everything.get_sum({…})`"}},
		{"z-other.ping", []string{"`return await z_other.ping({…})`"}},
		{"nosuch", []string{`unknown tool "nosuch": this server's tools are execute, list_tools; a server's tool is called from an execute script`, "list_tools finds it"}},
	} {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.name})
		var we *jsonrpc.Error
		if !errors.As(err, &we) || we.Code != jsonrpc.CodeInvalidParams {
			t.Errorf("tools/call %q: %v, want invalid params", c.name, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(we.Message, w) {
				t.Errorf("tools/call %q: %q, want it to say %q", c.name, we.Message, w)
			}
		}
	}
	_, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "nosuch__x"})
	var we *jsonrpc.Error
	if !errors.As(err, &we) || we.Code != jsonrpc.CodeInvalidParams || !strings.Contains(we.Message, `unknown prompt "nosuch__x": a server's prompt is named <server>__<its name>; prompts/list shows`) {
		t.Errorf("prompts/get nosuch__x: %v, want it to say how prompts are named", err)
	}
	_, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "everything__nope"})
	if !errors.As(err, &we) || !strings.Contains(we.Message, `server "everything" lists no prompt "nope"`) {
		t.Errorf("prompts/get everything__nope: %v, want it to name the server", err)
	}
}

// TestListTools_ABareToolNameSaysItsServer: list_tools({tools:
// ["get_sum"]}) said only that the name is not of the form
// "server.tool"; a known tool of that name is named with its server.
func TestListTools_ABareToolNameSaysItsServer(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}.Defaults(), nil)
	ctx := context.Background()
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_tools", Arguments: map[string]any{"servers": []string{"everything", "z-other"}}}); err != nil {
		t.Fatal(err)
	}
	text, isErr := call(t, cs, "list_tools", map[string]any{"tools": []string{"get_sum", "nosuch"}})
	if !isErr || !strings.Contains(text, `"get_sum" is not of the form "server.tool"; did you mean everything.get_sum?`) || !strings.Contains(text, `"nosuch" is not of the form "server.tool"`) || strings.Contains(text, "nosuch\" is not of the form \"server.tool\"; did") {
		t.Errorf("list_tools of bare names: %q, want everything.get_sum suggested", text)
	}
}

// TestMissingCaps_SaysElicitationsURLMode: a client declaring elicitation
// in form mode only was told it "did not declare sampling or roots" when
// the tool it called (server-everything's trigger-url-elicitation) is
// listed only to clients declaring elicitation's url mode.
func TestMissingCaps_SaysElicitationsURLMode(t *testing.T) {
	for _, c := range []struct {
		caps pool.Caps
		want string
	}{
		{pool.CapElicitation, "did not declare sampling, roots or elicitation's url mode,"},
		{pool.CapElicitation | pool.CapElicitationURL | pool.CapSampling, "did not declare roots,"},
		{pool.CapSampling | pool.CapRoots, "did not declare elicitation,"},
		{pool.CapElicitation | pool.CapElicitationURL | pool.CapSampling | pool.CapRoots, ""},
	} {
		got := missingCaps(c.caps)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("missingCaps(%b) = %q, want it to say %q", c.caps, got, c.want)
		}
	}
}
