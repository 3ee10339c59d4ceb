// Command client is the program the official MCP conformance suite runs
// in client mode (see docs/conformance.md): the suite starts a test
// server per scenario and runs this program with the server's URL as the
// last argument and the scenario's name in MCP_CONFORMANCE_SCENARIO
// (its details, if any, as JSON in MCP_CONFORMANCE_CONTEXT). It drives
// Switchboard's own backend package, as serve would: backend.Start with
// an http spec, then the calls the scenario expects. OAuth scenarios
// sign in with a redirect follower instead of a browser.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/oauth/oauthtest"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: client URL (with MCP_CONFORMANCE_SCENARIO set)")
		os.Exit(2)
	}
	scenario := os.Getenv("MCP_CONFORMANCE_SCENARIO")
	var cc map[string]any
	if s := os.Getenv("MCP_CONFORMANCE_CONTEXT"); s != "" {
		_ = json.Unmarshal([]byte(s), &cc)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := run(ctx, scenario, os.Args[len(os.Args)-1], cc); err != nil {
		fmt.Fprintf(os.Stderr, "scenario %q: %v\n", scenario, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, scenario, serverURL string, cc map[string]any) error {
	spec := &config.Server{Name: "conformance", Type: config.HTTP, URL: serverURL}
	dir, err := os.MkdirTemp("", "switchboard-conformance-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	o := &backend.Options{
		Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		OAuth:  &backend.OAuthOptions{Dir: dir},
		// Elicitation scenarios: accept, with the defaults the SDK fills in.
		Elicit: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{}}, nil
		},
	}
	isAuth := strings.HasPrefix(scenario, "auth/")
	if isAuth {
		spec.OAuth = &config.OAuth{ClientMetadataURL: "https://conformance-test.local/client-metadata.json"}
		if id, ok := cc["client_id"].(string); ok {
			spec.OAuth.ClientID = id
			spec.OAuth.ClientSecret, _ = cc["client_secret"].(string)
		}
		o.OAuth.Fetch = oauthtest.Follow // the suite's authorization server redirects at once
		o.OAuth.RedirectURL = "http://localhost:3000/callback"
	}
	b, err := backend.Start(ctx, spec, o)
	if err != nil {
		return err
	}
	defer b.Close()
	call := func(name string, args any) error {
		raw, _ := json.Marshal(args)
		_, err := b.CallTool(ctx, name, raw)
		return err
	}
	switch {
	case isAuth:
		if _, err := b.ListTools(ctx); err != nil {
			return err
		}
		return call("test-tool", map[string]any{})
	case scenario == "initialize", scenario == "json-schema-ref-no-deref":
		_, err := b.ListTools(ctx)
		return err
	case scenario == "request-metadata":
		return nil
	case scenario == "tools_call":
		return call("add_numbers", map[string]any{"a": 5, "b": 3})
	case scenario == "sse-retry":
		return call("test_reconnection", map[string]any{})
	case scenario == "elicitation-sep1034-client-defaults":
		return call("test_client_elicitation_defaults", map[string]any{})
	case scenario == "json-schema-2020-12-preservation":
		tools, err := b.ListTools(ctx)
		if err != nil {
			return err
		}
		for _, t := range tools {
			if t.Name == "json_schema_2020_12_tool" {
				return call("json_schema_echo", map[string]any{"schema": t.InputSchema})
			}
		}
		return fmt.Errorf("tool json_schema_2020_12_tool not listed")
	case scenario == "http-standard-headers":
		tools, err := b.ListTools(ctx)
		if err == nil && len(tools) > 0 {
			call(tools[0].Name, map[string]any{})
		}
		b.ListResources(ctx)
		b.ListPrompts(ctx)
		return nil
	case scenario == "http-custom-headers":
		if _, err := b.ListTools(ctx); err != nil {
			return err
		}
		calls, _ := cc["toolCalls"].([]any)
		for _, c := range calls {
			m, _ := c.(map[string]any)
			name, _ := m["name"].(string)
			args, _ := m["arguments"].(map[string]any)
			if args == nil {
				args = map[string]any{}
			}
			if err := call(name, args); err != nil {
				fmt.Fprintf(os.Stderr, "call %q: %v\n", name, err)
			}
		}
		return nil
	case scenario == "http-invalid-tool-headers":
		tools, err := b.ListTools(ctx)
		if err != nil {
			return err
		}
		for _, t := range tools {
			if err := call(t.Name, map[string]any{"region": "us-west1"}); err != nil {
				fmt.Fprintf(os.Stderr, "call %q: %v\n", t.Name, err)
			}
		}
		return nil
	case scenario == "sep-2322-client-request-state":
		for _, name := range []string{"test_mrtr_echo_state", "test_mrtr_no_state", "test_mrtr_unrelated", "test_mrtr_no_result_type"} {
			if err := call(name, map[string]any{}); err != nil {
				fmt.Fprintf(os.Stderr, "call %q: %v\n", name, err)
			}
		}
		return nil
	}
	// An unknown scenario: connect and list, which most need.
	_, err = b.ListTools(ctx)
	return err
}
