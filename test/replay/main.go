// Command replay is a stdio MCP server that replays one server of the
// corpus (testdata/corpus/servers/NAME.json): tools/list returns the
// captured tools exactly, schemas and all (broken ones too), initialize
// carries the captured instructions, and tools/call answers with a short
// text naming the tool and arguments.
// Tests and benchmarks use it to stand in for 32 real servers offline.
//
//	replay testdata/corpus/servers/github.json
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: replay CORPUS_FILE.json")
		os.Exit(2)
	}
	raw, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var f struct {
		Server     string `json:"server"`
		Initialize struct {
			Instructions string `json:"instructions"`
		} `json:"initialize"`
		Tools []struct {
			Name         string          `json:"name"`
			Title        string          `json:"title,omitempty"`
			Description  string          `json:"description,omitempty"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
			Annotations  json.RawMessage `json:"annotations,omitempty"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	var tools []*mcp.Tool
	for _, t := range f.Tools {
		mt := &mcp.Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema}
		if len(t.OutputSchema) > 0 {
			mt.OutputSchema = t.OutputSchema
		}
		if len(t.Annotations) > 0 {
			json.Unmarshal(t.Annotations, &mt.Annotations)
		}
		tools = append(tools, mt)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "replay-" + f.Server, Version: "1"}, &mcp.ServerOptions{
		Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}},
		Instructions: f.Initialize.Instructions,
	})
	// The SDK refuses to register broken schemas, so answer tools/list and
	// tools/call in a middleware, with the captured tools as they are.
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			switch method {
			case "tools/list":
				return &mcp.ListToolsResult{Tools: tools}, nil
			case "tools/call":
				p := req.GetParams().(*mcp.CallToolParamsRaw)
				args := string(p.Arguments)
				if args == "" {
					args = "{}"
				}
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(`{"server":%q,"tool":%q,"arguments":%s}`, f.Server, p.Name, args)}}}, nil
			}
			return next(ctx, method, req)
		}
	})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
