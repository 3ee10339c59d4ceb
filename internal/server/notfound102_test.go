package server

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// TestServer_AResourceNotFoundSaysWhy: a read (or subscribe) of a URI none
// of the session's resources or templates matches was answered with the
// SDK's bare "Resource not found", naming neither the server nor what
// lists the URIs there are. It says why now (no such server, with the
// configured ones; no such resource of a server; not our scheme), with
// the same code and the URI as its data.
func TestServer_AResourceNotFoundSaysWhy(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}.Defaults(), nil)
	ctx := context.Background()
	for _, c := range []struct {
		uri  string
		want []string
	}{
		{"switchboard://nosuch/x", []string{`"switchboard://nosuch/x" names no server`, `unknown server "nosuch"`, "servers: everything, z-other"}},
		{"switchboard://everythin/x", []string{`did you mean everything?`}},
		{"switchboard://everything/demo://nope", []string{`server "everything" lists no resource "demo://nope"`, "resources/list and resources/templates/list"}},
		{"switchboard://everything", []string{`names server "everything" but none of its resources`, "switchboard://everything/<its own URI>"}},
		{"file:///etc/passwd", []string{`"file:///etc/passwd" is not a URI of this server's`, "switchboard://<server>/<its own URI>"}},
		{"\x01", []string{`"\x01" is not a URI`}},
	} {
		for _, op := range []string{"read"} {
			_, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: c.uri})
			var we *jsonrpc.Error
			if !errors.As(err, &we) || we.Code != mcp.CodeResourceNotFound {
				t.Errorf("%s %q: %v, want resource not found", op, c.uri, err)
				continue
			}
			for _, w := range c.want {
				if !strings.Contains(we.Message, w) {
					t.Errorf("%s %q: %q, want it to say %q", op, c.uri, we.Message, w)
				}
			}
		}
	}
}
