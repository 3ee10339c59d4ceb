package pool

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/backend"
)

// relay sets o's handlers for the requests and notifications l's backend
// sends: each goes to the Hooks of the call it belongs to (Route). The
// backend is declared only the capabilities in l.Caps, so that its tool
// list does not depend on which session started it.
func (p *Pool) relay(o *backend.Options, l *Launch) {
	key, name := l.Key, l.Name
	if l.Caps.Has(CapElicitation) {
		o.ElicitURL = l.Caps.Has(CapElicitationURL)
		o.Elicit = func(ctx context.Context, r *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			c, err := p.routed(ctx, key, name, "elicitation/create", func(h *Hooks) bool { return h.Elicit != nil })
			if err != nil {
				return nil, err
			}
			ctx, stop := c.bound(ctx)
			defer stop()
			res, err := c.Hooks.Elicit(ctx, r.Params)
			return res, wireError(ctx, c, "elicitation/create", err)
		}
	}
	if l.Caps.Has(CapSampling) {
		o.Sample = func(ctx context.Context, r *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			c, err := p.routed(ctx, key, name, "sampling/createMessage", func(h *Hooks) bool { return h.Sample != nil })
			if err != nil {
				return nil, err
			}
			ctx, stop := c.bound(ctx)
			defer stop()
			res, err := c.Hooks.Sample(ctx, r.Params)
			return res, wireError(ctx, c, "sampling/createMessage", err)
		}
	}
	if l.Caps.Has(CapRoots) {
		o.Roots = func(ctx context.Context, _ *mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
			c, err := p.routed(ctx, key, name, "roots/list", func(h *Hooks) bool { return h.Roots != nil })
			if err != nil {
				return nil, err
			}
			ctx, stop := c.bound(ctx)
			defer stop()
			res, err := c.Hooks.Roots(ctx)
			return res, wireError(ctx, c, "roots/list", err)
		}
	}
	o.Progress = func(ctx context.Context, m *mcp.ProgressNotificationParams) {
		tok := fmt.Sprint(m.ProgressToken)
		c := p.Route(key, func(c *Call) bool { return c.token != "" && c.token == tok })
		if c == nil || c.token != tok || c.Hooks == nil || c.Hooks.Progress == nil {
			return // not a token we sent, or its call is over
		}
		c.Hooks.Progress(ctx, m)
	}
	o.Log = func(ctx context.Context, m *mcp.LoggingMessageParams) {
		calls := p.InFlight(key)
		if len(calls) == 0 {
			if p.o.OnLog != nil {
				p.o.OnLog(key, m)
			}
			return
		}
		if c := logCall(calls); c != nil {
			c.Hooks.Log(ctx, m)
			return
		}
		// Calls of several sessions are in flight (stdio carries no
		// related-request id), or none takes logs: the message may be
		// about any of them, so it reaches no client.
		p.log.Debug("a backend's log message during calls of several sessions is not relayed", append(l.raw.LogAttrs(), "calls", len(calls))...)
	}
}

// wireError is err as c's backend's request (method) gets it: a
// *jsonrpc.Error (anywhere in its chain) as it is, any other error an
// internal error (-32603) with its message. The SDK sends a handler's
// plain Go error with code 0, which names no kind of failure ("the client
// retried without answering input request 1", a call that ended, a client
// gone). A request ended by its context (ctx: the call's end, the client
// cancelling it or going, the script's end or time limit) says so, naming
// the call, where Go's words were the whole message ("context canceled").
func wireError(ctx context.Context, c *Call, method string, err error) error {
	var w *jsonrpc.Error
	if err == nil || errors.As(err, &w) {
		return err
	}
	if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("switchboard: the call of %s.%s that sent %s ended before the client answered (the client cancelled it or went away, or its script ended or timed out)", c.Server, c.Tool, method)}
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
}

// ErrCallEnded is the cause of a backend's request (elicitation,
// sampling, roots) that outlived the tool call it came during.
var ErrCallEnded = errors.New("the tool call it came during has ended")

// bound is ctx, a backend's request's, ended also when c's call ends
// (ErrCallEnded): only the backend ends its request's own, and one that
// let its call end without cancelling the request, while the client
// never answered it, held the request's hook and our request to the
// client for ever. stop releases it.
func (c *Call) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if c.ctx == nil {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	after := context.AfterFunc(c.ctx, func() { cancel(ErrCallEnded) })
	return ctx, func() { after(); cancel(nil) }
}

// logCall is the call whose Hooks take a log message sent while calls are
// in flight: one of them, when all are one session's (they reach one
// client); else nil, since the message may be about another session's call.
func logCall(calls []*Call) *Call {
	var hit *Call
	for _, c := range calls {
		if c.Session != calls[0].Session {
			return nil
		}
		if hit == nil && c.Hooks != nil && c.Hooks.Log != nil {
			hit = c
		}
	}
	return hit
}

// routed is the call a backend's request belongs to (the call whose
// context the request carries, else by Route's rule), or the protocol
// error the backend gets: no call in flight (or several and nothing
// relates the request to one), or a call whose client lacks the
// capability.
func (p *Pool) routed(ctx context.Context, key, name, method string, has func(*Hooks) bool) (*Call, error) {
	c := p.callIn(ctx, key)
	if c == nil {
		c = p.Route(key, nil)
	}
	if c == nil {
		n := len(p.InFlight(key))
		if n == 0 {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: fmt.Sprintf("switchboard: %s from %q outside of a tool call is not relayed", method, name)}
		}
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: fmt.Sprintf("switchboard: %s from %q cannot be relayed: %d calls are in flight and the request names none of them", method, name, n)}
	}
	if c.Hooks == nil || !has(c.Hooks) {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: fmt.Sprintf("switchboard: the client of this call does not support %s (it did not declare the capability)", method)}
	}
	return c, nil
}
