package backend

import (
	"context"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// startRemote connects to a Streamable HTTP or SSE endpoint with the
// configured headers.
func (b *Backend) startRemote(ctx context.Context, spec *config.Server) error {
	hc := &http.Client{Transport: &headerTransport{base: http.DefaultTransport, headers: spec.Headers}}
	// The SSE stream must outlive ctx, which bounds only the start: it
	// gets a context of its own, cancelled by Close or a failed start.
	life, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, cancel)
	var t mcp.Transport
	if kind(spec) == config.SSE {
		t = &mcp.SSEClientTransport{Endpoint: spec.URL, HTTPClient: hc}
	} else {
		t = &mcp.StreamableClientTransport{Endpoint: spec.URL, HTTPClient: hc}
	}
	cs, err := b.client().Connect(life, t, b.sessionOptions())
	if !stop() || err != nil {
		cancel()
		if err == nil {
			cs.Close()
			err = context.Cause(ctx)
		}
		return err
	}
	b.session, b.cancel = cs, cancel
	return nil
}

// headerTransport adds configured headers to every request.
type headerTransport struct {
	base    http.RoundTripper
	headers map[string]string
}

func (t *headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if len(t.headers) > 0 {
		r = r.Clone(r.Context())
		for k, v := range t.headers {
			r.Header.Set(k, v)
		}
	}
	return t.base.RoundTrip(r)
}
