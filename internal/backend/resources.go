package backend

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ReadResource reads the resource uri (the backend's own URI). Errors
// read like CallTool's and do not name the read: the caller does, once
// (round 102 found "reading X from server "s": reading resource X: …").
// The backend's JSON-RPC error answer, e.g. resource not found, is kept
// inspectable.
func (b *Backend) ReadResource(ctx context.Context, uri string) (*mcp.ReadResourceResult, error) {
	if err := b.alive(); err != nil {
		return nil, err
	}
	res, err := b.cur().ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		return nil, b.callErr(ctx, err)
	}
	return res, nil
}

// GetPrompt gets the prompt name with args. Errors read like
// ReadResource's: the caller names the prompt.
func (b *Backend) GetPrompt(ctx context.Context, name string, args map[string]string) (*mcp.GetPromptResult, error) {
	if err := b.alive(); err != nil {
		return nil, err
	}
	res, err := b.cur().GetPrompt(ctx, &mcp.GetPromptParams{Name: name, Arguments: args})
	if err != nil {
		return nil, b.callErr(ctx, err)
	}
	return res, nil
}

// Complete asks the backend for completions of an argument of one of its
// prompts or resource templates (p.Ref in its own names). A backend that
// does not announce completions is not asked: the answer has no values,
// as the protocol lets a server answer a request it cannot help with.
// Errors read like ReadResource's: the caller names the argument.
func (b *Backend) Complete(ctx context.Context, p *mcp.CompleteParams) (*mcp.CompleteResult, error) {
	if err := b.alive(); err != nil {
		return nil, err
	}
	if b.info.Capabilities.Completions == nil {
		return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{}}}, nil
	}
	res, err := b.cur().Complete(ctx, p)
	if err != nil {
		return nil, b.callErr(ctx, err)
	}
	return res, nil
}

// ListResourceTemplates returns every resource template, or nil when the
// backend does not advertise resources or answers "method not found".
func (b *Backend) ListResourceTemplates(ctx context.Context) ([]*mcp.ResourceTemplate, error) {
	if b.info.Capabilities.Resources == nil {
		return nil, nil
	}
	return listAll(ctx, b, "resource templates", func(ctx context.Context, cursor string) ([]*mcp.ResourceTemplate, string, error) {
		res, err := b.cur().ListResourceTemplates(ctx, &mcp.ListResourceTemplatesParams{Cursor: cursor})
		if err != nil {
			return nil, "", err
		}
		return res.ResourceTemplates, res.NextCursor, nil
	})
}

// resourceHandlers sets co's handlers of a backend's resource and prompt
// notifications: a changed list of resources or prompts counts as a
// changed tool list (OnToolsChanged: the catalog lists the backend again,
// resources and prompts included), and resources/updated goes to
// OnResourceUpdated.
func (b *Backend) resourceHandlers(co *mcp.ClientOptions) {
	changed := func() {
		if b.o.OnToolsChanged != nil {
			b.o.OnToolsChanged()
		}
	}
	co.ResourceListChangedHandler = func(context.Context, *mcp.ResourceListChangedRequest) { changed() }
	co.PromptListChangedHandler = func(context.Context, *mcp.PromptListChangedRequest) { changed() }
	co.ResourceUpdatedHandler = func(_ context.Context, req *mcp.ResourceUpdatedNotificationRequest) {
		if b.o.OnResourceUpdated != nil && req != nil && req.Params != nil {
			b.o.OnResourceUpdated(req.Params.URI)
		}
	}
}

// Subscribe asks the backend for notifications/resources/updated of uri
// (its own URI). Errors read like ReadResource's: the caller names the URI.
func (b *Backend) Subscribe(ctx context.Context, uri string) error {
	if err := b.alive(); err != nil {
		return err
	}
	if err := b.cur().Subscribe(ctx, &mcp.SubscribeParams{URI: uri}); err != nil {
		return b.callErr(ctx, err)
	}
	return nil
}

// Unsubscribe undoes Subscribe.
func (b *Backend) Unsubscribe(ctx context.Context, uri string) error {
	if err := b.alive(); err != nil {
		return err
	}
	if err := b.cur().Unsubscribe(ctx, &mcp.UnsubscribeParams{URI: uri}); err != nil {
		return b.callErr(ctx, err)
	}
	return nil
}
