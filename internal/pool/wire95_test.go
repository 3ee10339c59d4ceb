package pool

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round ninety-five: an error a call's Hooks gave a backend's request
// (elicitation, sampling, roots) reached the backend with code 0, the
// SDK's rendering of a plain Go error from a client handler ("the client
// retried without answering input request 1"). A plain error is an
// internal error (-32603) now, with its message; a *jsonrpc.Error, bare
// or wrapped, keeps its code.
func TestPool_ABackendsRequestGetsAJSONRPCErrorCode(t *testing.T) {
	plain := errors.New("the client retried without answering input request 1")
	wrapped := fmt.Errorf("switchboard: a.t asked for a completion: the capability is %w", &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "not declared"})
	bare := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "over the limit"}
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, &LaunchOptions{Caps: CapElicitation | CapSampling | CapRoots})
		hooks := &Hooks{
			Elicit: func(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) { return nil, plain },
			Sample: func(context.Context, *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
				return nil, wrapped
			},
			Roots: func(context.Context) (*mcp.ListRootsResult, error) { return nil, bare },
		}
		ctx, cancel := context.WithCancel(context.Background())
		c := &Call{Session: "s1", Server: "a", Launch: l, Tool: "sleep", Hooks: hooks}
		returned := make(chan struct{})
		go func() { p.CallTool(ctx, c); close(returned) }()
		synctest.Wait()
		s.mu.Lock()
		o := s.hooks["a"]
		s.mu.Unlock()
		_, eErr := o.Elicit(ctx, &mcp.ElicitRequest{Params: &mcp.ElicitParams{Message: "?"}})
		_, sErr := o.Sample(ctx, &mcp.CreateMessageRequest{Params: &mcp.CreateMessageParams{}})
		_, rErr := o.Roots(ctx, &mcp.ListRootsRequest{})
		cancel()
		<-returned
		for _, tc := range []struct {
			what string
			err  error
			code int64
			msg  string
		}{
			{"elicitation (a plain error)", eErr, jsonrpc.CodeInternalError, plain.Error()},
			{"sampling (a wrapped *jsonrpc.Error)", sErr, jsonrpc.CodeMethodNotFound, wrapped.Error()},
			{"roots (a *jsonrpc.Error)", rErr, jsonrpc.CodeInvalidParams, bare.Error()},
		} {
			var w *jsonrpc.Error
			if !errors.As(tc.err, &w) {
				t.Errorf("%s: the backend's handler returned %T %v, which the SDK sends with code 0", tc.what, tc.err, tc.err)
				continue
			}
			// What the SDK sends: the outer message, the code of the
			// *jsonrpc.Error it wraps.
			b, _ := jsonrpc.EncodeMessage(&jsonrpc.Response{Error: tc.err})
			if w.Code != tc.code || tc.err.Error() != tc.msg {
				t.Errorf("%s: code %d message %q (wire %s); want %d %q", tc.what, w.Code, tc.err.Error(), b, tc.code, tc.msg)
			}
		}
	})
}
