package backend

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/panics"
)

// recoverPanics is the outermost receiving middleware of the backend's
// client: a panic in what handles a backend's notification or request
// (Options.Log, Progress, OnToolsChanged, OnResourceUpdated, Elicit,
// Sample, Roots, and what they call: the relay to the client, the
// catalog) is logged with its stack, and a request's answer is an
// internal error. The SDK recovers nothing: its handlers run on
// goroutines of their own, so the panic ended the process, and with the
// daemon every session it served. The panic's value is said as
// panics.Why says it (redacted, one line, cut at a rune boundary).
func (b *Backend) recoverPanics(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if p := recover(); p != nil {
				panics.Log(b.log, "handling the backend's message", p, debug.Stack(), "method", method)
				res, err = nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("internal error in switchboard handling %s: a bug in switchboard, not in this request", method)}
			}
		}()
		return next(ctx, method, req)
	}
}
