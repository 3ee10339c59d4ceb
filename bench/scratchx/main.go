package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	ctx := context.Background()
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stderr = os.Stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "x"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: time.Second}, nil)
	if err != nil {
		panic(err)
	}
	for _, s := range []string{"return 1", `return await demo.echo({text: "hi"})`} {
		for i := 0; i < 30; i++ {
			t0 := time.Now()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": s}})
			if err != nil || res.IsError {
				fmt.Println(i, s, err, res.Content[0].(*mcp.TextContent).Text)
				break
			}
			fmt.Println(i, time.Since(t0), res.Content[0].(*mcp.TextContent).Text)
		}
	}
	cs.Close()
}
