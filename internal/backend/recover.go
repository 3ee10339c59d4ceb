package backend

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// recoverPanics is the outermost receiving middleware of the backend's
// client: a panic in what handles a backend's notification or request
// (Options.Log, Progress, OnToolsChanged, OnResourceUpdated, Elicit,
// Sample, Roots, and what they call: the relay to the client, the
// catalog) is logged with its stack, and a request's answer is an
// internal error. The SDK recovers nothing: its handlers run on
// goroutines of their own, so the panic ended the process, and with the
// daemon every session it served.
func (b *Backend) recoverPanics(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if p := recover(); p != nil {
				why := redact.Text(fmt.Sprint(p))
				if len(why) > 200 {
					why = why[:200] + "..."
				}
				b.log.Error("internal error: handling the backend's message panicked", "method", method, "panic", why, "stack", redact.Text(string(debug.Stack())))
				res, err = nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("internal error in switchboard handling %s: a bug in switchboard, not in this request", method)}
			}
		}()
		return next(ctx, method, req)
	}
}
