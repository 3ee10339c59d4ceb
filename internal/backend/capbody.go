package backend

import (
	"fmt"
	"io"
	"net/http"

	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// oauthMaxBody bounds one answer of an authorization server (metadata,
// client registration, token): a few kilobytes in practice. The sign-in
// client reads them whole, so a hostile server's endless body would be
// read until the client's timeout.
const oauthMaxBody = 1 << 20

// capBodies is a RoundTripper whose responses' bodies fail past max bytes.
type capBodies struct {
	base http.RoundTripper
	max  int64
}

func (c capBodies) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := c.base.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	resp.Body = &capBody{rc: resp.Body, max: c.max, url: r.URL.String()}
	return resp, nil
}

// capBody reads at most max bytes of rc; more is an error naming url.
type capBody struct {
	rc  io.ReadCloser
	max int64
	n   int64
	url string
}

func (b *capBody) Read(p []byte) (int, error) {
	if b.n > b.max {
		return 0, b.tooLarge()
	}
	if room := b.max + 1 - b.n; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := b.rc.Read(p)
	b.n += int64(n)
	if b.n > b.max {
		return n - int(b.n-b.max), b.tooLarge()
	}
	return n, err
}

func (b *capBody) tooLarge() error {
	return fmt.Errorf("the answer of %s is over %d bytes: refused", redact.URL(b.url), b.max)
}

func (b *capBody) Close() error { return b.rc.Close() }
