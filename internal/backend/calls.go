package backend

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CallTool calls tool with args (a JSON object; empty or null is sent as
// {}). A tool failure is a result with IsError set, not an error. Errors
// name the server and tool: the context's error when ctx ended (the
// backend is sent notifications/cancelled), ErrExited with the stderr
// tail when the backend died during the call. The call is never retried.
func (b *Backend) CallTool(ctx context.Context, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	a, err := normArgs(args)
	if err != nil {
		return nil, fmt.Errorf("%s.%s: %w", b.name, tool, err)
	}
	if err := b.alive(); err != nil {
		return nil, fmt.Errorf("%s.%s: %w", b.name, tool, err)
	}
	res, err := b.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: a})
	if err != nil {
		return nil, b.callErr(ctx, b.name+"."+tool, err)
	}
	return res, nil
}

// ListTools returns every tool, following pagination.
func (b *Backend) ListTools(ctx context.Context) ([]*mcp.Tool, error) {
	if err := b.alive(); err != nil {
		return nil, fmt.Errorf("%s: listing tools: %w", b.name, err)
	}
	var tools []*mcp.Tool
	for t, err := range b.session.Tools(ctx, nil) {
		if err != nil {
			return nil, b.callErr(ctx, b.name+": listing tools", err)
		}
		tools = append(tools, t)
	}
	return tools, nil
}

// ListResources returns every resource, or nil when the backend does not
// advertise resources or answers "method not found".
func (b *Backend) ListResources(ctx context.Context) ([]*mcp.Resource, error) {
	if b.info.Capabilities.Resources == nil {
		return nil, nil
	}
	return listAll(ctx, b, "resources", b.session.Resources(ctx, nil))
}

// ListPrompts returns every prompt, or nil when the backend does not
// advertise prompts or answers "method not found".
func (b *Backend) ListPrompts(ctx context.Context) ([]*mcp.Prompt, error) {
	if b.info.Capabilities.Prompts == nil {
		return nil, nil
	}
	return listAll(ctx, b, "prompts", b.session.Prompts(ctx, nil))
}

// listAll collects every page of a list the backend advertised; "method
// not found" (advertised but not implemented, which happens) gives nil.
func listAll[T any](ctx context.Context, b *Backend, what string, pages iter.Seq2[T, error]) ([]T, error) {
	if err := b.alive(); err != nil {
		return nil, fmt.Errorf("%s: listing %s: %w", b.name, what, err)
	}
	var out []T
	for x, err := range pages {
		if isMethodNotFound(err) {
			return nil, nil
		}
		if err != nil {
			return nil, b.callErr(ctx, b.name+": listing "+what, err)
		}
		out = append(out, x)
	}
	return out, nil
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
		return ErrClosed
	}
	return b.withTail(b.endErr)
}

// callErr explains err from a request named what. An error answer from
// the backend is returned as is; a broken connection is explained by the
// backend's end (waiting briefly for the exit to be seen) with the
// stderr tail.
func (b *Backend) callErr(ctx context.Context, what string, err error) error {
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		return fmt.Errorf("%s: %w", what, err)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%s: %w", what, context.Cause(ctx))
	}
	if b.proc != nil {
		b.proc.waitExit(250 * time.Millisecond)
	}
	select {
	case <-b.done:
	case <-time.After(50 * time.Millisecond):
	}
	select {
	case <-b.done:
		if b.endErr != nil {
			return fmt.Errorf("%s: %w", what, b.withTail(fmt.Errorf("%w during the call", b.endErr)))
		}
		return fmt.Errorf("%s: %w during the call", what, ErrClosed)
	default:
	}
	return fmt.Errorf("%s: %w", what, err)
}
