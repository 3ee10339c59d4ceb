package pool

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

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
			c, about, err := p.routed(ctx, key, name, "elicitation/create", func(h *Hooks) bool { return h.Elicit != nil })
			if err != nil {
				return nil, err
			}
			ctx, stop := bound(ctx, about)
			defer stop()
			res, err := c.Hooks.Elicit(ctx, r.Params)
			return res, wireError(ctx, about, "elicitation/create", err)
		}
	}
	if l.Caps.Has(CapSampling) {
		o.Sample = func(ctx context.Context, r *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			c, about, err := p.routed(ctx, key, name, "sampling/createMessage", func(h *Hooks) bool { return h.Sample != nil })
			if err != nil {
				return nil, err
			}
			ctx, stop := bound(ctx, about)
			defer stop()
			res, err := c.Hooks.Sample(ctx, r.Params)
			return res, wireError(ctx, about, "sampling/createMessage", err)
		}
	}
	if l.Caps.Has(CapRoots) {
		o.Roots = func(ctx context.Context, _ *mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
			c, about, err := p.routed(ctx, key, name, "roots/list", func(h *Hooks) bool { return h.Roots != nil })
			if err != nil {
				return nil, err
			}
			ctx, stop := bound(ctx, about)
			defer stop()
			res, err := c.Hooks.Roots(ctx)
			return res, wireError(ctx, about, "roots/list", err)
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

// wireError is err as the backend's request (method) made during about
// (the calls it may be about) gets it: a *jsonrpc.Error (anywhere in its
// chain) as it is, any other error an internal error (-32603) with its
// message. The SDK sends a handler's plain Go error with code 0, which
// names no kind of failure ("the client retried without answering input
// request 1", a call that ended, a client gone). A request ended by its
// context (ctx: its calls' end, the client cancelling them or going, the
// script's end or time limit) says so, naming the call, where Go's words
// were the whole message ("context canceled").
func wireError(ctx context.Context, about []*Call, method string, err error) error {
	var w *jsonrpc.Error
	if err == nil || errors.As(err, &w) {
		return err
	}
	if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("switchboard: the call of %s that sent %s ended before the client answered (the client cancelled it or went away, or its script ended or timed out)", callNames(about), method)}
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
}

// callNames names calls' tools as "server.tool", each once, the last
// after "or" ("a.progress or a.elicit").
func callNames(calls []*Call) string {
	var names []string
	for _, c := range calls {
		if n := c.Server + "." + c.Tool; !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// ErrCallEnded is the cause of a backend's request (elicitation,
// sampling, roots) that outlived the tool call it came during.
var ErrCallEnded = errors.New("the tool call it came during has ended")

// bound is ctx, a backend's request's, ended also when every call of
// about (the calls it may be about) has ended (ErrCallEnded): only the
// backend ends its request's own, and one that let its call end without
// cancelling the request, while the client never answered it, held the
// request's hook and our request to the client for ever. A call without
// a context never ends it. stop releases it.
func bound(ctx context.Context, about []*Call) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	var left atomic.Int64
	left.Store(int64(len(about)))
	stops := make([]func() bool, 0, len(about))
	for _, c := range about {
		if c.ctx == nil {
			continue // never counts down to 0
		}
		stops = append(stops, context.AfterFunc(c.ctx, func() {
			if left.Add(-1) == 0 {
				cancel(ErrCallEnded)
			}
		}))
	}
	return ctx, func() {
		for _, stop := range stops {
			stop()
		}
		cancel(nil)
	}
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

// routed is the call whose Hooks answer a backend's request and the
// calls the request may be about (whose end ends it), or the protocol
// error the backend gets: no call in flight (or several of more than one
// client request and nothing relates the request to one), or a call
// whose client lacks the capability. The request goes to the call whose
// context it carries (a 2026-07-28 backend's), else to the single call in
// flight, else, when every call in flight is one session's for one client
// request (Call.Request: one script's Promise.all of a stdio backend's
// tools, which names no call), to one of them: they answer on one client
// request, so any of them reaches the right client, and the request may
// be about any, so it ends with the last.
func (p *Pool) routed(ctx context.Context, key, name, method string, has func(*Hooks) bool) (*Call, []*Call, error) {
	var c *Call
	about := []*Call{p.callIn(ctx, key)}
	if about[0] == nil {
		about = p.InFlight(key)
	}
	if len(about) == 1 || oneRequest(about) {
		// The first that takes the request: one request's Hooks differ
		// only in the call they name.
		slices.SortFunc(about, func(a, b *Call) int { return strings.Compare(a.Tool, b.Tool) })
		c = about[0]
		for _, a := range about {
			if a.Hooks != nil && has(a.Hooks) {
				c = a
				break
			}
		}
	}
	if c == nil {
		n := len(about)
		if n == 0 {
			return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: fmt.Sprintf("switchboard: %s from %q outside of a tool call is not relayed", method, name)}
		}
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: fmt.Sprintf("switchboard: %s from %q cannot be relayed: %d calls are in flight and the request names none of them", method, name, n)}
	}
	if c.Hooks == nil || !has(c.Hooks) {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: fmt.Sprintf("switchboard: the client of this call does not support %s (it did not declare the capability)", method)}
	}
	return c, about, nil
}

// oneRequest reports whether calls (two or more) are all one session's
// for one client request (one non-nil Call.Request).
func oneRequest(calls []*Call) bool {
	if len(calls) < 2 || calls[0].Request == nil {
		return false
	}
	for _, c := range calls[1:] {
		if c.Request != calls[0].Request || c.Session != calls[0].Session {
			return false
		}
	}
	return true
}
