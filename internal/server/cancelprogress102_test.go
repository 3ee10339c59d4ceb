package server

import (
	"context"
	"io"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestRelay_NoProgressAfterTheClientCancelled: the "server.tool:
// failed" progress an execute sends when its backend call ends is not
// written once the client cancelled the request, though the relay queues
// it after the request's (unwritten) answer: the client dropped the
// token, and the TypeScript SDK reports progress for a token it does not
// know as an error ("Received a progress notification for an unknown
// token"). Round one hundred and two saw it after each aborted execute.
func TestRelay_NoProgressAfterTheClientCancelled(t *testing.T) {
	for range 20 {
		synctest.Test(t, func(t *testing.T) {
			srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
			started := make(chan struct{}, 1)
			mcp.AddTool(srv, &mcp.Tool{Name: "hold"}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
				ctx = withProgress(ctx, req, nil)
				rel := relayOf(ctx)
				rel.progress("f.hold: started", 0, 0)
				started <- struct{}{}
				<-ctx.Done()
				rel.progress("f.hold: failed", 0, 0) // as callTool does when the call ends
				rel.flush(ctx)
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "stopped"}}}, nil, nil
			})
			send, lines, clientOut, done := initializedSession(srv, func(r io.Reader, w io.Writer) *StdioTransport {
				return &StdioTransport{Reader: r, Writer: w}
			})
			send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"hold","arguments":{},"_meta":{"progressToken":7}}}`)
			<-started
			var got []string
			got = append(got, <-lines) // started
			send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`)
			synctest.Wait()
			send(`{"jsonrpc":"2.0","id":8,"method":"ping"}`)
			for l := range lines {
				got = append(got, l)
				if strings.Contains(l, `"id":8`) {
					break
				}
			}
			clientOut.Close()
			<-done
			for l := range lines {
				got = append(got, l)
			}
			all := strings.Join(got, "\n")
			if !strings.Contains(all, "f.hold: started") {
				t.Fatalf("the progress before the cancellation is missing:\n%s", all)
			}
			if strings.Contains(all, "f.hold: failed") || strings.Contains(all, `"id":7`) {
				t.Fatalf("progress or an answer of the cancelled request was written:\n%s", all)
			}
		})
	}
}
