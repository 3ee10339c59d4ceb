// Package demo is a small MCP server compiled into the binary, so that a
// first run without any configuration shows something real. It runs as
// a subprocess (switchboard __demo-backend) through the same stdio path
// as any other backend.
package demo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Name is the server name the demo backend is configured under.
const Name = "demo"

type echoIn struct {
	Text string `json:"text" jsonschema:"the text to send back"`
}

type addIn struct {
	A float64 `json:"a" jsonschema:"first number"`
	B float64 `json:"b" jsonschema:"second number"`
}

type sumOut struct {
	Sum float64 `json:"sum"`
}

type sleepIn struct {
	MS int `json:"ms" jsonschema:"milliseconds to wait (at most 60000)"`
}

type wordsIn struct {
	Text string `json:"text" jsonschema:"the text to split into words"`
}

type wordsOut struct {
	Words []string `json:"words"`
	Count int      `json:"count"`
}

// NewServer returns the demo MCP server.
func NewServer(version string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "switchboard-demo", Version: version}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Return the given text unchanged."},
		func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "add", Description: "Add two numbers and return their sum."},
		func(_ context.Context, _ *mcp.CallToolRequest, in addIn) (*mcp.CallToolResult, sumOut, error) {
			return nil, sumOut{Sum: in.A + in.B}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "split_words", Description: "Split text into words and count them."},
		func(_ context.Context, _ *mcp.CallToolRequest, in wordsIn) (*mcp.CallToolResult, wordsOut, error) {
			w := strings.Fields(in.Text)
			if w == nil {
				w = []string{}
			}
			return nil, wordsOut{Words: w, Count: len(w)}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "sleep", Description: "Wait for the given number of milliseconds, then answer. Shows that calls run in parallel under Promise.all."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in sleepIn) (*mcp.CallToolResult, any, error) {
			if in.MS < 0 || in.MS > 60000 {
				return nil, nil, fmt.Errorf("ms must be between 0 and 60000, not %d", in.MS)
			}
			select {
			case <-time.After(time.Duration(in.MS) * time.Millisecond):
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("slept %d ms", in.MS)}}}, nil, nil
		})
	return s
}

// Serve runs the demo server on stdin/stdout until the client goes away.
func Serve(ctx context.Context, version string) error {
	return NewServer(version).Run(ctx, &mcp.StdioTransport{})
}
