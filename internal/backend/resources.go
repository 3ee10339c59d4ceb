package backend

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ReadResource reads the resource uri (the backend's own URI). Errors
// read like CallTool's, after "reading resource <uri>: " (the backend's
// JSON-RPC error answer, e.g. resource not found, is kept inspectable).
func (b *Backend) ReadResource(ctx context.Context, uri string) (*mcp.ReadResourceResult, error) {
	if err := b.alive(); err != nil {
		return nil, err
	}
	res, err := b.cur().ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		return nil, prefixed("reading resource "+uri, b.callErr(ctx, err))
	}
	return res, nil
}

// GetPrompt gets the prompt name with args. Errors read like CallTool's,
// after "getting prompt <name>: ".
func (b *Backend) GetPrompt(ctx context.Context, name string, args map[string]string) (*mcp.GetPromptResult, error) {
	if err := b.alive(); err != nil {
		return nil, err
	}
	res, err := b.cur().GetPrompt(ctx, &mcp.GetPromptParams{Name: name, Arguments: args})
	if err != nil {
		return nil, prefixed("getting prompt "+name, b.callErr(ctx, err))
	}
	return res, nil
}

// ListResourceTemplates returns every resource template, or nil when the
// backend does not advertise resources or answers "method not found".
func (b *Backend) ListResourceTemplates(ctx context.Context) ([]*mcp.ResourceTemplate, error) {
	if b.info.Capabilities.Resources == nil {
		return nil, nil
	}
	return listAll(ctx, b, "resource templates", b.cur().ResourceTemplates(ctx, nil))
}
