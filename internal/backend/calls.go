package backend

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Error texts do not name the tool: the layer that shows them to the
// agent (the server) prefixes "server.tool: " once. They name the
// backend where it is the subject ("backend "x" exited (exit status 3)")
// and have the server's secrets redacted.

// CallTool calls tool with args (a JSON object; empty or null is sent as
// {}). A tool failure is a result with IsError set, not an error. Errors:
// the backend's JSON-RPC error answer; the context's cause when ctx
// ended (the backend is sent notifications/cancelled); ErrExited with
// the stderr tail when the backend died during the call (ErrMessageTooLarge
// too when it sent a message over the limit). The call is never retried.
func (b *Backend) CallTool(ctx context.Context, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	a, err := normArgs(args)
	if err != nil {
		return nil, err
	}
	if err := b.alive(); err != nil {
		return nil, err
	}
	defer b.stderr.begin(callerOf(ctx), tool)()
	params := &mcp.CallToolParams{Name: tool, Arguments: a}
	if tok := ProgressToken(ctx); tok != nil {
		params.SetProgressToken(tok)
	}
	res, err := b.cur().CallTool(ctx, params)
	if err != nil {
		return nil, b.callErr(ctx, err)
	}
	return res, nil
}

// ListTools returns every tool, following pagination. Errors read like
// CallTool's, after "listing tools: ".
func (b *Backend) ListTools(ctx context.Context) ([]*mcp.Tool, error) {
	if err := b.alive(); err != nil {
		return nil, err
	}
	var tools []*mcp.Tool
	for t, err := range b.cur().Tools(ctx, nil) {
		if err != nil {
			return nil, prefixed("listing tools", b.callErr(ctx, err))
		}
		tools = append(tools, t)
	}
	b.raw.restore(tools)
	return tools, nil
}

// ListResources returns every resource, or nil when the backend does not
// advertise resources or answers "method not found".
func (b *Backend) ListResources(ctx context.Context) ([]*mcp.Resource, error) {
	if b.info.Capabilities.Resources == nil {
		return nil, nil
	}
	return listAll(ctx, b, "resources", b.cur().Resources(ctx, nil))
}

// ListPrompts returns every prompt, or nil when the backend does not
// advertise prompts or answers "method not found".
func (b *Backend) ListPrompts(ctx context.Context) ([]*mcp.Prompt, error) {
	if b.info.Capabilities.Prompts == nil {
		return nil, nil
	}
	return listAll(ctx, b, "prompts", b.cur().Prompts(ctx, nil))
}

// listAll collects every page of a list the backend advertised; "method
// not found" (advertised but not implemented, which happens) gives nil.
func listAll[T any](ctx context.Context, b *Backend, what string, pages iter.Seq2[T, error]) ([]T, error) {
	if err := b.alive(); err != nil {
		return nil, err
	}
	var out []T
	for x, err := range pages {
		if isMethodNotFound(err) {
			return nil, nil
		}
		if err != nil {
			return nil, prefixed("listing "+what, b.callErr(ctx, err))
		}
		out = append(out, x)
	}
	return out, nil
}

// prefixed puts "what: " before err's text unless err is about the
// backend as a whole (it exited, was closed), which needs no context.
func prefixed(what string, err error) error {
	if errors.Is(err, ErrExited) || errors.Is(err, ErrClosed) {
		return err
	}
	return &marked{msg: what + ": " + err.Error(), err: err}
}

func isMethodNotFound(err error) bool {
	var we *jsonrpc.Error
	return errors.As(err, &we) && we.Code == jsonrpc.CodeMethodNotFound
}

// alive returns nil while the backend runs, else why it does not.
func (b *Backend) alive() error {
	select {
	case <-b.done:
	default:
		return nil
	}
	if b.endErr == nil {
		return mark(ErrClosed, "backend %q was stopped", b.name)
	}
	return b.endedErr()
}

// endedErr is why the backend ended, with the stderr tail (not for a
// message over the limit: the backend's stderr did not cause that).
func (b *Backend) endedErr() error {
	if errors.Is(b.endErr, ErrMessageTooLarge) {
		return b.endErr
	}
	return b.withTail(b.endErr)
}

// callErr explains err from a request. An error answer from the backend
// is returned as is (redacted); a broken connection is explained by the
// backend's end (waiting briefly for the exit to be seen) with the
// stderr tail.
func (b *Backend) callErr(ctx context.Context, err error) error {
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		return redactErr(b.secrets, err)
	}
	if ctx.Err() != nil {
		return redactErr(b.secrets, context.Cause(ctx))
	}
	if b.overErr.Load() == nil && b.proc != nil {
		b.proc.waitExit(250 * time.Millisecond)
	}
	select {
	case <-b.done:
	case <-time.After(50 * time.Millisecond):
	}
	select {
	case <-b.done:
		if b.endErr != nil {
			return b.endedErr()
		}
		return mark(ErrClosed, "backend %q was stopped during the call", b.name)
	default:
	}
	if errors.Is(err, mcp.ErrSessionMissing) && b.remote != nil {
		// The next call should find the new session: wait for it.
		b.remote.waitReopened(ctx, b.done)
		return mark(err, "backend %q forgot our session (404 to its session id): a new one was opened; this call was not retried, call again", b.name)
	}
	return redactErr(b.secrets, err)
}
