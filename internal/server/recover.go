package server

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/panics"
)

// recoverPanics is the outermost of the server's receiving middleware
// (Options.Middleware runs inside it): a panic while serving a request
// or notification, in a meta-tool (list_tools' search and declarations,
// execute's preparation), an exposed tool, a resource, prompt or
// completion handler, becomes that request's error, and its stack goes
// to the log. The SDK recovers nothing: its handlers run on goroutines
// of their own, so the panic ended the process, and with the daemon
// every session it served.
//
// What the panic left half done (a lock held without a defer) is not
// undone; the process and its other sessions go on.
func (s *Server) recoverPanics(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if p := recover(); p != nil {
				res, err = s.panicked(method, req, p, debug.Stack())
			}
		}()
		return next(ctx, method, req)
	}
}

// callGuarded is call(ctx) on a goroutine of its own, outside
// recoverPanics (a 2026-07-28 client's call outlives its request, which
// may return input_required): a panic in it is the call's tool error, as
// recoverPanics makes it on the request's goroutine.
func (s *Server) callGuarded(ctx context.Context, req *mcp.CallToolRequest, call func(context.Context) *mcp.CallToolResult) (res *mcp.CallToolResult) {
	defer func() {
		if p := recover(); p != nil {
			r, _ := s.panicked("tools/call", req, p, debug.Stack())
			res = r.(*mcp.CallToolResult)
		}
	}()
	return call(ctx)
}

// panicked logs panic p of a request's handler with its stack (redacted,
// as errors are elsewhere) and returns the request's answer: for a tool
// call a tool error the model reads, for other requests an internal
// JSON-RPC error. Both say in what, that it is a bug, and where the stack
// is.
func (s *Server) panicked(method string, req mcp.Request, p any, stack []byte) (mcp.Result, error) {
	what := method
	if c, ok := req.(*mcp.CallToolRequest); ok && c.Params != nil {
		what = bound(c.Params.Name, 100)
	}
	why := panics.Log(s.o.Logger, "a request's handler", p, stack, "method", method, "in", what, "session", s.o.Session)
	where := s.o.LogWhere
	if where == "" {
		where = "switchboard's log"
	}
	msg := fmt.Sprintf("internal error in %s: %s. This is a bug in Switchboard, not in the request; the session goes on. The stack is in %s.", what, why, where)
	if _, ok := req.(*mcp.CallToolRequest); ok {
		return errorResult("%s", msg), nil
	}
	return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: msg}
}

// warm gets the sandbox ready (see New) on the warm-up timer's goroutine,
// outside recoverPanics: a panic in it is logged and the sandbox starts
// at the first script instead. It ended the process.
func (s *Server) warm(w interface{ Warm() }) {
	defer panics.Recover(s.o.Logger, "warming the sandbox up", nil)
	w.Warm()
}
